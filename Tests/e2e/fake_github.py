"""A loopback stand-in for GitHub (laid out as GitHub Enterprise Server) for authctl's e2e tests.

    <venv python> Tests/e2e/fake_github.py [--port 0] [--idle-timeout 900] [--max-lifetime 3600]
                                          [--app-type oauth_app|github_app] [--device-interval 5]

Listens on 127.0.0.1 (port 0: any free port), prints ONE JSON line on stdout once it listens,
then serves until SIGTERM/SIGINT, until its parent dies, after --idle-timeout seconds without a
request, or after --max-lifetime seconds. Request logs go to stderr. The JSON line:

    {"kind": "github", "base_url": "http://127.0.0.1:PORT", "api_base": "http://127.0.0.1:PORT",
     "api_url": "http://127.0.0.1:PORT/api/v3", "authorize_url": ".../login/oauth/authorize",
     "token_url": ".../login/oauth/access_token", "device_code_url": ".../login/device/code",
     "verification_uri": ".../login/device", "control_url": ".../_control", "port": PORT,
     "pid": PID, "client_id": "Ov23liAuthctlE2eFake", "client_secret": "<40 hex, random per run>",
     "registered_callback": "http://127.0.0.1/callback",
     "users": {"alice": {"id": 1001, "login": "alice", "password": "...", "email": "alice@example.com"},
               "bob":   {"id": 1002, "login": "bob",   "password": "...", "email": null}}}

`--api-base http://127.0.0.1:PORT` in authctl maps, as on GitHub Enterprise Server, to
`<base>/login/oauth/...`, `<base>/login/device...` and the REST API under `<base>/api/v3/...`.
Nothing is served at `/user` (api.github.com's layout), so a wrong path join shows up as a 404.

What GitHub documents, implemented here
---------------------------------------
- `GET /login/oauth/authorize` (client_id, redirect_uri, scope, state, login, allow_signup,
  code_challenge + code_challenge_method=S256): a login page (fields `username`/`password`,
  users alice and bob with the passwords of e2e_constants.USERS), then an authorize page (a
  `allow` button authorizes; submitting without it denies, as browser.py's --deny does).
  Success redirects to redirect_uri with `code` and `state` (no `iss`, as GitHub). Deny redirects
  with `error=access_denied&error_description=...&error_uri=...&state=...`.
  redirect_uri: checked against config `callback_urls` (an OAuth App registers one, a GitHub App up
  to ten; default `http://127.0.0.1/callback`): the same host and port and a path at or below the
  callback's; for a loopback callback, as GitHub does, any port on 127.0.0.1 or localhost. A
  mismatch redirects to the first callback with `error=redirect_uri_mismatch`.
  An unknown client_id answers a 404 page. `code_challenge_method=plain` is refused
  (`error=invalid_request`, a guess: GitHub documents S256 only).
- `POST /login/oauth/access_token` (form body, query string or JSON body):
  code exchange (no grant_type or grant_type=authorization_code; client_id + client_secret
  REQUIRED, code single-use and valid 10 minutes, redirect_uri must equal the one authorized when
  given, code_verifier checked against the S256 challenge); `grant_type=refresh_token`
  (client_secret required unless the token came from the device flow; rotation: the used refresh
  token AND the access token issued with it stop working); `grant_type=
  urn:ietf:params:oauth:grant-type:device_code` (client_id + device_code, no secret).
  Answer format follows `Accept`: application/json -> JSON, application/xml -> XML, otherwise
  `application/x-www-form-urlencoded`. `scope` is comma-separated, as GitHub answers it.
  Errors are HTTP 200 with `error`, `error_description`, `error_uri`: incorrect_client_credentials,
  redirect_uri_mismatch, bad_verification_code (also for a missing/wrong code_verifier: an
  assumption), bad_refresh_token, unsupported_grant_type, incorrect_device_code,
  device_flow_disabled, authorization_pending, slow_down (with the new `interval`),
  expired_token, access_denied. HTTP Basic client authentication is NOT accepted by default
  (GitHub documents body parameters only); config `token_basic_auth: true` accepts it.
- Tokens: OAuth app (`app_type: oauth_app`, default) -> `gho_...`, no expiry, no refresh token.
  GitHub App (`app_type: github_app`) -> `ghu_...`; with `expiring_tokens` (default true) the
  answer adds `expires_in` (28800), `refresh_token` (`ghr_...`), `refresh_token_expires_in`
  (15897600), and `scope` is "" (GitHub Apps have no scopes).
- `POST /login/device/code` (client_id, scope) -> device_code, user_code `XXXX-XXXX`,
  verification_uri `<base>/login/device`, expires_in (900), interval (5); same Accept rule.
  `GET/POST /login/device`: sign in, enter the user code, Authorize / Cancel.
- REST (`Authorization: Bearer X` or `token X`): `GET /api/v3/user`, `GET /api/v3/user/emails`
  (OAuth app tokens need scope `user` or `user:email`, else 404 as GitHub answers), 401
  `{"message": "Bad credentials", ...}` for unknown, expired or revoked tokens; headers
  X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-GitHub-Enterprise-Version, X-RateLimit-*.
  alice (id 1001): public email, primary verified email plus two more. bob (id 1002): no public
  email (`email: null`), primary email NOT verified, a verified secondary one.
- `DELETE /api/v3/applications/{client_id}/token` (Basic client_id:client_secret, JSON
  `{"access_token": ...}`) -> 204 (the token stops working; its refresh token too), 404 unknown
  token, 401 bad client credentials, 422 no access_token. `DELETE .../grant` revokes every token
  of that user for the app (204).

Left out: github.com's own host layout (api.github.com), XML request bodies, `prompt`, org
SSO, rate limiting itself, token scopes beyond `user`/`user:email`, the check/reset token
endpoints, installations, web-hooks.

Control API (for tests; JSON in and out)
----------------------------------------
- `GET  /_control/stats`   -> {"counts": {...}, "errors": {error: n}, "config": {...}}
  counts: authorize_requests, logins, login_failures, consents_approved, consents_denied,
  token_requests, grant_authorization_code, grant_refresh_token, grant_device_code,
  device_codes_issued, device_polls, device_approved, device_denied, api_requests,
  revocation_attempts, revocations, faults_injected.
- `GET  /_control/config`  -> the behaviour switches; `POST /_control/config {...}` merges them:
  app_type ("oauth_app" | "github_app"), expiring_tokens (bool), access_token_lifetime (s),
  refresh_token_lifetime (s), code_lifetime (s), device_interval (s), device_expires_in (s),
  slow_down_increment (s), enforce_device_interval (bool: real slow_down when polled too fast),
  device_flow_enabled (bool), device_script (list of "pending" | "slow_down" | "approve" |
  "approve:<user>" | "deny" | "expire", consumed one per poll of any device code; null = off),
  remember_authorization (bool: skip the authorize page once a user authorized the app),
  token_basic_auth (bool), hang_seconds (s),
  faults: {endpoint: mode | {"mode": mode, "times": n}} with endpoint one of authorize, token,
  device_code, user, emails, revoke, and mode "close" (drop the connection without an answer),
  "hang" (wait hang_seconds, then drop it), "drip" (a 200 whose body comes one byte a second,
  until the client leaves), "huge" (a 200 streaming 50 MB of JSON-looking bytes without a
  Content-Length), "redirect" (a 302 to `redirect_to`) or an HTTP status such as 500 or 503;
  null clears one.
- `POST /_control/reset`   -> counters, config and faults back to their start values.
- `GET  /_control/requests` -> the last 200 requests (method, path, query/form field NAMES,
  Accept, Content-Type, Authorization scheme, User-Agent); no values.
- `GET  /_control/tokens`  -> every token issued, with user, kind, scopes and state.
- `POST /_control/expire {"token": T}` or `{"all": true}` -> make tokens expired now.
- `POST /_control/device/approve {"user_code": "ABCD-EFGH", "user": "alice"}` and
  `POST /_control/device/deny {"user_code": ...}` -> as if the user did it at /login/device.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import os
import secrets
import signal
import socket
import string
import sys
import threading
import time
from collections import Counter, deque
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from werkzeug.exceptions import HTTPException
from werkzeug.routing import Map, Rule
from werkzeug.wrappers import Request, Response

#: The "huge" fault's body: far past any limit a client should have (authctl's is 1 MiB).
HUGE_RESPONSE_BYTES = 50 * 1024 * 1024

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from e2e_constants import USERS  # noqa: E402
from e2e_lifetime import exit_with_parent  # noqa: E402


# --- small helpers shared with fake_yahoo.py ---------------------------------------------------


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def s256(verifier: str) -> str:
    return b64url(hashlib.sha256(verifier.encode("ascii", "replace")).digest())


def random_string(length: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(secrets.choice(alphabet) for _ in range(length))


def json_response(data, status: int = 200, headers: dict | None = None) -> Response:
    body = json.dumps(data, indent=None)
    return Response(body, status=status, headers=headers or {}, content_type="application/json; charset=utf-8")


def html_response(title: str, body: str, status: int = 200, headers: dict | None = None) -> Response:
    page = (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title></head>"
            f"<body><h1>{html.escape(title)}</h1>{body}</body></html>")
    return Response(page, status=status, headers=headers or {}, content_type="text/html; charset=utf-8")


def redirect(location: str, headers: dict | None = None) -> Response:
    response = Response("", status=302, headers=headers or {})
    response.headers["Location"] = location
    return response


def add_query(url: str, params: list[tuple[str, str]]) -> str:
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True) + [(k, v) for k, v in params if v is not None]
    return urlunsplit(parts._replace(query=urlencode(query)))


def hidden(name: str, value: str) -> str:
    return f'<input type="hidden" name="{html.escape(name)}" value="{html.escape(value or "")}">'


class FakeProvider:
    """The parts both fakes share: dispatch, control API, fault injection, login pages, lifetime."""

    kind = "fake"
    DEFAULTS: dict = {}
    COUNTERS: tuple = ()

    def __init__(self, base_url: str, idle_timeout: float, max_lifetime: float, overrides: dict):
        self.base = base_url
        self.lock = threading.RLock()
        self.overrides = overrides
        self.config = self._defaults()
        self.counts: Counter = Counter()
        self.errors: Counter = Counter()
        self.requests: deque = deque(maxlen=200)
        self.sessions: dict[str, str] = {}      # browser session id -> user
        self.pending: dict[str, dict] = {}      # authorization id -> request parameters
        self.idle_timeout = idle_timeout
        self.max_lifetime = max_lifetime
        self.started = time.monotonic()
        self.last_activity = time.monotonic()
        self.url_map = Map(self.rules() + [Rule("/_control/<path:name>", endpoint="control",
                                                methods=["GET", "POST"])])

    def _defaults(self) -> dict:
        config = json.loads(json.dumps(self.DEFAULTS))
        config.update(self.overrides)
        config["faults"] = {}
        config["redirect_to"] = None  # where the "redirect" fault sends the client
        return config

    def rules(self) -> list[Rule]:
        raise NotImplementedError

    # dispatch

    def __call__(self, environ, start_response):
        request = Request(environ)
        request.max_form_memory_size = 1024 * 1024
        self.last_activity = time.monotonic()
        self._record(request)
        try:
            adapter = self.url_map.bind_to_environ(environ)
            endpoint, values = adapter.match()
            if endpoint == "control":
                response = self.control(request, values["name"])
            else:
                fault = self._take_fault(endpoint)
                if fault is not None:
                    response = self._apply_fault(fault, environ)
                else:
                    response = getattr(self, "on_" + endpoint)(request, **values)
        except HTTPException as error:
            response = self.http_error(request, error)
        return response(environ, start_response)

    def http_error(self, request: Request, error: HTTPException) -> Response:
        return error.get_response()

    def _record(self, request: Request) -> None:
        authorization = request.headers.get("Authorization", "")
        form_keys = []
        if request.method == "POST" and request.mimetype == "application/x-www-form-urlencoded":
            form_keys = sorted(request.form.keys())
        elif request.method in ("POST", "DELETE") and request.is_json:
            body = request.get_json(silent=True)
            form_keys = sorted(body.keys()) if isinstance(body, dict) else []
        with self.lock:
            self.requests.append({
                "time": round(time.time(), 3),
                "method": request.method,
                "path": request.path,
                "query_keys": sorted(request.args.keys()),
                "form_keys": form_keys,
                "accept": request.headers.get("Accept"),
                "content_type": request.headers.get("Content-Type"),
                "authorization_scheme": authorization.split(" ", 1)[0] if authorization else None,
                "user_agent": request.headers.get("User-Agent"),
            })

    def count(self, name: str, n: int = 1) -> None:
        with self.lock:
            self.counts[name] += n

    def count_error(self, error: str) -> None:
        with self.lock:
            self.errors[error] += 1

    # faults

    def _take_fault(self, endpoint: str):
        with self.lock:
            spec = self.config["faults"].get(endpoint)
            if spec is None:
                return None
            if isinstance(spec, dict):
                mode, times = spec.get("mode"), spec.get("times")
                if times is not None:
                    if times <= 0:
                        del self.config["faults"][endpoint]
                        return None
                    spec["times"] = times - 1
                    if spec["times"] <= 0:
                        del self.config["faults"][endpoint]
            else:
                mode = spec
            self.counts["faults_injected"] += 1
            return mode

    def _apply_fault(self, mode, environ) -> Response:
        if str(mode) in ("close", "hang"):
            if mode == "hang":
                time.sleep(min(float(self.config.get("hang_seconds", 20)), 300))
            sock = environ.get("werkzeug.socket")
            if sock is not None:
                try:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            return Response("", status=500)  # writing it fails quietly: the socket is gone
        if mode == "drip":
            def trickle():
                while True:  # ends when writing to the departed client fails
                    yield b" "
                    time.sleep(1)
            return Response(trickle(), status=200, mimetype="application/json", direct_passthrough=True)
        if mode == "huge":
            chunk = b"{\"keys\": [" + b" " * ((1 << 20) - 10)

            def flood():
                for _ in range(HUGE_RESPONSE_BYTES // len(chunk)):
                    yield chunk
            return Response(flood(), status=200, mimetype="application/json", direct_passthrough=True)
        if mode == "redirect":
            return redirect(self.config.get("redirect_to") or self.base + "/")
        status = int(mode)
        return json_response({"message": f"injected fault: HTTP {status}"}, status=status)

    # control API

    def control(self, request: Request, name: str) -> Response:
        body = request.get_json(silent=True) if request.method == "POST" else None
        body = body if isinstance(body, dict) else {}
        handler = getattr(self, "control_" + name.replace("/", "_").replace("-", "_"), None)
        if handler is None:
            return json_response({"error": f"no control endpoint {name!r}"}, status=404)
        try:
            return handler(request, body)
        except (KeyError, ValueError, TypeError) as error:
            return json_response({"error": f"{error.__class__.__name__}: {error}"}, status=400)

    def control_stats(self, request, body) -> Response:
        with self.lock:
            counts = {name: self.counts.get(name, 0) for name in self.COUNTERS}
            counts.update(self.counts)
            return json_response({"counts": counts, "errors": dict(self.errors), "config": self.config})

    def control_config(self, request, body) -> Response:
        with self.lock:
            if request.method == "POST":
                for key, value in body.items():
                    if key == "faults":
                        for endpoint, spec in (value or {}).items():
                            if spec is None:
                                self.config["faults"].pop(endpoint, None)
                            else:
                                self.config["faults"][endpoint] = spec
                    elif key not in self.config:
                        raise KeyError(f"unknown setting {key}")
                    else:
                        self.config[key] = value
            return json_response(self.config)

    def control_reset(self, request, body) -> Response:
        with self.lock:
            self.config = self._defaults()
            self.counts.clear()
            self.errors.clear()
            self.requests.clear()
            return json_response({"reset": True})

    def control_tokens(self, request, body) -> Response:
        """Every token the fake issued (`self.tokens`, kept by each subclass), with its state."""
        with self.lock:
            now = time.time()
            return json_response([
                {"token": token, "kind": r["kind"], "user": r["user"], "scopes": r["scopes"], "source": r.get("source"),
                 "revoked": r["revoked"], "expires_at": r["expires_at"],
                 "active": not r["revoked"] and (r["expires_at"] is None or r["expires_at"] > now)}
                for token, r in self.tokens.items()])

    def control_expire(self, request, body) -> Response:
        with self.lock:
            targets = list(self.tokens) if body.get("all") else [body["token"]]
            for token in targets:
                self.tokens[token]["expires_at"] = time.time() - 1
        return json_response({"expired": len(targets)})

    def control_requests(self, request, body) -> Response:
        with self.lock:
            return json_response(list(self.requests))

    # login pages (browser.py fills any form with a password field, then looks for `allow`)

    def session_user(self, request: Request) -> str | None:
        return self.sessions.get(request.cookies.get(self.kind + "_session", ""))

    def login_page(self, return_to: str, prefill: str = "", error: str = "") -> Response:
        message = f'<p class="error">{html.escape(error)}</p>' if error else ""
        form = (f'{message}<form method="post" action="/session">{hidden("return_to", return_to)}'
                f'<label>Username <input type="text" name="username" value="{html.escape(prefill)}"></label>'
                '<label>Password <input type="password" name="password"></label>'
                '<button type="submit" name="commit" value="Sign in">Sign in</button></form>')
        return html_response(f"Sign in to {self.kind} (fake)", form)

    def on_session(self, request: Request) -> Response:
        return_to = request.form.get("return_to") or "/"
        if not return_to.startswith("/") or return_to.startswith("//"):
            return_to = "/"
        user = request.form.get("username") or request.form.get("login") or ""
        password = request.form.get("password", "")
        if user not in USERS or not secrets.compare_digest(USERS[user]["password"], password):
            self.count("login_failures")
            return self.login_page(return_to, user, "Incorrect username or password.")
        self.count("logins")
        session_id = secrets.token_urlsafe(24)
        with self.lock:
            self.sessions[session_id] = user
        response = redirect(return_to)
        response.set_cookie(self.kind + "_session", session_id, httponly=True, samesite="Lax", path="/")
        return response

    def consent_page(self, action: str, authorization_id: str, user: str, text: str) -> Response:
        form = (f"<p>Signed in as <b>{html.escape(user)}</b>.</p><p>{html.escape(text)}</p>"
                f'<form method="post" action="{html.escape(action)}">{hidden("authorization_id", authorization_id)}'
                '<button type="submit" name="allow" value="Authorize">Authorize</button>'
                '<button type="submit" name="cancel" value="Cancel">Cancel</button></form>')
        return html_response("Authorize application", form)

    def new_pending(self, params: dict) -> str:
        authorization_id = secrets.token_urlsafe(18)
        with self.lock:
            self.pending[authorization_id] = dict(params, created=time.time())
        return authorization_id

    def take_pending(self, authorization_id: str) -> dict | None:
        with self.lock:
            pending = self.pending.pop(authorization_id or "", None)
        if pending and time.time() - pending["created"] > 600:
            return None
        return pending

    # lifetime

    def watchdog(self, stop) -> None:
        def run():
            while True:
                time.sleep(1)
                now = time.monotonic()
                if now - self.last_activity > self.idle_timeout:
                    print(f"{self.kind}: idle for {self.idle_timeout:.0f}s, stopping", file=sys.stderr, flush=True)
                    break
                if now - self.started > self.max_lifetime:
                    print(f"{self.kind}: ran {self.max_lifetime:.0f}s, stopping", file=sys.stderr, flush=True)
                    break
            stop()

        threading.Thread(target=run, name="watchdog", daemon=True).start()


def serve(make_app, describe, argv: list[str] | None = None, add_arguments=None) -> int:
    """Run a FakeProvider on 127.0.0.1: print the JSON line, serve until told to stop."""
    import werkzeug.serving

    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--idle-timeout", type=float, default=900.0, help="stop after this long without a request")
    parser.add_argument("--max-lifetime", type=float, default=3600.0, help="stop after this long in any case")
    if add_arguments:
        add_arguments(parser)
    args = parser.parse_args(argv)

    holder: dict = {}

    def app(environ, start_response):
        return holder["app"](environ, start_response)

    server = werkzeug.serving.make_server("127.0.0.1", args.port, app, threaded=True)
    base = f"http://127.0.0.1:{server.server_port}"
    fake = make_app(base, args)
    holder["app"] = fake
    stopping = threading.Event()

    def stop(*_):
        if not stopping.is_set():
            stopping.set()
            threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    exit_with_parent(stop)
    fake.watchdog(stop)
    info = describe(fake, args)
    info.update(port=server.server_port, pid=os.getpid())
    print(json.dumps(info), flush=True)
    server.serve_forever(poll_interval=0.2)
    server.server_close()
    return 0


# --- GitHub --------------------------------------------------------------------------------------

DOCS = "https://docs.github.com"
TOKEN_ERRORS_URI = DOCS + "/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/"
AUTHZ_ERRORS_URI = DOCS + "/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/"
DEVICE_ERRORS_URI = DOCS + "/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps#error-codes-for-the-device-flow"
TOKEN_ERRORS = {
    "incorrect_client_credentials": ("The client_id and/or client_secret passed are incorrect.",
                                     TOKEN_ERRORS_URI + "#incorrect-client-credentials"),
    "redirect_uri_mismatch": ("The redirect_uri MUST match the registered callback URL for this application.",
                              AUTHZ_ERRORS_URI + "#redirect-uri-mismatch2"),
    "bad_verification_code": ("The code passed is incorrect or expired.", TOKEN_ERRORS_URI + "#bad-verification-code"),
    "bad_refresh_token": ("The refresh token passed is incorrect or expired.",
                          DOCS + "/apps/creating-github-apps/authenticating-with-a-github-app/refreshing-user-access-tokens"),
    "unsupported_grant_type": ("The grant type is not supported.", DEVICE_ERRORS_URI),
    "incorrect_device_code": ("The device_code provided is not valid.", DEVICE_ERRORS_URI),
    "device_flow_disabled": ("Device flow must be explicitly enabled for this App.", DEVICE_ERRORS_URI),
    "authorization_pending": ("The authorization request is still pending.", DEVICE_ERRORS_URI),
    "slow_down": ("Too many requests have been made in the same timeframe.", DEVICE_ERRORS_URI),
    "expired_token": ("The `device_code` has expired.", DEVICE_ERRORS_URI),
    "access_denied": ("The authorization request was denied.", DEVICE_ERRORS_URI),
}
CLIENT_ID = "Ov23liAuthctlE2eFake"
REGISTERED_CALLBACK = "http://127.0.0.1/callback"
GITHUB_USERS = {
    "alice": {
        "id": 1001, "name": "Alice Liddell", "public_email": "alice@example.com", "created_at": "2015-05-04T10:00:00Z",
        "emails": [
            {"email": "alice@example.com", "primary": True, "verified": True, "visibility": "public"},
            {"email": "alice@wonderland.example", "primary": False, "verified": True, "visibility": None},
            {"email": "1001+alice@users.noreply.example.com", "primary": False, "verified": True, "visibility": None},
        ],
    },
    "bob": {
        "id": 1002, "name": "Bob Builder", "public_email": None, "created_at": "2016-06-07T10:00:00Z",
        "emails": [
            {"email": "bob@example.com", "primary": True, "verified": False, "visibility": "private"},
            {"email": "bob@builder.example", "primary": False, "verified": True, "visibility": None},
        ],
    },
}
USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ0123456789"


class FakeGitHub(FakeProvider):
    kind = "github"
    DEFAULTS = {
        "app_type": "oauth_app",
        "expiring_tokens": True,
        "access_token_lifetime": 28800,
        "refresh_token_lifetime": 15897600,
        "code_lifetime": 600,
        "device_interval": 5,
        "device_expires_in": 900,
        "slow_down_increment": 5,
        "enforce_device_interval": False,
        "device_flow_enabled": True,
        "device_script": None,
        # When set, the device code answer carries verification_uri_complete: this text with
        # {user_code} replaced (GitHub sends none; RFC 8628 §3.3.1 providers do).
        "verification_uri_complete": None,
        "remember_authorization": False,
        "token_basic_auth": False,
        "hang_seconds": 20,
        # The app's registered callback URLs (an OAuth App has one; a GitHub App up to ten).
        "callback_urls": [REGISTERED_CALLBACK],
        # A hostile provider's words (test_untrusted_text.py): fields that replace the user's own
        # in GET /user (login, name), and the error_description of a denied authorization.
        "profile": {},
        "deny_description": "The user has denied your application access.",
    }
    COUNTERS = ("authorize_requests", "logins", "login_failures", "consents_approved", "consents_denied",
                "token_requests", "grant_authorization_code", "grant_refresh_token", "grant_device_code",
                "device_codes_issued", "device_polls", "device_approved", "device_denied", "api_requests",
                "revocation_attempts", "revocations", "faults_injected")

    def __init__(self, base_url, idle_timeout, max_lifetime, overrides):
        super().__init__(base_url, idle_timeout, max_lifetime, overrides)
        self.client_id = CLIENT_ID
        self.client_secret = secrets.token_hex(20)
        self.codes: dict[str, dict] = {}
        self.tokens: dict[str, dict] = {}
        self.devices: dict[str, dict] = {}   # device_code -> state
        self.granted: set = set()            # (user, client_id) that authorized the app

    def rules(self):
        return [
            Rule("/login/oauth/authorize", endpoint="authorize", methods=["GET", "POST"]),
            Rule("/session", endpoint="session", methods=["POST"]),
            Rule("/login/oauth/access_token", endpoint="token", methods=["POST"]),
            Rule("/login/device/code", endpoint="device_code", methods=["POST"]),
            Rule("/login/device", endpoint="device", methods=["GET", "POST"]),
            Rule("/api/v3/user", endpoint="user", methods=["GET"]),
            Rule("/api/v3/user/emails", endpoint="emails", methods=["GET"]),
            Rule("/api/v3/applications/<client_id>/token", endpoint="revoke", methods=["DELETE"]),
            Rule("/api/v3/applications/<client_id>/grant", endpoint="revoke_grant", methods=["DELETE"]),
        ]

    def http_error(self, request, error):
        if request.path.startswith("/api/v3"):
            return self.api_error(error.code or 500, error.name)
        return super().http_error(request, error)

    # --- web application flow

    def redirect_uri_ok(self, redirect_uri: str) -> bool:
        """GitHub's rule, against each registered callback URL: the same host and port, and a path at
        or below the callback's; for a loopback callback, any port on 127.0.0.1 or localhost."""
        parts = urlsplit(redirect_uri)
        try:
            parts.port
        except ValueError:
            return False
        if parts.fragment:
            return False
        for callback in self.config["callback_urls"]:
            registered = urlsplit(callback)
            below = parts.path == registered.path or parts.path.startswith(registered.path.rstrip("/") + "/")
            if registered.hostname in ("127.0.0.1", "localhost"):
                if parts.scheme == "http" and parts.hostname in ("127.0.0.1", "localhost") and below:
                    return True
            elif (parts.scheme, parts.hostname, parts.port) == (registered.scheme, registered.hostname, registered.port) and below:
                return True
        return False

    def on_authorize(self, request: Request) -> Response:
        if request.method == "POST":
            return self.authorize_decision(request)
        self.count("authorize_requests")
        params = request.args
        if params.get("client_id") != self.client_id:
            return html_response("404 Not Found", "<p>This is not the web page you are looking for.</p>", status=404)
        state = params.get("state")
        redirect_uri = params.get("redirect_uri") or self.config["callback_urls"][0]
        if not self.redirect_uri_ok(redirect_uri):
            description, uri = TOKEN_ERRORS["redirect_uri_mismatch"]
            return redirect(add_query(self.config["callback_urls"][0], [
                ("error", "redirect_uri_mismatch"), ("error_description", description),
                ("error_uri", AUTHZ_ERRORS_URI + "#redirect-uri-mismatch"), ("state", state)]))
        challenge = params.get("code_challenge")
        method = params.get("code_challenge_method")
        if (challenge or method) and (method != "S256" or not challenge or len(challenge) != 43):
            return redirect(add_query(redirect_uri, [
                ("error", "invalid_request"),
                ("error_description", "code_challenge_method must be S256 with a 43-character code_challenge."),
                ("state", state)]))
        user = self.session_user(request)
        if user is None:
            return self.login_page(request.full_path, params.get("login", ""))
        scopes = normalize_scopes(params.get("scope", ""))
        pending = {"client_id": self.client_id, "redirect_uri": params.get("redirect_uri"),
                   "effective_redirect_uri": redirect_uri, "state": state, "scopes": scopes,
                   "challenge": challenge, "user": user}
        if self.config["remember_authorization"] and (user, self.client_id) in self.granted:
            return self.issue_code(pending)
        authorization_id = self.new_pending(pending)
        wants = ", ".join(scopes) if scopes and self.config["app_type"] == "oauth_app" else "your public profile"
        return self.consent_page("/login/oauth/authorize", authorization_id, user,
                                 f"authctl e2e (fake) wants to access {wants}.")

    def authorize_decision(self, request: Request) -> Response:
        pending = self.take_pending(request.form.get("authorization_id"))
        user = self.session_user(request)
        if pending is None or user is None or pending["user"] != user:
            return html_response("Authorization expired", "<p>Start again.</p>", status=400)
        if "allow" not in request.form:
            self.count("consents_denied")
            return redirect(add_query(pending["effective_redirect_uri"], [
                ("error", "access_denied"), ("error_description", self.config["deny_description"]),
                ("error_uri", AUTHZ_ERRORS_URI + "#access-denied"), ("state", pending["state"])]))
        self.count("consents_approved")
        with self.lock:
            self.granted.add((user, self.client_id))
        return self.issue_code(pending)

    def issue_code(self, pending: dict) -> Response:
        code = secrets.token_hex(10)
        with self.lock:
            self.codes[code] = dict(pending, expires_at=time.time() + self.config["code_lifetime"])
        return redirect(add_query(pending["effective_redirect_uri"], [("code", code), ("state", pending["state"])]))

    # --- token endpoint

    def token_answer(self, request: Request, data: dict) -> Response:
        accept = request.headers.get("Accept", "")
        if "application/json" in accept:
            return json_response(data)
        if "xml" in accept:
            items = "".join(f"<{k}>{html.escape(str(v))}</{k}>" for k, v in data.items())
            return Response(f"<OAuth>{items}</OAuth>", content_type="application/xml; charset=utf-8")
        return Response(urlencode(data), content_type="application/x-www-form-urlencoded; charset=utf-8")

    def token_error(self, request: Request, error: str, **extra) -> Response:
        self.count_error(error)
        description, uri = TOKEN_ERRORS[error]
        return self.token_answer(request, {"error": error, "error_description": description, "error_uri": uri, **extra})

    def token_params(self, request: Request) -> dict:
        params = dict(request.args.items())
        if request.is_json:
            body = request.get_json(silent=True)
            if isinstance(body, dict):
                params.update({k: str(v) for k, v in body.items() if v is not None})
        else:
            params.update(request.form.items())
        if self.config["token_basic_auth"] and request.authorization and request.authorization.type == "basic":
            params.setdefault("client_id", request.authorization.username or "")
            params.setdefault("client_secret", request.authorization.password or "")
        return params

    def on_token(self, request: Request) -> Response:
        self.count("token_requests")
        params = self.token_params(request)
        grant_type = params.get("grant_type") or "authorization_code"
        if grant_type == "authorization_code":
            return self.exchange_code(request, params)
        if grant_type == "refresh_token":
            return self.refresh(request, params)
        if grant_type == "urn:ietf:params:oauth:grant-type:device_code":
            return self.poll_device(request, params)
        return self.token_error(request, "unsupported_grant_type")

    def client_ok(self, params: dict) -> bool:
        return (params.get("client_id") == self.client_id
                and secrets.compare_digest(params.get("client_secret", ""), self.client_secret))

    def exchange_code(self, request: Request, params: dict) -> Response:
        if not self.client_ok(params):
            return self.token_error(request, "incorrect_client_credentials")
        with self.lock:
            grant = self.codes.pop(params.get("code", ""), None)
        if grant is None or grant["expires_at"] < time.time() or grant["client_id"] != params["client_id"]:
            return self.token_error(request, "bad_verification_code")
        redirect_uri = params.get("redirect_uri")
        if redirect_uri and redirect_uri != grant["effective_redirect_uri"]:
            return self.token_error(request, "redirect_uri_mismatch")
        if grant["challenge"] and s256(params.get("code_verifier", "")) != grant["challenge"]:
            return self.token_error(request, "bad_verification_code")
        self.count("grant_authorization_code")
        return self.token_answer(request, self.mint(grant["user"], grant["scopes"], source="web"))

    def mint(self, user: str, scopes: list[str], source: str) -> dict:
        github_app = self.config["app_type"] == "github_app"
        expiring = github_app and self.config["expiring_tokens"]
        now = time.time()
        access = ("ghu_" if github_app else "gho_") + random_string(36)
        family = secrets.token_hex(8)
        scope_list = [] if github_app else scopes
        record = {"kind": "access", "user": user, "scopes": scope_list, "client_id": self.client_id,
                  "family": family, "source": source, "created": now, "revoked": False,
                  "expires_at": now + self.config["access_token_lifetime"] if expiring else None}
        answer = {"access_token": access, "token_type": "bearer", "scope": ",".join(scope_list)}
        with self.lock:
            self.tokens[access] = record
            if expiring:
                refresh = "ghr_" + random_string(76)
                self.tokens[refresh] = dict(record, kind="refresh", access_token=access,
                                            expires_at=now + self.config["refresh_token_lifetime"])
                answer.update(expires_in=self.config["access_token_lifetime"], refresh_token=refresh,
                              refresh_token_expires_in=self.config["refresh_token_lifetime"])
        return answer

    def live(self, token: str, kind: str) -> dict | None:
        record = self.tokens.get(token)
        if (record is None or record["kind"] != kind or record["revoked"]
                or (record["expires_at"] is not None and record["expires_at"] <= time.time())):
            return None
        return record

    def refresh(self, request: Request, params: dict) -> Response:
        with self.lock:
            record = self.live(params.get("refresh_token", ""), "refresh")
            needs_secret = record is None or record["source"] != "device"
            if params.get("client_id") != self.client_id or (needs_secret and not self.client_ok(params)):
                return self.token_error(request, "incorrect_client_credentials")
            if record is None:
                return self.token_error(request, "bad_refresh_token")
            record["revoked"] = True                       # the refresh token is single-use...
            old_access = self.tokens.get(record["access_token"])
            if old_access:
                old_access["revoked"] = True               # ...and the access token issued with it dies too
        self.count("grant_refresh_token")
        return self.token_answer(request, self.mint(record["user"], record["scopes"], source=record["source"]))

    # --- device flow

    def on_device_code(self, request: Request) -> Response:
        params = self.token_params(request)
        if params.get("client_id") != self.client_id:
            return self.token_error(request, "incorrect_client_credentials")
        if not self.config["device_flow_enabled"]:
            return self.token_error(request, "device_flow_disabled")
        device_code = secrets.token_hex(20)
        user_code = "-".join(random_string(4, USER_CODE_ALPHABET) for _ in range(2))
        interval = int(self.config["device_interval"])
        with self.lock:
            self.devices[device_code] = {
                "user_code": user_code, "scopes": normalize_scopes(params.get("scope", "")), "status": "pending",
                "user": None, "interval": interval, "last_poll": None,
                "expires_at": time.time() + self.config["device_expires_in"]}
        self.count("device_codes_issued")
        answer = {"device_code": device_code, "user_code": user_code, "verification_uri": self.base + "/login/device",
                  "expires_in": int(self.config["device_expires_in"]), "interval": interval}
        if self.config["verification_uri_complete"]:
            answer["verification_uri_complete"] = self.config["verification_uri_complete"].replace("{user_code}", user_code)
        return self.token_answer(request, answer)

    def poll_device(self, request: Request, params: dict) -> Response:
        if params.get("client_id") != self.client_id:
            return self.token_error(request, "incorrect_client_credentials")
        if not self.config["device_flow_enabled"]:
            return self.token_error(request, "device_flow_disabled")
        self.count("device_polls")
        with self.lock:
            device = self.devices.get(params.get("device_code", ""))
            if device is None or device["status"] == "used":
                return self.token_error(request, "incorrect_device_code")
            now = time.monotonic()
            last, device["last_poll"] = device["last_poll"], now
            script = self.config["device_script"]
            step = script.pop(0) if isinstance(script, list) and script else None
            if step == "pending":
                return self.token_error(request, "authorization_pending")
            if step == "slow_down" or (step is None and self.config["enforce_device_interval"]
                                       and last is not None and now - last < device["interval"]):
                device["interval"] += int(self.config["slow_down_increment"])
                return self.token_error(request, "slow_down", interval=device["interval"])
            if step == "expire" or (step is None and device["expires_at"] <= time.time()):
                device["status"] = "expired"
                return self.token_error(request, "expired_token")
            if step == "deny":
                device["status"] = "denied"
            elif step and step.startswith("approve"):
                device.update(status="approved", user=step.partition(":")[2] or device["user"] or "alice")
            elif step is not None:
                raise ValueError(f"unknown device_script step {step!r}")
            if device["status"] == "expired":
                return self.token_error(request, "expired_token")
            if device["status"] == "denied":
                return self.token_error(request, "access_denied")
            if device["status"] == "pending":
                return self.token_error(request, "authorization_pending")
            device["status"] = "used"
        self.count("grant_device_code")
        return self.token_answer(request, self.mint(device["user"], device["scopes"], source="device"))

    def decide_device(self, user_code: str, user: str | None, approve: bool) -> bool:
        user_code = (user_code or "").strip().upper()
        if len(user_code) == 8:
            user_code = user_code[:4] + "-" + user_code[4:]
        with self.lock:
            for device in self.devices.values():
                if (device["user_code"] == user_code and device["status"] == "pending"
                        and device["expires_at"] > time.time()):
                    device.update(status="approved" if approve else "denied", user=user)
                    self.counts["device_approved" if approve else "device_denied"] += 1
                    return True
        return False

    def on_device(self, request: Request) -> Response:
        user = self.session_user(request)
        if user is None:
            return self.login_page("/login/device")
        if request.method == "POST" and request.form.get("user_code"):
            approve = "allow" in request.form
            if self.decide_device(request.form["user_code"], user, approve):
                title = "Congratulations, you're all set!" if approve else "Authorization cancelled"
                return html_response(title, "<p>You may close this window.</p>")
            error = '<p class="error">Incorrect or expired code.</p>'
        else:
            error = ""
        form = (f'{error}<form method="post" action="/login/device">'
                '<label>Code <input type="text" name="user_code" placeholder="XXXX-XXXX"></label>'
                '<button type="submit" name="allow" value="Authorize">Continue and authorize</button>'
                '<button type="submit" name="cancel" value="Cancel">Cancel</button></form>')
        return html_response("Device Activation", f"<p>Signed in as {html.escape(user)}.</p>{form}")

    # --- REST API

    def api_headers(self, record: dict | None = None, accepted: str = "") -> dict:
        headers = {"X-GitHub-Media-Type": "github.v3; format=json", "X-GitHub-Enterprise-Version": "3.17.0",
                   "X-GitHub-Request-Id": secrets.token_hex(8).upper(), "X-RateLimit-Limit": "5000",
                   "X-RateLimit-Remaining": "4999", "X-RateLimit-Used": "1", "X-RateLimit-Resource": "core",
                   "X-RateLimit-Reset": str(int(time.time()) + 3600)}
        if record is not None:
            headers["X-OAuth-Scopes"] = ", ".join(record["scopes"])
            headers["X-Accepted-OAuth-Scopes"] = accepted
        return headers

    def api_error(self, status: int, message: str, docs: str = DOCS + "/enterprise-server@3.17/rest") -> Response:
        return json_response({"message": message, "documentation_url": docs, "status": str(status)},
                             status=status, headers=self.api_headers())

    def api_auth(self, request: Request) -> tuple[dict | None, Response | None]:
        self.count("api_requests")
        header = request.headers.get("Authorization", "")
        scheme, _, token = header.partition(" ")
        if not header:
            return None, self.api_error(401, "Requires authentication")
        if scheme.lower() not in ("bearer", "token"):
            return None, self.api_error(401, "Bad credentials")
        with self.lock:
            record = self.live(token.strip(), "access")
        if record is None:
            return None, self.api_error(401, "Bad credentials")
        return record, None

    def user_json(self, login: str) -> dict:
        info = GITHUB_USERS[login]
        return {
            "login": login, "id": info["id"], "node_id": b64url(f"04:User{info['id']}".encode()),
            "avatar_url": f"{self.base}/avatars/u/{info['id']}?v=4", "gravatar_id": "",
            "url": f"{self.base}/api/v3/users/{login}", "html_url": f"{self.base}/{login}",
            "type": "User", "site_admin": False, "name": info["name"], "company": None, "blog": "",
            "location": None, "email": info["public_email"], "hireable": None, "bio": None,
            "twitter_username": None, "public_repos": 0, "public_gists": 0, "followers": 0, "following": 0,
            "created_at": info["created_at"], "updated_at": info["created_at"],
            **self.config["profile"],
        }

    def on_user(self, request: Request) -> Response:
        record, error = self.api_auth(request)
        if error:
            return error
        return json_response(self.user_json(record["user"]), headers=self.api_headers(record))

    def on_emails(self, request: Request) -> Response:
        record, error = self.api_auth(request)
        if error:
            return error
        accepted = "user, user:email"
        if self.config["app_type"] == "oauth_app" and not ({"user", "user:email"} & set(record["scopes"])):
            return json_response({"message": "Not Found", "documentation_url": DOCS + "/rest/users/emails",
                                  "status": "404"}, status=404, headers=self.api_headers(record, accepted))
        emails = GITHUB_USERS[record["user"]]["emails"]
        return json_response(emails, headers=self.api_headers(record, accepted))

    def app_auth(self, request: Request, client_id: str) -> Response | None:
        auth = request.authorization
        if (auth is None or auth.type != "basic" or auth.username != self.client_id
                or not secrets.compare_digest(auth.password or "", self.client_secret)):
            return self.api_error(401, "Bad credentials")
        if client_id != self.client_id:
            return self.api_error(404, "Not Found")
        return None

    def on_revoke(self, request: Request, client_id: str) -> Response:
        self.count("revocation_attempts")
        error = self.app_auth(request, client_id)
        if error:
            return error
        body = request.get_json(silent=True, force=True)
        token = body.get("access_token") if isinstance(body, dict) else None
        if not token:
            return self.api_error(422, "Invalid request.\n\n\"access_token\" wasn't supplied.")
        with self.lock:
            record = self.tokens.get(token)
            if record is None or record["kind"] != "access" or record["revoked"]:
                return self.api_error(404, "Not Found")
            for other in self.tokens.values():
                if other["family"] == record["family"]:
                    other["revoked"] = True
        self.count("revocations")
        return Response("", status=204, headers=self.api_headers())

    def on_revoke_grant(self, request: Request, client_id: str) -> Response:
        self.count("revocation_attempts")
        error = self.app_auth(request, client_id)
        if error:
            return error
        body = request.get_json(silent=True, force=True)
        token = body.get("access_token") if isinstance(body, dict) else None
        with self.lock:
            record = self.live(token or "", "access")
            if record is None:
                return self.api_error(404, "Not Found")
            for other in self.tokens.values():
                if other["user"] == record["user"]:
                    other["revoked"] = True
            self.granted.discard((record["user"], self.client_id))
        self.count("revocations")
        return Response("", status=204, headers=self.api_headers())

    # --- control additions

    def control_device_approve(self, request, body):
        user = body.get("user", "alice")
        if user not in GITHUB_USERS:
            raise ValueError(f"unknown user {user}")
        return json_response({"approved": self.decide_device(body["user_code"], user, True)})

    def control_device_deny(self, request, body):
        return json_response({"denied": self.decide_device(body["user_code"], None, False)})


def normalize_scopes(scope: str) -> list[str]:
    seen = []
    for item in scope.replace(",", " ").split():
        if item not in seen:
            seen.append(item)
    return seen


def main(argv: list[str] | None = None) -> int:
    def add_arguments(parser):
        parser.add_argument("--app-type", choices=["oauth_app", "github_app"], default="oauth_app")
        parser.add_argument("--device-interval", type=int, default=5)

    def make_app(base, args):
        return FakeGitHub(base, args.idle_timeout, args.max_lifetime,
                          {"app_type": args.app_type, "device_interval": args.device_interval})

    def describe(fake: FakeGitHub, args) -> dict:
        base = fake.base
        return {
            "kind": "github", "base_url": base, "api_base": base, "api_url": base + "/api/v3",
            "authorize_url": base + "/login/oauth/authorize", "token_url": base + "/login/oauth/access_token",
            "device_code_url": base + "/login/device/code", "verification_uri": base + "/login/device",
            "control_url": base + "/_control", "client_id": fake.client_id, "client_secret": fake.client_secret,
            "registered_callback": REGISTERED_CALLBACK,
            "users": {name: {"id": info["id"], "login": name, "password": USERS[name]["password"],
                             "email": info["public_email"]} for name, info in GITHUB_USERS.items()},
        }

    return serve(make_app, describe, argv, add_arguments)


if __name__ == "__main__":
    sys.exit(main())
