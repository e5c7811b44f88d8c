"""`authctl token` refreshes an expiring access token, and stores the rotated refresh token.

The providers here issue tokens that live a few seconds (conftest.SHORT_LIFETIME), so every
`token` after a short wait has to refresh. django-oauth-toolkit rotates refresh tokens and
revokes the whole family when a used one comes back (REFRESH_TOKEN_REUSE_PROTECTION): if
authctl kept the first refresh token instead of the rotated one, the second refresh fails.
oidc-provider-mock lets its refresh tokens expire with the access token: refresh is refused,
which must read as "sign in again" (exit 3).
"""

from __future__ import annotations

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


@pytest.mark.mock
def test_refused_refresh_means_sign_in_again(cli, short_mock_idp):
    cli.signed_in(short_mock_idp)
    # --min-valid 0: hand out the current token without refreshing (the default, 300 s, would
    # refresh at once, since these tokens live only SHORT_LIFETIME seconds).
    assert _token(cli, "--min-valid", "0")
    time.sleep(SHORT_LIFETIME + 1.5)  # access and refresh token have both expired at the mock
    before = cli.snapshot()
    result = cli.run("token")
    assert result.returncode == NOT_SIGNED_IN, str(result)
    assert result.stdout == "", str(result)
    assert "sign in" in result.stderr.lower() or "signin" in result.stderr.lower(), str(result)
    assert before is not None
