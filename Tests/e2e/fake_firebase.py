"""A loopback stand-in for Firebase Authentication (Identity Toolkit v1 + Secure Token) for authctl.

    <venv python> Tests/e2e/fake_firebase.py [--port 0] [--project-id demo-authctl] [--api-key KEY]

authctl talks to it exactly as the Firebase SDKs talk to the Auth emulator, with
FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:PORT:

    POST http://HOST/identitytoolkit.googleapis.com/v1/accounts:<method>?key=API_KEY   (JSON)
    GET  http://HOST/identitytoolkit.googleapis.com/v1/projects?key=API_KEY            (getProjectConfig)
    POST http://HOST/securetoken.googleapis.com/v1/token?key=API_KEY                   (form or JSON)
    GET  http://HOST/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com

It prints ONE JSON line once it listens ({"kind": "firebase", "host": "127.0.0.1:PORT", "base_url",
"project_id", "api_key", "port", "pid"}), and serves until SIGTERM, its parent's death, or idleness.

Where the emulator is lax, this fake follows production (the issue that asked for it says so):
ID tokens are RS256-signed with a key served as a JWK set (with Cache-Control, rotatable); the
recent-login window (5 minutes by default) refuses accounts:update / accounts:delete with
CREDENTIAL_TOO_OLD_LOGIN_AGAIN; an OpenID ID token is verified for real (discovery, JWKS
signature, iss, aud, exp) and its nonce must be SHA-256(hex) of the `nonce` sent in postBody
(MISSING_OR_INVALID_NONCE otherwise); a GitHub access token is checked against the GitHub API
configured for github.com (the repo's fake_github.py serves one); an `access_token` without an
`id_token` for a provider that production signs in with one (google.com, facebook.com: the Yahoo
page's list; twitter.com needs an OAuth 1.0a exchange this fake does not run) is resolved through the
userinfo endpoint of the provider's configured issuer (fake_google.py serves one), as production asks
the provider whose token it is. Error answers use the error
envelope `{"error": {"code": 400, "message": "CODE : detail", "errors": [...]}}`; a body that names a
field outside its method's published request message, or a value of another type, is refused first
with Google's `400 INVALID_ARGUMENT "Invalid JSON payload received. Unknown name ..."`
(fake_firebase_schema.py, firebase_request_schemas.json); with
returnIdpCredential, FEDERATED_USER_ID_ALREADY_LINKED and EMAIL_EXISTS come back as HTTP 200 with
`errorMessage` and the IdP credential, as the real server does. An invalid API key gets Google's
own answer ("API key not valid. Please pass a valid API key.", status INVALID_ARGUMENT).

Account rules (production's): a project-wide 28-character localId; one account per email (on by
default): a new federated identity whose email belongs to another account answers 200 with
`needConfirmation: true`, that email, `verifiedProvider` and a `pendingToken` (good for 10
minutes) that accounts:signInWithIdp accepts later instead of postBody; `autoCreate: false`
(reauthentication) never creates a user and answers USER_NOT_FOUND for an unknown identity.
Email/password accounts (signUp, signInWithPassword; WEAK_PASSWORD under 6 characters;
INVALID_LOGIN_CREDENTIALS instead of EMAIL_NOT_FOUND / INVALID_PASSWORD when email-enumeration
protection is on, when createAuthUri also answers no methods) and custom tokens (RS256, signed by
the service account key this fake holds: `POST /_control/custom_token {"uid": ...}` mints one;
`alg: none` only with config `emulator_unsigned_custom_tokens`).

Provider flows run by the project (createAuthUri with providerId, then signInWithIdp with
requestUri + sessionId, the console's client secret held here): see fake_firebase_flows.py.

Control API (JSON), besides stats/config/reset/requests of the shared base:
- config: project_id, api_key, one_account_per_email, email_enumeration_protection,
  recent_login_seconds, id_token_lifetime, providers {id: {enabled, issuer, client_id, client_secret,
  api_base, response_mode, flow: "implicit" (the OIDC page's "Implicit flow": response_type=id_token,
  form_post, the posted ID token verified with the session's nonce)}}, provider_flows ("production" | "emulator"), authorized_domains,
  flow_session_lifetime,
  emulator_unsigned_custom_tokens, response_delay (seconds before answering), force_errors
  {method: {"code": "TOO_MANY_ATTEMPTS_TRY_LATER", "times": 1}} (method is the accounts: method or
  "token").
- accounts (GET): every account; disable {"localId"}; revoke {"localId"} (refresh tokens die);
  delete_user {"localId"}; rotate_keys {"keep_old": bool}; custom_token {"uid", "claims"?}.
- stats counts: per method (`signInWithIdp`, `token`, ...), refresh_grants, sign_ins.
- requests (GET): the base's record of each request, with the `host` it was sent to, its
  `X-Firebase-Locale` header (`locale`; an emailed code's link and outbox entry take its language)
  and the body's `tenantId` (`tenant_id`).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import string
import sys
import threading
import time
from pathlib import Path
from urllib.parse import parse_qsl

import requests
from jwcrypto import jwk, jws
from werkzeug.routing import Rule
from werkzeug.wrappers import Request, Response

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fake_firebase_flows import ProviderFlows  # noqa: E402
from fake_firebase_methods import METHOD_DEFAULTS, MFA_ENROLLMENT, SignInMethods  # noqa: E402
from fake_firebase_rules import MFA_FINALIZE, ProjectRules  # noqa: E402
from fake_firebase_schema import check_request, json_names  # noqa: E402
from fake_github import FakeProvider, b64url, json_response, serve  # noqa: E402

IDENTITY_TOOLKIT = "/identitytoolkit.googleapis.com/v1"
SECURE_TOKEN = "/securetoken.googleapis.com/v1/token"
PUBLIC_KEYS = "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"
CUSTOM_TOKEN_AUDIENCE = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
SERVICE_ACCOUNT = "firebase-adminsdk-fake@demo-authctl.iam.gserviceaccount.com"
PENDING_LIFETIME = 600
UID_ALPHABET = string.ascii_letters + string.digits
# Providers production signs in with an access token obtained elsewhere (besides github.com).
ACCESS_TOKEN_PROVIDERS = ("google.com", "facebook.com")

METHODS = ("signInWithIdp", "signUp", "signInWithPassword", "signInWithCustomToken", "lookup", "update", "delete",
           "createAuthUri", "sendOobCode", "signInWithEmailLink", "resetPassword")


class Refused(Exception):
    """An Identity Toolkit refusal: `code` (and detail) in the error envelope, or, with
    `as_answer`, a 200 answer whose errorMessage is the code (the extra fields ride along)."""

    def __init__(self, code: str, detail: str = "", *, as_answer: dict | None = None, status: int = 400):
        super().__init__(code)
        self.code, self.detail, self.as_answer, self.status = code, detail, as_answer, status


def envelope(code: str, detail: str = "", status: int = 400) -> Response:
    message = f"{code} : {detail}" if detail else code
    return json_response({"error": {"code": status, "message": message,
                                    "errors": [{"message": message, "domain": "global", "reason": "invalid"}]}}, status=status)


def now() -> float:
    return time.time()


class FakeFirebase(SignInMethods, ProjectRules, ProviderFlows, FakeProvider):
    kind = "firebase"
    Refused = Refused
    json_answer = staticmethod(json_response)
    DEFAULTS = {
        "project_id": "demo-authctl",
        "api_key": "AIzaSyFakeAuthctlE2eKey0123456789abc",
        "one_account_per_email": True,
        "email_enumeration_protection": False,
        "recent_login_seconds": 300,
        "id_token_lifetime": 3600,
        "providers": {"password": {"enabled": True}},
        "emulator_unsigned_custom_tokens": False,
        "response_delay": 0,
        "force_errors": {},
        "provider_flows": "production",
        "authorized_domains": [],
        "flow_session_lifetime": 600,
        **ProjectRules.RULE_DEFAULTS,
        **METHOD_DEFAULTS,
    }
    COUNTERS = METHODS + ("token", "refresh_grants", "sign_ins", "public_keys", "mfaSignIn:finalize", "projects",
                          "mfaEnrollment:start", "mfaEnrollment:finalize", "mfaEnrollment:withdraw")

    def __init__(self, base_url, idle_timeout, max_lifetime, overrides):
        super().__init__(base_url, idle_timeout, max_lifetime, overrides)
        self.accounts: dict[str, dict] = {}
        self.refresh_tokens: dict[str, dict] = {}
        self.pending_tokens: dict[str, dict] = {}
        self.keys = [self.new_key()]
        self.service_key = jwk.JWK.generate(kty="RSA", size=2048, kid="service-account-1")
        self.discovery_cache: dict[str, dict] = {}
        self.flow_sessions: dict[str, dict] = {}
        self.saml_key = secrets.token_bytes(32)
        self.mfa_pending: dict[str, dict] = {}
        self.oob_codes: list[dict] = []
        self.request_tenant: str | None = None
        # Every Sign in with Apple `user` field accepted, oldest first (control/apple_names).
        self.apple_names: list[dict] = []
        self.request_locale: str | None = None

    @staticmethod
    def new_key() -> jwk.JWK:
        return jwk.JWK.generate(kty="RSA", size=2048, kid=secrets.token_hex(8))

    def rules(self):
        return [
            Rule(IDENTITY_TOOLKIT + "/accounts:<method>", endpoint="accounts", methods=["POST"]),
            Rule(IDENTITY_TOOLKIT + "/projects", endpoint="projects", methods=["GET"]),
            Rule(SECURE_TOKEN, endpoint="token", methods=["POST"]),
            Rule(PUBLIC_KEYS, endpoint="public_keys", methods=["GET"]),
            Rule("/_saml/<provider>/sso", endpoint="saml_sso", methods=["GET"]),
            Rule(MFA_FINALIZE, endpoint="mfa_finalize", methods=["POST"]),
            Rule(MFA_ENROLLMENT, endpoint="mfa_enrollment", methods=["POST"]),
        ]

    # --- dispatch ---------------------------------------------------------------------------------

    def on_accounts(self, request: Request, method: str) -> Response:
        if method not in METHODS:
            return envelope("INVALID_ARGUMENT", f"unknown method accounts:{method}", status=404)
        body = request.get_json(silent=True)
        return self.answer(request, method, body if isinstance(body, dict) else {})

    def on_projects(self, request: Request) -> Response:
        """GET v1/projects?key= (getProjectConfig): the project the key belongs to; a wrong key gets
        Google's answer, as every call does (API_KEY_INVALID, 400 'API key not valid')."""
        return self.answer(request, "projects", {})

    def do_projects(self, body: dict) -> dict:
        project = self.config["project_id"]
        return {"projectId": project,
                "authorizedDomains": ["localhost", f"{project}.firebaseapp.com", f"{project}.web.app",
                                      *self.config["authorized_domains"]]}

    def on_mfa_finalize(self, request: Request) -> Response:
        body = request.get_json(silent=True)
        return self.answer(request, "mfaSignIn:finalize", body if isinstance(body, dict) else {})

    def on_token(self, request: Request) -> Response:
        body = dict(request.form) if request.mimetype == "application/x-www-form-urlencoded" else (request.get_json(silent=True) or {})
        return self.answer(request, "token", body)

    def answer(self, request: Request, method: str, body: dict) -> Response:
        self.count(method)
        delay = float(self.config.get("response_delay") or 0)
        if delay:
            time.sleep(min(delay, 120))
        if request.args.get("key") != self.config["api_key"]:
            return json_response({"error": {
                "code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
                "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID",
                             "domain": "googleapis.com"}]}}, status=400)
        gateway = self.gateway_refusal(request)
        if gateway:
            return json_response(gateway[0], status=gateway[1])
        invalid = self.schema_refusal(request)
        if invalid:
            self.count_error("INVALID_ARGUMENT")
            return json_response(invalid, status=400)
        if request.mimetype != "application/x-www-form-urlencoded":
            body = json_names(request.path, body)
        forced = self.take_forced_error(method)
        if forced:
            self.count_error(forced)
            return envelope(forced)
        try:
            # One request at a time: the account rules read and write shared state (and the
            # tests count exactly how many refreshes were granted).
            with self.lock:
                self.request_tenant = self.check_tenant(body)
                self.request_locale = request.headers.get("X-Firebase-Locale")
                return json_response(getattr(self, "do_" + method.replace(":", "_"))(body))
        except Refused as refusal:
            self.count_error(refusal.code)
            if refusal.as_answer is not None and body.get("returnIdpCredential"):
                return json_response({**refusal.as_answer, "errorMessage": refusal.code})
            return envelope(refusal.code, refusal.detail, refusal.status)

    def _record(self, request: Request) -> None:
        """The base record (GET /_control/requests), with what a test asserts on the wire of a
        project's call: the host it was sent to, its `X-Firebase-Locale` header and its `tenantId`."""
        body = request.get_json(silent=True) if request.is_json else None
        with self.lock:
            super()._record(request)
            self.requests[-1].update({"host": request.host, "locale": request.headers.get("X-Firebase-Locale"),
                                      "tenant_id": body.get("tenantId") if isinstance(body, dict) else None})

    @staticmethod
    def schema_refusal(request: Request) -> dict | None:
        """Google's 400 for a body that names a field outside the method's published request
        message, or a value of another type (fake_firebase_schema.py), before the method runs."""
        if request.mimetype == "application/x-www-form-urlencoded":
            return check_request(request.path, dict(request.form), form=True)
        body = request.get_json(silent=True) if request.get_data() else {}
        return check_request(request.path, body)

    def take_forced_error(self, method: str) -> str | None:
        with self.lock:
            spec = self.config["force_errors"].get(method)
            if not spec:
                return None
            spec["times"] = int(spec.get("times", 1)) - 1
            if spec["times"] <= 0:
                del self.config["force_errors"][method]
            return spec["code"]

    def on_public_keys(self, request: Request) -> Response:
        self.count("public_keys")
        with self.lock:
            keys = [json.loads(key.export_public()) | {"alg": "RS256", "use": "sig"} for key in self.keys]
        return json_response({"keys": keys}, headers={"Cache-Control": "public, max-age=19845, must-revalidate, no-transform"})

    # --- tokens -----------------------------------------------------------------------------------

    def sign(self, claims: dict, key: jwk.JWK, alg: str = "RS256") -> str:
        token = jws.JWS(json.dumps(claims, separators=(",", ":")).encode())
        token.add_signature(key, alg=alg, protected=json.dumps({"alg": alg, "kid": key.key_id, "typ": "JWT"}))
        return token.serialize(compact=True)

    def id_token(self, account: dict, auth_time: float, provider: str) -> str:
        issued = int(now())
        identities: dict = {}
        for info in account["providerUserInfo"]:
            identities.setdefault(info["providerId"], []).append(info["rawId"])
        if account.get("email"):
            identities.setdefault("email", [account["email"]])
        claims = {
            "iss": "https://securetoken.google.com/" + self.config["project_id"], "aud": self.config["project_id"],
            "auth_time": int(auth_time), "user_id": account["localId"], "sub": account["localId"], "iat": issued,
            "exp": issued + int(self.config["id_token_lifetime"]), "email_verified": bool(account.get("emailVerified")),
            "firebase": {"identities": identities, "sign_in_provider": provider},
        }
        if account.get("tenantId"):
            claims["firebase"]["tenant"] = account["tenantId"]
        claims.update(self.custom_claims(account))
        for field, claim in (("email", "email"), ("displayName", "name"), ("photoUrl", "picture")):
            if account.get(field):
                claims[claim] = account[field]
        return self.sign(claims, self.keys[-1])

    def session(self, account: dict, provider: str, auth_time: float | None = None) -> dict:
        """A new ID token and refresh token family for `account`."""
        auth_time = now() if auth_time is None else auth_time
        refresh = "AMf-" + secrets.token_urlsafe(48)
        self.refresh_tokens[refresh] = {"localId": account["localId"], "auth_time": auth_time, "provider": provider, "revoked": False}
        account["lastLoginAt"] = str(int(now() * 1000))
        self.count("sign_ins")
        return {"idToken": self.id_token(account, auth_time, provider), "refreshToken": refresh,
                "expiresIn": str(int(self.config["id_token_lifetime"]))}

    def verified_id_token(self, token: str | None) -> tuple[dict, dict]:
        """The account and claims of one of our own ID tokens (the `idToken` of a request)."""
        if not token:
            raise Refused("MISSING_ID_TOKEN")
        claims = None
        for key in self.keys:
            try:
                parsed = jws.JWS()
                parsed.deserialize(token)
                parsed.verify(key)
                claims = json.loads(parsed.payload)
                break
            except Exception:  # noqa: BLE001 - another key, or not ours
                continue
        if claims is None or claims.get("aud") != self.config["project_id"]:
            raise Refused("INVALID_ID_TOKEN")
        if claims.get("firebase", {}).get("tenant") != self.request_tenant:
            raise Refused("TENANT_ID_MISMATCH", "the ID token's tenant is not the request's")
        if claims["exp"] <= now():
            raise Refused("TOKEN_EXPIRED")
        account = self.accounts.get(claims["sub"])
        if account is None:
            raise Refused("USER_NOT_FOUND")
        if account.get("disabled"):
            raise Refused("USER_DISABLED")
        if claims["iat"] < account.get("validSince", 0):
            raise Refused("TOKEN_EXPIRED")
        return account, claims

    def require_recent_login(self, claims: dict) -> None:
        if now() - claims["auth_time"] > float(self.config["recent_login_seconds"]):
            raise Refused("CREDENTIAL_TOO_OLD_LOGIN_AGAIN")

    # --- the provider's credential (what signInWithIdp's postBody proves) ---------------------------

    def idp_identity(self, post_body: str) -> dict:
        fields = dict(parse_qsl(post_body, keep_blank_values=True))
        provider_id = fields.get("providerId", "")
        settings = self.config["providers"].get(provider_id)
        if settings is None:
            raise self.missing_provider(provider_id)
        if not settings.get("enabled", True):
            raise Refused("OPERATION_NOT_ALLOWED", f"The identity provider configuration is disabled: {provider_id}")
        if provider_id == "github.com":
            return self.github_identity(settings, fields.get("access_token"))
        if provider_id in ACCESS_TOKEN_PROVIDERS and fields.get("access_token") and not fields.get("id_token"):
            return self.userinfo_identity(provider_id, settings, fields["access_token"])
        return self.oidc_identity(provider_id, settings, fields)

    def userinfo_identity(self, provider_id: str, settings: dict, access_token: str) -> dict:
        """An access token obtained elsewhere: whose it is, as the provider's userinfo answers."""
        endpoint = self.discovery(settings["issuer"]).get("userinfo_endpoint")
        answer = requests.get(endpoint, headers={"Authorization": "Bearer " + access_token}, timeout=10) if endpoint else None
        if answer is None or answer.status_code != 200:
            raise Refused("INVALID_IDP_RESPONSE", f"{provider_id} rejected the access token")
        claims = answer.json()
        return {"providerId": provider_id, "rawId": claims["sub"], "email": claims.get("email"),
                "emailVerified": claims.get("email_verified") in (True, "true"), "displayName": claims.get("name"),
                "photoUrl": claims.get("picture"), "rawUserInfo": claims, "oauthAccessToken": access_token}

    def github_identity(self, settings: dict, access_token: str | None) -> dict:
        if self.config["emulator_compat"]:
            raise Refused("INVALID_IDP_RESPONSE", "the emulator does not accept a GitHub access token")
        if not access_token:
            raise Refused("INVALID_IDP_RESPONSE", "github.com needs an access_token")
        api = settings["api_base"].rstrip("/") + "/api/v3"
        headers = {"Authorization": "Bearer " + access_token, "Accept": "application/vnd.github+json"}
        user = requests.get(api + "/user", headers=headers, timeout=10)
        if user.status_code != 200:
            raise Refused("INVALID_IDP_RESPONSE", f"GitHub rejected the access token (HTTP {user.status_code})")
        profile = user.json()
        emails = requests.get(api + "/user/emails", headers=headers, timeout=10)
        primary = next((e for e in (emails.json() if emails.status_code == 200 else [])
                        if e.get("primary") and e.get("verified")), None)
        return {"providerId": "github.com", "rawId": str(profile["id"]), "email": primary and primary["email"],
                "emailVerified": primary is not None, "displayName": profile.get("name"), "photoUrl": profile.get("avatar_url"),
                "screenName": profile.get("login"), "rawUserInfo": profile, "oauthAccessToken": access_token}

    def oidc_identity(self, provider_id: str, settings: dict, fields: dict) -> dict:
        token = fields.get("id_token")
        if not token:
            raise Refused("INVALID_IDP_RESPONSE", f"{provider_id} needs an id_token")
        claims = self.verify_oidc(settings, token)
        if "nonce" in claims or "nonce" in fields:
            raw = fields.get("nonce")
            if raw is None or hashlib.sha256(raw.encode()).hexdigest() != claims.get("nonce"):
                raise Refused("MISSING_OR_INVALID_NONCE", "Duplicate credential received. Please try again with a new credential.")
        verified = claims.get("email_verified") in (True, "true")
        name = self.apple_user_name(fields.get("user")) if provider_id == "apple.com" else None
        return {"providerId": provider_id, "rawId": claims["sub"], "email": claims.get("email"), "emailVerified": verified,
                "displayName": name or claims.get("name"), "photoUrl": claims.get("picture"), "screenName": claims.get("preferred_username"),
                "rawUserInfo": claims, "oauthIdToken": token}

    def apple_user_name(self, user: str | None) -> str | None:
        """Sign in with Apple's `user` field (the SDK's VerifyAssertionRequest: JSON
        `{"name": {"firstName", "lastName"}}`), which Apple's ID token lacks: the new user's name.
        Anything else in its place is refused, as a malformed assertion."""
        if user is None:
            return None
        try:
            parsed = json.loads(user)
        except ValueError:
            raise Refused("INVALID_IDP_RESPONSE", "the user field is not JSON") from None
        name = parsed.get("name") if isinstance(parsed, dict) and set(parsed) == {"name"} else None
        if not isinstance(name, dict) or not name or not set(name) <= {"firstName", "lastName"} \
                or not all(isinstance(part, str) for part in name.values()):
            raise Refused("INVALID_IDP_RESPONSE", "the user field is not {name: {firstName, lastName}}")
        self.apple_names.append(parsed)
        return " ".join(name[part] for part in ("firstName", "lastName") if name.get(part)) or None

    def discovery(self, issuer: str) -> dict:
        issuer = issuer.rstrip("/")
        if issuer not in self.discovery_cache:
            self.discovery_cache[issuer] = requests.get(issuer + "/.well-known/openid-configuration", timeout=10).json()
        return self.discovery_cache[issuer]

    def verify_oidc(self, settings: dict, token: str) -> dict:
        discovery = self.discovery(settings["issuer"])
        key_set = jwk.JWKSet.from_json(requests.get(discovery["jwks_uri"], timeout=10).text)
        parsed = jws.JWS()
        try:
            parsed.deserialize(token)
            parsed.verify(key_set)
        except Exception as error:  # noqa: BLE001 - any verification failure is the same refusal
            raise Refused("INVALID_IDP_RESPONSE", f"the id_token does not verify: {error.__class__.__name__}") from None
        claims = json.loads(parsed.payload)
        audiences = claims.get("aud") if isinstance(claims.get("aud"), list) else [claims.get("aud")]
        if claims.get("iss") != settings["issuer"] or settings["client_id"] not in audiences:
            raise Refused("INVALID_IDP_RESPONSE", "the id_token's iss or aud is not this provider's configuration")
        if claims.get("exp", 0) <= now():
            raise Refused("INVALID_IDP_RESPONSE", "the id_token has expired")
        return claims

    # --- accounts ---------------------------------------------------------------------------------

    def new_account(self, **fields) -> dict:
        local_id = "".join(secrets.choice(UID_ALPHABET) for _ in range(28))
        account = {"localId": local_id, "providerUserInfo": [], "createdAt": str(int(now() * 1000)),
                   "lastLoginAt": str(int(now() * 1000)), "emailVerified": False, "tenantId": self.request_tenant, **fields}
        self.accounts[local_id] = account
        return account

    def holder_of(self, provider_id: str, raw_id: str) -> dict | None:
        return next((a for a in self.accounts.values() if a.get("tenantId") == self.request_tenant
                     and any(i["providerId"] == provider_id and i["rawId"] == raw_id for i in a["providerUserInfo"])), None)

    def with_email(self, email: str | None) -> dict | None:
        if not email:
            return None
        return next((a for a in self.accounts.values()
                     if a.get("tenantId") == self.request_tenant and (a.get("email") or "").lower() == email.lower()), None)

    @staticmethod
    def provider_info(identity: dict) -> dict:
        return {"providerId": identity["providerId"], "rawId": identity["rawId"],
                "federatedId": f"{identity['providerId']}/{identity['rawId']}", "email": identity.get("email"),
                "displayName": identity.get("displayName"), "photoUrl": identity.get("photoUrl"),
                "screenName": identity.get("screenName")}

    @staticmethod
    def credential_fields(identity: dict) -> dict:
        """What returnIdpCredential echoes back, with the identity's description."""
        fields = {"providerId": identity["providerId"], "federatedId": f"{identity['providerId']}/{identity['rawId']}",
                  "email": identity.get("email"), "emailVerified": identity.get("emailVerified", False),
                  "displayName": identity.get("displayName"), "photoUrl": identity.get("photoUrl"),
                  "rawUserInfo": json.dumps(identity.get("rawUserInfo") or {})}
        for key in ("oauthAccessToken", "oauthIdToken", "screenName"):
            if identity.get(key):
                fields[key] = identity[key]
        return fields

    def do_signInWithIdp(self, body: dict) -> dict:
        if body.get("pendingToken"):
            pending = self.pending_tokens.get(body["pendingToken"])
            if pending is None or pending["expires"] < now():
                raise Refused("INVALID_PENDING_TOKEN")
            identity = pending["identity"]
        elif body.get("sessionId"):
            identity = self.flow_identity(body)
        else:
            identity = self.idp_identity(body.get("postBody") or "")
        credential = self.credential_fields(identity)
        if body.get("idToken"):
            return self.link_identity(body, identity, credential)
        self.check_blocking_function()
        holder = self.holder_of(identity["providerId"], identity["rawId"])
        if holder is not None:
            if holder.get("disabled"):
                raise Refused("USER_DISABLED")
            answer = {**credential, "localId": holder["localId"], "isNewUser": False, **self.session(holder, identity["providerId"])}
            return self.second_factor_gate(holder, answer)
        if body.get("autoCreate") is False:
            raise Refused("USER_NOT_FOUND")
        existing = self.with_email(identity.get("email")) if self.config["one_account_per_email"] else None
        if existing is not None and self.config["emulator_compat"] and identity.get("emailVerified"):
            # The emulator links a verified email's new identity to its account at once.
            existing["providerUserInfo"].append(self.provider_info(identity))
            return {**credential, "localId": existing["localId"], "isNewUser": False, **self.session(existing, identity["providerId"])}
        if existing is not None:
            token = "pending-" + secrets.token_urlsafe(32)
            self.pending_tokens[token] = {"identity": identity, "expires": now() + PENDING_LIFETIME}
            answer = {**credential, "needConfirmation": True, "email": existing["email"],
                      "verifiedProvider": sorted({i["providerId"] for i in existing["providerUserInfo"]})}
            return answer if self.config["emulator_compat"] else answer | {"pendingToken": token}
        self.check_sign_up_allowed()
        account = self.new_account(email=identity.get("email"), emailVerified=identity.get("emailVerified", False),
                                   displayName=identity.get("displayName"), photoUrl=identity.get("photoUrl"))
        account["providerUserInfo"].append(self.provider_info(identity))
        return {**credential, "localId": account["localId"], "isNewUser": True, **self.session(account, identity["providerId"])}

    def link_identity(self, body: dict, identity: dict, credential: dict) -> dict:
        account, claims = self.verified_id_token(body["idToken"])
        holder = self.holder_of(identity["providerId"], identity["rawId"])
        if holder is not None and holder["localId"] != account["localId"]:
            raise Refused("FEDERATED_USER_ID_ALREADY_LINKED", as_answer=credential | {"email": holder.get("email")})
        if holder is None:
            if any(i["providerId"] == identity["providerId"] for i in account["providerUserInfo"]):
                raise Refused("PROVIDER_ALREADY_LINKED", identity["providerId"])
            other = self.with_email(identity.get("email"))
            if self.config["one_account_per_email"] and other is not None and other["localId"] != account["localId"]:
                raise Refused("EMAIL_EXISTS", as_answer=credential)
            account["providerUserInfo"].append(self.provider_info(identity))
            if not account.get("email") and identity.get("email"):
                account["email"], account["emailVerified"] = identity["email"], identity.get("emailVerified", False)
        return {**credential, "localId": account["localId"], "isNewUser": False,
                **self.session(account, identity["providerId"], auth_time=claims["auth_time"])}

    def do_signUp(self, body: dict) -> dict:
        if body.get("idToken"):
            return self.link_password(body)
        if not body.get("email") and not body.get("password"):
            return self.sign_up_anonymous()
        self.require_password_enabled()
        self.check_recaptcha()
        email, password = body.get("email") or "", body.get("password") or ""
        if "@" not in email:
            raise Refused("INVALID_EMAIL")
        self.check_sign_up_allowed()
        self.check_password_policy(password)
        if len(password) < 6:
            raise Refused("WEAK_PASSWORD", "Password should be at least 6 characters")
        self.check_blocking_function()
        if self.with_email(email) is not None:
            raise Refused("EMAIL_EXISTS")
        account = self.new_account(email=email, password=password)
        account["providerUserInfo"].append({"providerId": "password", "rawId": email, "federatedId": email, "email": email})
        return {"kind": "identitytoolkit#SignupNewUserResponse", "localId": account["localId"], "email": email,
                **self.session(account, "password")}

    def do_signInWithPassword(self, body: dict) -> dict:
        self.require_password_enabled()
        self.check_recaptcha()
        if "@" not in (body.get("email") or ""):
            raise Refused("INVALID_EMAIL")
        account = self.with_email(body.get("email"))
        protected = self.config["email_enumeration_protection"]
        if account is None or account.get("password") is None:
            raise Refused("INVALID_LOGIN_CREDENTIALS" if protected else "EMAIL_NOT_FOUND")
        if account["password"] != body.get("password"):
            raise Refused("INVALID_LOGIN_CREDENTIALS" if protected else "INVALID_PASSWORD")
        if account.get("disabled"):
            raise Refused("USER_DISABLED")
        self.check_blocking_function()
        return self.second_factor_gate(account, {
            "kind": "identitytoolkit#VerifyPasswordResponse", "localId": account["localId"], "email": account["email"],
            "displayName": account.get("displayName", ""), "registered": True, **self.session(account, "password")})

    def require_password_enabled(self) -> None:
        if not self.config["providers"].get("password", {}).get("enabled", False):
            raise Refused("OPERATION_NOT_ALLOWED", "Password sign-in is disabled for this project.")

    def do_signInWithCustomToken(self, body: dict) -> dict:
        claims = self.verify_custom_token(body.get("token") or "")
        account = self.accounts.get(claims["uid"])
        is_new = account is None
        if account is None:
            account = self.new_account()
            del self.accounts[account["localId"]]
            account["localId"] = claims["uid"]
            self.accounts[claims["uid"]] = account
        if account.get("disabled"):
            raise Refused("USER_DISABLED")
        return {"kind": "identitytoolkit#VerifyCustomTokenResponse", "isNewUser": is_new, **self.session(account, "custom")}

    def verify_custom_token(self, token: str) -> dict:
        parts = token.split(".")
        if len(parts) != 3:
            raise Refused("INVALID_CUSTOM_TOKEN", "not a JWT")
        try:
            header = json.loads(_b64decode(parts[0]))
            if header.get("alg") == "none" and self.config["emulator_unsigned_custom_tokens"]:
                claims = json.loads(_b64decode(parts[1]))
            else:
                parsed = jws.JWS()
                parsed.deserialize(token)
                parsed.verify(self.service_key)
                claims = json.loads(parsed.payload)
        except Exception:  # noqa: BLE001
            raise Refused("INVALID_CUSTOM_TOKEN", "the custom token's signature does not verify") from None
        if claims.get("aud") != CUSTOM_TOKEN_AUDIENCE or not claims.get("uid"):
            raise Refused("CREDENTIAL_MISMATCH", "the custom token is for another audience")
        if claims.get("exp", 0) <= now():
            raise Refused("INVALID_CUSTOM_TOKEN", "the custom token has expired")
        return claims

    def do_lookup(self, body: dict) -> dict:
        account, _ = self.verified_id_token(body.get("idToken"))
        return {"kind": "identitytoolkit#GetAccountInfoResponse", "users": [self.public(account)]}

    def do_update(self, body: dict) -> dict:
        if body.get("oobCode") and not body.get("idToken"):
            return self.apply_code(body)
        account, claims = self.verified_id_token(body.get("idToken"))
        removing = body.get("deleteProvider") or []
        if removing:
            self.require_recent_login(claims)
            account["providerUserInfo"] = [i for i in account["providerUserInfo"] if i["providerId"] not in removing]
        fresh = {}
        if body.get("email") and account.get("mfaInfo"):
            # Production: an account with a second factor changes its email only by verifyBeforeUpdateEmail.
            raise Refused("EMAIL_CHANGE_NEEDS_VERIFICATION")
        if body.get("email") or body.get("password"):
            # Sensitive changes: a recent sign-in, and every other session of the user ends.
            self.require_recent_login(claims)
            if body.get("email"):
                if "@" not in body["email"]:
                    raise Refused("INVALID_EMAIL")
                if self.with_email(body["email"]) not in (None, account):
                    raise Refused("EMAIL_EXISTS")
                if account.get("email") and account.get("email") != body["email"]:
                    self.send_code("RECOVER_EMAIL", account["email"], newEmail=body["email"])
                account["email"], account["emailVerified"] = body["email"], False
                for info in account["providerUserInfo"]:
                    if info["providerId"] == "password":
                        info.update(rawId=body["email"], federatedId=body["email"], email=body["email"])
            if body.get("password"):
                self.check_password_policy(body["password"])
                if len(body["password"]) < 6:
                    raise Refused("WEAK_PASSWORD", "Password should be at least 6 characters")
                account["password"] = body["password"]
            account["validSince"] = int(now())
            for record in self.refresh_tokens.values():
                if record["localId"] == account["localId"]:
                    record["revoked"] = True
            if body.get("returnSecureToken"):
                fresh = self.session(account, claims["firebase"]["sign_in_provider"], auth_time=claims["auth_time"])
        self.update_profile(account, body)
        record = self.public(account)
        return {"kind": "identitytoolkit#SetAccountInfoResponse", "localId": account["localId"], "email": account.get("email"),
                "displayName": account.get("displayName"), "photoUrl": account.get("photoUrl"),
                "providerUserInfo": record["providerUserInfo"], **fresh}

    def do_mfaSignIn_finalize(self, body: dict) -> dict:
        return self.finalize_second_factor(body)

    def do_delete(self, body: dict) -> dict:
        account, claims = self.verified_id_token(body.get("idToken"))
        self.require_recent_login(claims)
        del self.accounts[account["localId"]]
        return {"kind": "identitytoolkit#DeleteAccountResponse"}

    def do_createAuthUri(self, body: dict) -> dict:
        if body.get("providerId"):
            return self.flow_start(body)
        answer = {"kind": "identitytoolkit#CreateAuthUriResponse", "sessionId": secrets.token_urlsafe(16)}
        if self.config["email_enumeration_protection"]:
            return answer
        account = self.with_email(body.get("identifier"))
        methods = sorted({i["providerId"] for i in account["providerUserInfo"]}) if account else []
        return answer | {"registered": account is not None, "allProviders": methods, "signinMethods": methods}

    def do_token(self, body: dict) -> dict:
        if body.get("grant_type") != "refresh_token":
            raise Refused("INVALID_GRANT_TYPE")
        record = self.refresh_tokens.get(body.get("refresh_token") or "")
        if not body.get("refresh_token"):
            raise Refused("MISSING_REFRESH_TOKEN")
        if record is None:
            raise Refused("INVALID_REFRESH_TOKEN")
        if record["revoked"]:
            raise Refused("TOKEN_EXPIRED")
        account = self.accounts.get(record["localId"])
        if account is None:
            raise Refused("USER_NOT_FOUND")
        if account.get("disabled"):
            raise Refused("USER_DISABLED")
        self.count("refresh_grants")
        return {"access_token": (token := self.id_token(account, record["auth_time"], record["provider"])),
                "expires_in": str(int(self.config["id_token_lifetime"])), "token_type": "Bearer",
                "refresh_token": body["refresh_token"], "id_token": token, "user_id": account["localId"],
                "project_id": self.config["project_id"]}

    @staticmethod
    def public(account: dict) -> dict:
        record = {key: value for key, value in account.items() if key not in ("password", "validSince") and value is not None}
        if account.get("mfaInfo"):
            record["mfaInfo"] = [{k: v for k, v in factor.items() if k != "secret" and v is not None} for factor in account["mfaInfo"]]
        record["providerUserInfo"] = [{k: v for k, v in info.items() if v is not None} for info in account["providerUserInfo"]]
        return record

    # --- control ----------------------------------------------------------------------------------

    def control_reset(self, request, body) -> Response:
        with self.lock:
            self.accounts.clear()
            self.refresh_tokens.clear()
            self.pending_tokens.clear()
            self.flow_sessions.clear()
            self.mfa_pending.clear()
            self.oob_codes.clear()
            self.apple_names.clear()
        return super().control_reset(request, body)

    def control_accounts(self, request, body) -> Response:
        with self.lock:
            return json_response([self.public(a) | {"disabled": bool(a.get("disabled"))} for a in self.accounts.values()])

    def control_apple_names(self, request, body) -> Response:
        with self.lock:
            return json_response(list(self.apple_names))

    def control_disable(self, request, body) -> Response:
        with self.lock:
            self.accounts[body["localId"]]["disabled"] = bool(body.get("disabled", True))
        return json_response({"disabled": body["localId"]})

    def control_revoke(self, request, body) -> Response:
        with self.lock:
            for record in self.refresh_tokens.values():
                if record["localId"] == body["localId"]:
                    record["revoked"] = True
            self.accounts[body["localId"]]["validSince"] = int(now()) + 1
        return json_response({"revoked": body["localId"]})

    def control_delete_user(self, request, body) -> Response:
        with self.lock:
            self.accounts.pop(body["localId"], None)
        return json_response({"deleted": body["localId"]})

    def control_rotate_keys(self, request, body) -> Response:
        with self.lock:
            self.keys = (self.keys if body.get("keep_old", True) else []) + [self.new_key()]
            return json_response({"kids": [key.key_id for key in self.keys]})

    def control_custom_token(self, request, body) -> Response:
        issued = int(now())
        claims = {"iss": SERVICE_ACCOUNT, "sub": SERVICE_ACCOUNT, "aud": body.get("aud", CUSTOM_TOKEN_AUDIENCE), "uid": body["uid"],
                  "iat": issued, "exp": issued + int(body.get("lifetime", 3600)), **(body.get("claims") or {})}
        if body.get("unsigned"):
            token = ".".join([b64url(json.dumps({"alg": "none", "typ": "JWT"}).encode()), b64url(json.dumps(claims).encode()), ""])
        else:
            token = self.sign(claims, self.service_key)
        return json_response({"token": token})


def _b64decode(part: str) -> bytes:
    import base64
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def main(argv: list[str] | None = None) -> int:
    def add_arguments(parser):
        parser.add_argument("--project-id", default=FakeFirebase.DEFAULTS["project_id"])
        parser.add_argument("--api-key", default=FakeFirebase.DEFAULTS["api_key"])

    def make(base, args):
        return FakeFirebase(base, args.idle_timeout, args.max_lifetime, {"project_id": args.project_id, "api_key": args.api_key})

    def describe(fake, args):
        return {"kind": "firebase", "base_url": fake.base, "host": fake.base.removeprefix("http://"),
                "project_id": fake.config["project_id"], "api_key": fake.config["api_key"]}

    return serve(make, describe, argv, add_arguments)


if __name__ == "__main__":
    threading.current_thread().name = "fake-firebase"
    sys.exit(main())
