"""A loopback OpenID provider shaped like Yahoo's (api.login.yahoo.com) for authctl's e2e tests.

    <venv python> Tests/e2e/fake_yahoo.py [--port 0] [--idle-timeout 900] [--max-lifetime 3600]

Listens on 127.0.0.1 (port 0: any free port), prints ONE JSON line on stdout once it listens,
then serves until SIGTERM/SIGINT, until its parent dies, after --idle-timeout seconds without a
request, or after --max-lifetime seconds. Request logs go to stderr. The JSON line:

    {"kind": "yahoo", "issuer": "http://127.0.0.1:PORT", "port": PORT, "pid": PID,
     "discovery_url": "http://127.0.0.1:PORT/.well-known/openid-configuration",
     "control_url": "http://127.0.0.1:PORT/_control",
     "client_id": "dj0yJmk9YXV0aGN0bGUyZSZkPWZha2U-", "client_secret": "<40 hex, random per run>",
     "users": {"alice": {"sub": "...", "email": "alice@example.com", "email_verified": true, "password": "..."},
               "bob":   {"sub": "...", "email": "bob@example.com", "email_verified": false, "password": "..."}}}

The issuer is the server's own base URL (tests pass `--issuer http://127.0.0.1:PORT`); the paths
are Yahoo's: /oauth2/request_auth, /oauth2/get_token, /oauth2/revoke, /openid/v1/userinfo,
/openid/v1/certs.

What Yahoo documents (or its discovery document says), implemented here
-----------------------------------------------------------------------
- `/.well-known/openid-configuration` with Yahoo's field names, including the NON-standard
  `token_revocation_endpoint` and no `revocation_endpoint`; no RFC 8414
  `/.well-known/oauth-authorization-server` (404). `id_token_signing_alg_values_supported:
  ["ES256"]`, `code_challenge_methods_supported: ["S256"]`, client_secret_basic and _post.
- JWKS at /openid/v1/certs: one EC P-256 key (`kid`, `use: sig`, `alg: ES256`) generated with
  `cryptography` at start; ID tokens are signed with it (joserfc). `POST /_control/rotate-keys`
  adds a new signing key (the old one stays published unless `{"drop_old": true}`).
- Authorization (GET or POST /oauth2/request_auth): response_type=code only; scope must contain
  `openid`; `nonce` REQUIRED; PKCE REQUIRED with S256 (config switches `require_nonce`,
  `require_pkce`); redirect_uri any `http://127.0.0.1:<port>/callback` (or below /callback).
  Errors before redirect_uri/client_id are trusted are a 400 page; after, a redirect with
  `error`, `error_description`, `state` (Yahoo sends no RFC 9207 `iss`). A login page
  (`username`/`password`, users alice and bob with e2e_constants passwords), then a consent page
  (`allow` authorizes; without it: `error=access_denied`).
- Token (POST /oauth2/get_token): client_secret_basic (or client_secret_post); authorization_code
  (code single-use, 10 minutes, redirect_uri must match, code_verifier checked) and refresh_token
  (rotation: the old refresh token stops working; a reused one -> invalid_grant). Answer:
  access_token, token_type "bearer", expires_in (3600), refresh_token, xoauth_yahoo_guid,
  id_token. RFC 6749 errors: 400 invalid_request / invalid_grant / unsupported_grant_type,
  401 invalid_client (with WWW-Authenticate: Basic).
- ID token (ES256): iss, aud (the client id, a string), sub, exp, iat, auth_time, nonce, at_hash,
  amr, and by scope: email + email_verified (`email`), name, given_name, family_name, nickname,
  locale, picture (`profile`). A refreshed ID token has no nonce and keeps auth_time.
- Userinfo (GET or POST /openid/v1/userinfo, Bearer header or `access_token` form field): the
  claims by scope, `sub` first; 401 with `WWW-Authenticate: Bearer error="invalid_token"` and a
  JSON error body for a missing, unknown, expired or revoked token.
- Revocation (POST /oauth2/revoke, RFC 7009): client authentication as the token endpoint,
  `token` (+ optional `token_type_hint`) -> 200 with an empty body, also for unknown tokens.
  Revoking a refresh token also revokes the access tokens issued with it.

With config `implicit_form_post` (off: Yahoo has none), the implicit flow for an app registered
for it: response_type=id_token, response_mode=form_post and a nonce; the consent page's answer is an
auto-submitting form posting id_token and state to redirect_uri. Config `loopback_hosts` names the
hosts a redirect_uri may have (127.0.0.1; a web client also takes localhost).
Left out: the hybrid flows, `prompt`/`max_age` handling (accepted, ignored), request
objects, `openid2`/`sdps` scopes, introspection, Yahoo's own non-OIDC APIs, acr.
Users: alice (email_verified true), bob (email_verified false, to exercise the unverified case).

Control API (JSON in and out): the same as fake_github.py's
------------------------------------------------------------
- `GET /_control/stats` -> {"counts": {...}, "errors": {...}, "config": {...}}; counts:
  authorize_requests, logins, login_failures, consents_approved, consents_denied, token_requests,
  grant_authorization_code, grant_refresh_token, userinfo_requests, revocation_attempts,
  revocations, faults_injected.
- `GET/POST /_control/config`: access_token_lifetime (s), id_token_lifetime (s), code_lifetime (s),
  require_nonce, require_pkce, rotate_refresh_tokens, id_token_on_refresh (bool), hang_seconds,
  faults: {endpoint: mode | {"mode": mode, "times": n}} with endpoint one of discovery, jwks,
  authorize, token, userinfo, revoke and mode "close", "hang" or an HTTP status (e.g.
  `{"faults": {"revoke": 503}}` makes revocation answer 503).
- `POST /_control/reset`, `GET /_control/requests`, `GET /_control/tokens`,
  `POST /_control/expire {"token": T} | {"all": true}`, `POST /_control/rotate-keys`.
- `GET /_control/authorizations`: every authorization request's parameters as received (query or
  form, first value of each), oldest first; `GET /_control/id_tokens`: every ID token issued, in order.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import sys
import time
from pathlib import Path

from werkzeug.routing import Rule
from werkzeug.wrappers import Request, Response

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from e2e_constants import USERS  # noqa: E402
from fake_github import (  # noqa: E402
    FakeProvider, add_query, b64url, html_response, json_response, redirect, s256, serve,
)

CLIENT_ID = "dj0yJmk9YXV0aGN0bGUyZSZkPWZha2U-"
EMAIL_VERIFIED = {"alice": True, "bob": False}


def guid(name: str) -> str:
    """A Yahoo-looking GUID (26 upper-case base32 characters), stable per user name."""
    return base64.b32encode(hashlib.sha256(b"yahoo-e2e:" + name.encode()).digest()).decode()[:26]


class FakeYahoo(FakeProvider):
    kind = "yahoo"
    DEFAULTS = {
        "access_token_lifetime": 3600,
        "id_token_lifetime": 3600,
        "code_lifetime": 600,
        "require_nonce": True,
        "require_pkce": True,
        "rotate_refresh_tokens": True,
        "id_token_on_refresh": True,
        "hang_seconds": 20,
        # The implicit flow as OpenID Connect Core §3.2 has it, for an app registered for it (a
        # Firebase project's OIDC provider set to "Implicit flow"): response_type=id_token with
        # response_mode=form_post and a nonce; the ID token is posted to redirect_uri at once.
        "implicit_form_post": False,
        # The hosts a loopback redirect_uri may name (a web client also takes `localhost`).
        "loopback_hosts": ["127.0.0.1"],
        # A hostile provider's words (test_untrusted_text.py): the error_description of a denied
        # consent; a token-endpoint error {"error", "error_description"} answered to every code
        # exchange; claims that replace the user's own in ID tokens and userinfo.
        "deny_description": "The user denied the request.",
        "token_error": None,
        "profile": {},
    }
    COUNTERS = ("authorize_requests", "logins", "login_failures", "consents_approved", "consents_denied",
                "token_requests", "grant_authorization_code", "grant_refresh_token", "userinfo_requests",
                "revocation_attempts", "revocations", "faults_injected")

    def __init__(self, base_url, idle_timeout, max_lifetime, overrides):
        super().__init__(base_url, idle_timeout, max_lifetime, overrides)
        self.client_id = CLIENT_ID
        self.client_secret = secrets.token_hex(20)
        self.codes: dict[str, dict] = {}
        self.tokens: dict[str, dict] = {}
        self.keys: list = []
        self.authorizations: list[dict] = []
        self.id_tokens: list[str] = []
        self.add_key()

    def rules(self):
        return [
            Rule("/.well-known/openid-configuration", endpoint="discovery", methods=["GET"]),
            Rule("/openid/v1/certs", endpoint="jwks", methods=["GET"]),
            Rule("/oauth2/request_auth", endpoint="authorize", methods=["GET", "POST"]),
            Rule("/oauth2/consent", endpoint="consent", methods=["POST"]),
            Rule("/session", endpoint="session", methods=["POST"]),
            Rule("/oauth2/get_token", endpoint="token", methods=["POST"]),
            Rule("/openid/v1/userinfo", endpoint="userinfo", methods=["GET", "POST"]),
            Rule("/oauth2/revoke", endpoint="revoke", methods=["POST"]),
        ]

    # keys

    def add_key(self) -> None:
        from cryptography.hazmat.primitives.asymmetric import ec
        from joserfc.jwk import ECKey

        private = ec.generate_private_key(ec.SECP256R1())
        kid = secrets.token_hex(16)
        key = ECKey.import_key(private, parameters={"kid": kid, "use": "sig", "alg": "ES256"})
        with self.lock:
            self.keys.append(key)

    def sign(self, claims: dict) -> str:
        from joserfc import jwt

        key = self.keys[-1]
        return jwt.encode({"alg": "ES256", "kid": key.kid, "typ": "JWT"}, claims, key)

    # discovery

    def on_discovery(self, request: Request) -> Response:
        base = self.base
        return json_response({
            "issuer": base,
            "authorization_endpoint": base + "/oauth2/request_auth",
            "token_endpoint": base + "/oauth2/get_token",
            "token_revocation_endpoint": base + "/oauth2/revoke",
            "userinfo_endpoint": base + "/openid/v1/userinfo",
            "jwks_uri": base + "/openid/v1/certs",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["ES256"],
            "scopes_supported": ["openid", "openid2", "profile", "email"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
            "claims_supported": ["aud", "email", "email_verified", "exp", "family_name", "given_name", "iat",
                                 "iss", "locale", "name", "nickname", "picture", "sub", "auth_time", "amr",
                                 "nonce", "at_hash"],
            "request_uri_parameter_supported": False,
            "grant_types_supported": ["authorization_code", "refresh_token"],
            "code_challenge_methods_supported": ["S256"],
            "acr_values_supported": ["AAL1", "AAL2"],
        })

    def on_jwks(self, request: Request) -> Response:
        with self.lock:
            keys = [key.as_dict(private=False) for key in self.keys]
        return json_response({"keys": keys}, headers={"Cache-Control": "public, max-age=60"})

    # authorization

    def redirect_uri_ok(self, redirect_uri: str) -> bool:
        from urllib.parse import urlsplit

        parts = urlsplit(redirect_uri)
        try:
            parts.port
        except ValueError:
            return False
        return (parts.scheme == "http" and parts.hostname in self.config["loopback_hosts"] and not parts.fragment
                and (parts.path == "/callback" or parts.path.startswith("/callback/")))

    def on_authorize(self, request: Request) -> Response:
        self.count("authorize_requests")
        params = request.values  # GET query or POST form
        with self.lock:
            self.authorizations.append(dict(params.items()))
        if params.get("client_id") != self.client_id:
            return html_response("Invalid request", "<p>Unknown client_id.</p>", status=400)
        redirect_uri = params.get("redirect_uri", "")
        if not self.redirect_uri_ok(redirect_uri):
            return html_response("Invalid request", "<p>redirect_uri is not registered.</p>", status=400)
        state = params.get("state")

        def fail(error: str, description: str) -> Response:
            self.count_error(error)
            return redirect(add_query(redirect_uri, [("error", error), ("error_description", description),
                                                     ("state", state)]))

        implicit = self.config["implicit_form_post"] and params.get("response_type") == "id_token"
        if params.get("response_type") != "code" and not implicit:
            return fail("unsupported_response_type", "Only response_type=code is supported.")
        if implicit and (params.get("response_mode") != "form_post" or not params.get("nonce")):
            return fail("invalid_request", "The implicit flow here needs response_mode=form_post and a nonce.")
        scopes = params.get("scope", "").split()
        if "openid" not in scopes:
            return fail("invalid_scope", "The openid scope is required.")
        nonce = params.get("nonce")
        if self.config["require_nonce"] and not nonce:
            return fail("invalid_request", "nonce is required.")
        challenge, method = params.get("code_challenge"), params.get("code_challenge_method")
        if not implicit and (challenge or method or self.config["require_pkce"]):
            if not challenge or method != "S256" or len(challenge) != 43:
                return fail("invalid_request", "PKCE with code_challenge_method=S256 is required.")
        user = self.session_user(request)
        if user is None:
            return self.login_page(request.full_path if request.method == "GET" else
                                   request.path + "?" + _urlencode(params.items(multi=True)))
        refusal = self.refuse_user(request, user)
        if refusal:
            return fail(*refusal)
        authorization_id = self.new_pending({
            "redirect_uri": redirect_uri, "state": state, "scopes": scopes, "nonce": nonce,
            "challenge": challenge, "user": user, "auth_time": int(time.time()), "implicit": implicit, **self.authorize_extra(request)})
        return self.consent_page("/oauth2/consent", authorization_id, user,
                                 "authctl e2e (fake) would like to: " + ", ".join(scopes))

    def refuse_user(self, request: Request, user: str) -> tuple[str, str] | None:
        """(error, description) when `user` may not sign in here (subclasses: a tenant's rules)."""
        return None

    def authorize_extra(self, request: Request) -> dict:
        """What a subclass keeps from the authorization request for the token endpoint."""
        return {}

    def on_consent(self, request: Request) -> Response:
        pending = self.take_pending(request.form.get("authorization_id"))
        user = self.session_user(request)
        if pending is None or user is None or pending["user"] != user:
            return html_response("Request expired", "<p>Start again.</p>", status=400)
        if "allow" not in request.form:
            self.count("consents_denied")
            return redirect(add_query(pending["redirect_uri"], [
                ("error", "access_denied"), ("error_description", self.config["deny_description"]),
                ("state", pending["state"])]))
        self.count("consents_approved")
        if pending.get("implicit"):
            return self.post_id_token(pending)
        code = secrets.token_urlsafe(12)
        with self.lock:
            self.codes[code] = dict(pending, expires_at=time.time() + self.config["code_lifetime"])
        return redirect(add_query(pending["redirect_uri"], [("code", code), ("state", pending["state"])]))

    # token endpoint

    def post_id_token(self, pending: dict) -> Response:
        """The implicit flow's answer: an auto-submitting form posting id_token and state to redirect_uri."""
        from html import escape
        token = self.mint(pending, True, pending["nonce"])["id_token"]
        fields = "".join(f'<input type="hidden" name="{name}" value="{escape(value)}">'
                         for name, value in (("id_token", token), ("state", pending["state"] or "")))
        page = (f'<!doctype html><html><body><form method="post" action="{escape(pending["redirect_uri"])}" id="implicit">'
                f'{fields}<noscript><button type="submit">Continue</button></noscript></form>'
                "<script>document.getElementById('implicit').submit()</script></body></html>")
        return Response(page, content_type="text/html; charset=utf-8")

    def oauth_error(self, error: str, description: str, status: int = 400) -> Response:
        self.count_error(error)
        headers = {"Cache-Control": "no-store", "Pragma": "no-cache"}
        if status == 401:
            headers["WWW-Authenticate"] = 'Basic realm="yahoo"'
        return json_response({"error": error, "error_description": description}, status=status, headers=headers)

    def client_ok(self, request: Request) -> bool:
        auth = request.authorization
        if auth is not None and auth.type == "basic":
            client_id, secret = auth.username, auth.password or ""
        else:
            client_id, secret = request.form.get("client_id"), request.form.get("client_secret", "")
        return client_id == self.client_id and secrets.compare_digest(secret, self.client_secret)

    def on_token(self, request: Request) -> Response:
        self.count("token_requests")
        if not self.client_ok(request):
            return self.oauth_error("invalid_client", "Client authentication failed.", status=401)
        grant_type = request.form.get("grant_type")
        if grant_type == "authorization_code":
            return self.exchange_code(request)
        if grant_type == "refresh_token":
            return self.refresh(request)
        if not grant_type:
            return self.oauth_error("invalid_request", "grant_type is required.")
        return self.oauth_error("unsupported_grant_type", f"grant_type {grant_type} is not supported.")

    def exchange_code(self, request: Request) -> Response:
        form = request.form
        if self.config["token_error"]:
            return self.oauth_error(self.config["token_error"]["error"], self.config["token_error"]["error_description"])
        with self.lock:
            grant = self.codes.pop(form.get("code", ""), None)
        if grant is None or grant["expires_at"] < time.time():
            return self.oauth_error("invalid_grant", "The authorization code is invalid or expired.")
        if form.get("redirect_uri") != grant["redirect_uri"]:
            return self.oauth_error("invalid_grant", "redirect_uri does not match the authorization request.")
        if grant["challenge"] and s256(form.get("code_verifier", "")) != grant["challenge"]:
            return self.oauth_error("invalid_grant", "code_verifier does not match the code_challenge.")
        self.count("grant_authorization_code")
        return self.answer(self.mint(grant, with_id_token=True, nonce=grant["nonce"]))

    def refresh(self, request: Request) -> Response:
        with self.lock:
            record = self.live(request.form.get("refresh_token", ""), "refresh")
            if record is None:
                return self.oauth_error("invalid_grant", "The refresh token is invalid, expired or revoked.")
            if self.config["rotate_refresh_tokens"]:
                record["revoked"] = True
        self.count("grant_refresh_token")
        answer = self.mint(record["grant"], with_id_token=self.config["id_token_on_refresh"], nonce=None,
                           refresh_token=None if self.config["rotate_refresh_tokens"] else request.form["refresh_token"])
        return self.answer(answer)

    def answer(self, data: dict) -> Response:
        return json_response(data, headers={"Cache-Control": "no-store", "Pragma": "no-cache"})

    def mint(self, grant: dict, with_id_token: bool, nonce: str | None, refresh_token: str | None = None) -> dict:
        now = int(time.time())
        user = grant["user"]
        access = secrets.token_urlsafe(48)
        family = secrets.token_hex(8) if refresh_token is None else self.tokens[refresh_token]["family"]
        base = {"user": user, "scopes": grant["scopes"], "grant": grant, "family": family, "revoked": False,
                "created": now}
        answer = {"access_token": access, "token_type": "bearer", "expires_in": self.config["access_token_lifetime"]}
        with self.lock:
            self.tokens[access] = dict(base, kind="access", expires_at=now + self.config["access_token_lifetime"])
            if refresh_token is None:
                refresh_token = secrets.token_urlsafe(40)
                self.tokens[refresh_token] = dict(base, kind="refresh", expires_at=None)
        answer.update(refresh_token=refresh_token, xoauth_yahoo_guid=guid(user))
        if with_id_token:
            digest = hashlib.sha256(access.encode()).digest()
            claims = {"iss": self.token_issuer(grant), "aud": self.client_id, "sub": self.subject(user), "iat": now,
                      "exp": now + self.config["id_token_lifetime"], "auth_time": grant["auth_time"],
                      "at_hash": b64url(digest[:16]), "amr": ["pwd"]}
            if nonce:
                claims["nonce"] = nonce
            claims.update(self.claims(user, grant["scopes"]))
            self.shape_id_token(grant, claims)
            answer["id_token"] = self.sign(claims)
            with self.lock:
                self.id_tokens.append(answer["id_token"])
        return answer

    # what subclasses (fake_google.py, fake_microsoft.py) shape differently

    def subject(self, user: str) -> str:
        return guid(user)

    def token_issuer(self, grant: dict) -> str:
        return self.base

    def shape_id_token(self, grant: dict, claims: dict) -> None:
        """Adds or removes ID token claims (a subclass's own) in place."""

    def claims(self, user: str, scopes: list[str]) -> dict:
        info = USERS[user]
        claims = {}
        if "email" in scopes:
            claims.update(email=info["email"], email_verified=EMAIL_VERIFIED[user])
        if "profile" in scopes:
            claims.update(name=info["name"], given_name=info["given_name"], family_name=info["family_name"],
                          nickname=user, locale="en-US",
                          picture=f"{self.base}/profile/{guid(user)}/image_192.png")
        claims.update(self.config["profile"])
        return claims

    def live(self, token: str, kind: str) -> dict | None:
        record = self.tokens.get(token)
        if (record is None or record["kind"] != kind or record["revoked"]
                or (record["expires_at"] is not None and record["expires_at"] <= time.time())):
            return None
        return record

    # userinfo

    def on_userinfo(self, request: Request) -> Response:
        self.count("userinfo_requests")
        header = request.headers.get("Authorization", "")
        scheme, _, token = header.partition(" ")
        if not header and request.method == "POST":
            token, scheme = request.form.get("access_token", ""), "bearer"
        if scheme.lower() != "bearer" or not token:
            return self.bearer_error("invalid_request", "Bearer token required.", status=401)
        with self.lock:
            record = self.live(token.strip(), "access")
        if record is None:
            return self.bearer_error("invalid_token", "The Access Token is invalid, expired or revoked.")
        return json_response({"sub": self.subject(record["user"]), **self.claims(record["user"], record["scopes"])})

    def bearer_error(self, error: str, description: str, status: int = 401) -> Response:
        self.count_error(error)
        challenge = f'Bearer realm="yahoo", error="{error}", error_description="{description}"'
        return json_response({"error": error, "error_description": description}, status=status,
                             headers={"WWW-Authenticate": challenge})

    # revocation (RFC 7009)

    def on_revoke(self, request: Request) -> Response:
        self.count("revocation_attempts")
        if not self.client_ok(request):
            return self.oauth_error("invalid_client", "Client authentication failed.", status=401)
        token = request.form.get("token")
        if not token:
            return self.oauth_error("invalid_request", "token is required.")
        with self.lock:
            record = self.tokens.get(token)
            if record is not None:
                record["revoked"] = True
                if record["kind"] == "refresh":
                    for other in self.tokens.values():
                        if other["family"] == record["family"]:
                            other["revoked"] = True
        self.count("revocations")
        return Response("", status=200, headers={"Cache-Control": "no-store"})

    # control additions

    def control_rotate_keys(self, request, body):
        self.add_key()
        with self.lock:
            if body.get("drop_old"):
                self.keys = self.keys[-1:]
            return json_response({"kids": [key.kid for key in self.keys]})

    def control_authorizations(self, request, body):
        with self.lock:
            return json_response(list(self.authorizations))

    def control_id_tokens(self, request, body):
        with self.lock:
            return json_response(list(self.id_tokens))

    def control_reset(self, request, body):
        with self.lock:
            self.authorizations.clear()
            self.id_tokens.clear()
        return super().control_reset(request, body)


def _urlencode(items) -> str:
    from urllib.parse import urlencode

    return urlencode(list(items))


def main(argv: list[str] | None = None) -> int:
    def make_app(base, args):
        return FakeYahoo(base, args.idle_timeout, args.max_lifetime, {})

    def describe(fake: FakeYahoo, args) -> dict:
        return {
            "kind": "yahoo", "issuer": fake.base,
            "discovery_url": fake.base + "/.well-known/openid-configuration",
            "control_url": fake.base + "/_control", "client_id": fake.client_id,
            "client_secret": fake.client_secret,
            "users": {name: {"sub": guid(name), "email": info["email"], "email_verified": EMAIL_VERIFIED[name],
                             "password": info["password"]} for name, info in USERS.items()},
        }

    return serve(make_app, describe, argv)


if __name__ == "__main__":
    sys.exit(main())
