"""The provider flows a Firebase project runs itself (fake_firebase.py's production behaviour).

What the SDKs' headful sign-in asks of Identity Toolkit, over REST:

- `accounts:createAuthUri` with `providerId` and `continueUri` (plus `oauthScope`, a space-
  delimited string, and `customParameter`): the project builds the provider's authorization URL
  from the app registered in its console (config `providers[id]`: `client_id`, `client_secret`,
  `issuer` or `api_base`), with `redirect_uri = continueUri`, its own `state`, nonce and PKCE,
  and answers `authUri` + `sessionId`. `continueUri` must be on an authorized domain: `localhost`,
  `PROJECT.firebaseapp.com`, `PROJECT.web.app`, or config `authorized_domains`
  (UNAUTHORIZED_DOMAIN otherwise). A provider not configured: for an `oidc.` or `saml.` id production's
  OPERATION_NOT_ALLOWED "The identity provider configuration is not found.", else INVALID_PROVIDER_ID;
  disabled: OPERATION_NOT_ALLOWED "... is disabled". Reserved `customParameter` names (client_id, response_type, scope,
  redirect_uri, state, oauth_token): INVALID_ARGUMENT. With config `provider_flows: "emulator"`
  the call answers 501 NOT_IMPLEMENTED, as the Auth emulator does.
- `accounts:signInWithIdp` with `requestUri` (the full address the provider sent the browser to)
  and `sessionId` (and `postBody` for an answer posted as a form): the session must exist, be
  unused and younger than config `flow_session_lifetime` (SESSION_EXPIRED, a guess at production's
  word), `requestUri` must be the session's `continueUri` with the answer in its query, `state`
  (SAML: `RelayState`) must match (INVALID_IDP_RESPONSE otherwise); then the project exchanges the
  code at the provider with the console's secret and PKCE verifier, and verifies what it gets (the
  OpenID ID token with its nonce; GitHub's API), exactly as for a credential in `postBody`.
- `saml.*` providers: the fake itself plays the SAML identity provider (HTTP-POST binding): its
  SSO page is an auto-submitting form posting `SAMLResponse` and `RelayState` to `continueUri`.
  The response is a signed stand-in (HMAC over JSON), not XML-DSig: what is tested is that the
  answer travels as a form POST through authctl's listener into `postBody`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import html
import json
import secrets
import time
from urllib.parse import parse_qsl, urlencode, urlsplit

import requests

RESERVED_PARAMETERS = {"client_id", "response_type", "scope", "redirect_uri", "state", "oauth_token"}
GITHUB_SCOPES = ["read:user", "user:email"]
OIDC_SCOPES = ["openid", "email", "profile"]


def pkce_pair() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


class ProviderFlows:
    """Mixed into FakeFirebase: `self.config`, `self.Refused`, `self.base`, `self.discovery`."""

    def flow_start(self, body: dict) -> dict:
        if self.config["provider_flows"] == "emulator":
            raise self.Refused("NOT_IMPLEMENTED", "Provider sign-in flows are not supported by the Auth emulator", status=501)
        provider_id = body.get("providerId") or ""
        settings = self.config["providers"].get(provider_id)
        if settings is None or provider_id == "password":
            raise self.missing_provider(provider_id)
        if not settings.get("enabled", True):
            raise self.Refused("OPERATION_NOT_ALLOWED", f"The identity provider configuration is disabled: {provider_id}")
        continue_uri = body.get("continueUri") or ""
        host = urlsplit(continue_uri).hostname or ""
        project = self.config["project_id"]
        if host not in {"localhost", f"{project}.firebaseapp.com", f"{project}.web.app", *self.config["authorized_domains"]}:
            raise self.Refused("UNAUTHORIZED_DOMAIN", "Domain not allowlisted by project")
        custom = body.get("customParameter") or {}
        # What the project was asked for, as its audit log would show it (control/auth_uri_requests).
        self.auth_uri_requests = getattr(self, "auth_uri_requests", []) + [
            {"providerId": provider_id, "customParameter": custom, "oauthScope": body.get("oauthScope") or ""}]
        if RESERVED_PARAMETERS & set(custom):
            raise self.Refused("INVALID_ARGUMENT", f"reserved customParameter: {sorted(RESERVED_PARAMETERS & set(custom))}")
        extra = (body.get("oauthScope") or "").split()
        verifier, challenge = pkce_pair()
        session = {"provider_id": provider_id, "continue_uri": continue_uri, "state": secrets.token_urlsafe(24),
                   "nonce": secrets.token_urlsafe(16), "verifier": verifier, "created": time.time()}
        session_id = "flow-" + secrets.token_urlsafe(24)
        self.flow_sessions[session_id] = session
        if provider_id.startswith("saml."):
            params = [("acs", continue_uri), ("RelayState", session["state"])]
            auth_uri = f"{self.base}/_saml/{provider_id}/sso?" + urlencode(params)
        elif provider_id == "github.com":
            params = [("client_id", settings["client_id"]), ("redirect_uri", continue_uri), ("state", session["state"]),
                      ("scope", " ".join(dict.fromkeys(GITHUB_SCOPES + extra))), ("code_challenge", challenge),
                      ("code_challenge_method", "S256"), *custom.items()]
            auth_uri = settings["api_base"].rstrip("/") + "/login/oauth/authorize?" + urlencode(params)
        else:
            params = [("response_type", "code"), ("client_id", settings["client_id"]), ("redirect_uri", continue_uri),
                      ("scope", " ".join(dict.fromkeys(OIDC_SCOPES + extra))), ("state", session["state"]),
                      ("nonce", session["nonce"]), ("code_challenge", challenge), ("code_challenge_method", "S256"),
                      *custom.items()]
            if settings.get("response_mode"):
                params.append(("response_mode", settings["response_mode"]))
            if settings.get("flow") == "implicit":
                # The console's "Implicit flow": the provider posts the ID token to continueUri.
                params = [(k, v) for k, v in params if k not in ("response_type", "code_challenge", "code_challenge_method")]
                params = [("response_type", "id_token"), *params, ("response_mode", "form_post")]
            auth_uri = self.discovery(settings["issuer"])["authorization_endpoint"] + "?" + urlencode(params)
        return {"kind": "identitytoolkit#CreateAuthUriResponse", "authUri": auth_uri, "sessionId": session_id,
                "providerId": provider_id}

    def missing_provider(self, provider_id: str) -> Exception:
        """A provider the project does not have. An OpenID Connect or SAML one (Identity Platform's)
        is production's OPERATION_NOT_ALLOWED "The identity provider configuration is not found.";
        any other id INVALID_PROVIDER_ID."""
        if provider_id.startswith(("oidc.", "saml.")):
            return self.Refused("OPERATION_NOT_ALLOWED", "The identity provider configuration is not found.")
        return self.Refused("INVALID_PROVIDER_ID", f"Provider {provider_id!r} is not configured for this project")

    def control_auth_uri_requests(self, request, body):
        """Every createAuthUri request's provider, customParameter and scope, oldest first."""
        with self.lock:
            return self.json_answer(list(getattr(self, "auth_uri_requests", [])))

    def flow_identity(self, body: dict) -> dict:
        """The identity a provider's answer proves, for signInWithIdp with `sessionId`."""
        session = self.flow_sessions.pop(body.get("sessionId") or "", None)
        if session is None:
            raise self.Refused("INVALID_IDP_RESPONSE", "unknown or already used sessionId")
        if time.time() - session["created"] > float(self.config["flow_session_lifetime"]):
            raise self.Refused("SESSION_EXPIRED", "the sign-in session has expired")
        request_uri = urlsplit(body.get("requestUri") or "")
        expected = urlsplit(session["continue_uri"])
        if (request_uri.scheme, request_uri.netloc, request_uri.path) != (expected.scheme, expected.netloc, expected.path):
            raise self.Refused("INVALID_IDP_RESPONSE", "requestUri is not the continueUri of this session")
        answer = dict(parse_qsl(request_uri.query, keep_blank_values=True))
        answer.update(parse_qsl(body.get("postBody") or "", keep_blank_values=True))
        if "error" in answer:
            raise self.Refused("INVALID_IDP_RESPONSE", f"the provider answered error={answer['error']}")
        provider_id = session["provider_id"]
        settings = self.config["providers"][provider_id]
        state = answer.get("RelayState") if provider_id.startswith("saml.") else answer.get("state")
        if not state or not hmac.compare_digest(state, session["state"]):
            raise self.Refused("INVALID_IDP_RESPONSE", "the state does not match the session's")
        if provider_id.startswith("saml."):
            return self.saml_identity(provider_id, answer.get("SAMLResponse") or "")
        if provider_id == "github.com":
            return self.github_identity(settings, self.github_code_exchange(settings, session, answer.get("code")))
        if settings.get("flow") == "implicit":
            return self.oidc_implicit_identity(provider_id, settings, session, answer.get("id_token"))
        return self.oidc_code_identity(provider_id, settings, session, answer.get("code"))

    def oidc_implicit_identity(self, provider_id: str, settings: dict, session: dict, id_token: str | None) -> dict:
        """The implicit flow's answer: the ID token the provider posted (postBody), verified with the
        session's nonce; there is no code and no client secret."""
        if not id_token:
            raise self.Refused("INVALID_IDP_RESPONSE", "the implicit flow's answer has no id_token")
        claims = self.verify_oidc(settings, id_token)
        if claims.get("nonce") != session["nonce"]:
            raise self.Refused("MISSING_OR_INVALID_NONCE", "the id_token's nonce is not the session's")
        verified = claims.get("email_verified") in (True, "true")
        return {"providerId": provider_id, "rawId": claims["sub"], "email": claims.get("email"), "emailVerified": verified,
                "displayName": claims.get("name"), "photoUrl": claims.get("picture"), "rawUserInfo": claims,
                "oauthIdToken": id_token}

    def github_code_exchange(self, settings: dict, session: dict, code: str | None) -> str:
        response = requests.post(settings["api_base"].rstrip("/") + "/login/oauth/access_token", headers={"Accept": "application/json"},
                                 data={"client_id": settings["client_id"], "client_secret": settings["client_secret"], "code": code or "",
                                       "redirect_uri": session["continue_uri"], "code_verifier": session["verifier"]}, timeout=10)
        token = response.json().get("access_token") if response.status_code == 200 else None
        if not token:
            raise self.Refused("INVALID_IDP_RESPONSE", f"GitHub refused the code: {response.text[:200]}")
        return token

    def oidc_code_identity(self, provider_id: str, settings: dict, session: dict, code: str | None) -> dict:
        endpoint = self.discovery(settings["issuer"])["token_endpoint"]
        response = requests.post(endpoint, auth=(settings["client_id"], settings["client_secret"]), timeout=10,
                                 data={"grant_type": "authorization_code", "code": code or "", "redirect_uri": session["continue_uri"],
                                       "code_verifier": session["verifier"]})
        tokens = response.json() if response.status_code == 200 else {}
        if not tokens.get("id_token"):
            raise self.Refused("INVALID_IDP_RESPONSE", f"the provider refused the code: {response.text[:200]}")
        claims = self.verify_oidc(settings, tokens["id_token"])
        if claims.get("nonce") != session["nonce"]:
            raise self.Refused("MISSING_OR_INVALID_NONCE", "the id_token's nonce is not the session's")
        verified = claims.get("email_verified") in (True, "true")
        return {"providerId": provider_id, "rawId": claims["sub"], "email": claims.get("email"), "emailVerified": verified,
                "displayName": claims.get("name"), "photoUrl": claims.get("picture"), "screenName": claims.get("preferred_username"),
                "rawUserInfo": claims, "oauthIdToken": tokens["id_token"], "oauthAccessToken": tokens.get("access_token")}

    # --- the SAML identity provider stand-in ------------------------------------------------------

    def saml_signature(self, payload: bytes) -> str:
        return hmac.new(self.saml_key, payload, hashlib.sha256).hexdigest()

    def on_saml_sso(self, request, provider: str):
        from werkzeug.wrappers import Response
        user = request.args.get("login_hint") or "alice"
        from e2e_constants import USERS
        info = USERS.get(user, {})
        payload = json.dumps({"issuer": provider, "nameId": user, "email": info.get("email"),
                              "exp": time.time() + 300}).encode()
        saml_response = base64.b64encode(payload).decode() + "." + self.saml_signature(payload)
        acs = request.args.get("acs", "")
        form = (f'<form method="post" action="{html.escape(acs)}" id="saml-post">'
                f'<input type="hidden" name="SAMLResponse" value="{html.escape(saml_response)}">'
                f'<input type="hidden" name="RelayState" value="{html.escape(request.args.get("RelayState", ""))}">'
                '<noscript><button type="submit">Continue</button></noscript></form>'
                "<script>document.getElementById('saml-post').submit()</script>")
        return Response(f"<!doctype html><html><body>{form}</body></html>", content_type="text/html; charset=utf-8")

    def saml_identity(self, provider_id: str, saml_response: str) -> dict:
        encoded, _, signature = saml_response.partition(".")
        try:
            payload = base64.b64decode(encoded)
        except ValueError:
            payload = b""
        if not payload or not hmac.compare_digest(self.saml_signature(payload), signature):
            raise self.Refused("INVALID_IDP_RESPONSE", "the SAMLResponse does not verify")
        assertion = json.loads(payload)
        if assertion["issuer"] != provider_id or assertion["exp"] <= time.time():
            raise self.Refused("INVALID_IDP_RESPONSE", "the SAMLResponse is for another provider, or has expired")
        return {"providerId": provider_id, "rawId": assertion["nameId"], "email": assertion.get("email"), "emailVerified": True,
                "displayName": assertion["nameId"], "rawUserInfo": assertion}
