"""Every example in README.md, run as written.

Each fenced block of the README is found by its first line and run by the runner registered for
it in RUNNERS; a block without a runner, or a runner whose block is gone, fails
test_every_readme_example_has_a_runner, so an example cannot be added (or changed beyond
recognition) without being run.

A runner runs the block's own text in bash, with `authctl` on PATH (the binary under test),
AUTHCTL_HOME and AUTHCTL_BROWSER (the scripted browser) set, in a scratch directory. What only
exists in the reader's world is replaced by the local stand-in, and only that: host names such as
login.corp.example or api.corp.example, client ids and secrets, and GitHub's --api-base (the fake
is an Enterprise Server). Every replacement must find its text, so a README edit that moves an
example away from what is run here fails. `console` blocks run their `$ ` lines and are checked
against the output they show.

The "API" the examples curl is a loopback service that accepts a request only if the provider
confirms the bearer token (userinfo, GitHub's /user, DOT's introspection, Firebase's lookup).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass
from typing import Callable

import pytest
import requests
import yaml

from accounts_helpers import as_user, two_providers
from e2e_helpers import E2E, OK, REPO, free_port, jwt_claims, need
from fakes import GITHUB_ID, add_github
from fakes import actions_fake, firebase_fake, github_fake, google_fake, microsoft_fake, yahoo_fake  # noqa: F401 (fixtures the runners ask for by name)
from fakes import actions_job_env, actions_token_claims
from test_library import EXAMPLE, example_bin  # noqa: F401 (the fixture the library runner asks for by name)
from tool_servers import BearerAPI, KubeAPIServer

README = REPO / "README.md"
FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```", re.MULTILINE | re.DOTALL)


@dataclass
class Example:
    line: int
    language: str
    text: str

    @property
    def key(self) -> str:
        return self.text.splitlines()[0].strip()


def readme_examples() -> list[Example]:
    source = README.read_text()
    examples = []
    for match in FENCE.finditer(source):
        indent = len(match.group(1))
        text = "\n".join(line[indent:] for line in match.group(3).splitlines()) + "\n"
        examples.append(Example(source[:match.start()].count("\n") + 1, match.group(2), text))
    return examples


def example(key: str) -> Example:
    found = [each for each in readme_examples() if each.key == key]
    assert len(found) == 1, f"README example starting {key!r}: found {len(found)}"
    return found[0]


def substituted(text: str, replacements: dict[str, str]) -> str:
    for old, new in replacements.items():
        assert old in text, f"the README example no longer contains {old!r}:\n{text}"
        text = text.replace(old, new)
    return text


def console_script(text: str) -> str:
    """The commands of a console transcript: its `$ ` lines."""
    return "\n".join(line[2:] for line in text.splitlines() if line.startswith("$ ")) + "\n"


class Sandbox:
    """Runs README text in bash: authctl on PATH, its home and browser in the environment."""

    def __init__(self, cli, browser_options: tuple[str, ...] = ()):
        self.cli = cli
        self.bin = cli.tmp / "readme-bin"
        self.bin.mkdir(exist_ok=True)
        link = self.bin / "authctl"
        if not link.exists():
            link.symlink_to(cli.binary)
        self.env = {**cli.env, "PATH": f"{self.bin}{os.pathsep}{cli.env.get('PATH', '/usr/bin:/bin')}",
                    "AUTHCTL_HOME": str(cli.home), "AUTHCTL_BROWSER": cli.browser(*browser_options)}

    def run(self, script: str, *, stop_on_error: bool = True, env: dict | None = None, input: str | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess:
        prelude = "set -eo pipefail\n" if stop_on_error else ""
        result = subprocess.run(["bash", "-c", prelude + script], input=input, capture_output=True, text=True,
                                env={**self.env, **(env or {})}, cwd=self.cli.tmp, timeout=timeout)
        print(f"--- script ---\n{script}--- exit {result.returncode} ---\n--- stdout ---\n{result.stdout}"
              f"--- stderr ---\n{result.stderr}")
        return result


def userinfo_accepts(idp) -> Callable[[str], bool]:
    endpoint = requests.get(idp.issuer + "/.well-known/openid-configuration", timeout=10).json()["userinfo_endpoint"]
    return lambda token: requests.get(endpoint, headers={"Authorization": f"Bearer {token}"}, timeout=10).status_code == 200


@pytest.fixture
def apis():
    started: list[BearerAPI] = []

    def start(accepts: Callable[[str], bool]) -> BearerAPI:
        started.append(BearerAPI(accepts))
        return started[-1]

    yield start
    for api in started:
        api.stop()


# --- the runners, in README order -----------------------------------------------------------------


def quick_start(request, cli, apis):
    mock_idp = request.getfixturevalue("mock_idp")
    cli.add_provider(mock_idp, "oidc.corp")
    api = apis(userinfo_accepts(mock_idp))
    shown = example("$ authctl signin --provider oidc.corp")
    script = substituted(console_script(shown.text), {"https://api.corp.example/me": api.url + "/me"})
    result = Sandbox(cli).run(script)
    assert result.returncode == OK
    assert "Signed in as alice@example.com with oidc.corp (new user " in result.stderr
    assert "To sign in with oidc.corp, open this URL in a browser:" in result.stderr
    assert api.accepted == ["/me"] and api.refused == 0
    assert result.stdout.rstrip().endswith("signed in")


def make_demo_and_test(request, cli, apis):
    # `make test` is the command that runs this suite; running it again from here would recurse.
    shown = example("make demo   # builds authctl, starts a real OpenID provider on 127.0.0.1, signs in, shows whoami and a token, signs out")
    script = "\n".join(line for line in shown.text.splitlines() if not line.startswith("make test"))
    result = subprocess.run(["bash", "-c", f"cd {REPO} && {script}"], capture_output=True, text=True, timeout=600,
                            env={key: value for key, value in os.environ.items() if not key.startswith("AUTHCTL_")})
    assert result.returncode == OK, result.stdout + result.stderr
    assert "Demo finished" in result.stdout, result.stdout


def install_and_dist(request, cli, apis):
    """make install under DESTDIR (the README's PREFIX stays), the $HOME/.local one in a scratch
    HOME, and make dist; then the installed binaries run."""
    shown = example("make install                  # /usr/local/bin/authctl, its manual page and completions")
    destination, home = cli.tmp / "destdir", cli.tmp / "install-home"
    home.mkdir()
    result = subprocess.run(["bash", "-ec", f"cd {REPO}\n{shown.text}"], capture_output=True, text=True, timeout=1200,
                            env={**os.environ, "DESTDIR": str(destination), "HOME": str(home)})
    assert result.returncode == OK, result.stdout + result.stderr
    # The release binary is built once (by the first `make install`, or before it by `make test`):
    # the second install, `make dist` and a `make release` after them (a user's `make install`
    # after `make test`, issue 39) compile and link nothing, whatever HOME, DESTDIR or PREFIX is.
    done = "Build of product 'authctl' complete!"
    assert result.stdout.count(done) == 3, result.stdout
    again = subprocess.run(["make", "release"], cwd=REPO, capture_output=True, text=True, timeout=1200)
    assert again.returncode == OK, again.stdout + again.stderr
    for after_first in (result.stdout.split(done, 1)[1], again.stdout):
        rebuilt = [line for line in after_first.splitlines() if re.search(r"\] (Compiling|Linking|Emitting) ", line)]
        assert not rebuilt, "the release build was redone:\n" + "\n".join(rebuilt)
    for root in (destination / "usr/local", destination / str(home).lstrip("/") / ".local"):
        binary = root / "bin/authctl"
        assert subprocess.run([str(binary), "--version"], capture_output=True, text=True).stdout.startswith("authctl ")
        assert (root / "share/man/man1/authctl.1").stat().st_size > 0
        assert (root / "share/bash-completion/completions/authctl").stat().st_size > 0
    built = {path.suffix for path in (REPO / ".build-dist").iterdir()}
    assert {".deb", ".gz"} <= built, built


def add_oidc_corp(request, cli, apis, mock_idp=None):
    mock_idp = mock_idp or request.getfixturevalue("mock_idp")
    cli.providers.append(mock_idp)
    shown = example("""printf '%s' "$SECRET" | authctl providers add oidc.corp \\""")
    script = substituted(shown.text, {"https://login.corp.example": mock_idp.issuer,
                                      "--client-id authctl ": f"--client-id {mock_idp.client_id} "})
    result = Sandbox(cli).run(script, env={"SECRET": mock_idp.client_secret})
    assert result.returncode == OK
    shown_provider = cli.run("providers", "show", "oidc.corp", "--json").json()
    assert shown_provider["issuer"] == mock_idp.issuer and shown_provider["hasClientSecret"] is True
    return mock_idp


def first_steps(request, cli, apis):
    mock_idp = add_oidc_corp(request, cli, apis)
    api = apis(userinfo_accepts(mock_idp))
    shown = example("authctl signin --provider oidc.corp")
    result = Sandbox(cli).run(substituted(shown.text, {"https://api.corp.example/me": api.url + "/me"}))
    assert result.returncode == OK
    assert "alice@example.com" in result.stdout and "oidc.corp" in result.stdout  # whoami
    assert api.accepted == ["/me"] and api.refused == 0
    assert cli.run("whoami", "--check").returncode == 3, "signout ended the session"


def github(request, cli, apis):
    fake = request.getfixturevalue("github_fake")
    cli.providers.append(fake)
    (cli.tmp / "secret.txt").write_text(fake.client_secret + "\n")
    shown = example("authctl providers add github.com --client-id Iv1.abc123 --client-secret-stdin < secret.txt")
    script = substituted(shown.text, {"--client-id Iv1.abc123": f"--client-id {fake.client_id} --api-base {fake.base}"})
    result = Sandbox(cli).run(script)
    assert result.returncode == OK
    token = cli.run("token").stdout.strip()
    record = fake.token_record(token)
    assert record is not None and record["scopes"] == ["read:user", "user:email"], record


def yahoo(request, cli, apis):
    """The registered redirect URI is a loopback address nobody listens on (the fake accepts only
    loopback redirect URIs); the person's browser is browser.py stopping at the redirect, and the
    address it lands on is pasted on stdin."""
    fake = request.getfixturevalue("yahoo_fake")
    cli.providers.append(fake)
    (cli.tmp / "secret.txt").write_text(fake.client_secret + "\n")
    registered = f"http://127.0.0.1:{free_port()}/callback/registered"
    shown = example("authctl providers add yahoo.com --client-id dj0y... --client-secret-stdin \\")
    script = substituted(shown.text, {"--client-id dj0y...": f"--client-id {fake.client_id} --issuer {fake.base}",
                                      "https://example.com/authctl/callback": registered})
    add, signin = script.split("authctl signin", 1)
    sandbox = Sandbox(cli)
    assert sandbox.run(add).returncode == OK
    running = subprocess.Popen(["bash", "-c", "authctl signin" + signin], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=sandbox.env, cwd=cli.tmp, text=True)
    try:
        url = None
        for line in running.stderr:
            if line.startswith("  http"):
                url = line.strip()
                break
        assert url and f"redirect_uri={requests.utils.quote(registered, safe='')}" in url, url
        saved = cli.tmp / "landed.txt"
        browser = subprocess.run([cli.python, str(E2E / "browser.py"), "--no-deliver", "--save-callback", str(saved), url],
                                 capture_output=True, text=True, timeout=60)
        assert browser.returncode == 0, browser.stderr
        running.stdin.write(saved.read_text().strip() + "\n")
        running.stdin.flush()
        assert running.wait(timeout=60) == OK, running.stderr.read()
    finally:
        if running.poll() is None:
            running.kill()
    assert "alice@example.com" in cli.run("whoami").stdout


def ci_github_actions(request, cli, apis):
    """The recipe against the stand-in of GitHub Actions' token service, which serves Actions'
    real discovery document shape; its tokens live 3 s here, so the last line, run again once the
    first token has expired, shows the job outliving it."""
    fake = request.getfixturevalue("actions_fake")
    fake.configure(token_lifetime=3)
    cli.providers.append(fake)
    discovery = requests.get(fake.issuer + "/.well-known/openid-configuration", timeout=10).json()
    assert "authorization_endpoint" not in discovery and discovery["response_types_supported"] == ["id_token"]

    def accepts(token: str) -> bool:
        try:
            claims = actions_token_claims(fake, token)
        except Exception:  # noqa: BLE001 - a token that does not verify is refused
            return False
        return claims["aud"] == "my-audience" and claims["exp"] > time.time()

    api = apis(accepts)
    shown = example("authctl providers add oidc.actions --issuer https://token.actions.githubusercontent.com --client-id my-audience")
    script = substituted(shown.text, {"https://token.actions.githubusercontent.com": fake.issuer,
                                      "https://deploy.corp.example": api.url})
    sandbox = Sandbox(cli)
    result = sandbox.run(script, env=actions_job_env(fake))
    assert result.returncode == OK
    assert api.accepted == ["/api/release"] and api.refused == 0
    first = cli.run("token", "--id-token", env=actions_job_env(fake)).stdout.strip()
    time.sleep(max(0.0, jwt_claims(first)["exp"] - time.time()) + 1.1)  # past the first token's expiry
    again = sandbox.run(script.splitlines()[-1] + "\n", env=actions_job_env(fake))
    assert again.returncode == OK
    assert api.accepted == ["/api/release"] * 2 and api.refused == 0
    assert fake.counts()["tokens_issued"] == 2


def exec_github(request, cli, apis):
    """`gh` is GitHub's CLI, not installed here: a stand-in on PATH does what it does with
    GH_TOKEN, a call to the API with it."""
    fake = request.getfixturevalue("github_fake")
    add_github(cli, fake)
    assert cli.signin(provider=GITHUB_ID).returncode == OK
    sandbox = Sandbox(cli)
    gh = sandbox.bin / "gh"
    gh.write_text(f'#!/bin/sh\n[ "$1 $2" = "repo list" ] || exit 2\n'
                  f'exec curl -sf -H "Authorization: Bearer $GH_TOKEN" {fake.base}/api/v3/user\n')
    gh.chmod(0o755)
    shown = example("authctl exec --provider github.com -- sh -c 'curl -H \"Authorization: Bearer $AUTHCTL_TOKEN\" https://api.github.com/user'")
    result = sandbox.run(substituted(shown.text, {"https://api.github.com/user": f"{fake.base}/api/v3/user"}))
    assert result.returncode == OK
    assert result.stdout.count('"login"') == 2 and "alice" in result.stdout


def git_config(request, cli, apis):
    mock_idp = request.getfixturevalue("mock_idp")
    cli.add_provider(mock_idp, "oidc.corp")
    assert cli.signin(provider="oidc.corp").returncode == OK
    sandbox = Sandbox(cli)
    shown = example("git config --global credential.https://github.com.helper '!authctl git-credential'")
    assert sandbox.run(shown.text).returncode == OK
    config = sandbox.run("git config --global --get-regexp 'credential\\..*\\.helper'").stdout
    for host in ("github.com", "ghe.corp.example"):
        assert f"credential.https://{host}.helper !authctl git-credential\n" in config, config
    # git itself asks the helper for the OpenID-backed host.
    filled = sandbox.run("git credential fill", input="protocol=https\nhost=git.corp.example\n\n",
                         env={"GIT_TERMINAL_PROMPT": "0"})
    assert filled.returncode == OK
    token = cli.run("token").stdout.strip()
    assert f"password={token}\n" in filled.stdout and "username=x-access-token\n" in filled.stdout


def kubeconfig(request, cli, apis):
    need(shutil.which("kubectl") is not None, "kubectl is not installed")
    mock_idp = request.getfixturevalue("mock_idp")
    cli.add_provider(mock_idp, "oidc.corp")
    assert cli.signin(provider="oidc.corp").returncode == OK
    users = yaml.safe_load(example("users:").text)["users"]
    server = KubeAPIServer(mock_idp.issuer, mock_idp.client_id, cli.tmp / "kube-tls")
    try:
        import base64
        path = cli.tmp / "kubeconfig"
        path.write_text(json.dumps({
            "apiVersion": "v1", "kind": "Config", "current-context": "corp", "users": users,
            "clusters": [{"name": "corp", "cluster": {"server": server.url,
                                                      "certificate-authority-data": base64.b64encode(server.ca_pem).decode()}}],
            "contexts": [{"name": "corp", "context": {"cluster": "corp", "user": "corp"}}],
        }))
        result = Sandbox(cli).run(f"kubectl --kubeconfig {path} get --raw /api")
        assert result.returncode == OK
        assert json.loads(result.stdout)["kind"] == "APIVersions"
        assert server.accepted and set(server.accepted) == {"alice"}, server.accepted
    finally:
        server.stop()


def client_credentials(request, cli, apis):
    dot_idp = request.getfixturevalue("dot_idp")
    cli.providers.append(dot_idp)

    def active(token: str) -> bool:
        answer = requests.post(f"{dot_idp.issuer}/introspect/", data={"token": token}, timeout=10,
                               auth=(dot_idp.machine_client_id, dot_idp.machine_client_secret))
        return answer.status_code == 200 and answer.json().get("active") is True

    api = apis(active)
    shown = example("""printf '%s' "$CLIENT_SECRET" | authctl providers add oidc.reports --issuer https://id.corp.example --client-id reports-job --client-secret-stdin""")
    script = substituted(shown.text, {"https://id.corp.example": dot_idp.issuer,
                                      "reports-job": dot_idp.machine_client_id,
                                      "https://reports.corp.example/api/daily": api.url + "/api/daily"})
    result = Sandbox(cli).run(script, env={"CLIENT_SECRET": dot_idp.machine_client_secret})
    assert result.returncode == OK
    assert api.accepted == ["/api/daily"] and api.refused == 0


def account_exists(request, cli, apis):
    two_providers(cli, request.getfixturevalue("dot_idp"), request.getfixturevalue("mock_idp"))
    shown = example("$ authctl signin --provider oidc.corp          # Alice's first sign-in: a new user")
    result = Sandbox(cli, as_user("alice")).run(console_script(shown.text), stop_on_error=False)
    assert result.returncode == OK
    # The transcript's own lines.
    for line in shown.text.splitlines():
        if line.startswith(("Signed in as", "Linked ")):
            assert line.split(" (new user")[0] in result.stderr, line
    assert ("error: an account already exists for alice@example.com, which signs in with oidc.corp; to add this\n"
            "provider to it").replace("\n", " ") in result.stderr
    assert result.stdout.splitlines() == ["6", "oidc.corp", "oidc.lab"]


def firebase(request, cli, apis):
    """The project runs GitHub's flow with the app "in its console" (the GitHub fake's client, whose
    secret only the Firebase fake holds): no `providers add` on this machine."""
    fake = request.getfixturevalue("firebase_fake")
    github_fake = request.getfixturevalue("github_fake")
    from e2e_constants import FIREBASE_HANDLER_URI
    from test_firebase import EMULATOR

    github_fake.configure(callback_urls=[FIREBASE_HANDLER_URI, "http://localhost/callback"])
    fake.configure(providers={GITHUB_ID: {"enabled": True, "client_id": github_fake.client_id,
                                          "client_secret": github_fake.client_secret, "api_base": github_fake.base}})
    cli.providers += [fake, github_fake]
    api_key, project = fake.info["api_key"], fake.info["project_id"]

    def known_to_the_project(token: str) -> bool:
        answer = requests.post(f"http://{fake.info['host']}/identitytoolkit.googleapis.com/v1/accounts:lookup",
                               params={"key": api_key}, json={"idToken": token}, timeout=10)
        return answer.status_code == 200

    api = apis(known_to_the_project)
    shown = example("$ authctl firebase use --api-key AIzaSy... --project-id my-app-1234 --github-localhost   # a GitHub App with a localhost callback")
    script = substituted(console_script(shown.text), {"AIzaSy...": api_key, "my-app-1234": project,
                                                      "https://api.my-app.example/me": api.url + "/me"})
    result = Sandbox(cli, as_user("alice")).run(script, env={EMULATOR: fake.info["host"]})
    assert result.returncode == OK
    assert api.accepted == ["/me"] and api.refused == 0
    # curl's answer is one line; verify's claims are the pretty-printed object after it.
    claims = json.loads(result.stdout[result.stdout.index("{\n"):result.stdout.rindex("\n}") + 2])
    assert claims["aud"] == project  # verify --firebase printed the Firebase ID token's claims
    assert len([account["localId"] for account in fake.control("accounts")]) == 1
    assert not (cli.home / "providers.json").exists()
    assert github_fake.client_secret.encode() not in b"".join(p.read_bytes() for p in cli.home.rglob("*") if p.is_file())
    assert cli.run("firebase", "show", "--json").json()["project"] is None  # firebase off


def google(request, cli, apis):
    """The Google stand-in as --issuer; the Desktop app client's secret from secret.txt."""
    fake = request.getfixturevalue("google_fake")
    cli.providers.append(fake)
    (cli.tmp / "secret.txt").write_text(fake.client_secret + "\n")
    shown = example("authctl providers add google.com --client-id 1234-abc.apps.googleusercontent.com --client-secret-stdin < secret.txt")
    script = substituted(shown.text, {"--client-id 1234-abc.apps.googleusercontent.com": f"--client-id {fake.client_id} --issuer {fake.base}"})
    assert Sandbox(cli).run(script).returncode == OK
    assert "alice@example.com" in cli.run("whoami").stdout
    assert fake.counts()["grant_authorization_code"] == 1


def microsoft(request, cli, apis):
    """The Microsoft stand-in's organizations authority as --issuer; a public client."""
    fake = request.getfixturevalue("microsoft_fake")
    cli.providers.append(fake)
    shown = example("authctl providers add microsoft.com --tenant organizations --client-id 00000000-aaaa-bbbb-cccc-000000000000")
    script = substituted(shown.text, {"--client-id 00000000-aaaa-bbbb-cccc-000000000000":
                                      f"--client-id {fake.client_id} --issuer {fake.base}/organizations/v2.0"})
    assert Sandbox(cli).run(script).returncode == OK
    assert "alice@example.com" in cli.run("whoami").stdout
    assert fake.counts()["grant_authorization_code"] == 1


def library(request, cli, apis):
    """The Swift example, which Tests/LibraryExample builds from the same text as readme-example,
    run with GitHub's stand-in added and an `xdg-open` on PATH that is the scripted browser."""
    shown = example('// .product(name: "AuthctlKit", package: "authctl")')
    assert (EXAMPLE / "Sources" / "readme-example" / "main.swift").read_text() == shown.text, "the README's Swift example is the built one"
    fake = request.getfixturevalue("github_fake")
    add_github(cli, fake)
    shims = cli.tmp / "shims"
    shims.mkdir()
    (shims / "xdg-open").write_text(f"#!/bin/sh\nexec {cli.browser(*as_user('alice'))} \"$@\"\n")
    (shims / "xdg-open").chmod(0o755)
    env = {**cli.env, "AUTHCTL_HOME": str(cli.home), "PATH": f"{shims}:{cli.env.get('PATH', '')}"}
    done = subprocess.run([str(request.getfixturevalue("example_bin") / "readme-example")], env=env, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL, cwd=cli.tmp)
    assert done.returncode == 0, f"{done.stderr}\n{cli.browser_text()}"
    email, token = done.stdout.split()
    assert email == "alice@example.com" and token
    assert requests.get(f"{fake.base}/api/v3/user", headers={"Authorization": f"Bearer {token}"}, timeout=10).status_code == 200
    assert "alice@example.com" in cli.run("whoami").stdout


RUNNERS: dict[str, Callable] = {
    "$ authctl signin --provider oidc.corp": quick_start,
    "make demo   # builds authctl, starts a real OpenID provider on 127.0.0.1, signs in, shows whoami and a token, signs out": make_demo_and_test,
    "make install                  # /usr/local/bin/authctl, its manual page and completions": install_and_dist,
    """printf '%s' "$SECRET" | authctl providers add oidc.corp \\""": add_oidc_corp,
    "authctl signin --provider oidc.corp": first_steps,
    "authctl providers add github.com --client-id Iv1.abc123 --client-secret-stdin < secret.txt": github,
    "authctl providers add yahoo.com --client-id dj0y... --client-secret-stdin \\": yahoo,
    "authctl providers add oidc.actions --issuer https://token.actions.githubusercontent.com --client-id my-audience": ci_github_actions,
    "authctl providers add google.com --client-id 1234-abc.apps.googleusercontent.com --client-secret-stdin < secret.txt": google,
    "authctl providers add microsoft.com --tenant organizations --client-id 00000000-aaaa-bbbb-cccc-000000000000": microsoft,
    "authctl exec --provider github.com -- sh -c 'curl -H \"Authorization: Bearer $AUTHCTL_TOKEN\" https://api.github.com/user'": exec_github,
    "git config --global credential.https://github.com.helper '!authctl git-credential'": git_config,
    "users:": kubeconfig,
    """printf '%s' "$CLIENT_SECRET" | authctl providers add oidc.reports --issuer https://id.corp.example --client-id reports-job --client-secret-stdin""": client_credentials,
    "$ authctl signin --provider oidc.corp          # Alice's first sign-in: a new user": account_exists,
    "$ authctl firebase use --api-key AIzaSy... --project-id my-app-1234 --github-localhost   # a GitHub App with a localhost callback": firebase,
    '// .product(name: "AuthctlKit", package: "authctl")': library,
}


def test_every_readme_example_has_a_runner():
    keys = [each.key for each in readme_examples()]
    assert len(keys) == len(set(keys)), f"two README examples start alike: {keys}"
    assert set(keys) == set(RUNNERS), (f"examples without a runner: {sorted(set(keys) - set(RUNNERS))}; "
                                       f"runners without an example: {sorted(set(RUNNERS) - set(keys))}")


@pytest.mark.parametrize("key", list(RUNNERS), ids=[runner.__name__ for runner in RUNNERS.values()])
def test_readme_example(request, cli, apis, key):
    RUNNERS[key](request, cli, apis)
