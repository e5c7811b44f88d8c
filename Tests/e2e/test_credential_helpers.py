"""git, kubectl and docker get their tokens from authctl, through each tool's own helper protocol.

git clones from its own `git http-backend`, behind a server that takes the password only if the
provider accepts it as an access token (django-oauth-toolkit's userinfo, or the GitHub fake's
REST API laid out as a GitHub Enterprise Server on the git host). kubectl (the real binary) calls
`authctl kube-credential` from a kubeconfig exec stanza and sends the ID token (over https, as
client-go sends no credentials over plain http) to a fake API server that verifies it as kube-apiserver's OIDC authenticator does. docker's helper is run under
its docker-credential-authctl name, as docker runs it.
"""

from __future__ import annotations

import base64
import json
import shlex
import shutil
import subprocess
import time

import pytest
import requests

from conftest import SHORT_LIFETIME
from e2e_helpers import OK, PROVIDER_NAME, jwt_claims, need
from fakes import GITHUB_ID, add_github, github_fake  # noqa: F401 (fixture)
from tool_servers import GitServer, KubeAPIServer


def _git(cli, tmp_path, *args: str, helper: str | None, scope: str) -> subprocess.CompletedProcess:
    """git with only this test's configuration: `helper` for URLs under `scope`, no prompts."""
    config = tmp_path / "gitconfig"
    config.write_text("" if helper is None else f'[credential "{scope}"]\n\thelper = {helper}\n')
    environment = {**cli.env, "GIT_CONFIG_GLOBAL": str(config), "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0",
                   "GIT_ASKPASS": "", "SSH_ASKPASS": ""}
    return subprocess.run(["git", *args], capture_output=True, text=True, env=environment, timeout=120, cwd=tmp_path)


def _helper(cli, *options: str) -> str:
    return "!" + shlex.join([str(cli.binary), "--home", str(cli.home), "git-credential", *options])


@pytest.mark.dot
def test_git_clones_with_the_oidc_token_through_the_helper(cli, dot_idp, tmp_path):
    cli.signed_in(dot_idp)
    server = GitServer(tmp_path / "git", userinfo=dot_idp.discovery()["userinfo_endpoint"])
    try:
        refused = _git(cli, tmp_path, "clone", server.url, "without-helper", helper=None, scope=server.base)
        assert refused.returncode != 0 and server.refused > 0, "the git server must require a token"

        cloned = _git(cli, tmp_path, "clone", server.url, "clone", helper=_helper(cli, "--provider", PROVIDER_NAME),
                      scope=server.base)
        assert cloned.returncode == 0, cloned.stderr
        assert (tmp_path / "clone" / "README").read_text() == "cloned through authctl git-credential\n"
        assert server.accepted and set(server.accepted) == {f"x-access-token:{dot_idp.users['alice']['sub']}"}

        assert cli.run("signout").returncode == OK
        after = _git(cli, tmp_path, "clone", server.url, "after-signout", helper=_helper(cli, "--provider", PROVIDER_NAME),
                     scope=server.base)
        assert after.returncode != 0, after.stderr
        assert "authctl signin" in after.stderr, "git shows the helper's advice on stderr"
    finally:
        server.stop()


def _credential(cli, tmp_path, action: str, request: str, helper: str) -> subprocess.CompletedProcess:
    """`git credential ACTION` (git's own command, which runs the configured helpers) on `request`."""
    config = tmp_path / "gitconfig"
    config.write_text(f"[credential]\n\thelper = {helper}\n")
    environment = {**cli.env, "GIT_CONFIG_GLOBAL": str(config), "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0",
                   "GIT_ASKPASS": "", "SSH_ASKPASS": ""}
    return subprocess.run(["git", "credential", action], input=request, capture_output=True, text=True, env=environment,
                          timeout=60, cwd=tmp_path)


def _userinfo(idp, token: str) -> int:
    return requests.get(idp.discovery()["userinfo_endpoint"], headers={"Authorization": f"Bearer {token}"},
                        timeout=10).status_code


def _answer(completed: subprocess.CompletedProcess) -> dict:
    assert completed.returncode == 0, completed.stderr
    return dict(line.split("=", 1) for line in completed.stdout.splitlines())


@pytest.mark.dot
def test_git_credential_reject_of_a_refused_token_makes_the_next_fill_refresh(cli, dot_idp, tmp_path):
    cli.signed_in(dot_idp)
    helper = _helper(cli, "--provider", PROVIDER_NAME)
    request = "protocol=https\nhost=git.corp.example\npath=team/repo.git\n\n"
    filled = _credential(cli, tmp_path, "fill", request, helper)
    first = _answer(filled)
    assert first["username"] == "x-access-token" and _userinfo(dot_idp, first["password"]) == 200
    assert _answer(_credential(cli, tmp_path, "fill", request, helper)) == first, "a valid token is handed out as it is"

    rejected = _credential(cli, tmp_path, "reject", filled.stdout + "\n", helper)
    assert (rejected.returncode, rejected.stdout) == (0, ""), rejected.stderr
    second = _answer(_credential(cli, tmp_path, "fill", request, helper))
    assert second["password"] != first["password"], "the refused token was handed out again"
    assert _userinfo(dot_idp, second["password"]) == 200, "the next fill's token is not a working, refreshed one"

    # git itself: a server that turns the token down makes git erase it; the next clone gets a new one.
    server = GitServer(tmp_path / "git", userinfo=dot_idp.discovery()["userinfo_endpoint"])
    try:
        server.turned_down.add(second["password"])
        refused = _git(cli, tmp_path, "clone", server.url, "refused", helper=helper, scope=server.base)
        assert refused.returncode != 0 and server.refused > 0 and not server.accepted, refused.stderr
        cloned = _git(cli, tmp_path, "clone", server.url, "clone", helper=helper, scope=server.base)
        assert cloned.returncode == 0, cloned.stderr
        assert set(server.accepted) == {f"x-access-token:{dot_idp.users['alice']['sub']}"}
    finally:
        server.stop()


def test_git_credential_answers_the_authtype_capability_and_ignores_unknown_operations(cli, mock_idp):
    cli.signed_in(mock_idp)
    token = cli.run("token").stdout.strip()
    # What git 2.46 and later send (git-credential(1)): the capability first, then the request.
    answer = cli.run("git-credential", "--provider", PROVIDER_NAME, "get",
                     input="capability[]=authtype\ncapability[]=state\nprotocol=https\nhost=git.corp.example\n"
                           "wwwauth[]=Bearer realm=\"git\"\n\n")
    assert answer.returncode == OK, str(answer)
    lines = answer.stdout.splitlines()
    assert lines[:4] == ["capability[]=authtype", "authtype=Bearer", f"credential={token}", "ephemeral=1"], lines
    assert len(lines) == 5 and lines[4].startswith("password_expiry_utc="), lines

    advertised = cli.run("git-credential", "capability")
    assert (advertised.returncode, advertised.stdout) == (OK, "version 0\ncapability authtype\n"), str(advertised)
    for operation in ("approve", "frobnicate"):
        ignored = cli.run("git-credential", operation, input="protocol=https\nhost=git.corp.example\n\n")
        assert (ignored.returncode, ignored.stdout) == (OK, ""), str(ignored)


def test_git_finds_the_github_enterprise_host_by_itself(cli, github_fake, tmp_path, browser_python):
    server = GitServer(tmp_path / "git", forward=github_fake.base)
    try:
        cli.providers.append(github_fake)
        added = cli.run("providers", "add", GITHUB_ID, "--client-id", github_fake.client_id, "--client-secret-stdin",
                        "--api-base", server.base, input=github_fake.client_secret + "\n")
        assert added.returncode == OK, str(added)
        signed = cli.signin(provider=GITHUB_ID)
        assert signed.returncode == OK, str(signed)
        login = cli.run("status", "--json").json()["users"][0]["providers"][0]["accountName"]

        cloned = _git(cli, tmp_path, "clone", server.url, "clone", helper=_helper(cli), scope=server.base)
        assert cloned.returncode == 0, cloned.stderr
        assert set(server.accepted) == {f"x-access-token:{login}"}

        other = cli.run("git-credential", "get", input="protocol=https\nhost=git.example.org\n\n")
        assert (other.returncode, other.stdout) == (OK, ""), "another host gets no answer, so git asks its next helper"

        docker = cli.run("docker-credential", "list")
        assert docker.returncode == OK and docker.json() == {f"https://containers.127.0.0.1:{server.port}": login}, str(docker)
    finally:
        server.stop()


def _kubeconfig(cli, tmp_path, server, *options: str):
    path = tmp_path / "kubeconfig"
    exec_stanza = {
        "apiVersion": "client.authentication.k8s.io/v1", "command": str(cli.binary),
        "args": ["--home", str(cli.home), "kube-credential", "--provider", PROVIDER_NAME, *options],
        "interactiveMode": "Never",
    }
    path.write_text(json.dumps({
        "apiVersion": "v1", "kind": "Config", "current-context": "e2e",
        "clusters": [{"name": "e2e", "cluster": {"server": server.url,
                                                  "certificate-authority-data": base64.b64encode(server.ca_pem).decode()}}],
        "users": [{"name": "authctl", "user": {"exec": exec_stanza}}],
        "contexts": [{"name": "e2e", "context": {"cluster": "e2e", "user": "authctl"}}],
    }))
    return path


def _kubectl(cli, kubeconfig) -> subprocess.CompletedProcess:
    environment = {**cli.env, "KUBECONFIG": str(kubeconfig), "HOME": str(cli.tmp / "user-home")}
    return subprocess.run(["kubectl", "get", "--raw", "/api"], capture_output=True, text=True, env=environment, timeout=120)


@pytest.mark.dot
def test_kubectl_sends_the_id_token_from_the_exec_stanza(cli, dot_idp, tmp_path):
    need(shutil.which("kubectl") is not None, "kubectl is not installed")
    cli.signed_in(dot_idp)
    server = KubeAPIServer(dot_idp.issuer, dot_idp.client_id, tmp_path / "tls")
    try:
        answer = _kubectl(cli, _kubeconfig(cli, tmp_path, server, "--id-token"))
        assert answer.returncode == 0, answer.stderr
        assert json.loads(answer.stdout)["kind"] == "APIVersions"
        assert server.accepted and set(server.accepted) == {dot_idp.users["alice"]["sub"]}

        access = _kubectl(cli, _kubeconfig(cli, tmp_path, server))  # an access token is no ID token
        assert access.returncode != 0 and server.refused > 0, access.stderr

        assert cli.run("signout").returncode == OK
        gone = _kubectl(cli, _kubeconfig(cli, tmp_path, server, "--id-token"))
        assert gone.returncode != 0
        assert "authctl signin" in gone.stderr, gone.stderr
    finally:
        server.stop()


@pytest.mark.dot
def test_kube_credential_refreshes_an_expired_id_token(cli, short_dot_idp):
    cli.signed_in(short_dot_idp)
    first = cli.run("kube-credential", "--id-token").json()["status"]
    time.sleep(SHORT_LIFETIME + 0.5)
    result = cli.run("kube-credential", "--id-token", env={"KUBERNETES_EXEC_INFO": json.dumps(
        {"apiVersion": "client.authentication.k8s.io/v1beta1", "kind": "ExecCredential", "spec": {"interactive": False}})})
    assert result.returncode == OK, str(result)
    credential = result.json()
    assert credential["apiVersion"] == "client.authentication.k8s.io/v1beta1"
    token = credential["status"]["token"]
    assert token != first["token"], "an expired ID token was handed to kubectl"
    claims = jwt_claims(token)
    assert claims["exp"] > time.time()
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(claims["exp"]))
    assert credential["status"]["expirationTimestamp"] == stamp


def test_docker_runs_the_helper_under_its_own_name(cli, mock_idp, tmp_path):
    cli.signed_in(mock_idp)
    link = tmp_path / "bin" / "docker-credential-authctl"
    link.parent.mkdir()
    link.symlink_to(cli.binary)
    environment = {**cli.env, "AUTHCTL_HOME": str(cli.home)}
    answer = subprocess.run([str(link), "get"], input="https://ghcr.io\n", capture_output=True, text=True, env=environment)
    # No github.com provider here: docker's own "not found" answer, so docker goes on without.
    assert (answer.returncode, answer.stdout) == (1, "credentials not found in native keychain\n"), answer
    listed = subprocess.run([str(link), "list"], capture_output=True, text=True, env=environment)
    assert (listed.returncode, json.loads(listed.stdout)) == (0, {}), listed
    status = cli.run("status", "--check")
    assert status.returncode == OK
