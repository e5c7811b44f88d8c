"""`signin --ci`: a CI job signs in with its own OIDC token, and keeps getting valid ones.

Against fake_actions.py, a stand-in of GitHub Actions' token service that is its own issuer and
serves GitHub Actions' discovery document shape (jwks_uri, no authorization or token endpoint).
The job's environment is the two variables GitHub sets (ACTIONS_ID_TOKEN_REQUEST_URL/_TOKEN),
given to every authctl call as a job step would.
"""

from __future__ import annotations

import json
import time

import pytest
import requests

from e2e_helpers import CONFIGURATION_ERROR, NOT_SIGNED_IN, OK, jwt_claims
from fakes import actions_fake, actions_job_env, actions_token_claims, firebase_fake  # noqa: F401 (fixtures)

PROVIDER = "oidc.actions"
AUDIENCE = "authctl-ci"


def add_actions(cli, fake) -> None:
    cli.providers.append(fake)
    added = cli.run("providers", "add", PROVIDER, "--issuer", fake.issuer, "--client-id", AUDIENCE)
    assert added.returncode == OK, str(added)


def signed_in(cli, fake) -> str:
    """Adds the provider, signs in with --ci github-actions; returns the token it stored."""
    add_actions(cli, fake)
    result = cli.run("signin", "--provider", PROVIDER, "--ci", "github-actions", "--json", env=actions_job_env(fake))
    assert result.returncode == OK, str(result)
    assert result.json()["additionalUserInfo"]["providerId"] == PROVIDER, str(result)
    return id_token(cli, fake)


def id_token(cli, fake, *, env: dict | None = None, expect: int = OK) -> str:
    result = cli.run("token", "--provider", PROVIDER, "--id-token", env=actions_job_env(fake) if env is None else env)
    assert result.returncode == expect, str(result)
    return result.stdout.strip()


def wait_until_expired(token: str) -> None:
    """Sleeps past the token's `exp` (a wait for the clock, asserting nothing about time)."""
    time.sleep(max(0.0, jwt_claims(token)["exp"] - time.time()) + 1.1)


def test_the_stand_in_serves_github_actions_discovery_shape(actions_fake):
    document = requests.get(actions_fake.issuer + "/.well-known/openid-configuration", timeout=10).json()
    assert set(document) == {"issuer", "jwks_uri", "subject_types_supported", "response_types_supported", "claims_supported",
                             "id_token_signing_alg_values_supported", "scopes_supported"}
    assert document["response_types_supported"] == ["id_token"]
    refused = requests.get(actions_fake.info["request_url"] + "&audience=x", timeout=10)
    assert refused.status_code == 401 and actions_fake.counts()["tokens_issued"] == 0


def test_signin_ci_github_actions_asks_for_the_client_id_as_audience(cli, actions_fake):
    token = signed_in(cli, actions_fake)
    claims = actions_token_claims(actions_fake, token)
    assert claims["aud"] == AUDIENCE and claims["iss"] == actions_fake.issuer
    assert claims["sub"] == "repo:octo-org/octo-repo:ref:refs/heads/main"
    whoami = cli.run("whoami", "--json").json()
    assert whoami["providerData"][0]["uid"] == claims["sub"], whoami
    stored = (cli.home / "keystore.json").read_text()
    assert actions_fake.info["request_token"] not in stored, "the request token must never be stored"
    assert '"github-actions"' in stored


def test_a_valid_token_is_handed_out_without_asking_again(cli, actions_fake):
    first = signed_in(cli, actions_fake)
    assert [id_token(cli, actions_fake) for _ in range(3)] == [first] * 3
    # Without the job's variables too: a token that lasts needs nothing from the environment.
    assert id_token(cli, actions_fake, env={}) == first
    assert actions_fake.counts()["tokens_issued"] == 1


@pytest.mark.parametrize("command", [
    ["token", "--provider", PROVIDER, "--id-token"],
    ["kube-credential", "--provider", PROVIDER, "--id-token"],
    ["exec", "--provider", PROVIDER, "--id-token", "--", "sh", "-c", 'printf %s "$AUTHCTL_TOKEN"'],
])
def test_an_expired_token_is_renewed_and_verified(cli, actions_fake, command):
    actions_fake.configure(token_lifetime=3)
    first = signed_in(cli, actions_fake)
    wait_until_expired(first)
    result = cli.run(*command, env=actions_job_env(actions_fake))
    assert result.returncode == OK, str(result)
    out = result.stdout.strip()
    renewed = json.loads(out)["status"]["token"] if command[0] == "kube-credential" else out
    assert renewed != first
    assert actions_token_claims(actions_fake, renewed)["exp"] > time.time()
    assert actions_fake.counts()["tokens_issued"] == 2
    assert id_token(cli, actions_fake) == renewed, "the renewed token is stored"


def test_renewal_without_the_job_variables_says_which_is_missing(cli, actions_fake):
    actions_fake.configure(token_lifetime=3)
    wait_until_expired(signed_in(cli, actions_fake))
    result = cli.run("token", "--provider", PROVIDER, "--id-token")
    assert result.returncode == CONFIGURATION_ERROR, str(result)
    assert result.stdout == "" and "ACTIONS_ID_TOKEN_REQUEST_URL is not set" in result.stderr, str(result)


def test_a_token_for_another_identity_is_not_taken(cli, actions_fake):
    actions_fake.configure(token_lifetime=3)
    first = signed_in(cli, actions_fake)
    actions_fake.configure(repository="someone/else")
    wait_until_expired(first)
    result = cli.run("token", "--provider", PROVIDER, "--id-token", env=actions_job_env(actions_fake))
    assert result.returncode != OK and result.stdout == "", str(result)
    assert "mismatch" in result.stderr or "another" in result.stderr, str(result)


def test_browser_sign_in_with_an_id_token_only_issuer_is_a_configuration_error(cli, actions_fake):
    add_actions(cli, actions_fake)
    for extra in (["--browser", cli.browser()], ["--device"], ["--no-browser"]):
        result = cli.run("signin", "--provider", PROVIDER, *extra)
        assert result.returncode == CONFIGURATION_ERROR, str(result)
        assert "only issues ID tokens" in result.stderr and "--ci" in result.stderr, str(result)
    assert not cli.browser_ran()
    assert cli.run("whoami", "--check").returncode != OK
    assert actions_fake.counts()["tokens_issued"] == 0


@pytest.mark.parametrize("source", ["github", "env:", "env:1X", "github-actions:X"])
def test_an_unknown_source_is_a_usage_error(cli, source):
    result = cli.run("signin", "--provider", PROVIDER, "--ci", source)
    assert result.returncode == 2 and "github-actions, gitlab or env:VAR" in result.stderr, str(result)


def test_env_source_reads_the_named_variable(cli, actions_fake):
    add_actions(cli, actions_fake)
    token = requests.get(actions_fake.info["request_url"] + "&audience=" + AUDIENCE, timeout=10,
                         headers={"Authorization": "Bearer " + actions_fake.info["request_token"]}).json()["value"]
    result = cli.run("signin", "--provider", PROVIDER, "--ci", "env:JOB_ID_TOKEN", env={"JOB_ID_TOKEN": token})
    assert result.returncode == OK, str(result)
    assert id_token(cli, actions_fake, env={}) == token
    assert '"JOB_ID_TOKEN"' in (cli.home / "keystore.json").read_text()
    assert token not in (cli.home / "keystore.json").read_text().split('"ciSource"')[1][:200]


def _same_answer_everywhere(cli, env: dict, can: bool) -> None:
    """A CI session's state through every door (issue 35): status text, --json and --check, and
    whoami --check and users, with the job's variable read by each."""
    expected = OK if can else NOT_SIGNED_IN
    assert cli.run("status", "--check", env=env).returncode == expected
    assert cli.run("whoami", "--check", env=env).returncode == expected
    status = cli.run("status", "--json", env=env)
    [current] = [user for user in status.json()["users"] if user["current"]]
    assert current["canGetToken"] is can, status.stdout
    assert current["providers"][0]["renewedFrom"] == "env:JOB_ID_TOKEN", status.stdout
    assert "renewed from env:JOB_ID_TOKEN" in cli.run("status", env=env).stdout
    [listed] = cli.run("users", "--json", env=env).json()
    assert listed["canGetToken"] is can, listed


def test_an_expired_token_in_the_jobs_variable_is_refused_as_expired(cli, actions_fake):
    """The freshness rule holds for every source (issue 27, finding 3): a job variable's token that
    has expired is never handed out, not even inside the verification leeway, and `token` and
    `status --check` agree that no token can be had (exit 3), with what to do."""
    actions_fake.configure(token_lifetime=3)
    add_actions(cli, actions_fake)
    token = requests.get(actions_fake.info["request_url"] + "&audience=" + AUDIENCE, timeout=10,
                         headers={"Authorization": "Bearer " + actions_fake.info["request_token"]}).json()["value"]
    job = {"JOB_ID_TOKEN": token}
    assert cli.run("signin", "--provider", PROVIDER, "--ci", "env:JOB_ID_TOKEN", env=job).returncode == OK
    assert cli.run("status", "--check", env=job).returncode == OK
    _same_answer_everywhere(cli, job, True)
    wait_until_expired(token)  # 1.1 s past exp: inside the 60-second leeway the check once allowed
    for command in (["token", "--provider", PROVIDER, "--id-token"], ["token", "--id-token"]):
        result = cli.run(*command, env=job)
        assert result.returncode == NOT_SIGNED_IN and result.stdout == "", str(result)
        assert "expired" in result.stderr and "fresh one" in result.stderr, str(result)
    assert cli.run("status", "--check", env=job).returncode == NOT_SIGNED_IN
    _same_answer_everywhere(cli, job, False)
    fresh = requests.get(actions_fake.info["request_url"] + "&audience=" + AUDIENCE, timeout=10,
                         headers={"Authorization": "Bearer " + actions_fake.info["request_token"]}).json()["value"]
    assert cli.run("status", "--check", env={"JOB_ID_TOKEN": fresh}).returncode == OK
    assert id_token(cli, actions_fake, env={"JOB_ID_TOKEN": fresh}) == fresh, "a new token in the variable is taken"


def test_a_three_minute_job_with_sixty_second_tokens_gets_a_valid_token_every_ten_seconds(cli, actions_fake):
    """The done-when line of issue 21, item 3: it really runs three minutes."""
    actions_fake.configure(token_lifetime=60)
    signed_in(cli, actions_fake)
    started = time.monotonic()
    handed_out = []
    while time.monotonic() - started < 180:
        token = id_token(cli, actions_fake)
        claims = actions_token_claims(actions_fake, token)
        assert claims["exp"] > time.time() and claims["aud"] == AUDIENCE, claims
        handed_out.append(token)
        time.sleep(10)
    assert len(handed_out) >= 18
    assert len(set(handed_out)) >= 3, "three minutes of 60 s tokens needs renewals"
    assert actions_fake.counts()["token_refusals"] == 0


def test_with_a_firebase_project_the_renewed_token_is_exchanged_again(cli, actions_fake, firebase_fake):
    firebase_fake.configure(providers={PROVIDER: {"enabled": True, "issuer": actions_fake.issuer, "client_id": AUDIENCE}})
    cli.providers.append(firebase_fake)
    cli.env["FIREBASE_AUTH_EMULATOR_HOST"] = firebase_fake.info["host"]
    used = cli.run("firebase", "use", "--api-key", firebase_fake.info["api_key"], "--project-id", firebase_fake.info["project_id"])
    assert used.returncode == OK, str(used)
    actions_fake.configure(token_lifetime=3)
    first = signed_in(cli, actions_fake)
    assert firebase_fake.counts()["signInWithIdp"] == 1
    wait_until_expired(first)
    renewed = id_token(cli, actions_fake)
    assert renewed != first and actions_token_claims(actions_fake, renewed)["exp"] > time.time()
    assert firebase_fake.counts()["signInWithIdp"] == 2, "the new token goes through the project again"
    project_token = cli.run("token", env=actions_job_env(actions_fake))
    assert project_token.returncode == OK, str(project_token)
    assert jwt_claims(project_token.stdout.strip())["aud"] == firebase_fake.info["project_id"]
    assert len(firebase_fake.control("accounts")) == 1
