"""The sign-in methods of fake_firebase.py beyond providers and passwords (issue 29), as the Auth
emulator (firebase-tools src/emulator/auth) shapes them and production refuses them:

- Anonymous users: `accounts:signUp` with neither email nor password (OPERATION_NOT_ALLOWED unless
  config providers.anonymous.enabled); their ID tokens say `sign_in_provider: anonymous`. signUp with
  the user's `idToken` and an email and password links a password to that user (the upgrade).
- Emailed action codes, kept in an outbox (`GET /_control/oob_codes`: requestType, email, oobCode,
  oobLink, settings (the ActionCodeSettings fields sent), and newEmail for RECOVER_EMAIL): sendOobCode
  with EMAIL_SIGNIN (needs providers.password.email_link, continueUrl and canHandleCodeInApp), VERIFY_EMAIL (the user's idToken) and
  PASSWORD_RESET; an email change sends RECOVER_EMAIL to the old address. Each code works once
  (INVALID_OOB_CODE after) and for `oob_lifetime` seconds (EXPIRED_OOB_CODE; `POST
  /_control/expire_oob {"oobCode"}` ages one at once).
- `accounts:signInWithEmailLink` {email, oobCode, idToken?}, `accounts:update` {oobCode} (VERIFY_EMAIL,
  RECOVER_EMAIL), `accounts:resetPassword` {oobCode, newPassword?}.
- TOTP enrolment (config `totp_enabled`, off as in a new project: OPERATION_NOT_ALLOWED):
  `v2/accounts/mfaEnrollment:start` (UNVERIFIED_EMAIL for an unverified email) answers a base32
  shared secret; `:finalize` takes an RFC 6238 code of it (INVALID_CODE otherwise, INVALID_SESSION_INFO
  for an unknown session or one past its finalizeEnrollmentTime: `POST /_control/expire_mfa_sessions`
  ages every pending enrolment and sign-in session at once); `:withdraw` (MISSING_MFA_ENROLLMENT_ID, MFA_ENROLLMENT_NOT_FOUND; a recent
  sign-in). Finalize and withdraw answer a new session. An account with a factor cannot change its
  email by accounts:update (EMAIL_CHANGE_NEEDS_VERIFICATION), as in production: sendOobCode with
  VERIFY_AND_CHANGE_EMAIL {idToken, newEmail} (a recent sign-in) mails the new address a link
  (mode=verifyAndChangeEmail); accounts:update {oobCode} of it sets the new email, verified, mails the
  old one a RECOVER_EMAIL link, and ends the user's sessions (their refresh tokens).
- Profile: accounts:update's displayName and photoUrl set them, deleteAttribute DISPLAY_NAME /
  PHOTO_URL removes them; no recent sign-in needed.
- Custom claims: `POST /_control/set_claims {"localId", "claims"}` sets `customAttributes`, whose
  claims every new ID token of the user carries (as the Admin SDK's setCustomUserClaims).
"""

from __future__ import annotations

import base64
import json
import secrets
import time

from fake_firebase_rules import totp

MFA_ENROLLMENT = "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:<action>"
# GetOobCodeRequest's fields of the SDK's ActionCodeSettings.
LINK_SETTINGS = ("continueUrl", "canHandleCodeInApp", "iOSBundleId", "androidPackageName", "androidInstallApp",
                 "androidMinimumVersion", "linkDomain")
METHOD_DEFAULTS = {"oob_lifetime": 3600, "totp_enabled": False}
OOB_MODES = {"EMAIL_SIGNIN": "signIn", "VERIFY_EMAIL": "verifyEmail", "PASSWORD_RESET": "resetPassword",
             "RECOVER_EMAIL": "recoverEmail", "VERIFY_AND_CHANGE_EMAIL": "verifyAndChangeEmail"}


class SignInMethods:
    """Mixed into FakeFirebase: `self.config`, `self.Refused`, `self.accounts`, `self.oob_codes`, ..."""

    # --- anonymous users and the password upgrade ---------------------------------------------

    def sign_up_anonymous(self) -> dict:
        if not self.config["providers"].get("anonymous", {}).get("enabled", False):
            raise self.Refused("OPERATION_NOT_ALLOWED", "Anonymous user sign-in is disabled for this project.")
        self.check_sign_up_allowed()
        account = self.new_account()
        return {"kind": "identitytoolkit#SignupNewUserResponse", "localId": account["localId"], "isNewUser": True,
                **self.session(account, "anonymous")}

    def link_password(self, body: dict) -> dict:
        account, claims = self.verified_id_token(body["idToken"])
        self.require_password_enabled()
        email, password = body.get("email") or "", body.get("password") or ""
        if "@" not in email:
            raise self.Refused("INVALID_EMAIL")
        if any(i["providerId"] == "password" for i in account["providerUserInfo"]):
            raise self.Refused("PROVIDER_ALREADY_LINKED", "password")
        self.check_password_policy(password)
        if len(password) < 6:
            raise self.Refused("WEAK_PASSWORD", "Password should be at least 6 characters")
        if self.with_email(email) not in (None, account):
            raise self.Refused("EMAIL_EXISTS")
        account.update(email=email, password=password)
        account["providerUserInfo"].append({"providerId": "password", "rawId": email, "federatedId": email, "email": email})
        return {"kind": "identitytoolkit#SignupNewUserResponse", "localId": account["localId"], "email": email,
                **self.session(account, "password", auth_time=claims["auth_time"])}

    # --- the outbox ---------------------------------------------------------------------------

    def send_code(self, request_type: str, email: str, **extra) -> dict:
        code = secrets.token_urlsafe(24)
        # The mail and its link are in the language the call asked for (X-Firebase-Locale), as production writes them.
        language = getattr(self, "request_locale", None) or "en"
        link = (f"{self.base}/emulator/action?mode={OOB_MODES[request_type]}&lang={language}&oobCode={code}"
                f"&apiKey={self.config['api_key']}")
        if extra.get("continueUrl"):
            from urllib.parse import quote
            link += "&continueUrl=" + quote(extra["continueUrl"], safe="")
        record = {"requestType": request_type, "email": email, "oobCode": code, "oobLink": link, "languageCode": language,
                  "expires": time.time() + float(self.config["oob_lifetime"]), **extra}
        self.oob_codes.append(record)
        return record

    def do_sendOobCode(self, body: dict) -> dict:
        kind = body.get("requestType")
        # The ActionCodeSettings fields as sent, kept with the code (the tests read them on the wire).
        settings = {key: body[key] for key in LINK_SETTINGS if key in body}
        if kind == "VERIFY_EMAIL":
            account, _ = self.verified_id_token(body.get("idToken"))
            if not account.get("email"):
                raise self.Refused("MISSING_EMAIL")
            self.send_code(kind, account["email"], localId=account["localId"], settings=settings)
            return {"kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": account["email"]}
        if kind == "VERIFY_AND_CHANGE_EMAIL":
            return self.send_verify_and_change(body)
        if kind not in ("PASSWORD_RESET", "EMAIL_SIGNIN"):
            raise self.Refused("INVALID_REQ_TYPE")
        if "@" not in (body.get("email") or ""):
            raise self.Refused("INVALID_EMAIL")
        if kind == "EMAIL_SIGNIN":
            if not self.config["providers"].get("password", {}).get("email_link", False):
                raise self.Refused("OPERATION_NOT_ALLOWED", "Email link sign-in is disabled for this project.")
            if not body.get("continueUrl"):
                raise self.Refused("MISSING_CONTINUE_URI")
            if not body.get("canHandleCodeInApp"):
                raise self.Refused("INVALID_REQ_TYPE", "EMAIL_SIGNIN needs canHandleCodeInApp")
            self.send_code(kind, body["email"], continueUrl=body["continueUrl"], settings=settings)
        elif self.with_email(body["email"]) is not None:
            self.send_code(kind, body["email"], settings=settings)
        return {"kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": body["email"]}

    def take_code(self, code: str | None, *kinds: str, consume: bool = True) -> dict:
        if not code:
            raise self.Refused("MISSING_OOB_CODE")
        record = next((r for r in self.oob_codes if r["oobCode"] == code and not r.get("used")), None)
        if record is None or (kinds and record["requestType"] not in kinds):
            raise self.Refused("INVALID_OOB_CODE")
        if record["expires"] < time.time():
            raise self.Refused("EXPIRED_OOB_CODE")
        if consume:
            record["used"] = True
        return record

    # --- using a code -------------------------------------------------------------------------

    def do_signInWithEmailLink(self, body: dict) -> dict:
        record = self.take_code(body.get("oobCode"), "EMAIL_SIGNIN", consume=False)
        email = body.get("email") or ""
        if email.lower() != record["email"].lower():
            raise self.Refused("INVALID_EMAIL", "The email provided does not match the sign-in email address.")
        if body.get("idToken"):
            account, claims = self.verified_id_token(body["idToken"])
            if self.with_email(email) not in (None, account):
                raise self.Refused("EMAIL_EXISTS")
            auth_time = claims["auth_time"]
        else:
            account, auth_time = self.with_email(email), None
            if account is not None and account.get("disabled"):
                raise self.Refused("USER_DISABLED")
        is_new = account is None
        if is_new:
            self.check_sign_up_allowed()
            account = self.new_account()
        record["used"] = True
        account.update(email=email, emailVerified=True, emailLinkSignin=True)
        if not any(i["providerId"] == "password" for i in account["providerUserInfo"]):
            account["providerUserInfo"].append({"providerId": "password", "rawId": email, "federatedId": email, "email": email})
        answer = {"kind": "identitytoolkit#EmailLinkSigninResponse", "localId": account["localId"], "email": email,
                  "isNewUser": is_new, **self.session(account, "password", auth_time=auth_time)}
        return answer if body.get("idToken") else self.second_factor_gate(account, answer)

    def apply_code(self, body: dict) -> dict:
        """accounts:update with an oobCode (and no idToken): verify an email, take an email back, or
        change it to a verified new one."""
        record = self.take_code(body.get("oobCode"), "VERIFY_EMAIL", "RECOVER_EMAIL", "VERIFY_AND_CHANGE_EMAIL")
        if record["requestType"] == "VERIFY_AND_CHANGE_EMAIL":
            return self.verified_email_change(record)
        account = self.with_email(record.get("newEmail") or record["email"]) if record["requestType"] == "RECOVER_EMAIL" \
            else self.with_email(record["email"])
        if account is None:
            raise self.Refused("USER_NOT_FOUND")
        if record["requestType"] == "RECOVER_EMAIL":
            account["email"], account["emailVerified"] = record["email"], True
        else:
            account["emailVerified"] = True
        return {"kind": "identitytoolkit#SetAccountInfoResponse", "localId": account["localId"], "email": account["email"],
                "emailVerified": account["emailVerified"]}

    # --- profile and the verified email change ---------------------------------------------------

    @staticmethod
    def update_profile(account: dict, body: dict) -> None:
        """accounts:update's displayName and photoUrl; deleteAttribute DISPLAY_NAME / PHOTO_URL removes one."""
        for field, attribute in (("displayName", "DISPLAY_NAME"), ("photoUrl", "PHOTO_URL")):
            if body.get(field):
                account[field] = body[field]
            if attribute in (body.get("deleteAttribute") or []):
                account.pop(field, None)

    def send_verify_and_change(self, body: dict) -> dict:
        """sendOobCode VERIFY_AND_CHANGE_EMAIL (the SDK's sendEmailVerification(beforeUpdatingEmail:)):
        a sensitive change, so a recent sign-in; the link goes to the new address."""
        account, claims = self.verified_id_token(body.get("idToken"))
        new_email = body.get("newEmail") or ""
        if "@" not in new_email:
            raise self.Refused("INVALID_NEW_EMAIL" if new_email else "MISSING_NEW_EMAIL")
        self.require_recent_login(claims)
        if self.with_email(new_email) not in (None, account):
            raise self.Refused("EMAIL_EXISTS")
        extra = {"continueUrl": body["continueUrl"]} if body.get("continueUrl") else {}
        self.send_code("VERIFY_AND_CHANGE_EMAIL", new_email, localId=account["localId"], oldEmail=account.get("email"), **extra)
        return {"kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": account.get("email")}

    def verified_email_change(self, record: dict) -> dict:
        """The link of VERIFY_AND_CHANGE_EMAIL followed: the new email, verified; the old address is
        sent a RECOVER_EMAIL link, and the user's refresh tokens die (as production's email change does)."""
        account = self.accounts.get(record["localId"])
        if account is None:
            raise self.Refused("USER_NOT_FOUND")
        if self.with_email(record["email"]) not in (None, account):
            raise self.Refused("EMAIL_EXISTS")
        old = account.get("email")
        account["email"], account["emailVerified"] = record["email"], True
        for info in account["providerUserInfo"]:
            if info["providerId"] == "password":
                info.update(rawId=record["email"], federatedId=record["email"], email=record["email"])
        if old and old != record["email"]:
            self.send_code("RECOVER_EMAIL", old, newEmail=record["email"])
        # The refresh tokens die (an ID token already issued lives out its hour, as production's do).
        for session in self.refresh_tokens.values():
            if session["localId"] == account["localId"]:
                session["revoked"] = True
        return {"kind": "identitytoolkit#SetAccountInfoResponse", "localId": account["localId"], "email": account["email"],
                "emailVerified": True}

    def control_refresh_tokens(self, request, body):
        """Each refresh token family's user and whether it is revoked (not the tokens themselves)."""
        with self.lock:
            return self.json_answer([{"localId": r["localId"], "revoked": r["revoked"]} for r in self.refresh_tokens.values()])

    def do_resetPassword(self, body: dict) -> dict:
        if not body.get("newPassword"):
            record = self.take_code(body.get("oobCode"), consume=False)
            answer = {"kind": "identitytoolkit#ResetPasswordResponse", "requestType": record["requestType"], "email": record["email"]}
            return answer | ({"newEmail": record["newEmail"]} if record.get("newEmail") else {})
        record = self.take_code(body.get("oobCode"), "PASSWORD_RESET", consume=False)
        self.check_password_policy(body["newPassword"])
        if len(body["newPassword"]) < 6:
            raise self.Refused("WEAK_PASSWORD", "Password should be at least 6 characters")
        account = self.with_email(record["email"])
        if account is None:
            raise self.Refused("EMAIL_NOT_FOUND")
        record["used"] = True
        account["password"] = body["newPassword"]
        account["validSince"] = int(time.time())
        return {"kind": "identitytoolkit#ResetPasswordResponse", "requestType": "PASSWORD_RESET", "email": record["email"]}

    # --- TOTP enrolment -----------------------------------------------------------------------

    def on_mfa_enrollment(self, request, action: str):
        body = request.get_json(silent=True)
        return self.answer(request, "mfaEnrollment:" + action, body if isinstance(body, dict) else {})

    def do_mfaEnrollment_start(self, body: dict) -> dict:
        account, _ = self.verified_id_token(body.get("idToken"))
        if "totpEnrollmentInfo" not in body:
            raise self.Refused("INVALID_ARGUMENT", "only TOTP enrolment is emulated")
        if not self.config["totp_enabled"]:
            raise self.Refused("OPERATION_NOT_ALLOWED", "TOTP based MFA not enabled.")
        if not account.get("emailVerified"):
            raise self.Refused("UNVERIFIED_EMAIL", "Need to verify email first before enrolling second factors.")
        secret = base64.b32encode(secrets.token_bytes(20)).decode().rstrip("=")
        session = "totp-session-" + secrets.token_urlsafe(16)
        self.mfa_pending[session] = {"localId": account["localId"], "secret": secret, "expires": time.time() + 600}
        return {"totpSessionInfo": {"sharedSecretKey": secret, "verificationCodeLength": 6, "hashingAlgorithm": "SHA1",
                                    "periodSec": 30, "sessionInfo": session,
                                    "finalizeEnrollmentTime": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 600))}}

    def do_mfaEnrollment_finalize(self, body: dict) -> dict:
        account, claims = self.verified_id_token(body.get("idToken"))
        info = body.get("totpVerificationInfo") or {}
        pending = self.mfa_pending.get(info.get("sessionInfo") or "")
        if pending is None or pending.get("localId") != account["localId"] or "secret" not in pending or pending["expires"] < time.time():
            raise self.Refused("INVALID_SESSION_INFO")
        padded = pending["secret"] + "=" * (-len(pending["secret"]) % 8)
        if (info.get("verificationCode") or "") not in {totp(padded, step_offset=d) for d in (-1, 0, 1)}:
            raise self.Refused("INVALID_CODE")
        del self.mfa_pending[info["sessionInfo"]]
        account.setdefault("mfaInfo", []).append({
            "mfaEnrollmentId": secrets.token_hex(10), "displayName": body.get("displayName"), "totpInfo": {},
            "enrolledAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "secret": padded})
        session = self.session(account, claims["firebase"]["sign_in_provider"], auth_time=claims["auth_time"])
        return {"idToken": session["idToken"], "refreshToken": session["refreshToken"]}

    def do_mfaEnrollment_withdraw(self, body: dict) -> dict:
        account, claims = self.verified_id_token(body.get("idToken"))
        enrollment = body.get("mfaEnrollmentId")
        if not enrollment:
            raise self.Refused("MISSING_MFA_ENROLLMENT_ID")
        factors = account.get("mfaInfo") or []
        if not any(f["mfaEnrollmentId"] == enrollment for f in factors):
            raise self.Refused("MFA_ENROLLMENT_NOT_FOUND")
        self.require_recent_login(claims)
        account["mfaInfo"] = [f for f in factors if f["mfaEnrollmentId"] != enrollment]
        session = self.session(account, claims["firebase"]["sign_in_provider"], auth_time=claims["auth_time"])
        return {"idToken": session["idToken"], "refreshToken": session["refreshToken"]}

    # --- custom claims and control --------------------------------------------------------------

    @staticmethod
    def custom_claims(account: dict) -> dict:
        return json.loads(account.get("customAttributes") or "{}")

    def control_set_claims(self, request, body):
        with self.lock:
            self.accounts[body["localId"]]["customAttributes"] = json.dumps(body.get("claims") or {})
        return self.json_answer({"claims": body.get("claims") or {}})

    def control_expire_mfa_sessions(self, request, body):
        """Ages every pending second-factor session (enrolment and sign-in) past its finalize time."""
        with self.lock:
            for pending in self.mfa_pending.values():
                pending["expires"] = 0
        return self.json_answer({"expired": len(self.mfa_pending)})

    def control_expire_oob(self, request, body):
        with self.lock:
            for record in self.oob_codes:
                if record["oobCode"] == body["oobCode"]:
                    record["expires"] = 0
        return self.json_answer({"expired": body["oobCode"]})
