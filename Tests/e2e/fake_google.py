"""A loopback stand-in for Google's OpenID provider (accounts.google.com) for authctl's e2e tests.

    <venv python> Tests/e2e/fake_google.py [--port 0] [--idle-timeout 900] [--max-lifetime 3600]

Prints ONE JSON line once it listens (as fake_yahoo.py, whose login, consent, token store and
control API it reuses), then serves until SIGTERM/SIGINT or its parent dies:

    {"kind": "google", "issuer": "http://127.0.0.1:PORT", "port": PORT, "pid": PID,
     "client_id": "<digits>-<32 chars>.apps.googleusercontent.com", "client_secret": "GOCSPX-<28>",
     "users": {"alice": {"sub": "<21 digits>", "email": ..., "hd": "example.com", ...}, "bob": {...}}}

The issuer is the server's own base URL (tests pass `providers add google.com --issuer <it>`);
the paths are Google's (its discovery document names several hosts; here they share one):
/o/oauth2/v2/auth, /token, /revoke, /v1/userinfo, /oauth2/v3/certs.

What Google documents for a "Desktop app" OAuth client, implemented here
----------------------------------------------------------------------
- Discovery as Google's: `token_endpoint_auth_methods_supported` client_secret_post and _basic,
  `code_challenge_methods_supported` ["plain", "S256"], `id_token_signing_alg_values_supported`
  ["RS256"], `revocation_endpoint`, `device_authorization_endpoint` (not served: 404).
- Authorization: response_type=code, scope with openid; redirect_uri a loopback address
  `http://127.0.0.1:<any port>/<path>` (Google matches any port for desktop clients); PKCE S256
  required here (Google accepts plain; authctl never sends it); `nonce` optional;
  `access_type=offline` is what makes the token endpoint return a refresh token; `hd` is only a
  hint to the account chooser: a user of another domain can still sign in, and the ID token then
  carries no (or another) `hd` claim, which the client must check.
- Token: the client secret is REQUIRED although Google says a desktop client's is not
  confidential: missing -> 400 invalid_request "client_secret is missing."; wrong -> 401
  invalid_client "Unauthorized". Answer: access_token, expires_in 3599, token_type "Bearer",
  scope, id_token, and refresh_token only with access_type=offline. A refresh returns no new
  refresh token (Google does not rotate them) and a new ID token.
- ID token (RS256): iss (the issuer), azp and aud (the client id), sub (21 digits), at_hash,
  iat, exp, nonce when sent, email, email_verified (a boolean), name, picture, given_name,
  family_name, and `hd` for a Workspace account (alice: example.com; bob: a consumer account).
- Userinfo (/v1/userinfo): sub, name, given_name, family_name, picture, email, email_verified, hd.
- Revocation (/revoke): `token` in the form; 200, or 400 invalid_token for an unknown one.
Left out: incremental auth, `login_hint`, `prompt=consent` semantics, the device flow.
"""

from __future__ import annotations

import hashlib
import secrets
import sys
from pathlib import Path

from werkzeug.routing import Rule
from werkzeug.wrappers import Request, Response

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from e2e_constants import USERS  # noqa: E402
from fake_github import json_response, serve  # noqa: E402
from fake_yahoo import FakeYahoo  # noqa: E402

CLIENT_ID = "407408718192-authctle2efakedesktopclient00.apps.googleusercontent.com"
HOSTED_DOMAIN = {"alice": "example.com", "bob": None}


def google_sub(name: str) -> str:
    """A Google-looking subject: 21 decimal digits, stable per user name."""
    return "1" + str(int.from_bytes(hashlib.sha256(b"google-e2e:" + name.encode()).digest()[:9], "big")).zfill(20)[:20]


class RSAKeys:
    """RS256 signing with a key generated at start (Google and Microsoft sign with RSA)."""

    def add_key(self) -> None:
        from cryptography.hazmat.primitives.asymmetric import rsa
        from joserfc.jwk import RSAKey

        private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        key = RSAKey.import_key(private, parameters={"kid": secrets.token_hex(20), "use": "sig", "alg": "RS256"})
        with self.lock:
            self.keys.append(key)

    def sign(self, claims: dict) -> str:
        from joserfc import jwt

        key = self.keys[-1]
        return jwt.encode({"alg": "RS256", "kid": key.kid, "typ": "JWT"}, claims, key)


class FakeGoogle(RSAKeys, FakeYahoo):
    kind = "google"
    DEFAULTS = dict(FakeYahoo.DEFAULTS, access_token_lifetime=3599, require_nonce=False, rotate_refresh_tokens=False)

    def __init__(self, base_url, idle_timeout, max_lifetime, overrides):
        super().__init__(base_url, idle_timeout, max_lifetime, overrides)
        self.client_id = CLIENT_ID
        self.client_secret = "GOCSPX-" + secrets.token_urlsafe(21)[:28]

    def rules(self):
        return [
            Rule("/.well-known/openid-configuration", endpoint="discovery", methods=["GET"]),
            Rule("/oauth2/v3/certs", endpoint="jwks", methods=["GET"]),
            Rule("/o/oauth2/v2/auth", endpoint="authorize", methods=["GET", "POST"]),
            Rule("/oauth2/consent", endpoint="consent", methods=["POST"]),
            Rule("/session", endpoint="session", methods=["POST"]),
            Rule("/token", endpoint="token", methods=["POST"]),
            Rule("/v1/userinfo", endpoint="userinfo", methods=["GET", "POST"]),
            Rule("/revoke", endpoint="revoke", methods=["POST"]),
        ]

    def on_discovery(self, request: Request) -> Response:
        base = self.base
        return json_response({
            "issuer": base,
            "authorization_endpoint": base + "/o/oauth2/v2/auth",
            "device_authorization_endpoint": base + "/device/code",
            "token_endpoint": base + "/token",
            "userinfo_endpoint": base + "/v1/userinfo",
            "revocation_endpoint": base + "/revoke",
            "jwks_uri": base + "/oauth2/v3/certs",
            "response_types_supported": ["code", "token", "id_token", "code token", "code id_token", "token id_token",
                                         "code token id_token", "none"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "scopes_supported": ["openid", "email", "profile"],
            "token_endpoint_auth_methods_supported": ["client_secret_post", "client_secret_basic"],
            "claims_supported": ["aud", "email", "email_verified", "exp", "family_name", "given_name", "iat", "iss",
                                 "name", "picture", "sub"],
            "code_challenge_methods_supported": ["plain", "S256"],
            "grant_types_supported": ["authorization_code", "refresh_token",
                                      "urn:ietf:params:oauth:grant-type:device_code",
                                      "urn:ietf:params:oauth:grant-type:jwt-bearer"],
        })

    def redirect_uri_ok(self, redirect_uri: str) -> bool:
        from urllib.parse import urlsplit

        parts = urlsplit(redirect_uri)
        try:
            port = parts.port
        except ValueError:
            return False
        return parts.scheme == "http" and parts.hostname in self.config["loopback_hosts"] and port is not None and not parts.fragment

    def authorize_extra(self, request: Request) -> dict:
        return {"offline": request.values.get("access_type") == "offline", "hd_hint": request.values.get("hd")}

    def client_ok(self, request: Request) -> bool:
        return self.client_problem(request) is None

    def client_problem(self, request: Request) -> Response | None:
        auth = request.authorization
        if auth is not None and auth.type == "basic":
            client_id, secret = auth.username, auth.password
        else:
            client_id, secret = request.form.get("client_id"), request.form.get("client_secret")
        if client_id != self.client_id:
            return self.oauth_error("invalid_client", "The OAuth client was not found.", status=401)
        if not secret:
            return self.oauth_error("invalid_request", "client_secret is missing.")
        if not secrets.compare_digest(secret, self.client_secret):
            return self.oauth_error("invalid_client", "Unauthorized", status=401)
        return None

    def on_token(self, request: Request) -> Response:
        problem = self.client_problem(request)
        if problem is not None:
            self.count("token_requests")
            return problem
        return super().on_token(request)

    def mint(self, grant: dict, with_id_token: bool, nonce: str | None, refresh_token: str | None = None) -> dict:
        answer = super().mint(grant, with_id_token, nonce, refresh_token)
        answer.pop("xoauth_yahoo_guid", None)
        answer.update(token_type="Bearer", expires_in=min(answer["expires_in"], 3599), scope=" ".join(grant["scopes"]))
        if refresh_token is not None or not grant.get("offline"):
            del answer["refresh_token"]  # only the first exchange of an offline grant returns one
        return answer

    def shape_id_token(self, grant: dict, claims: dict) -> None:
        claims["azp"] = self.client_id
        claims.pop("amr", None)

    def subject(self, user: str) -> str:
        return google_sub(user)

    def claims(self, user: str, scopes: list[str]) -> dict:
        info = USERS[user]
        claims = {}
        if "email" in scopes:
            claims.update(email=info["email"], email_verified=True)
        if "profile" in scopes:
            claims.update(name=info["name"], given_name=info["given_name"], family_name=info["family_name"],
                          picture=f"{self.base}/a/{google_sub(user)}=s96-c")
        if HOSTED_DOMAIN[user]:
            claims["hd"] = HOSTED_DOMAIN[user]
        return claims


def main(argv: list[str] | None = None) -> int:
    def make_app(base, args):
        return FakeGoogle(base, args.idle_timeout, args.max_lifetime, {})

    def describe(fake: FakeGoogle, args) -> dict:
        return {
            "kind": "google", "issuer": fake.base, "discovery_url": fake.base + "/.well-known/openid-configuration",
            "control_url": fake.base + "/_control", "client_id": fake.client_id, "client_secret": fake.client_secret,
            "users": {name: {"sub": google_sub(name), "email": info["email"], "hd": HOSTED_DOMAIN[name],
                             "password": info["password"]} for name, info in USERS.items()},
        }

    return serve(make_app, describe, argv)


if __name__ == "__main__":
    sys.exit(main())
