"""`signout --revoke`: the tokens die at the provider, and the local session goes in every case.

- GitHub: `DELETE /api/v3/applications/{client_id}/token` (Basic client credentials).
- Yahoo: RFC 7009 at its non-standard `token_revocation_endpoint` discovery member.
- django-oauth-toolkit: RFC 7009, but the endpoint is listed only in
  `/.well-known/oauth-authorization-server`, which authctl has to fall back to.
- A provider that answers 5xx, drops the connection or is gone: exit 9, each step reported as
  `failed`, and still signed out locally.

`--json` prints {"signedOut": N, "revocation": [{providerId, token, outcome, reason}, ...]}.
"""

from __future__ import annotations

import pytest
import requests

from e2e_helpers import NOT_SIGNED_IN, OK, PROVIDER_ERROR, PROVIDER_NAME
from fakes import (  # noqa: F401 (fixtures)
    GITHUB_ID,
    YAHOO_ID,
    add_github,
    add_yahoo,
    github_fake,
    start_fake,
    stored_sessions,
    yahoo_fake,
)

TOKENS = {"refresh_token", "access_token"}
OUTCOMES = {"revoked", "already-invalid", "failed", "unsupported"}


def _signin(cli, provider: str) -> dict:
    result = cli.signin(provider=provider)
    assert result.returncode == OK, f"sign-in failed\n{result}"
    [session] = [s for s in stored_sessions(cli) if s.get("providerID") == provider]
    return session


def _signout_revoke(cli, expected: int) -> list[dict]:
    result = cli.run("signout", "--revoke", "--json")
    assert result.returncode == expected, str(result)
    document = result.json()
    assert document.get("signedOut") == 1, str(result)
    steps = document.get("revocation")
    assert isinstance(steps, list) and steps, f"one step per token\n{result}"
    for step in steps:
        assert step.get("token") in TOKENS and step.get("outcome") in OUTCOMES, step
        assert "providerId" in step and "reason" in step, step
        if step["outcome"] in ("failed", "unsupported"):
            assert isinstance(step["reason"], str) and step["reason"], step
    if expected != OK:
        assert "signed out locally" in result.stderr.lower() or "revoc" in result.stderr.lower(), str(result)
    return steps


def _assert_signed_out(cli) -> None:
    check = cli.run("whoami", "--check")
    assert check.returncode == NOT_SIGNED_IN, f"the local session must be gone\n{check}"
    token = cli.run("token")
    assert token.returncode == NOT_SIGNED_IN and token.stdout == "", str(token)


def _outcomes(steps: list[dict]) -> dict[str, str]:
    return {step["token"]: step["outcome"] for step in steps}


def _github_api_user(fake, token: str) -> int:
    response = requests.get(f"{fake.base}/api/v3/user", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    return response.status_code


# --- GitHub ----------------------------------------------------------------------------------------


def test_github_oauth_app_token_is_deleted(cli, github_fake):
    add_github(cli, github_fake)
    session = _signin(cli, GITHUB_ID)
    access = session["accessToken"]
    assert _github_api_user(github_fake, access) == 200
    steps = _signout_revoke(cli, OK)
    assert all(step["providerId"] == GITHUB_ID for step in steps), steps
    assert _outcomes(steps) == {"access_token": "revoked"}, steps
    counts = github_fake.counts()
    assert (counts["revocation_attempts"], counts["revocations"]) == (1, 1), counts
    assert _github_api_user(github_fake, access) == 401, "the revoked token still works at /api/v3/user"
    _assert_signed_out(cli)


def test_github_app_refresh_token_dies_with_the_access_token(cli, github_fake):
    github_fake.configure(app_type="github_app", expiring_tokens=True)
    add_github(cli, github_fake)
    session = _signin(cli, GITHUB_ID)
    assert session.get("refreshToken"), "a GitHub App with expiring tokens issues a refresh token"
    steps = _signout_revoke(cli, OK)
    outcomes = _outcomes(steps)
    assert "revoked" in outcomes.values() and "failed" not in outcomes.values(), steps
    assert github_fake.counts()["revocations"] >= 1
    for token in (session["accessToken"], session["refreshToken"]):
        record = github_fake.token_record(token)
        assert record is not None and record["active"] is False, f"still alive at GitHub: {record}"
    _assert_signed_out(cli)


def test_github_revocation_connection_dropped(cli, github_fake):
    add_github(cli, github_fake)
    session = _signin(cli, GITHUB_ID)
    github_fake.configure(faults={"revoke": "close"})
    steps = _signout_revoke(cli, PROVIDER_ERROR)
    assert _outcomes(steps) == {"access_token": "failed"}, steps
    assert github_fake.counts()["faults_injected"] >= 1
    assert _github_api_user(github_fake, session["accessToken"]) == 200, "the fault kept the token alive"
    _assert_signed_out(cli)


# --- Yahoo -----------------------------------------------------------------------------------------


def _yahoo_refresh(fake, refresh_token: str) -> requests.Response:
    return requests.post(f"{fake.base}/oauth2/get_token",
                         data={"grant_type": "refresh_token", "refresh_token": refresh_token},
                         auth=(fake.client_id, fake.client_secret), timeout=10)


def _yahoo_userinfo(fake, token: str) -> int:
    return requests.get(f"{fake.base}/openid/v1/userinfo", headers={"Authorization": f"Bearer {token}"},
                        timeout=10).status_code


def test_yahoo_rfc7009_at_token_revocation_endpoint(cli, yahoo_fake):
    add_yahoo(cli, yahoo_fake)
    session = _signin(cli, YAHOO_ID)
    steps = _signout_revoke(cli, OK)
    assert all(step["providerId"] == YAHOO_ID for step in steps), steps
    outcomes = _outcomes(steps)
    assert outcomes.get("refresh_token") == "revoked", steps
    assert set(outcomes.values()) <= {"revoked", "already-invalid"}, steps
    assert yahoo_fake.counts()["revocations"] >= 1
    gone = _yahoo_refresh(yahoo_fake, session["refreshToken"])
    assert gone.status_code == 400 and gone.json()["error"] == "invalid_grant", gone.text
    assert _yahoo_userinfo(yahoo_fake, session["accessToken"]) == 401
    _assert_signed_out(cli)


def test_yahoo_revocation_answered_503(cli, yahoo_fake):
    add_yahoo(cli, yahoo_fake)
    session = _signin(cli, YAHOO_ID)
    yahoo_fake.configure(faults={"revoke": 503})
    steps = _signout_revoke(cli, PROVIDER_ERROR)
    assert "failed" in _outcomes(steps).values(), steps
    assert _yahoo_userinfo(yahoo_fake, session["accessToken"]) == 200, "the 503 kept the token alive"
    _assert_signed_out(cli)


def test_yahoo_unreachable(cli, tmp_path):
    """The provider is gone by sign-out time: every step fails, the session still goes."""
    fake = start_fake("yahoo", tmp_path / "private-yahoo")
    try:
        add_yahoo(cli, fake)
        _signin(cli, YAHOO_ID)
    finally:
        fake.stop()
    steps = _signout_revoke(cli, PROVIDER_ERROR)
    assert set(_outcomes(steps).values()) == {"failed"}, steps
    _assert_signed_out(cli)


# --- django-oauth-toolkit -------------------------------------------------------------------------


@pytest.mark.dot
def test_dot_revocation_found_in_oauth_metadata(cli, dot_idp):
    assert "revocation_endpoint" not in dot_idp.discovery(), "the premise: OpenID discovery does not list it"
    metadata = requests.get(dot_idp.issuer + "/.well-known/oauth-authorization-server", timeout=10).json()
    revocation_endpoint = metadata["revocation_endpoint"]
    cli.add_provider(dot_idp)
    session = _signin(cli, PROVIDER_NAME)
    assert session.get("refreshToken")
    steps = _signout_revoke(cli, OK)
    outcomes = _outcomes(steps)
    assert outcomes.get("refresh_token") == "revoked", f"{steps} (revocation endpoint {revocation_endpoint})"
    assert set(outcomes.values()) <= {"revoked", "already-invalid"}, steps
    # The refresh token is dead at DOT: a refresh grant with it is refused.
    refused = requests.post(dot_idp.discovery()["token_endpoint"],
                            data={"grant_type": "refresh_token", "refresh_token": session["refreshToken"]},
                            auth=(dot_idp.client_id, dot_idp.client_secret), timeout=10)
    assert refused.status_code == 400 and refused.json().get("error") == "invalid_grant", refused.text
    userinfo = requests.get(dot_idp.discovery()["userinfo_endpoint"],
                            headers={"Authorization": f"Bearer {session['accessToken']}"}, timeout=10)
    assert userinfo.status_code == 401, "DOT deletes the access token with its refresh token"
    _assert_signed_out(cli)
