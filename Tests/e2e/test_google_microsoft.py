"""google.com and microsoft.com: the presets sign in against loopback stand-ins of Google's and
Microsoft's documented discovery, token endpoints and ID tokens (fake_google.py,
fake_microsoft.py), pointed at with `providers add ... --issuer <fake>`.

Google: a Desktop app client (its secret required), any loopback port, `access_type=offline` for a
refresh token, `hd` checked when `--param hd` narrows the sign-in to a Workspace domain.
Microsoft: a public client (no secret), `--tenant` in the issuer, the `{tenantid}` template of
common/organizations checked against each token's `tid`, consumers pinned to the consumer tenant,
a domain tenant stored as its tenant id.
"""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlsplit

import json

from e2e_helpers import (
    CONFIGURATION_ERROR, INVALID_CREDENTIAL, OK, PROVIDER_ERROR, authorization_url, jwt_claims, jwt_part, provider_ids, user_of,
)
from fakes import (  # noqa: F401 (fixtures)
    GOOGLE_ID, MICROSOFT_ID, YAHOO_ID, add_google, add_microsoft, add_yahoo, google_fake, microsoft_fake, yahoo_fake,
)

ACCOUNT_EXISTS = 6


def _entry(user: dict, provider: str) -> dict:
    entries = [entry for entry in user.get("providerData", []) if entry.get("providerId") == provider]
    assert len(entries) == 1, f"expected one {provider} entry in providerData: {user}"
    return entries[0]


def _last_authorization_query(cli) -> dict:
    url = authorization_url("\n".join(cli.stderr_seen))
    assert url, "\n".join(cli.stderr_seen)
    return parse_qs(urlsplit(url).query)


# authctl refreshes only a token that has used 10% of its lifetime (Decision 0010): issue short
# ones, wait past that, then ask for more than they have left.
SHORT_TOKEN_SECONDS = 10
REFRESH_DUE_SECONDS = 1.5


def _refresh(cli) -> None:
    time.sleep(REFRESH_DUE_SECONDS)
    result = cli.run("token", "--min-valid", "3600")
    assert result.returncode == OK, str(result)


def _id_token(cli) -> str:
    result = cli.run("token", "--id-token")
    assert result.returncode == OK, str(result)
    return result.stdout.strip()


# --- Google ------------------------------------------------------------------------------------


def test_google_signin_desktop_client(cli, google_fake):
    added = add_google(cli, google_fake)
    assert added.returncode == OK, str(added)
    google_fake.configure(access_token_lifetime=SHORT_TOKEN_SECONDS)
    result = cli.signin(provider=GOOGLE_ID)
    assert result.returncode == OK, f"Google sign-in failed\n{result}"
    query = _last_authorization_query(cli)
    assert query["access_type"] == ["offline"], "the preset asks Google for a refresh token"
    assert query["code_challenge_method"] == ["S256"] and query["nonce"][0]
    redirect = urlsplit(query["redirect_uri"][0])
    assert redirect.hostname == "127.0.0.1" and redirect.port, query["redirect_uri"]

    alice = google_fake.info["users"]["alice"]
    user = user_of(result.json())
    assert GOOGLE_ID in provider_ids(user) and _entry(user, GOOGLE_ID)["uid"] == alice["sub"]
    assert user["email"] == "alice@example.com" and user.get("emailVerified") is True, user

    id_token = _id_token(cli)
    assert jwt_part(id_token, 0)["alg"] == "RS256"
    claims = jwt_claims(id_token)
    assert claims["iss"] == google_fake.issuer and claims["aud"] == claims["azp"] == google_fake.client_id
    assert claims["hd"] == "example.com"
    counts = google_fake.counts()
    assert counts["grant_authorization_code"] == 1, counts

    _refresh(cli)
    assert google_fake.counts()["grant_refresh_token"] == 1, "the stored refresh token (access_type=offline) works"

    verify = cli.run("verify", "--provider", GOOGLE_ID, input=id_token + "\n")
    assert verify.returncode == OK, str(verify)
    assert verify.json()["sub"] == alice["sub"]


def test_google_needs_the_desktop_client_secret(cli, google_fake):
    result = add_google(cli, google_fake, secret=False)
    assert result.returncode == CONFIGURATION_ERROR, str(result)
    assert "google.com needs the client secret" in result.stderr and "--client-secret-stdin" in result.stderr, result.stderr
    assert GOOGLE_ID not in cli.run("providers", "list").stdout, "nothing was stored"


def test_google_hosted_domain_is_checked_in_the_id_token(cli, google_fake):
    added = add_google(cli, google_fake, "--param", "hd=example.com")
    assert added.returncode == OK, str(added)
    # Google narrows its account chooser to hd but lets a consumer account through: bob's token has no hd.
    refused = cli.signin(provider=GOOGLE_ID, browser=("--user", "bob"))
    assert refused.returncode == INVALID_CREDENTIAL, str(refused)
    assert "'hd'" in refused.stderr and "hd=example.com" in refused.stderr, refused.stderr
    assert cli.snapshot() is None or "bob@example.com" not in cli.snapshot().decode(), "nothing stored for bob"
    accepted = cli.signin(provider=GOOGLE_ID)
    assert accepted.returncode == OK, str(accepted)
    assert _last_authorization_query(cli)["hd"] == ["example.com"]


# --- Microsoft ---------------------------------------------------------------------------------


def test_microsoft_common_checks_iss_against_tid(cli, microsoft_fake):
    added = add_microsoft(cli, microsoft_fake, "common", "--json")
    assert added.returncode == OK, str(added)
    stored = added.json()
    assert stored["tenant"] == "common" and stored["hasClientSecret"] is False, stored
    assert "offline_access" in stored["scopes"], stored

    microsoft_fake.configure(access_token_lifetime=SHORT_TOKEN_SECONDS)
    result = cli.signin(provider=MICROSOFT_ID)
    assert result.returncode == OK, f"Microsoft sign-in failed\n{result}"
    query = _last_authorization_query(cli)
    assert "offline_access" in query["scope"][0].split() and query["code_challenge_method"] == ["S256"]
    alice = microsoft_fake.info["users"]["alice"]
    user = user_of(result.json())
    assert _entry(user, MICROSOFT_ID)["uid"] == alice["sub"]

    id_token = _id_token(cli)
    claims = jwt_claims(id_token)
    assert claims["ver"] == "2.0" and claims["tid"] == alice["tid"] and claims["oid"] == alice["oid"]
    assert claims["iss"] == f"{microsoft_fake.base}/{alice['tid']}/v2.0", "iss names the tenant, not {tenantid}"
    verify = cli.run("verify", "--provider", MICROSOFT_ID, input=id_token + "\n")
    assert verify.returncode == OK, str(verify)
    assert verify.json()["tid"] == alice["tid"], verify.stdout

    # A personal account signs in through common too: another tid, another issuer, same rule.
    bob = microsoft_fake.info["users"]["bob"]
    personal = cli.signin(provider=MICROSOFT_ID, browser=("--user", "bob"))
    assert personal.returncode == OK, str(personal)
    assert _entry(user_of(personal.json()), MICROSOFT_ID)["uid"] == bob["sub"]

    _refresh(cli)
    assert microsoft_fake.counts()["grant_refresh_token"] == 1, "offline_access brought a refresh token"


def test_microsoft_token_whose_tid_does_not_match_its_issuer_is_refused(cli, microsoft_fake):
    assert add_microsoft(cli, microsoft_fake, "organizations").returncode == OK
    forged = microsoft_fake.info["tenants"]["consumers"]
    microsoft_fake.configure(forge_tid="0b3a5f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b")
    result = cli.signin(provider=MICROSOFT_ID)
    assert result.returncode == INVALID_CREDENTIAL, str(result)
    assert "/0b3a5f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/v2.0" in result.stderr, result.stderr
    assert cli.snapshot() is None or MICROSOFT_ID not in cli.snapshot().decode()
    microsoft_fake.configure(forge_tid=forged)  # a work account's token claiming the consumer tenant
    assert cli.signin(provider=MICROSOFT_ID).returncode == INVALID_CREDENTIAL


def test_microsoft_consumers_is_the_consumer_tenant_only(cli, microsoft_fake):
    assert add_microsoft(cli, microsoft_fake, "consumers").returncode == OK
    bob = microsoft_fake.info["users"]["bob"]
    result = cli.signin(provider=MICROSOFT_ID, browser=("--user", "bob"))
    assert result.returncode == OK, str(result)
    assert jwt_claims(_id_token(cli))["tid"] == bob["tid"] == microsoft_fake.info["tenants"]["consumers"]
    work = cli.signin(provider=MICROSOFT_ID, browser=("--user", "alice"))
    assert work.returncode == PROVIDER_ERROR, str(work)
    assert "AADSTS50020" in work.stderr, work.stderr


def test_microsoft_domain_tenant_is_stored_as_its_id(cli, microsoft_fake):
    tenants = microsoft_fake.info["tenants"]
    added = add_microsoft(cli, microsoft_fake, tenants["contoso_domain"], "--json")
    assert added.returncode == OK, str(added)
    stored = added.json()
    assert stored["tenant"] == tenants["contoso"], stored
    assert stored["issuer"] == f"{microsoft_fake.base}/{tenants['contoso']}/v2.0", stored
    result = cli.signin(provider=MICROSOFT_ID)
    assert result.returncode == OK, str(result)
    verify = cli.run("verify", "--provider", MICROSOFT_ID, input=_id_token(cli) + "\n")
    assert verify.returncode == OK, str(verify)


def test_microsoft_unknown_tenant_fails_when_added(cli, microsoft_fake):
    result = add_microsoft(cli, microsoft_fake, "nosuch.example")
    assert result.returncode == PROVIDER_ERROR, str(result)
    assert "AADSTS90002" in result.stderr or "400" in result.stderr, result.stderr


# --- the account-exists hint -------------------------------------------------------------------


def _account_exists_error(cli) -> dict:
    result = cli.signin(provider=GOOGLE_ID)
    assert result.returncode == ACCOUNT_EXISTS, str(result)
    lines = [line for line in result.stderr.splitlines() if line.startswith("{")]
    assert lines, result.stderr
    return json.loads(lines[-1])["error"]


def test_account_exists_hint_names_only_a_way_that_works_here(cli, yahoo_fake, google_fake):
    """alice has a yahoo.com account; signing in with google.com (the same verified email) is
    refused with status 6, and the hint says how to sign in with yahoo.com on this machine."""
    add_yahoo(cli, yahoo_fake)
    assert cli.signin(provider=YAHOO_ID).returncode == OK
    assert cli.run("signout").returncode == OK
    assert add_google(cli, google_fake).returncode == OK

    error = _account_exists_error(cli)
    assert error["providers"] == [YAHOO_ID] and error["next"] == "authctl signin --provider yahoo.com", error

    # yahoo.com is no longer configured here: the hint says how to add it, not just to use it.
    assert cli.run("providers", "remove", YAHOO_ID).returncode == OK
    error = _account_exists_error(cli)
    assert error["next"] == "authctl providers add yahoo.com --client-id ID", error
    assert "add yahoo.com with 'authctl providers add yahoo.com --client-id ID'" in error["message"], error
