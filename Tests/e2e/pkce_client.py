"""A tiny OpenID Connect relying party in Python (code + PKCE S256 + state + nonce, loopback).

It proves the harness (providers + scripted browser) on its own, independently of authctl,
and it mints ID tokens that did not come through authctl for the `verify` tests.

    flow = authorize(provider_issuer, client_id, browser_args=[...])   # browser.py runs
    flow.callback            # dict of the callback's query parameters
    tokens = flow.exchange(client_secret)   # token response (access_token, id_token, ...)
    claims = flow.validate_id_token(tokens["id_token"])
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

import requests

HERE = Path(__file__).resolve().parent
BROWSER = HERE / "browser.py"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class _Listener(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.callback: dict | None = None
        self.received = threading.Event()
        self.requests: list[str] = []


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802
        server: _Listener = self.server  # type: ignore[assignment]
        server.requests.append(self.path)
        parts = urlsplit(self.path)
        query = dict(parse_qsl(parts.query, keep_blank_values=True))
        # http.server reads headers up to 64 KiB, so browser.py's oversized stray (a bare
        # GET /callback) reaches us; a callback carries state and code or error, so skip it.
        if parts.path == "/callback" and server.callback is None and "state" in query:
            server.callback = query
            body = b"signed in; you may close this window"
            self.send_response(200)
            server.received.set()
        else:
            body = b"not found"
            self.send_response(404)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):  # quiet
        pass


@dataclass
class Flow:
    issuer: str
    client_id: str
    discovery: dict
    redirect_uri: str
    state: str
    nonce: str
    verifier: str
    auth_url: str
    callback: dict | None = None
    requests_seen: list = field(default_factory=list)

    def exchange(self, client_secret: str | None) -> dict:
        assert self.callback and "code" in self.callback, f"no code in callback {self.callback}"
        data = {
            "grant_type": "authorization_code",
            "code": self.callback["code"],
            "redirect_uri": self.redirect_uri,
            "code_verifier": self.verifier,
        }
        auth = None
        if client_secret:
            auth = (self.client_id, client_secret)  # client_secret_basic
        else:
            data["client_id"] = self.client_id
        response = requests.post(self.discovery["token_endpoint"], data=data, auth=auth, timeout=10)
        if response.status_code != 200:
            raise AssertionError(f"token endpoint said {response.status_code}: {response.text}")
        return response.json()

    def validate_id_token(self, id_token: str) -> dict:
        from jwcrypto import jwk, jwt

        keys = jwk.JWKSet.from_json(requests.get(self.discovery["jwks_uri"], timeout=10).text)
        token = jwt.JWT(jwt=id_token, key=keys, algs=["RS256"], expected_type="JWS")
        claims = json.loads(token.claims)
        assert claims["iss"] == self.issuer, (claims["iss"], self.issuer)
        audience = claims["aud"] if isinstance(claims["aud"], list) else [claims["aud"]]
        assert self.client_id in audience, (claims["aud"], self.client_id)
        assert claims.get("nonce") == self.nonce, (claims.get("nonce"), self.nonce)
        assert claims["exp"] > time.time() - 60
        return claims


def authorize(
    issuer: str,
    client_id: str,
    *,
    browser_args: list[str] = (),
    scopes: str = "openid email profile",
    python: str | None = None,
    timeout: float = 30,
    pkce: bool = True,
    extra: dict | None = None,
) -> Flow:
    """Run the front channel: listener up, browser.py on the authorization URL, wait for it."""
    discovery = requests.get(issuer + "/.well-known/openid-configuration", timeout=10).json()
    listener = _Listener()
    thread = threading.Thread(target=listener.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        redirect_uri = f"http://127.0.0.1:{listener.server_port}/callback"
        verifier = b64url(secrets.token_bytes(32))
        params = {
            "response_type": "code",
            "client_id": client_id,
            "redirect_uri": redirect_uri,
            "scope": scopes,
            "state": b64url(secrets.token_bytes(16)),
            "nonce": b64url(secrets.token_bytes(16)),
        }
        if pkce:
            params["code_challenge"] = b64url(hashlib.sha256(verifier.encode()).digest())
            params["code_challenge_method"] = "S256"
        params.update(extra or {})
        auth_url = discovery["authorization_endpoint"] + "?" + urlencode(params)
        flow = Flow(issuer, client_id, discovery, redirect_uri, params["state"], params["nonce"],
                    verifier, auth_url)
        browser = subprocess.run(
            [python or sys.executable, str(BROWSER), *browser_args, auth_url],
            stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout,
        )
        assert browser.stdout == b"" and browser.stderr == b"", "browser.py must stay quiet"
        listener.received.wait(timeout=5)
        flow.callback = listener.callback
        flow.requests_seen = list(listener.requests)
        return flow
    finally:
        listener.shutdown()
        listener.server_close()
