"""Yahoo (`yahoo.com`) against the loopback Yahoo fake (`providers add yahoo.com --issuer <fake>`).

What is Yahoo-shaped: ES256 ID tokens (P-256 key in the JWKS), nonce and PKCE S256 required,
`aud` a string, no RFC 9207 `iss` in the redirect, Yahoo's endpoint paths, and a non-standard
`token_revocation_endpoint` (tested in test_revoke.py). Refresh tokens rotate; a used or expired
one is answered `invalid_grant`.
"""

from __future__ import annotations

import json
import subprocess
import time
from urllib.parse import parse_qs, urlsplit

import requests

from e2e_helpers import NOT_SIGNED_IN, OK, authorization_url, jwt_claims, jwt_part, provider_ids, user_of
from fakes import YAHOO_ID, add_yahoo, stored_sessions, yahoo_fake  # noqa: F401 (fixture)


SHORT_TOKEN_SECONDS = 10
# authctl never refreshes a token that still has 90% of the provider's lifetime: a refresh could not
# give a longer-lived one. Past this age, `token --min-valid 3600` must refresh.
REFRESH_DUE_SECONDS = 1.5

def _signin(cli, *browser: str):
    return cli.signin(provider=YAHOO_ID, browser=browser)


def _signed_in(cli, fake, *browser: str) -> dict:
    add_yahoo(cli, fake)
    result = _signin(cli, *browser)
    assert result.returncode == OK, f"Yahoo sign-in failed\n{result}"
    return result.json()


def _token(cli, *options: str) -> str:
    result = cli.run("token", *options)
    assert result.returncode == OK, str(result)
    assert len(result.stdout.splitlines()) == 1, str(result)
    return result.stdout.strip()


def _yahoo_entry(user: dict) -> dict:
    entries = [entry for entry in user.get("providerData", []) if entry.get("providerId") == YAHOO_ID]
    assert len(entries) == 1, f"expected one yahoo.com entry in providerData: {user}"
    return entries[0]


def _userinfo(fake, token: str) -> requests.Response:
    return requests.get(f"{fake.base}/openid/v1/userinfo", headers={"Authorization": f"Bearer {token}"}, timeout=10)


def test_yahoo_signin_es256_nonce_pkce(cli, yahoo_fake):
    document = _signed_in(cli, yahoo_fake)
    url = authorization_url("\n".join(cli.stderr_seen))
    assert url and url.startswith(yahoo_fake.base + "/oauth2/request_auth?"), "\n".join(cli.stderr_seen)
    query = parse_qs(urlsplit(url).query)
    assert query["code_challenge_method"] == ["S256"] and len(query["code_challenge"][0]) == 43
    assert query["nonce"][0] and query["state"][0]
    assert set(query["scope"][0].split()) == {"openid", "profile", "email"}, query["scope"]

    user = user_of(document)
    alice = yahoo_fake.info["users"]["alice"]
    assert YAHOO_ID in provider_ids(user)
    assert _yahoo_entry(user)["uid"] == alice["sub"]
    assert user["email"] == "alice@example.com" and user.get("emailVerified") is True, user

    id_token = _token(cli, "--id-token")
    assert jwt_part(id_token, 0)["alg"] == "ES256"
    claims = jwt_claims(id_token)
    assert claims["iss"] == yahoo_fake.issuer and claims["aud"] == yahoo_fake.client_id
    assert claims["nonce"] == query["nonce"][0], "the ID token answers this sign-in's nonce"

    verify = cli.run("verify", "--provider", YAHOO_ID, input=id_token + "\n")
    assert verify.returncode == OK, str(verify)
    verified = verify.json()
    assert verified["sub"] == alice["sub"] and verified["iss"] == yahoo_fake.issuer, verified

    access = _token(cli)
    assert _userinfo(yahoo_fake, access).status_code == 200
    counts = yahoo_fake.counts()
    assert (counts["grant_authorization_code"], counts["grant_refresh_token"]) == (1, 0), counts


def test_yahoo_token_pipes_into_verify(cli, yahoo_fake):
    """The documented pipeline, `authctl token --id-token | authctl verify --provider yahoo.com`."""
    _signed_in(cli, yahoo_fake)
    base = [str(cli.binary), "--home", str(cli.home)]
    producer = subprocess.Popen(base + ["token", "--id-token"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=cli.env, cwd=cli.tmp)
    try:
        consumer = subprocess.run(base + ["verify", "--provider", YAHOO_ID], stdin=producer.stdout,
                                  capture_output=True, env=cli.env, cwd=cli.tmp, timeout=30)
    finally:
        producer.stdout.close()
        producer_status = producer.wait(timeout=30)
        producer_stderr = producer.stderr.read().decode(errors="replace")
        producer.stderr.close()
    assert producer_status == OK, producer_stderr
    assert consumer.returncode == OK, consumer.stderr.decode(errors="replace")
    claims = json.loads(consumer.stdout)
    assert claims["aud"] == yahoo_fake.client_id and claims["email"] == "alice@example.com"


def test_yahoo_signin_bob_email_not_verified(cli, yahoo_fake):
    user = user_of(_signed_in(cli, yahoo_fake, "--user", "bob"))
    assert _yahoo_entry(user)["uid"] == yahoo_fake.info["users"]["bob"]["sub"]
    assert user.get("email") is None or user.get("emailVerified") is False, user


def test_yahoo_refresh_rotates(cli, yahoo_fake):
    yahoo_fake.configure(access_token_lifetime=SHORT_TOKEN_SECONDS)
    _signed_in(cli, yahoo_fake)
    first = _token(cli)
    time.sleep(REFRESH_DUE_SECONDS)
    second = _token(cli, "--min-valid", "3600")
    assert yahoo_fake.counts()["grant_refresh_token"] == 1
    assert second != first and _userinfo(yahoo_fake, second).status_code == 200
    time.sleep(REFRESH_DUE_SECONDS)
    third = _token(cli, "--min-valid", "3600")  # needs the rotated refresh token
    assert yahoo_fake.counts()["grant_refresh_token"] == 2
    assert third not in (first, second)
    assert "invalid_grant" not in yahoo_fake.errors(), yahoo_fake.errors()
    # The refreshed ID token (no nonce, same sub) still verifies.
    id_token = _token(cli, "--id-token")
    assert "nonce" not in jwt_claims(id_token) and jwt_claims(id_token)["exp"] > time.time()
    verify = cli.run("verify", "--provider", YAHOO_ID, input=id_token + "\n")
    assert verify.returncode == OK, str(verify)


def test_yahoo_invalid_grant_means_sign_in_again(cli, yahoo_fake):
    yahoo_fake.configure(access_token_lifetime=SHORT_TOKEN_SECONDS)
    user = user_of(_signed_in(cli, yahoo_fake))
    [session] = [s for s in stored_sessions(cli) if s.get("providerID") == YAHOO_ID]
    assert session.get("refreshToken"), "Yahoo issues a refresh token"
    yahoo_fake.control("expire", {"token": session["refreshToken"]})

    time.sleep(REFRESH_DUE_SECONDS)
    result = cli.run("token", "--min-valid", "3600")
    assert result.returncode == NOT_SIGNED_IN, str(result)
    assert result.stdout == "", str(result)
    assert "sign in again" in result.stderr.lower(), str(result)
    assert yahoo_fake.errors().get("invalid_grant") == 1, yahoo_fake.errors()
    users = cli.run("users", "--json")
    assert users.returncode == OK, str(users)
    assert user["uid"] in [entry.get("uid") for entry in users.json()], f"the user record is kept\n{users}"



def test_yahoo_signing_key_rotation(cli, yahoo_fake):
    """Yahoo rotates its signing key (the old one withdrawn) after authctl cached the JWKS: the next
    sign-in's ID token carries an unknown kid, which must trigger a JWKS refetch, not a refusal."""
    _signed_in(cli, yahoo_fake)
    assert cli.run("signout").returncode == OK
    time.sleep(1.5)  # authctl does not refetch a set it fetched within the last second (same validation)
    kids = yahoo_fake.control("rotate-keys", {"drop_old": True})["kids"]
    again = _signin(cli)
    assert again.returncode == OK, f"an unknown kid must trigger a JWKS refetch\n{again}"
    assert jwt_part(_token(cli, "--id-token"), 0)["kid"] == kids[-1]
    verify = cli.run("verify", "--provider", YAHOO_ID, input=_token(cli, "--id-token") + "\n")
    assert verify.returncode == OK, str(verify)
