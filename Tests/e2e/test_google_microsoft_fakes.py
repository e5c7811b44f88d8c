"""Tests of fake_google.py and fake_microsoft.py themselves (no authctl): they must be as strict
as the providers they stand in for, or the authctl tests against them prove nothing.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from pathlib import Path
from urllib.parse import urlencode

import pytest
import requests

from fake_github import b64url
from fakes import google_fake, microsoft_fake  # noqa: F401 (fixtures)
from test_github_yahoo_fakes import browse


def _pkce() -> tuple[str, str]:
    verifier = b64url(secrets.token_bytes(32))
    return verifier, b64url(hashlib.sha256(verifier.encode()).digest())


def _code(discovery: dict, client_id: str, tmp_path: Path, scope: str, *options: str, **extra) -> tuple[str, str, str]:
    verifier, challenge = _pkce()
    redirect_uri = "http://127.0.0.1:49153/callback"
    query = {"response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri, "scope": scope,
             "state": "s", "nonce": "n", "code_challenge": challenge, "code_challenge_method": "S256", **extra}
    callback = browse(discovery["authorization_endpoint"] + "?" + urlencode(query), tmp_path, *options)
    return callback.get("code", ""), verifier, redirect_uri


# --- Google ------------------------------------------------------------------------------------


def test_google_requires_the_desktop_client_secret(google_fake, tmp_path):
    discovery = requests.get(google_fake.base + "/.well-known/openid-configuration", timeout=5).json()
    assert discovery["issuer"] == google_fake.base
    assert discovery["token_endpoint_auth_methods_supported"] == ["client_secret_post", "client_secret_basic"]
    code, verifier, redirect_uri = _code(discovery, google_fake.client_id, tmp_path, "openid email", access_type="offline")
    form = {"grant_type": "authorization_code", "code": code, "code_verifier": verifier, "redirect_uri": redirect_uri,
            "client_id": google_fake.client_id}
    missing = requests.post(discovery["token_endpoint"], data=form, timeout=5)
    assert missing.status_code == 400 and missing.json()["error"] == "invalid_request", missing.text
    wrong = requests.post(discovery["token_endpoint"], data={**form, "client_secret": "GOCSPX-wrong"}, timeout=5)
    assert wrong.status_code == 401 and wrong.json()["error"] == "invalid_client", wrong.text
    good = requests.post(discovery["token_endpoint"], data={**form, "client_secret": google_fake.client_secret}, timeout=5)
    assert good.status_code == 200, good.text
    assert good.json()["refresh_token"], "access_type=offline brings a refresh token"


def test_google_issues_no_refresh_token_online(google_fake, tmp_path):
    discovery = requests.get(google_fake.base + "/.well-known/openid-configuration", timeout=5).json()
    code, verifier, redirect_uri = _code(discovery, google_fake.client_id, tmp_path, "openid")
    answer = requests.post(discovery["token_endpoint"], auth=(google_fake.client_id, google_fake.client_secret), timeout=5,
                           data={"grant_type": "authorization_code", "code": code, "code_verifier": verifier,
                                 "redirect_uri": redirect_uri})
    assert answer.status_code == 200 and "refresh_token" not in answer.json(), answer.text


# --- Microsoft ---------------------------------------------------------------------------------


@pytest.mark.parametrize("tenant, issuer_tenant", [
    ("common", "{tenantid}"), ("organizations", "{tenantid}"),
    ("consumers", "9188040d-6c67-4c5b-b112-36a304b66dad"), ("contoso.example", "contoso"),
])
def test_microsoft_discovery_issuer_per_tenant(microsoft_fake, tenant, issuer_tenant):
    expected = microsoft_fake.info["tenants"].get(issuer_tenant, issuer_tenant)
    document = requests.get(f"{microsoft_fake.base}/{tenant}/v2.0/.well-known/openid-configuration", timeout=5).json()
    assert document["issuer"] == f"{microsoft_fake.base}/{expected}/v2.0"
    assert document["token_endpoint"] == f"{microsoft_fake.base}/{tenant}/oauth2/v2.0/token"
    assert "code_challenge_methods_supported" not in document


def test_microsoft_unknown_tenant_is_400(microsoft_fake):
    answer = requests.get(f"{microsoft_fake.base}/nosuch.example/v2.0/.well-known/openid-configuration", timeout=5)
    assert answer.status_code == 400 and "AADSTS90002" in answer.json()["error_description"]


def test_microsoft_public_client_refuses_a_secret_and_needs_offline_access(microsoft_fake, tmp_path):
    discovery = requests.get(f"{microsoft_fake.base}/common/v2.0/.well-known/openid-configuration", timeout=5).json()
    code, verifier, redirect_uri = _code(discovery, microsoft_fake.client_id, tmp_path, "openid profile email")
    form = {"grant_type": "authorization_code", "code": code, "code_verifier": verifier, "redirect_uri": redirect_uri,
            "client_id": microsoft_fake.client_id}
    with_secret = requests.post(discovery["token_endpoint"], data={**form, "client_secret": "x"}, timeout=5)
    assert with_secret.status_code == 401 and "AADSTS700025" in with_secret.json()["error_description"]
    other_tenant = requests.post(f"{microsoft_fake.base}/organizations/oauth2/v2.0/token", data=form, timeout=5)
    assert other_tenant.status_code == 400 and other_tenant.json()["error"] == "invalid_grant"
    good = requests.post(discovery["token_endpoint"], data=form, timeout=5)
    assert good.status_code == 200, good.text
    assert "refresh_token" not in good.json(), "no offline_access, no refresh token"
    payload = good.json()["id_token"].split(".")[1]
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    alice = microsoft_fake.info["users"]["alice"]
    assert claims["ver"] == "2.0" and claims["tid"] == alice["tid"] and claims["oid"] == alice["oid"]
    assert claims["iss"] == f"{microsoft_fake.base}/{alice['tid']}/v2.0" and "email_verified" not in claims
