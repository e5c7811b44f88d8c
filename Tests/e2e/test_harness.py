"""The harness on its own, without authctl: providers, scripted browser, provider strictness.

A tiny Python relying party (pkce_client.py) drives each provider through browser.py, so a
failure here means the harness (not authctl) is broken, and the provider properties that the
authctl tests rely on (strict PKCE, `iss`, rotation, loopback ports) are what we claim.
"""

from __future__ import annotations

import json
import time
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
import requests

import pkce_client

pytestmark = pytest.mark.harness


def test_code_flow_issues_a_valid_id_token(idp, tmp_path):
    log = tmp_path / "browser.log"
    flow = pkce_client.authorize(idp.issuer, idp.client_id, browser_args=["--log", str(log)])
    assert flow.callback and "code" in flow.callback, log.read_text()
    assert flow.callback["state"] == flow.state
    tokens = flow.exchange(idp.client_secret)
    claims = flow.validate_id_token(tokens["id_token"])
    assert claims["sub"] == idp.users["alice"]["sub"]
    assert claims["email"] == "alice@example.com"
    assert claims.get("email_verified") is True
    assert "refresh_token" in tokens
    # Like Chromium, the browser asked for /favicon.ico after the callback.
    assert flow.requests_seen[0].startswith("/callback?") and "/favicon.ico" in flow.requests_seen
    userinfo = requests.get(flow.discovery["userinfo_endpoint"],
                            headers={"Authorization": f"Bearer {tokens['access_token']}"}, timeout=10)
    assert userinfo.status_code == 200 and userinfo.json()["sub"] == claims["sub"]


def test_discovery_issuer_is_exactly_the_configured_issuer(idp):
    document = idp.discovery()
    assert document["issuer"] == idp.issuer
    assert document["authorization_endpoint"].startswith(idp.issuer)
    assert not idp.issuer.endswith("/")


def test_browser_denies_consent(idp, tmp_path):
    flow = pkce_client.authorize(idp.issuer, idp.client_id,
                                 browser_args=["--deny", "--log", str(tmp_path / "b.log")])
    assert flow.callback["error"] == "access_denied"
    assert flow.callback["state"] == flow.state
    if idp.kind == "dot":  # our one view fix: RFC 9207 `iss` on error responses too
        assert flow.callback["iss"] == idp.issuer


def test_browser_tampers_with_state_and_iss(idp, tmp_path):
    flow = pkce_client.authorize(idp.issuer, idp.client_id,
                                 browser_args=["--tamper-state", "--wrong-iss", "--log", str(tmp_path / "b.log")])
    assert flow.callback["state"] != flow.state and flow.callback["state"].startswith("tampered-")
    assert flow.callback["iss"] != idp.issuer


@pytest.mark.dot
def test_dot_sends_iss_and_browser_can_drop_it(dot_idp, tmp_path):
    flow = pkce_client.authorize(dot_idp.issuer, dot_idp.client_id, browser_args=["--log", str(tmp_path / "a.log")])
    assert flow.callback["iss"] == dot_idp.issuer
    assert dot_idp.discovery()["authorization_response_iss_parameter_supported"] is True
    flow = pkce_client.authorize(dot_idp.issuer, dot_idp.client_id,
                                 browser_args=["--drop-iss", "--log", str(tmp_path / "b.log")])
    assert "iss" not in flow.callback and "code" in flow.callback


def test_browser_strays_do_not_break_a_sane_listener(idp, tmp_path):
    log = tmp_path / "b.log"
    flow = pkce_client.authorize(idp.issuer, idp.client_id,
                                 browser_args=["--stray", "--preconnect", "--log", str(log)])
    text = log.read_text()
    assert "stray favicon" in text and "stray 17 KiB header" in text and "malformed" in text, str(text)
    assert "code" in flow.callback
    flow.validate_id_token(flow.exchange(idp.client_secret)["id_token"])


def test_browser_idle_does_nothing(idp, tmp_path):
    log = tmp_path / "b.log"
    flow = pkce_client.authorize(idp.issuer, idp.client_id, browser_args=["--idle", "--log", str(log)])
    assert flow.callback is None and flow.requests_seen == []
    assert "done status=0" in log.read_text()


def test_browser_signs_in_bob(idp, tmp_path):
    flow = pkce_client.authorize(idp.issuer, idp.client_id,
                                 browser_args=["--user", "bob", "--log", str(tmp_path / "b.log")])
    claims = flow.validate_id_token(flow.exchange(idp.client_secret)["id_token"])
    assert claims["sub"] == idp.users["bob"]["sub"] and claims["email"] == "bob@example.com"


@pytest.mark.dot
def test_dot_wrong_password_never_reaches_the_client(dot_idp, tmp_path):
    log = tmp_path / "b.log"
    flow = pkce_client.authorize(dot_idp.issuer, dot_idp.client_id,
                                 browser_args=["--password", "wrong", "--log", str(log)])
    assert flow.callback is None
    assert "done status=1" in log.read_text()


# --- django-oauth-toolkit is strict -----------------------------------------------------------


def _front_channel_error(dot_idp, tmp_path, **extra):
    flow = pkce_client.authorize(dot_idp.issuer, dot_idp.client_id, pkce=False, extra=extra,
                                 browser_args=["--log", str(tmp_path / "b.log")])
    return flow


@pytest.mark.dot
def test_dot_requires_pkce(dot_idp, tmp_path):
    flow = _front_channel_error(dot_idp, tmp_path)
    assert flow.callback and flow.callback.get("error") == "invalid_request", str(flow.callback)


@pytest.mark.dot
def test_dot_refuses_plain_pkce(dot_idp, tmp_path):
    flow = _front_channel_error(dot_idp, tmp_path, code_challenge="x" * 43, code_challenge_method="plain")
    assert flow.callback and flow.callback.get("error") == "invalid_request", str(flow.callback)


@pytest.mark.dot
def test_dot_public_client_with_pkce(dot_idp, tmp_path):
    flow = pkce_client.authorize(dot_idp.issuer, dot_idp.public_client_id,
                                 browser_args=["--log", str(tmp_path / "b.log")])
    flow.validate_id_token(flow.exchange(None)["id_token"])


@pytest.mark.dot
def test_dot_rotates_refresh_tokens_and_detects_reuse(dot_idp, tmp_path):
    flow = pkce_client.authorize(dot_idp.issuer, dot_idp.client_id, browser_args=["--log", str(tmp_path / "b.log")])
    first = flow.exchange(dot_idp.client_secret)["refresh_token"]
    token_endpoint = flow.discovery["token_endpoint"]
    auth = (dot_idp.client_id, dot_idp.client_secret)

    def refresh(token):
        return requests.post(token_endpoint, data={"grant_type": "refresh_token", "refresh_token": token},
                             auth=auth, timeout=10)

    second = refresh(first)
    assert second.status_code == 200, str(second.text)
    rotated = second.json()["refresh_token"]
    assert rotated != first
    replay = refresh(first)
    assert replay.status_code == 400 and replay.json()["error"] == "invalid_grant"
    # Reuse detection revoked the whole family, the rotated token included.
    assert refresh(rotated).status_code == 400


@pytest.mark.dot
def test_dot_lists_revocation_only_in_oauth_metadata(dot_idp):
    assert "revocation_endpoint" not in dot_idp.discovery()
    metadata = requests.get(dot_idp.issuer + "/.well-known/oauth-authorization-server", timeout=5).json()
    assert metadata["issuer"] == dot_idp.issuer
    assert metadata["revocation_endpoint"] == dot_idp.issuer + "/revoke_token/"
    origin = dot_idp.issuer.rsplit("/o", 1)[0]
    root_form = requests.get(origin + "/.well-known/oauth-authorization-server/o", timeout=5).json()
    assert root_form["issuer"] == dot_idp.issuer


@pytest.mark.dot
def test_dot_rejects_an_unregistered_redirect_path(dot_idp):
    query = urlencode({"response_type": "code", "client_id": dot_idp.client_id, "scope": "openid",
                       "redirect_uri": "http://127.0.0.1:5555/elsewhere", "state": "s",
                       "code_challenge": "x" * 43, "code_challenge_method": "S256"})
    response = requests.get(dot_idp.discovery()["authorization_endpoint"] + "?" + query,
                            allow_redirects=False, timeout=5)
    location = response.headers.get("Location", "")
    assert "127.0.0.1:5555" not in location  # never redirects to an unregistered URI


# --- oidc-provider-mock is lax ----------------------------------------------------------------


@pytest.mark.mock
def test_mock_ignores_pkce_and_uses_an_audience_array(mock_idp, tmp_path):
    flow = pkce_client.authorize(mock_idp.issuer, mock_idp.client_id, pkce=False,
                                 browser_args=["--log", str(tmp_path / "b.log")])
    tokens = flow.exchange(mock_idp.client_secret)
    claims = flow.validate_id_token(tokens["id_token"])
    assert claims["aud"] == [mock_idp.client_id]
    assert "iss" not in flow.callback


@pytest.mark.mock
def test_expired_mock_issues_expired_tokens(expired_mock_idp, tmp_path):
    flow = pkce_client.authorize(expired_mock_idp.issuer, expired_mock_idp.client_id,
                                 browser_args=["--log", str(tmp_path / "b.log")])
    tokens = flow.exchange(expired_mock_idp.client_secret)
    payload = tokens["id_token"].split(".")[1]
    import base64
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    assert claims["exp"] < time.time() - 3000


@pytest.mark.dot
def test_dot_prompt_none_answers_login_required(dot_idp):
    """Stock DOT answers 500 here; our validator makes it the standard error redirect."""
    query = urlencode({"response_type": "code", "client_id": dot_idp.client_id, "scope": "openid",
                       "redirect_uri": "http://127.0.0.1:5555/callback", "state": "s", "prompt": "none",
                       "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
                       "code_challenge_method": "S256"})
    response = requests.get(dot_idp.discovery()["authorization_endpoint"] + "?" + query,
                            allow_redirects=False, timeout=5)
    assert response.status_code == 302, response.text[:500]
    params = dict(parse_qsl(urlsplit(response.headers["Location"]).query))
    assert params == {"error": "login_required", "state": "s", "iss": dot_idp.issuer}
