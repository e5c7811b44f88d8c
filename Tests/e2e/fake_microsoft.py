"""A loopback stand-in for the Microsoft identity platform (login.microsoftonline.com, v2.0) for
authctl's e2e tests.

    <venv python> Tests/e2e/fake_microsoft.py [--port 0] [--idle-timeout 900] [--max-lifetime 3600]

Prints ONE JSON line once it listens (as fake_yahoo.py, whose login, consent, token store and
control API it reuses), then serves until SIGTERM/SIGINT or its parent dies:

    {"kind": "microsoft", "base_url": "http://127.0.0.1:PORT", "port": PORT, "pid": PID,
     "client_id": "<GUID>", "tenants": {"contoso": "<GUID>", "contoso_domain": "contoso.example",
     "consumers": "9188040d-6c67-4c5b-b112-36a304b66dad"},
     "users": {"alice": {"tid": <contoso>, "oid": ..., "sub": ...}, "bob": {"tid": <consumers>, ...}}}

Tests pass `providers add microsoft.com --tenant T --issuer <base_url>/T/v2.0`: the issuer is the
authority with the tenant as its first path segment, as at login.microsoftonline.com.

What Microsoft documents, implemented here
------------------------------------------
- Tenants in the path: `common` (work, school and personal accounts), `organizations` (work and
  school only), `consumers` (personal only), a tenant id (GUID) or a verified domain name
  (contoso.example); any other is 400 with AADSTS90002 (tenant not found).
- Discovery at /<tenant>/v2.0/.well-known/openid-configuration, shaped as Microsoft's: for
  common and organizations `"issuer": "<base>/{tenantid}/v2.0"` (the template, literally); for
  consumers the consumer tenant's issuer `<base>/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0`; for
  a tenant id or domain that tenant's issuer (its GUID). Endpoints keep the tenant as given;
  `userinfo_endpoint` is Graph's /oidc/userinfo; no `code_challenge_methods_supported` and no
  revocation endpoint (Microsoft lists neither); `token_endpoint_auth_methods_supported`
  client_secret_post, private_key_jwt, client_secret_basic.
- The client is a PUBLIC client ("Mobile and desktop applications" platform) with the redirect URI
  http://127.0.0.1/callback registered: any port at request time (Microsoft ignores the port of a
  loopback redirect), the path must match. PKCE S256 required here (public clients must use it
  for the loopback flow). At the token endpoint a public client sends client_id only: a
  client_secret, client_assertion or Basic header is 401 invalid_client AADSTS700025. The code is
  redeemed at the tenant it was issued through (else invalid_grant).
- A refresh token only with the `offline_access` scope; refresh tokens rotate.
- ID token v2.0 (RS256): ver "2.0", iss `<base>/<tid>/v2.0` (the user's home tenant), tid, oid,
  sub (pairwise: per user and client), aud (client id), iat, nbf, exp, nonce, name,
  preferred_username, and `email` (as an app with that optional claim; never email_verified).
  Control config `forge_tid` (a GUID) puts another tid in the token than its iss names.
- Userinfo (/oidc/userinfo, Bearer): sub, name, given_name, family_name, email.
Left out: v1.0 endpoints and tokens, the device flow, B2C, form_post, prompt handling, MFA, consent
per tenant admin, national clouds.
"""

from __future__ import annotations

import hashlib
import sys
import uuid
from pathlib import Path

from werkzeug.routing import Rule
from werkzeug.wrappers import Request, Response

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from e2e_constants import USERS  # noqa: E402
from fake_github import json_response, serve  # noqa: E402
from fake_google import RSAKeys  # noqa: E402
from fake_yahoo import FakeYahoo  # noqa: E402

CLIENT_ID = "3c1f9a2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b"
CONTOSO = "4a1f2c3d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"
CONTOSO_DOMAIN = "contoso.example"
CONSUMERS = "9188040d-6c67-4c5b-b112-36a304b66dad"
HOME_TENANT = {"alice": CONTOSO, "bob": CONSUMERS}
SHARED = ("common", "organizations", "consumers")


def oid(user: str) -> str:
    return str(uuid.UUID(bytes=hashlib.sha256(b"microsoft-e2e-oid:" + user.encode()).digest()[:16], version=4))


def pairwise_sub(user: str) -> str:
    """Microsoft's sub: pairwise, per user and application, base64url-looking."""
    import base64

    digest = hashlib.sha256(f"microsoft-e2e-sub:{user}:{CLIENT_ID}".encode()).digest()
    return base64.urlsafe_b64encode(digest[:32]).decode().rstrip("=")[:43]


class FakeMicrosoft(RSAKeys, FakeYahoo):
    kind = "microsoft"
    DEFAULTS = dict(FakeYahoo.DEFAULTS, access_token_lifetime=3599, require_nonce=False, forge_tid=None)

    def __init__(self, base_url, idle_timeout, max_lifetime, overrides):
        super().__init__(base_url, idle_timeout, max_lifetime, overrides)
        self.client_id = CLIENT_ID
        self.client_secret = None

    def rules(self):
        return [
            Rule("/<tenant>/v2.0/.well-known/openid-configuration", endpoint="discovery", methods=["GET"]),
            Rule("/<tenant>/discovery/v2.0/keys", endpoint="jwks", methods=["GET"]),
            Rule("/<tenant>/oauth2/v2.0/authorize", endpoint="authorize", methods=["GET", "POST"]),
            Rule("/<tenant>/oauth2/v2.0/token", endpoint="token", methods=["POST"]),
            Rule("/oauth2/consent", endpoint="consent", methods=["POST"]),
            Rule("/session", endpoint="session", methods=["POST"]),
            Rule("/oidc/userinfo", endpoint="userinfo", methods=["GET", "POST"]),
        ]

    # tenants

    @staticmethod
    def tenant_id(tenant: str) -> str | None:
        """The one tenant a path names (a GUID or domain), or None for a shared one; KeyError if unknown."""
        if tenant in SHARED:
            return CONSUMERS if tenant == "consumers" else None
        if tenant.lower() in (CONTOSO, CONTOSO_DOMAIN):
            return CONTOSO
        raise KeyError(tenant)

    def tenant_error(self, tenant: str) -> Response:
        self.count_error("invalid_tenant")
        return json_response({"error": "invalid_tenant", "error_description":
                              f"AADSTS90002: Tenant '{tenant}' not found. Check to make sure you have the correct tenant ID"},
                             status=400)

    def tenant_issuer(self, tenant: str) -> str:
        if tenant in ("common", "organizations"):
            return self.base + "/{tenantid}/v2.0"
        return f"{self.base}/{self.tenant_id(tenant)}/v2.0"

    def allows(self, tenant: str, user: str) -> bool:
        home = HOME_TENANT[user]
        if tenant == "common":
            return True
        if tenant == "organizations":
            return home != CONSUMERS
        return home == self.tenant_id(tenant)

    # endpoints

    def on_discovery(self, request: Request, tenant: str) -> Response:
        try:
            issuer = self.tenant_issuer(tenant)
        except KeyError:
            return self.tenant_error(tenant)
        root = f"{self.base}/{tenant}"
        return json_response({
            "token_endpoint": root + "/oauth2/v2.0/token",
            "token_endpoint_auth_methods_supported": ["client_secret_post", "private_key_jwt", "client_secret_basic"],
            "jwks_uri": root + "/discovery/v2.0/keys",
            "response_modes_supported": ["query", "fragment", "form_post"],
            "subject_types_supported": ["pairwise"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "response_types_supported": ["code", "id_token", "code id_token", "id_token token"],
            "scopes_supported": ["openid", "profile", "email", "offline_access"],
            "issuer": issuer,
            "request_uri_parameter_supported": False,
            "userinfo_endpoint": self.base + "/oidc/userinfo",
            "authorization_endpoint": root + "/oauth2/v2.0/authorize",
            "device_authorization_endpoint": root + "/oauth2/v2.0/devicecode",
            "http_logout_supported": True,
            "frontchannel_logout_supported": True,
            "end_session_endpoint": root + "/oauth2/v2.0/logout",
            "claims_supported": ["sub", "iss", "cloud_instance_name", "cloud_instance_host_name", "cloud_graph_host_name",
                                 "msgraph_host", "aud", "exp", "iat", "auth_time", "acr", "nonce", "preferred_username",
                                 "name", "tid", "ver", "at_hash", "c_hash", "email"],
            "kerberos_endpoint": root + "/kerberos",
            "tenant_region_scope": None,
            "cloud_instance_name": "microsoftonline.com",
            "cloud_graph_host_name": "graph.windows.net",
            "msgraph_host": "graph.microsoft.com",
            "rbac_url": "https://pas.windows.net",
        })

    def on_jwks(self, request: Request, tenant: str) -> Response:
        return super().on_jwks(request)

    def redirect_uri_ok(self, redirect_uri: str) -> bool:
        from urllib.parse import urlsplit

        parts = urlsplit(redirect_uri)
        try:
            port = parts.port
        except ValueError:
            return False
        return (parts.scheme == "http" and parts.hostname == "127.0.0.1" and port is not None
                and parts.path == "/callback" and not parts.query and not parts.fragment)

    def on_authorize(self, request: Request, tenant: str) -> Response:
        try:
            self.tenant_id(tenant)
        except KeyError:
            return self.tenant_error(tenant)
        request.environ["fake.tenant"] = tenant
        return super().on_authorize(request)

    def refuse_user(self, request: Request, user: str) -> tuple[str, str] | None:
        tenant = request.environ["fake.tenant"]
        if self.allows(tenant, user):
            return None
        return ("invalid_request", f"AADSTS50020: User account '{USERS[user]['email']}' does not exist in tenant '{tenant}'.")

    def authorize_extra(self, request: Request) -> dict:
        return {"tenant": request.environ["fake.tenant"]}

    def on_token(self, request: Request, tenant: str) -> Response:
        self.count("token_requests")
        if request.authorization is not None or "client_secret" in request.form or "client_assertion" in request.form:
            return self.oauth_error("invalid_client", "AADSTS700025: Client is public so neither 'client_assertion' "
                                    "nor 'client_secret' should be presented.", status=401)
        if request.form.get("client_id") != self.client_id:
            return self.oauth_error("unauthorized_client", f"AADSTS700016: Application with identifier "
                                    f"'{request.form.get('client_id')}' was not found.")
        grant_type = request.form.get("grant_type")
        if grant_type == "authorization_code":
            with self.lock:
                grant = self.codes.get(request.form.get("code", ""))
            if grant is not None and grant["tenant"] != tenant:
                return self.oauth_error("invalid_grant", "AADSTS50148: The code was issued through another tenant.")
            return self.exchange_code(request)
        if grant_type == "refresh_token":
            return self.refresh(request)
        return self.oauth_error("unsupported_grant_type", f"AADSTS70003: grant_type {grant_type} is not supported.")

    def client_ok(self, request: Request) -> bool:
        return request.form.get("client_id") == self.client_id

    # tokens

    def mint(self, grant: dict, with_id_token: bool, nonce: str | None, refresh_token: str | None = None) -> dict:
        answer = super().mint(grant, with_id_token, nonce, refresh_token)
        answer.pop("xoauth_yahoo_guid", None)
        answer.update(token_type="Bearer", scope=" ".join(grant["scopes"]), ext_expires_in=answer["expires_in"])
        if "offline_access" not in grant["scopes"]:
            del answer["refresh_token"]
        return answer

    def subject(self, user: str) -> str:
        return pairwise_sub(user)

    def token_issuer(self, grant: dict) -> str:
        return f"{self.base}/{HOME_TENANT[grant['user']]}/v2.0"

    def shape_id_token(self, grant: dict, claims: dict) -> None:
        user = grant["user"]
        for name in ("amr", "auth_time", "at_hash", "email_verified", "nickname", "locale", "picture",
                     "given_name", "family_name"):
            claims.pop(name, None)
        claims.update(ver="2.0", tid=self.config.get("forge_tid") or HOME_TENANT[user], oid=oid(user),
                      preferred_username=USERS[user]["email"], nbf=claims["iat"],
                      aio="fake" + oid(user)[:8], uti=oid(user)[:22], rh="0.fake.")

    def claims(self, user: str, scopes: list[str]) -> dict:
        info = USERS[user]
        claims = {}
        if "email" in scopes:
            claims["email"] = info["email"]
        if "profile" in scopes:
            claims.update(name=info["name"], given_name=info["given_name"], family_name=info["family_name"])
        return claims


def main(argv: list[str] | None = None) -> int:
    def make_app(base, args):
        return FakeMicrosoft(base, args.idle_timeout, args.max_lifetime, {})

    def describe(fake: FakeMicrosoft, args) -> dict:
        return {
            "kind": "microsoft", "base_url": fake.base, "issuer": fake.base, "control_url": fake.base + "/_control",
            "client_id": fake.client_id,
            "tenants": {"contoso": CONTOSO, "contoso_domain": CONTOSO_DOMAIN, "consumers": CONSUMERS},
            "users": {name: {"tid": HOME_TENANT[name], "oid": oid(name), "sub": pairwise_sub(name),
                             "email": info["email"], "password": info["password"]} for name, info in USERS.items()},
        }

    return serve(make_app, describe, argv)


if __name__ == "__main__":
    sys.exit(main())
