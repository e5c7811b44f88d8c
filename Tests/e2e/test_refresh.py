"""`authctl token` refreshes an expiring access token, and stores the rotated refresh token.

The providers here issue tokens that live a few seconds (conftest.SHORT_LIFETIME), so every
`token` after a short wait has to refresh. django-oauth-toolkit rotates refresh tokens and
revokes the whole family when a used one comes back (REFRESH_TOKEN_REUSE_PROTECTION): if
authctl kept the first refresh token instead of the rotated one, the second refresh fails.
A refresh token revoked at the provider (RFC 7009) makes the refresh fail with invalid_grant,
which must read as "sign in again" (exit 3).
"""

from __future__ import annotations

import json
import time

import pytest
import requests

from conftest import SHORT_LIFETIME
from e2e_helpers import NOT_SIGNED_IN, OK, jwt_claims


def _token(cli, *options: str) -> str:
    result = cli.run("token", *options)
    assert result.returncode == OK, str(result)
    return result.stdout.strip()


def _accepted_by_userinfo(idp, token: str) -> bool:
    response = requests.get(idp.discovery()["userinfo_endpoint"],
                            headers={"Authorization": f"Bearer {token}"}, timeout=10)
    return response.status_code == 200


@pytest.mark.dot
def test_token_refreshes_and_keeps_the_rotated_refresh_token(cli, short_dot_idp):
    cli.signed_in(short_dot_idp)
    first = _token(cli)
    tokens = [first]
    for _ in range(2):  # two refreshes: the second one needs the rotated refresh token
        time.sleep(SHORT_LIFETIME + 0.5)
        tokens.append(_token(cli))
        assert tokens[-1] != tokens[-2], "an expired access token was printed instead of refreshed"
        assert _accepted_by_userinfo(short_dot_idp, tokens[-1])
    id_token = _token(cli, "--id-token")
    claims = jwt_claims(id_token)
    assert claims["sub"] == short_dot_idp.users["alice"]["sub"]
    assert claims["exp"] > time.time() - 1, "the ID token was not refreshed with the access token"
    check = cli.run("whoami", "--check")
    assert check.returncode == OK, str(check)


@pytest.mark.dot
def test_refused_refresh_means_sign_in_again(cli, short_dot_idp):
    """The refresh token is revoked at the provider; the next refresh gets invalid_grant.

    (oidc-provider-mock 0.4.8 never expires its refresh tokens, whatever --token-max-age says, so
    django-oauth-toolkit's RFC 7009 endpoint is what makes the refusal real.)
    """
    cli.signed_in(short_dot_idp)
    keystore = json.loads(cli.keystore().read_text())
    refresh_token = keystore["accounts"][0]["sessions"][0]["refreshToken"]
    metadata = requests.get(short_dot_idp.issuer + "/.well-known/oauth-authorization-server", timeout=10).json()
    revoked = requests.post(metadata["revocation_endpoint"], timeout=10,
                            data={"token": refresh_token, "token_type_hint": "refresh_token"},
                            auth=(short_dot_idp.client_id, short_dot_idp.client_secret))
    assert revoked.status_code == 200, revoked.text
    time.sleep(SHORT_LIFETIME + 1)  # the access token has expired too: token must refresh
    before = cli.snapshot()
    result = cli.run("token")
    assert result.returncode == NOT_SIGNED_IN, str(result)
    assert result.stdout == "", str(result)
    assert "sign in again" in result.stderr.lower(), str(result)
    assert before is not None
    # The session is gone, the user record stays.
    users = cli.run("users", "--json")
    assert users.returncode == OK and len(json.loads(users.stdout)) == 1, str(users)
    assert cli.run("token").returncode == NOT_SIGNED_IN
