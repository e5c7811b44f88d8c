import AuthPlatform

/// What an emailed action code is for, and whom (the SDK's `ActionCodeInfo`).
package struct ActionCodeDetails: Sendable, Equatable {
    /// The SDK's `ActionCodeOperation`, by Identity Toolkit's `requestType`.
    package enum Operation: String, Sendable, Equatable {
        case passwordReset = "PASSWORD_RESET"
        case verifyEmail = "VERIFY_EMAIL"
        case recoverEmail = "RECOVER_EMAIL"
        case emailSignIn = "EMAIL_SIGNIN"
        case verifyAndChangeEmail = "VERIFY_AND_CHANGE_EMAIL"
        case revertSecondFactorAddition = "REVERT_SECOND_FACTOR_ADDITION"
        case unknown = "UNKNOWN"
    }

    package var operation: Operation
    /// The account's email (for recover-email: the email it goes back to).
    package var email: String?
    /// For recover-email and verify-and-change-email: the other address.
    package var previousEmail: String?

    package init(operation: Operation, email: String?, previousEmail: String? = nil) {
        self.operation = operation
        self.email = email
        self.previousEmail = previousEmail
    }
}

/// A link a project emails (`…/__/auth/action?mode=signIn&oobCode=…`), or the code alone.
package struct ActionLink: Sendable, Equatable {
    /// `mode`: `signIn`, `verifyEmail`, `recoverEmail`, `resetPassword`, `verifyAndChangeEmail`; nil for a bare code.
    package var mode: String?
    package var oobCode: String
    package var continueURL: String?

    /// The link's query, or the link inside a `link=` parameter (a Dynamic Link wraps it so);
    /// a bare code (no `://`, no spaces) is the code. Nil when there is no code.
    package init?(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.contains("://") else {
            guard !trimmed.isEmpty, !trimmed.contains(where: { $0 == " " || $0 == "?" || $0 == "&" }) else { return nil }
            self.init(mode: nil, oobCode: trimmed, continueURL: nil)
            return
        }
        guard let components = URLComponents(string: trimmed) else { return nil }
        let items = components.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 } }
        if let code = value("oobCode") {
            self.init(mode: value("mode"), oobCode: code, continueURL: value("continueUrl"))
        } else if let inner = value("link") ?? value("deep_link_id"), inner.contains("://"), let link = ActionLink(inner) {
            self = link
        } else {
            return nil
        }
    }

    package init(mode: String?, oobCode: String, continueURL: String?) {
        self.mode = mode
        self.oobCode = oobCode
        self.continueURL = continueURL
    }

    /// A link that signs in (the SDK's `isSignIn(withEmailLink:)`).
    package var isSignIn: Bool { mode == "signIn" }
}

/// What `mfaEnrollment:start` answers for TOTP: the shared secret and the session that finalizes it.
package struct TOTPEnrollmentSecret: Sendable, Equatable {
    /// Base32 (RFC 4648), as an authenticator app takes it.
    package var sharedSecretKey: String
    package var codeLength: Int
    package var hashingAlgorithm: String
    package var periodSeconds: Int
    /// The project's handle for this enrolment, for `mfaEnrollment:finalize`.
    package var sessionInfo: String

    package init(sharedSecretKey: String, codeLength: Int, hashingAlgorithm: String, periodSeconds: Int, sessionInfo: String) {
        self.sharedSecretKey = sharedSecretKey
        self.codeLength = codeLength
        self.hashingAlgorithm = hashingAlgorithm
        self.periodSeconds = periodSeconds
        self.sessionInfo = sessionInfo
    }

    /// The `otpauth://totp/ISSUER:ACCOUNT?secret=…` URI an authenticator app scans (Key Uri Format).
    package func otpauthURI(accountName: String, issuer: String) -> String {
        var components = URLComponents()
        components.scheme = "otpauth"
        components.host = "totp"
        components.path = "/" + issuer + ":" + accountName
        components.queryItems = [
            URLQueryItem(name: "secret", value: sharedSecretKey), URLQueryItem(name: "issuer", value: issuer),
            URLQueryItem(name: "algorithm", value: hashingAlgorithm), URLQueryItem(name: "digits", value: String(codeLength)),
            URLQueryItem(name: "period", value: String(periodSeconds)),
        ]
        return components.string ?? "otpauth://totp/\(issuer):\(accountName)?secret=\(sharedSecretKey)"
    }
}

extension AccountRecord {
    /// No provider and no email: an anonymous user (as the SDKs decide it on reload).
    package var isAnonymous: Bool { providerData.isEmpty && email == nil }
}
