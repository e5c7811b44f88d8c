"""Tests of fake_github.py and fake_yahoo.py themselves (no authctl): they must speak the
documented GitHub / Yahoo shapes, or authctl's tests against them would prove nothing.

Each server runs as a subprocess (port 0, one JSON line on stdout, SIGTERM to stop). The front
channel goes through the harness's own scripted browser (browser.py --no-deliver), which also
proves that browser.py can drive the fakes' login and consent pages.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
import requests

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from e2e_constants import USERS  # noqa: E402
from fake_github import b64url  # noqa: E402

pytestmark = pytest.mark.harness
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
JSON = {"Accept": "application/json"}


class Fake:
    def __init__(self, script: str, tmp: Path, *args: str, timeout: float = 20):
        self.log_path = tmp / (Path(script).stem + ".log")
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / script), "--idle-timeout", "300", *args],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log, cwd=str(HERE),
            env=dict(os.environ, PYTHONUNBUFFERED="1"), start_new_session=True)
        log.close()
        try:
            self.info = self._ready_line(timeout)
        except BaseException:
            self.stop()
            raise
        self.base = self.info.get("base_url") or self.info["issuer"]

    def _ready_line(self, timeout: float) -> dict:
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        deadline, buffer = time.monotonic() + timeout, b""
        while b"\n" not in buffer and time.monotonic() < deadline:
            if selector.select(timeout=0.2):
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    break
                buffer += chunk
            elif self.process.poll() is not None:
                break
        selector.close()
        assert b"\n" in buffer, f"{self.log_path.name}: no ready line:\n{self.log_path.read_text()[-2000:]}"
        return json.loads(buffer.split(b"\n", 1)[0])

    def control(self, name: str, body: dict | None = None):
        url = f"{self.base}/_control/{name}"
        response = requests.post(url, json=body, timeout=5) if body is not None else requests.get(url, timeout=5)
        assert response.status_code == 200, response.text
        return response.json()

    def configure(self, **settings):
        return self.control("config", settings)

    def counts(self) -> dict:
        return self.control("stats")["counts"]

    def stop(self) -> int | None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.process.stdout.close()
        return self.process.returncode


@pytest.fixture(scope="module")
def github(tmp_path_factory):
    fake = Fake("fake_github.py", tmp_path_factory.mktemp("fake-github"), "--device-interval", "1")
    yield fake
    assert fake.stop() == 0


@pytest.fixture(scope="module")
def yahoo(tmp_path_factory):
    fake = Fake("fake_yahoo.py", tmp_path_factory.mktemp("fake-yahoo"))
    yield fake
    assert fake.stop() == 0


@pytest.fixture(autouse=True)
def _reset(request):
    for name in ("github", "yahoo"):
        if name in request.fixturenames:
            request.getfixturevalue(name).control("reset", {})


def pkce() -> tuple[str, str]:
    verifier = b64url(secrets.token_bytes(32))
    return verifier, b64url(hashlib.sha256(verifier.encode()).digest())


def browse(auth_url: str, tmp_path: Path, *options: str) -> dict:
    """browser.py signs in and stops at the redirect; the callback's query parameters."""
    saved, log = tmp_path / "callback.txt", tmp_path / "browser.log"
    subprocess.run([sys.executable, str(HERE / "browser.py"), "--log", str(log), "--no-deliver",
                    "--save-callback", str(saved), *options, auth_url],
                   stdin=subprocess.DEVNULL, capture_output=True, timeout=30, check=False)
    assert saved.exists(), log.read_text() if log.exists() else "no browser log"
    callback = urlsplit(saved.read_text().strip())
    assert (callback.hostname, callback.path) == ("127.0.0.1", "/callback"), callback
    return dict(parse_qsl(callback.query))


# --- GitHub ----------------------------------------------------------------------------------


def github_authorize(github: Fake, tmp_path: Path, scope="read:user user:email", *options):
    verifier, challenge = pkce()
    state = secrets.token_urlsafe(12)
    redirect_uri = "http://127.0.0.1:49152/callback"
    query = {"client_id": github.info["client_id"], "redirect_uri": redirect_uri, "scope": scope, "state": state,
             "code_challenge": challenge, "code_challenge_method": "S256", "allow_signup": "false"}
    callback = browse(github.info["authorize_url"] + "?" + urlencode(query), tmp_path, *options)
    assert callback["state"] == state
    return callback, verifier, redirect_uri


def github_exchange(github: Fake, code: str, verifier: str, redirect_uri: str, headers=JSON, **overrides):
    data = {"client_id": github.info["client_id"], "client_secret": github.info["client_secret"], "code": code,
            "redirect_uri": redirect_uri, "code_verifier": verifier, **overrides}
    response = requests.post(github.info["token_url"], data=data, headers=headers, timeout=5)
    assert response.status_code == 200, response.text  # GitHub answers errors with 200 too
    return response


def api(github: Fake, path: str, token: str, scheme: str = "Bearer"):
    return requests.get(github.info["api_url"] + path, headers={"Authorization": f"{scheme} {token}"}, timeout=5)


def test_github_code_pkce_exchange_and_rest(github, tmp_path):
    callback, verifier, redirect_uri = github_authorize(github, tmp_path)
    assert set(callback) == {"code", "state"}, "GitHub sends no iss"
    answer = github_exchange(github, callback["code"], verifier, redirect_uri).json()
    assert answer["token_type"] == "bearer" and answer["access_token"].startswith("gho_")
    assert answer["scope"] == "read:user,user:email"
    assert "refresh_token" not in answer and "expires_in" not in answer
    token = answer["access_token"]
    for scheme in ("Bearer", "token"):
        user = api(github, "/user", token, scheme)
        assert user.status_code == 200
        assert user.headers["X-OAuth-Scopes"] == "read:user, user:email"
        body = user.json()
        assert (body["id"], body["login"], body["email"], body["name"]) == (1001, "alice", "alice@example.com",
                                                                         "Alice Liddell")
        assert body["avatar_url"].startswith(github.base)
    emails = api(github, "/user/emails", token).json()
    assert {"email": "alice@example.com", "primary": True, "verified": True, "visibility": "public"} in emails
    assert len(emails) == 3
    bad = api(github, "/user", "gho_" + "x" * 36)
    assert bad.status_code == 401 and bad.json()["message"] == "Bad credentials"
    assert requests.get(github.base + "/user", headers={"Authorization": f"Bearer {token}"}, timeout=5).status_code == 404
    counts = github.counts()
    assert counts["grant_authorization_code"] == 1 and counts["logins"] == 1 and counts["consents_approved"] == 1


def test_github_errors_are_http_200(github, tmp_path):
    callback, verifier, redirect_uri = github_authorize(github, tmp_path)
    code = callback["code"]

    def error_of(response):
        body = response.json()
        assert set(body) == {"error", "error_description", "error_uri"}, body
        return body["error"]

    assert error_of(github_exchange(github, code, verifier, redirect_uri, client_secret="wrong")) == \
        "incorrect_client_credentials"
    # The failed attempt above did not consume the code (credentials are checked first).
    assert error_of(github_exchange(github, code, verifier, "http://127.0.0.1:1/callback")) == "redirect_uri_mismatch"
    assert error_of(github_exchange(github, code, verifier, redirect_uri)) == "bad_verification_code"  # used

    callback, verifier, redirect_uri = github_authorize(github, tmp_path)
    assert error_of(github_exchange(github, callback["code"], "w" * 43, redirect_uri)) == "bad_verification_code"
    # Without Accept: application/json GitHub answers form-encoded.
    form = github_exchange(github, "nope", verifier, redirect_uri, headers={})
    assert form.headers["Content-Type"].startswith("application/x-www-form-urlencoded")
    assert dict(parse_qsl(form.text))["error"] == "bad_verification_code"
    # HTTP Basic is not how GitHub takes client credentials.
    basic = requests.post(github.info["token_url"], data={"code": "x"}, headers=JSON, timeout=5,
                          auth=(github.info["client_id"], github.info["client_secret"]))
    assert basic.json()["error"] == "incorrect_client_credentials"
    assert github.control("stats")["errors"]["bad_verification_code"] == 3


def test_github_authorize_refusals(github, tmp_path):
    callback, _, _ = github_authorize(github, tmp_path, "read:user", "--deny")
    assert callback["error"] == "access_denied" and "denied" in callback["error_description"]
    assert "code" not in callback
    query = {"client_id": github.info["client_id"], "redirect_uri": "http://evil.example/callback", "state": "s1"}
    response = requests.get(github.info["authorize_url"], params=query, allow_redirects=False, timeout=5)
    location = urlsplit(response.headers["Location"])
    assert (location.hostname, location.port, location.path) == ("127.0.0.1", None, "/callback")
    assert dict(parse_qsl(location.query))["error"] == "redirect_uri_mismatch"
    unknown = requests.get(github.info["authorize_url"], params={"client_id": "nobody"}, timeout=5)
    assert unknown.status_code == 404


def test_github_app_expiring_tokens_rotate(github, tmp_path):
    github.configure(app_type="github_app")
    callback, verifier, redirect_uri = github_authorize(github, tmp_path)
    first = github_exchange(github, callback["code"], verifier, redirect_uri).json()
    assert first["access_token"].startswith("ghu_") and first["refresh_token"].startswith("ghr_")
    assert (first["expires_in"], first["refresh_token_expires_in"], first["scope"]) == (28800, 15897600, "")

    def refresh(token, secret=github.info["client_secret"]):
        data = {"client_id": github.info["client_id"], "client_secret": secret, "grant_type": "refresh_token",
                "refresh_token": token}
        return requests.post(github.info["token_url"], data=data, headers=JSON, timeout=5).json()

    assert refresh(first["refresh_token"], "wrong")["error"] == "incorrect_client_credentials"
    second = refresh(first["refresh_token"])
    assert second["access_token"] != first["access_token"] and second["refresh_token"] != first["refresh_token"]
    assert refresh(first["refresh_token"])["error"] == "bad_refresh_token"
    assert api(github, "/user", first["access_token"]).status_code == 401, "the old access token dies on refresh"
    assert api(github, "/user", second["access_token"]).status_code == 200
    github.control("expire", {"token": second["access_token"]})
    assert api(github, "/user", second["access_token"]).json()["message"] == "Bad credentials"
    assert github.counts()["grant_refresh_token"] == 1


def device_start(github: Fake, scope="read:user", headers=JSON):
    response = requests.post(github.info["device_code_url"], data={"client_id": github.info["client_id"],
                                                                     "scope": scope}, headers=headers, timeout=5)
    assert response.status_code == 200
    return response


def device_poll(github: Fake, device_code: str) -> dict:
    data = {"client_id": github.info["client_id"], "device_code": device_code, "grant_type": DEVICE_GRANT}
    response = requests.post(github.info["token_url"], data=data, headers=JSON, timeout=5)
    assert response.status_code == 200
    return response.json()


def test_github_device_flow_scripted(github):
    github.configure(device_script=["pending", "slow_down", "pending", "approve:bob"])
    start = device_start(github).json()
    assert set(start) == {"device_code", "user_code", "verification_uri", "expires_in", "interval"}
    assert start["verification_uri"] == github.base + "/login/device" and start["interval"] == 1
    assert len(start["user_code"]) == 9 and start["user_code"][4] == "-"
    answers = [device_poll(github, start["device_code"]) for _ in range(4)]
    assert [a.get("error") for a in answers] == ["authorization_pending", "slow_down", "authorization_pending", None]
    assert answers[1]["interval"] == 6
    assert api(github, "/user", answers[3]["access_token"]).json()["login"] == "bob"
    assert device_poll(github, start["device_code"])["error"] == "incorrect_device_code"  # consumed
    counts = github.counts()
    assert (counts["device_polls"], counts["grant_device_code"]) == (5, 1)

    github.configure(device_script=["deny"])
    assert device_poll(github, device_start(github).json()["device_code"])["error"] == "access_denied"
    github.configure(device_script=["expire"])
    assert device_poll(github, device_start(github).json()["device_code"])["error"] == "expired_token"


def test_github_device_flow_by_hand(github):
    form = dict(parse_qsl(device_start(github, headers={}).text))  # form-encoded without Accept
    start = device_start(github).json()
    assert form["device_code"] != start["device_code"]
    assert device_poll(github, start["device_code"])["error"] == "authorization_pending"
    # A person at /login/device: sign in, type the code, authorize.
    with requests.Session() as browser:
        page = browser.get(start["verification_uri"], timeout=5)
        assert 'type="password"' in page.text
        browser.post(github.base + "/session", data={"return_to": "/login/device", "username": "alice",
                                                     "password": USERS["alice"]["password"]}, timeout=5)
        done = browser.post(start["verification_uri"], data={"user_code": start["user_code"].lower(),
                                                             "allow": "Authorize"}, timeout=5)
        assert "all set" in done.text
    token = device_poll(github, start["device_code"])["access_token"]
    assert api(github, "/user", token).json()["login"] == "alice"
    # The control API approves or denies in the test's place.
    other = device_start(github).json()
    assert github.control("device/deny", {"user_code": other["user_code"]}) == {"denied": True}
    assert device_poll(github, other["device_code"])["error"] == "access_denied"
    # Polling faster than the interval earns a slow_down when enforced; device codes expire.
    github.configure(enforce_device_interval=True, slow_down_increment=5, device_expires_in=1)
    fast = device_start(github).json()
    assert device_poll(github, fast["device_code"])["error"] == "authorization_pending"
    slow = device_poll(github, fast["device_code"])
    assert (slow["error"], slow["interval"]) == ("slow_down", 6)
    assert slow["error_uri"].startswith("https://docs.github.com/")
    time.sleep(1.1)
    github.configure(enforce_device_interval=False)
    assert device_poll(github, fast["device_code"])["error"] == "expired_token"


def test_github_emails_need_scope_and_bob_is_unverified(github, tmp_path):
    callback, verifier, redirect_uri = github_authorize(github, tmp_path, "read:user")
    token = github_exchange(github, callback["code"], verifier, redirect_uri).json()["access_token"]
    denied = api(github, "/user/emails", token)
    assert denied.status_code == 404 and denied.headers["X-Accepted-OAuth-Scopes"] == "user, user:email"
    callback, verifier, redirect_uri = github_authorize(github, tmp_path, "user:email", "--user", "bob")
    token = github_exchange(github, callback["code"], verifier, redirect_uri).json()["access_token"]
    assert api(github, "/user", token).json()["email"] is None
    primary = [e for e in api(github, "/user/emails", token).json() if e["primary"]]
    assert primary == [{"email": "bob@example.com", "primary": True, "verified": False, "visibility": "private"}]


def test_github_revocation(github, tmp_path):
    callback, verifier, redirect_uri = github_authorize(github, tmp_path)
    token = github_exchange(github, callback["code"], verifier, redirect_uri).json()["access_token"]
    url = f"{github.info['api_url']}/applications/{github.info['client_id']}/token"
    app = (github.info["client_id"], github.info["client_secret"])

    def revoke(auth=app, body=None):
        return requests.delete(url, json=body if body is not None else {"access_token": token}, auth=auth, timeout=5)

    assert revoke(auth=(github.info["client_id"], "wrong")).status_code == 401
    assert revoke(body={}).status_code == 422
    github.configure(faults={"revoke": 500})
    assert revoke().status_code == 500
    assert api(github, "/user", token).status_code == 200, "a failed revocation revokes nothing"
    github.configure(faults={"revoke": None})
    assert revoke().status_code == 204
    assert api(github, "/user", token).status_code == 401
    assert revoke().status_code == 404
    counts = github.counts()
    assert (counts["revocations"], counts["revocation_attempts"], counts["faults_injected"]) == (1, 4, 1)


def test_github_token_endpoint_faults(github):
    github.configure(faults={"token": {"mode": "close", "times": 1}})
    with pytest.raises(requests.ConnectionError):
        requests.post(github.info["token_url"], data={"code": "x"}, headers=JSON, timeout=5)
    after = requests.post(github.info["token_url"], data={"code": "x"}, headers=JSON, timeout=5)
    assert after.json()["error"] == "incorrect_client_credentials", "the fault was for one request only"
    github.configure(faults={"token": "hang"}, hang_seconds=3)
    with pytest.raises(requests.exceptions.ReadTimeout):
        requests.post(github.info["token_url"], data={"code": "x"}, headers=JSON, timeout=1)
    github.configure(faults={"token": None})
    logged = github.control("requests")
    assert [entry["path"] for entry in logged[-2:]] == ["/_control/config", "/_control/requests"]
    assert {"path": "/login/oauth/access_token", "form_keys": ["code"], "accept": "application/json"}.items() <= \
        logged[1].items()


# --- Yahoo -----------------------------------------------------------------------------------


def yahoo_authorize(yahoo: Fake, tmp_path: Path, *options, **overrides):
    discovery = requests.get(yahoo.info["discovery_url"], timeout=5).json()
    verifier, challenge = pkce()
    query = {"response_type": "code", "client_id": yahoo.info["client_id"],
             "redirect_uri": "http://127.0.0.1:49153/callback", "scope": "openid email profile",
             "state": secrets.token_urlsafe(12), "nonce": secrets.token_urlsafe(12),
             "code_challenge": challenge, "code_challenge_method": "S256", **overrides}
    query = {k: v for k, v in query.items() if v is not None}
    callback = browse(discovery["authorization_endpoint"] + "?" + urlencode(query), tmp_path, *options)
    assert callback["state"] == query["state"] and "iss" not in callback
    return discovery, query, verifier, callback


def yahoo_token(yahoo: Fake, discovery: dict, data: dict, auth="basic") -> requests.Response:
    credentials = (yahoo.info["client_id"], yahoo.info["client_secret"])
    if auth == "post":
        data = {**data, "client_id": credentials[0], "client_secret": credentials[1]}
    auth = {"basic": credentials, "post": None}.get(auth, auth) if isinstance(auth, str) else auth
    return requests.post(discovery["token_endpoint"], data=data, auth=auth, timeout=5)


def test_yahoo_discovery_shape(yahoo):
    document = requests.get(yahoo.info["discovery_url"], timeout=5).json()
    assert document["issuer"] == yahoo.base
    assert document["token_revocation_endpoint"] == yahoo.base + "/oauth2/revoke"
    assert "revocation_endpoint" not in document
    assert document["code_challenge_methods_supported"] == ["S256"]
    assert document["id_token_signing_alg_values_supported"] == ["ES256"]
    assert document["authorization_endpoint"].endswith("/oauth2/request_auth")
    assert requests.get(yahoo.base + "/.well-known/oauth-authorization-server", timeout=5).status_code == 404
    [key] = requests.get(document["jwks_uri"], timeout=5).json()["keys"]
    assert (key["kty"], key["crv"], key["alg"], key["use"]) == ("EC", "P-256", "ES256", "sig")
    assert "d" not in key


def test_yahoo_code_pkce_exchange_and_es256_id_token(yahoo, tmp_path):
    from joserfc import jwt
    from joserfc.jwk import KeySet

    discovery, query, verifier, callback = yahoo_authorize(yahoo, tmp_path)
    tokens = yahoo_token(yahoo, discovery, {"grant_type": "authorization_code", "code": callback["code"],
                                            "redirect_uri": query["redirect_uri"], "code_verifier": verifier})
    assert tokens.status_code == 200, tokens.text
    body = tokens.json()
    assert body["token_type"] == "bearer" and body["expires_in"] == 3600
    assert {"access_token", "refresh_token", "id_token", "xoauth_yahoo_guid"} <= set(body)
    keys = KeySet.import_key_set(requests.get(discovery["jwks_uri"], timeout=5).json())
    token = jwt.decode(body["id_token"], keys, algorithms=["ES256"])
    assert token.header["alg"] == "ES256" and token.header["kid"] == keys.keys[0].kid
    claims = token.claims
    assert claims["iss"] == yahoo.base and claims["aud"] == yahoo.info["client_id"]
    assert claims["nonce"] == query["nonce"] and claims["sub"] == yahoo.info["users"]["alice"]["sub"]
    assert claims["exp"] > time.time() > claims["iat"] - 5
    assert (claims["email"], claims["email_verified"], claims["name"]) == ("alice@example.com", True, "Alice Liddell")
    assert claims["at_hash"] == b64url(hashlib.sha256(body["access_token"].encode()).digest()[:16])
    assert body["xoauth_yahoo_guid"] == claims["sub"]
    info = requests.get(discovery["userinfo_endpoint"], headers={"Authorization": f"Bearer {body['access_token']}"},
                        timeout=5)
    assert info.json()["sub"] == claims["sub"] and info.json()["email"] == "alice@example.com"
    # A tampered signature does not verify with the published key.
    header, payload, signature = body["id_token"].split(".")
    with pytest.raises(Exception):
        jwt.decode(".".join([header, payload, signature[::-1]]), keys, algorithms=["ES256"])
    # The code is single-use.
    again = yahoo_token(yahoo, discovery, {"grant_type": "authorization_code", "code": callback["code"],
                                           "redirect_uri": query["redirect_uri"], "code_verifier": verifier})
    assert again.status_code == 400 and again.json()["error"] == "invalid_grant"


def test_yahoo_authorization_requirements(yahoo, tmp_path):
    for missing, description in [("nonce", "nonce"), ("code_challenge", "PKCE")]:
        discovery = requests.get(yahoo.info["discovery_url"], timeout=5).json()
        query = {"response_type": "code", "client_id": yahoo.info["client_id"], "scope": "openid",
                 "redirect_uri": "http://127.0.0.1:49153/callback", "state": "s", "nonce": "n",
                 "code_challenge": pkce()[1], "code_challenge_method": "S256"}
        del query[missing]
        response = requests.get(discovery["authorization_endpoint"], params=query, allow_redirects=False, timeout=5)
        answer = dict(parse_qsl(urlsplit(response.headers["Location"]).query))
        assert answer["error"] == "invalid_request" and description in answer["error_description"]
    bad_redirect = requests.get(discovery["authorization_endpoint"], params={**query, "nonce": "n",
                                "redirect_uri": "http://localhost:1/callback"}, allow_redirects=False, timeout=5)
    assert bad_redirect.status_code == 400
    _, _, _, denied = yahoo_authorize(yahoo, tmp_path, "--deny")
    assert denied["error"] == "access_denied"
    assert yahoo.counts()["consents_denied"] == 1


def test_yahoo_bob_unverified_and_client_auth(yahoo, tmp_path):
    discovery, query, verifier, callback = yahoo_authorize(yahoo, tmp_path, "--user", "bob")
    data = {"grant_type": "authorization_code", "code": callback["code"], "redirect_uri": query["redirect_uri"],
            "code_verifier": verifier}
    wrong = yahoo_token(yahoo, discovery, data, auth=(yahoo.info["client_id"], "wrong"))
    assert wrong.status_code == 401 and wrong.json()["error"] == "invalid_client"
    assert wrong.headers["WWW-Authenticate"].startswith("Basic")
    body = yahoo_token(yahoo, discovery, data, auth="post").json()  # client_secret_post works too
    from joserfc import jwt
    from joserfc.jwk import KeySet

    keys = KeySet.import_key_set(requests.get(discovery["jwks_uri"], timeout=5).json())
    assert jwt.decode(body["id_token"], keys, algorithms=["ES256"]).claims["email_verified"] is False


def test_yahoo_refresh_rotation_and_revocation(yahoo, tmp_path):
    discovery, query, verifier, callback = yahoo_authorize(yahoo, tmp_path)
    first = yahoo_token(yahoo, discovery, {"grant_type": "authorization_code", "code": callback["code"],
                                           "redirect_uri": query["redirect_uri"], "code_verifier": verifier}).json()
    second = yahoo_token(yahoo, discovery, {"grant_type": "refresh_token",
                                            "refresh_token": first["refresh_token"]}).json()
    assert second["refresh_token"] != first["refresh_token"] and "id_token" in second
    from joserfc import jwt
    from joserfc.jwk import KeySet

    keys = KeySet.import_key_set(requests.get(discovery["jwks_uri"], timeout=5).json())
    assert "nonce" not in jwt.decode(second["id_token"], keys, algorithms=["ES256"]).claims
    reused = yahoo_token(yahoo, discovery, {"grant_type": "refresh_token", "refresh_token": first["refresh_token"]})
    assert reused.status_code == 400 and reused.json()["error"] == "invalid_grant"

    userinfo = discovery["userinfo_endpoint"]
    bearer = {"Authorization": f"Bearer {second['access_token']}"}
    revoke = discovery["token_revocation_endpoint"]
    credentials = (yahoo.info["client_id"], yahoo.info["client_secret"])
    yahoo.configure(faults={"revoke": 503})
    assert requests.post(revoke, data={"token": second["refresh_token"]}, auth=credentials, timeout=5).status_code == 503
    assert requests.get(userinfo, headers=bearer, timeout=5).status_code == 200
    yahoo.configure(faults={"revoke": None})
    revoked = requests.post(revoke, data={"token": second["refresh_token"], "token_type_hint": "refresh_token"},
                            auth=credentials, timeout=5)
    assert (revoked.status_code, revoked.text) == (200, "")
    after = requests.get(userinfo, headers=bearer, timeout=5)
    assert after.status_code == 401 and 'error="invalid_token"' in after.headers["WWW-Authenticate"]
    assert requests.post(revoke, data={"token": "unknown"}, auth=credentials, timeout=5).status_code == 200
    gone = yahoo_token(yahoo, discovery, {"grant_type": "refresh_token", "refresh_token": second["refresh_token"]})
    assert gone.json()["error"] == "invalid_grant"
    counts = yahoo.counts()
    assert (counts["grant_refresh_token"], counts["revocations"], counts["revocation_attempts"]) == (1, 2, 2)


def test_yahoo_key_rotation(yahoo):
    before = requests.get(yahoo.base + "/openid/v1/certs", timeout=5).json()["keys"]
    kids = yahoo.control("rotate-keys", {})["kids"]
    after = requests.get(yahoo.base + "/openid/v1/certs", timeout=5).json()["keys"]
    assert [k["kid"] for k in after] == kids and len(after) == len(before) + 1


def test_fakes_exit_on_sigterm(tmp_path):
    for script in ("fake_github.py", "fake_yahoo.py"):
        fake = Fake(script, tmp_path)
        assert requests.get(fake.base + "/_control/stats", timeout=5).status_code == 200
        started = time.monotonic()
        assert fake.stop() == 0 and time.monotonic() - started < 5


def test_fake_stops_when_idle(tmp_path):
    process = subprocess.Popen([sys.executable, str(HERE / "fake_github.py"), "--idle-timeout", "1"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
