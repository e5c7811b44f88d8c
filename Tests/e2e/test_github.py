"""GitHub (`github.com`) against the loopback GitHub fake, laid out as GitHub Enterprise Server.

`providers add github.com --api-base http://127.0.0.1:PORT` points every endpoint at the fake:
`/login/oauth/authorize`, `/login/oauth/access_token`, `/login/device/code`, REST `/api/v3/...`.
GitHub is OAuth 2.0 without OpenID: no ID token, the identity comes from `GET /api/v3/user` (the
numeric id, as a string, is the provider uid) and the email from `GET /api/v3/user/emails` (the
primary one, only when verified). OAuth apps get tokens that never expire; GitHub Apps with
expiring user tokens get an 8-hour access token and a single-use refresh token that rotates.
"""

from __future__ import annotations

import time

from urllib.parse import parse_qs, urlsplit

import requests

from e2e_helpers import CANCELLED, INVALID_CREDENTIAL, NOT_SIGNED_IN, OK, TIMED_OUT, authorization_url, provider_ids, user_of
from fakes import GITHUB_ID, add_github, github_fake, stored_sessions  # noqa: F401 (fixture)


def _api_user(fake, token: str) -> requests.Response:
    return requests.get(f"{fake.base}/api/v3/user", headers={"Authorization": f"Bearer {token}"}, timeout=10)


def _signin(cli, *browser: str, extra: tuple = ()):
    return cli.signin(*extra, provider=GITHUB_ID, browser=browser)


def _signed_in(cli, fake, *browser: str) -> dict:
    add_github(cli, fake)
    result = _signin(cli, *browser)
    assert result.returncode == OK, f"GitHub sign-in failed\n{result}"
    return result.json()


def _github_entry(user: dict) -> dict:
    entries = [entry for entry in user.get("providerData", []) if entry.get("providerId") == GITHUB_ID]
    assert len(entries) == 1, f"expected one github.com entry in providerData: {user}"
    return entries[0]


def _whoami(cli) -> dict:
    result = cli.run("whoami", "--json")
    assert result.returncode == OK, str(result)
    return user_of(result.json())


def _token(cli, *options: str) -> str:
    result = cli.run("token", *options)
    assert result.returncode == OK, str(result)
    lines = result.stdout.splitlines()
    assert len(lines) == 1 and lines[0].strip(), f"token prints one line\n{result}"
    return lines[0].strip()


SHORT_TOKEN_SECONDS = 10
# authctl never refreshes a token that still has 90% of the provider's lifetime: a refresh could not
# give a longer-lived one. Past this age, `token --min-valid 3600` must refresh.
REFRESH_DUE_SECONDS = 1.5


def _expiring(fake, lifetime: int = SHORT_TOKEN_SECONDS) -> None:
    """A GitHub App with expiring user tokens, whose access tokens live `lifetime` seconds
    (less than the tests' --min-valid 3600, so that once REFRESH_DUE_SECONDS have passed,
    `token --min-valid 3600` must refresh)."""
    fake.configure(app_type="github_app", expiring_tokens=True, access_token_lifetime=lifetime)


def test_github_signin_alice(cli, github_fake):
    document = _signed_in(cli, github_fake)
    assert "done status=0" in cli.wait_for_browser(), cli.browser_text()
    url = authorization_url("\n".join(cli.stderr_seen))
    assert url and url.startswith(github_fake.base + "/login/oauth/authorize?"), "\n".join(cli.stderr_seen)
    query = parse_qs(urlsplit(url).query)
    assert query["client_id"] == [github_fake.client_id]
    assert query["code_challenge_method"] == ["S256"] and len(query["code_challenge"][0]) == 43
    assert query["state"][0]
    assert query["scope"][0].split() == ["read:user", "user:email"], query["scope"]
    assert urlsplit(query["redirect_uri"][0]).hostname == "127.0.0.1"

    user = user_of(document)
    assert GITHUB_ID in provider_ids(user), document
    for who in (user, _whoami(cli)):
        entry = _github_entry(who)
        assert entry["uid"] == "1001", f"the GitHub uid is the numeric user id, as a string: {entry}"
        assert who["email"] == "alice@example.com", who
        assert who.get("emailVerified") in (True, None), who

    # authctl's own requests (token exchange, REST API), before the test's own name it and its version.
    version = cli.run("--version").stdout.split()[-1]
    own = [entry for entry in github_fake.control("requests")
           if entry["path"] == "/login/oauth/access_token" or entry["path"].startswith("/api/v3/user")]
    assert own and {entry["user_agent"] for entry in own} == {f"authctl/{version}"}, own
    token = _token(cli)
    assert token.startswith("gho_"), "an OAuth app token"
    answer = _api_user(github_fake, token)
    assert answer.status_code == 200 and answer.json()["login"] == "alice", answer.text
    record = github_fake.token_record(token)
    assert record is not None and record["scopes"] == ["read:user", "user:email"], record

    counts = github_fake.counts()
    assert counts["grant_authorization_code"] == 1, counts
    assert counts["grant_refresh_token"] == 0, counts

    no_id_token = cli.run("token", "--id-token")
    assert no_id_token.returncode == NOT_SIGNED_IN, f"GitHub issues no ID token: exit 3\n{no_id_token}"
    assert no_id_token.stdout == "", str(no_id_token)
    assert no_id_token.stderr.strip(), str(no_id_token)


def test_github_signin_bob_unverified_primary_email(cli, github_fake):
    document = _signed_in(cli, github_fake, "--user", "bob")
    for who in (user_of(document), _whoami(cli)):
        assert _github_entry(who)["uid"] == "1002", who
        # bob's primary email is not verified (a verified secondary one exists): no verified email.
        email, verified = who.get("email"), who.get("emailVerified")
        assert email is None or verified is False, f"an unverified primary email must not pass as verified: {who}"


def test_github_returning_signin_keeps_the_uid(cli, github_fake):
    first = user_of(_signed_in(cli, github_fake))
    assert cli.run("signout").returncode == OK
    again = _signin(cli)
    assert again.returncode == OK, str(again)
    assert user_of(again.json())["uid"] == first["uid"]


def test_github_denied_consent_is_a_cancellation(cli, github_fake):
    add_github(cli, github_fake)
    before = cli.snapshot()
    result = _signin(cli, "--deny")
    assert result.returncode == CANCELLED, str(result)
    assert result.stdout == "", str(result)
    assert cli.snapshot() == before
    assert github_fake.counts()["consents_denied"] == 1


def test_github_tampered_state_is_ignored(cli, github_fake):
    """Another sign-in's state is ignored (Loopback: a local process cannot end the wait)."""
    add_github(cli, github_fake)
    before = cli.snapshot()
    result = cli.signin(provider=GITHUB_ID, browser=("--tamper-state",), timeout=5)
    assert result.returncode == TIMED_OUT, str(result)
    assert result.stdout == "", str(result)
    assert cli.snapshot() == before
    assert github_fake.counts()["grant_authorization_code"] == 0, "no code exchange after a state mismatch"


def test_github_app_expiring_token_refreshes_and_rotates(cli, github_fake):
    _expiring(github_fake)
    _signed_in(cli, github_fake)
    first = _token(cli)  # a token with nearly all of its lifetime left is not refreshed
    assert first.startswith("ghu_")
    assert github_fake.counts()["grant_refresh_token"] == 0

    time.sleep(REFRESH_DUE_SECONDS)
    second = _token(cli, "--min-valid", "3600")
    assert github_fake.counts()["grant_refresh_token"] == 1
    assert second != first and second.startswith("ghu_")
    assert _api_user(github_fake, second).status_code == 200
    assert _api_user(github_fake, first).status_code == 401, "the fake kills the old token on refresh"

    # The refresh token is single-use: a second forced refresh works only with the rotated one.
    time.sleep(REFRESH_DUE_SECONDS)
    third = _token(cli, "--min-valid", "3600")
    assert github_fake.counts()["grant_refresh_token"] == 2
    assert third not in (first, second)
    assert _api_user(github_fake, third).status_code == 200
    assert "bad_refresh_token" not in github_fake.errors(), github_fake.errors()

    # Fresh enough for the default --min-valid: printed as stored, no third refresh.
    assert _token(cli) == third
    assert github_fake.counts()["grant_refresh_token"] == 2
    assert cli.run("whoami", "--check").returncode == OK


def test_github_bad_refresh_token_means_sign_in_again(cli, github_fake):
    _expiring(github_fake)
    user = user_of(_signed_in(cli, github_fake))
    [session] = [s for s in stored_sessions(cli) if s.get("providerID") == GITHUB_ID]
    refresh_token = session.get("refreshToken")
    assert refresh_token and refresh_token.startswith("ghr_"), "the GitHub App refresh token is stored"
    github_fake.control("expire", {"token": refresh_token})  # GitHub then answers bad_refresh_token

    time.sleep(REFRESH_DUE_SECONDS)
    result = cli.run("token", "--min-valid", "3600")
    assert result.returncode == NOT_SIGNED_IN, str(result)
    assert result.stdout == "", str(result)
    assert "sign in again" in result.stderr.lower(), str(result)
    assert github_fake.errors().get("bad_refresh_token") == 1, github_fake.errors()

    # One answer to "can a token be had" (issue 39): whoami --check, status --check, users, status --json.
    assert cli.run("whoami", "--check").returncode == NOT_SIGNED_IN, "whoami --check said signed in after the refused refresh"
    assert cli.run("status", "--check").returncode == NOT_SIGNED_IN
    users = cli.run("users", "--json")
    assert users.returncode == OK, str(users)
    assert user["uid"] in [entry.get("uid") for entry in users.json()], f"the user record is kept\n{users}"
    [entry] = [entry for entry in users.json() if entry.get("uid") == user["uid"]]
    assert entry["canGetToken"] is False and entry["signedIn"] is False, entry
    assert "(signed out)" in cli.run("users").stdout
    [status] = [entry for entry in cli.run("status", "--json").json()["users"] if entry["uid"] == user["uid"]]
    assert status["canGetToken"] is False, status
    again = cli.run("token")
    assert again.returncode == NOT_SIGNED_IN and again.stdout == "", str(again)
