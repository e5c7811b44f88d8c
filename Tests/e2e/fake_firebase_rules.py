"""Project settings of fake_firebase.py that refuse, as production does (issue: one Identity
Toolkit client with the SDKs' rules for every refusal).

Each is off by default and switched on with the control API's config:

- `tenants`: a list of Identity Platform tenant ids. A request's `tenantId` must name one
  (TENANT_NOT_FOUND); accounts live per tenant, their ID tokens carry `firebase.tenant`, and a
  token of another tenant is TENANT_ID_MISMATCH.
- Multi-factor: `POST /_control/enroll_totp {"localId"}` enrols a TOTP factor (RFC 6238: SHA-1,
  30 s, 6 digits) and answers its base32 secret; `enroll_phone` an SMS factor. A first-factor
  sign-in of such an account answers `mfaPendingCredential` + `mfaInfo` instead of tokens, and
  `v2/accounts/mfaSignIn:finalize` with `totpVerificationInfo.verificationCode` completes it
  (INVALID_CODE for a wrong code, INVALID_MFA_PENDING_CREDENTIAL for an unknown session).
- `recaptcha_enforced`: password sign-in and sign-up answer MISSING_RECAPTCHA_TOKEN.
- `app_check_enforced`: every call answers 401 "Firebase App Check token is invalid." (no
  X-Firebase-AppCheck header can be had by a CLI).
- `restricted_key`: {"ios": BUNDLE} | {"android": PACKAGE} | {"referrer": URL}: calls without
  the matching X-Ios-Bundle-Identifier / X-Android-Package / Referer header answer Google's 403
  with `details[].reason` API_KEY_IOS_APP_BLOCKED / API_KEY_ANDROID_APP_BLOCKED /
  API_KEY_HTTP_REFERRER_BLOCKED.
- `user_actions_disabled`: sign-up (password or a new federated user) answers ADMIN_ONLY_OPERATION.
- `password_policy`: {"min_length": N, "require_uppercase": bool}: sign-up and password updates
  answer PASSWORD_DOES_NOT_MEET_REQUIREMENTS with the missing requirements.
- `blocking_function_message`: sign-in and sign-up answer BLOCKING_FUNCTION_ERROR_RESPONSE with
  the function's `{"error": {"message": ...}}`, as production wraps it.
- `emulator_compat`: the Auth emulator's differences from production (Decisions/0025): a GitHub
  access token in postBody is refused (INVALID_IDP_RESPONSE), a new identity whose verified email
  belongs to an account is linked to it at once (no needConfirmation), and needConfirmation
  answers carry no pendingToken.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import struct
import time

MFA_FINALIZE = "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize"
TOTP_STEP = 30


def totp(secret_b32: str, at: float | None = None, step_offset: int = 0) -> str:
    """RFC 6238 with SHA-1, 30-second steps, 6 digits (what authenticator apps compute)."""
    key = base64.b32decode(secret_b32)
    counter = int((time.time() if at is None else at) // TOTP_STEP) + step_offset
    digest = hmac.new(key, struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    value = (struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000
    return f"{value:06d}"


class ProjectRules:
    """Mixed into FakeFirebase: `self.config`, `self.Refused`, `self.accounts`, `self.lock`."""

    RULE_DEFAULTS = {
        "tenants": [],
        "recaptcha_enforced": False,
        "app_check_enforced": False,
        "restricted_key": None,
        "user_actions_disabled": False,
        "password_policy": None,
        "blocking_function_message": None,
        "emulator_compat": False,
    }

    # --- before any method --------------------------------------------------------------------

    def gateway_refusal(self, request) -> tuple[dict, int] | None:
        """What Google's front end answers before Identity Toolkit sees the request."""
        restricted = self.config["restricted_key"] or {}
        for kind, header, reason, text in (
                ("ios", "X-Ios-Bundle-Identifier", "API_KEY_IOS_APP_BLOCKED", "Requests from this iOS client application <empty> are blocked."),
                ("android", "X-Android-Package", "API_KEY_ANDROID_APP_BLOCKED", "Requests from this Android client application <empty> are blocked."),
                ("referrer", "Referer", "API_KEY_HTTP_REFERRER_BLOCKED", "Requests from referer <empty> are blocked.")):
            if kind in restricted and request.headers.get(header) != restricted[kind]:
                return {"error": {"code": 403, "message": text, "status": "PERMISSION_DENIED",
                                  "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason,
                                               "domain": "googleapis.com"}]}}, 403
        if self.config["app_check_enforced"]:
            return {"error": {"code": 401, "message": "Firebase App Check token is invalid.", "status": "UNAUTHENTICATED"}}, 401
        return None

    def check_tenant(self, body: dict) -> str | None:
        tenant = body.get("tenantId")
        if tenant is not None and tenant not in self.config["tenants"]:
            raise self.Refused("TENANT_NOT_FOUND", f"tenant {tenant!r} does not exist in this project")
        return tenant

    # --- sign-in policies ---------------------------------------------------------------------

    def check_sign_up_allowed(self) -> None:
        if self.config["user_actions_disabled"]:
            raise self.Refused("ADMIN_ONLY_OPERATION")

    def check_password_policy(self, password: str) -> None:
        policy = self.config["password_policy"]
        if not policy:
            return
        missing = []
        if len(password) < int(policy.get("min_length", 6)):
            missing.append(f"Password must contain at least {policy.get('min_length', 6)} characters")
        if policy.get("require_uppercase") and not any(c.isupper() for c in password):
            missing.append("Password must contain an upper case character")
        if missing:
            raise self.Refused("PASSWORD_DOES_NOT_MEET_REQUIREMENTS", "Missing password requirements: [" + ", ".join(missing) + "]")

    def check_recaptcha(self) -> None:
        if self.config["recaptcha_enforced"]:
            raise self.Refused("MISSING_RECAPTCHA_TOKEN", "The reCAPTCHA token is missing when sending request to the backend.")

    def check_blocking_function(self) -> None:
        message = self.config["blocking_function_message"]
        if message:
            raise self.Refused("BLOCKING_FUNCTION_ERROR_RESPONSE", "((HTTP request to https://us-central1-demo.cloudfunctions.net/"
                               "beforeSignIn returned HTTP error 400: " + json.dumps({"error": {"message": message}}) + "))")

    # --- multi-factor -------------------------------------------------------------------------

    def second_factor_gate(self, account: dict, answer: dict) -> dict:
        """A first-factor answer for an account with factors: a pending credential, no tokens."""
        factors = account.get("mfaInfo") or []
        if not factors:
            return answer
        pending = "mfa-" + secrets.token_urlsafe(24)
        self.mfa_pending[pending] = {"localId": account["localId"], "provider": answer.get("providerId", "password"),
                                     "expires": time.time() + 300}
        kept = {k: v for k, v in answer.items() if k not in ("idToken", "refreshToken", "expiresIn", "localId")}
        return kept | {"mfaPendingCredential": pending, "mfaInfo": [
            {k: v for k, v in factor.items() if k != "secret"} for factor in factors]}

    def finalize_second_factor(self, body: dict) -> dict:
        pending = self.mfa_pending.pop(body.get("mfaPendingCredential") or "", None)
        if pending is None or pending["expires"] < time.time():
            raise self.Refused("INVALID_MFA_PENDING_CREDENTIAL")
        account = self.accounts[pending["localId"]]
        factor = next((f for f in account.get("mfaInfo", []) if f["mfaEnrollmentId"] == body.get("mfaEnrollmentId")), None)
        if factor is None:
            raise self.Refused("MFA_ENROLLMENT_NOT_FOUND")
        code = ((body.get("totpVerificationInfo") or {}).get("verificationCode")) or ""
        if "secret" not in factor or code not in {totp(factor["secret"], step_offset=d) for d in (-1, 0, 1)}:
            self.mfa_pending[body["mfaPendingCredential"]] = pending  # a wrong code may be retried
            raise self.Refused("INVALID_CODE")
        session = self.session(account, pending["provider"])
        return {"idToken": session["idToken"], "refreshToken": session["refreshToken"]}

    def control_enroll_totp(self, request, body):
        secret = base64.b32encode(secrets.token_bytes(20)).decode()
        with self.lock:
            account = self.accounts[body["localId"]]
            account.setdefault("mfaInfo", []).append({"mfaEnrollmentId": "totp-" + secrets.token_hex(6),
                                                      "displayName": body.get("displayName", "Authenticator"),
                                                      "totpInfo": {}, "enrolledAt": "2026-11-01T00:00:00Z", "secret": secret})
        return self.json_answer({"secret": secret})

    def control_enroll_phone(self, request, body):
        with self.lock:
            self.accounts[body["localId"]].setdefault("mfaInfo", []).append(
                {"mfaEnrollmentId": "phone-" + secrets.token_hex(6), "displayName": "Work phone",
                 "phoneInfo": "+1******1234", "enrolledAt": "2026-11-01T00:00:00Z"})
        return self.json_answer({"enrolled": body["localId"]})

    def control_oob_codes(self, request, body):
        with self.lock:
            return self.json_answer(list(self.oob_codes))
