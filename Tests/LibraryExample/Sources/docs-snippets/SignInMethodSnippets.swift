import AuthctlKit
import Foundation

// The Firebase sign-in methods of issue 29, as the Firebase docs write them (anonymous, email
// link, action codes, TOTP enrolment and sign-in with the factor). A link or a code comes on
// stdin; the TOTP snippet prints the secret on stderr and reads the app's code on stdin. A name
// ending in `-completion` makes the same calls in their completion-handler form.

func signInMethodSnippet(_ name: String, _ arguments: [String]) async throws -> [String: Any] {
    let argument = { (index: Int) in index < arguments.count ? arguments[index] : "" }
    let auth = Auth.auth()
    let byCompletion = name.hasSuffix("-completion")
    switch byCompletion ? String(name.dropLast("-completion".count)) : name {
    case "methods-anonymous":
        let result = try await auth.signInAnonymously()
        return ["uid": result.user.uid, "isAnonymous": result.user.isAnonymous]
    case "methods-link-password":
        guard let user = auth.currentUser else { throw AuthError.snippet("nobody is signed in") }
        let result = try await user.link(withEmail: argument(0), password: argument(1))
        return userFields(result.user)
    case "methods-send-link":
        let settings = ActionCodeSettings()
        settings.url = URL(string: argument(1))
        settings.handleCodeInApp = true
        guard byCompletion else {
            try await auth.sendSignInLink(toEmail: argument(0), actionCodeSettings: settings)
            return ["sent": argument(0)]
        }
        // The completion-handler form, as the docs write it.
        let failure: String? = await withCheckedContinuation { continuation in
            auth.sendSignInLink(toEmail: argument(0), actionCodeSettings: settings) { error in
                MainActor.assumeIsolated { recordHandlerQueue() }
                continuation.resume(returning: error.map { "\($0)" })
            }
        }
        if let failure { throw AuthError.snippet(failure) }
        return ["sent": argument(0), "mainQueue": await handlersRanOnMainQueue]
    case "methods-send-link-settings", "methods-send-reset-settings", "methods-send-verification-settings":
        // Every ActionCodeSettings field, as the SDK's documentation sets them.
        let settings = ActionCodeSettings()
        settings.url = URL(string: argument(1))
        settings.handleCodeInApp = name == "methods-send-link-settings"
        settings.setIOSBundleID("com.example.ios")
        settings.setAndroidPackageName("com.example.android", installIfNotAvailable: true, minimumVersion: "12")
        settings.linkDomain = "example.web.app"
        if name == "methods-send-link-settings" {
            try await auth.sendSignInLink(toEmail: argument(0), actionCodeSettings: settings)
        } else if name == "methods-send-reset-settings" {
            guard byCompletion else {
                try await auth.sendPasswordReset(withEmail: argument(0), actionCodeSettings: settings)
                return ["sent": argument(0)]
            }
            try await completed { auth.sendPasswordReset(withEmail: argument(0), actionCodeSettings: settings, completion: $0) }
        } else {
            guard let user = auth.currentUser else { throw AuthError.snippet("nobody is signed in") }
            try await user.sendEmailVerification(with: settings)
        }
        return ["sent": argument(0)]
    case "methods-verify-reset-code":
        let code = readLine(strippingNewline: true) ?? ""
        guard byCompletion else { return ["email": try await auth.verifyPasswordResetCode(code)] }
        return ["email": try await completed { auth.verifyPasswordResetCode(code, completion: $0) }, "mainQueue": await handlersRanOnMainQueue]
    case "methods-email-link-credential":
        // EmailAuthProvider.credential(withEmail:link:) in signIn(with:), or with argument 1 `link` or
        // `reauthenticate`, in the user's link(with:) or reauthenticate(with:).
        let credential = EmailAuthProvider.credential(withEmail: argument(0), link: readLine(strippingNewline: true) ?? "")
        if argument(1) == "link" || argument(1) == "reauthenticate" {
            guard let user = auth.currentUser else { throw AuthError.snippet("nobody is signed in") }
            if argument(1) == "reauthenticate" { return userFields(try await user.reauthenticate(with: credential).user) }
            return userFields(try await user.link(with: credential).user)
        }
        let result = try await auth.signIn(with: credential)
        return userFields(result.user).merging(["newUser": result.additionalUserInfo?.newUser() ?? NSNull()]) { first, _ in first }
    case "methods-email-link", "methods-link-email-link":
        let link = readLine(strippingNewline: true) ?? ""
        guard auth.isSignIn(withEmailLink: link) else { return ["isSignInLink": false] }
        if name == "methods-link-email-link" {
            guard let user = auth.currentUser else { throw AuthError.snippet("nobody is signed in") }
            return userFields(try await user.link(withEmail: argument(0), link: link).user)
        }
        if byCompletion { return userFields(try await completed { auth.signIn(withEmail: argument(0), link: link, completion: $0) }.user) }
        return userFields(try await auth.signIn(withEmail: argument(0), link: link).user)
    case "methods-send-verification":
        guard let user = auth.currentUser else { throw AuthError.snippet("nobody is signed in") }
        guard byCompletion else {
            try await user.sendEmailVerification()
            return ["sent": user.email ?? ""]
        }
        try await completed { user.sendEmailVerification(completion: $0) }
        return ["sent": user.email ?? "", "mainQueue": await handlersRanOnMainQueue]
    case "methods-apply":
        return try await applyActionCode(readLine(strippingNewline: true) ?? "", newPassword: argument(0), byCompletion: byCompletion)
    case "methods-totp-enroll":
        guard let user = auth.currentUser else { throw AuthError.snippet("nobody is signed in") }
        // The SDK's two forms: session() and generateSecret(with:), or their completion handlers.
        let session = byCompletion
            ? try await completed { user.multiFactor.getSessionWithCompletion($0) } : try await user.multiFactor.session()
        let secret = byCompletion
            ? try await completed { TOTPMultiFactorGenerator.generateSecret(with: session, completion: $0) }
            : try await TOTPMultiFactorGenerator.generateSecret(with: session)
        let url = secret.generateQRCodeURL(withAccountName: user.email ?? user.uid, issuer: "authctl-example")
        FileHandle.standardError.write(Data("secret \(secret.sharedSecretKey()) \(url)\n".utf8))
        let code = readLine(strippingNewline: true) ?? ""
        let assertion = TOTPMultiFactorGenerator.assertionForEnrollment(with: secret, oneTimePassword: code)
        try await user.multiFactor.enroll(with: assertion, displayName: argument(0))
        let enrolled: [String: Any] = ["factors": factorFields(user), "url": url]
        return byCompletion ? enrolled.merging(["mainQueue": await handlersRanOnMainQueue]) { _, queue in queue } : enrolled
    case "methods-totp-signin":
        return try await secondFactorSignInSnippet(email: argument(0), password: argument(1), form: argument(2))
    case "methods-factors":
        // The user's factors as the SDK reads them, without a request; with `reload`, after
        // user.reload(), which reads what another program changed.
        guard let user = auth.currentUser else { throw AuthError.snippet("nobody is signed in") }
        let before = factorFields(user)
        guard argument(0) == "reload" else { return ["factors": before] }
        try await user.reload()
        return ["before": before, "factors": factorFields(user)]
    case "methods-unenroll":
        guard let user = auth.currentUser, let factor = user.multiFactor.enrolledFactors.first else {
            throw AuthError.snippet("no factor to unenrol")
        }
        try await user.multiFactor.unenroll(with: factor)
        return ["factors": factorFields(user), "currentUser": auth.currentUser.map(factorFields) ?? []]
    default:
        throw AuthError.snippet("unknown snippet '\(name)'")
    }
}

/// Checks an action code, then applies it (a reset sets `newPassword`), in either form.
func applyActionCode(_ code: String, newPassword: String, byCompletion: Bool) async throws -> [String: Any] {
    let auth = Auth.auth()
    let checked: ActionCodeInfo
    if byCompletion {
        checked = try await completed { auth.checkActionCode(code, completion: $0) }
        if checked.operation == .passwordReset {
            try await completed { auth.confirmPasswordReset(withCode: code, newPassword: newPassword, completion: $0) }
        } else {
            try await completed { auth.applyActionCode(code, completion: $0) }
        }
    } else {
        checked = try await auth.checkActionCode(code)
        if checked.operation == .passwordReset {
            try await auth.confirmPasswordReset(withCode: code, newPassword: newPassword)
        } else {
            try await auth.applyActionCode(code)
        }
    }
    let fields: [String: Any] = ["operation": checked.operation.rawValue, "email": checked.email, "user": auth.currentUser.map(userFields) ?? [:]]
    return byCompletion ? fields.merging(["mainQueue": await handlersRanOnMainQueue]) { _, queue in queue } : fields
}

func userFields(_ user: User) -> [String: Any] {
    ["uid": user.uid, "email": user.email ?? NSNull(), "emailVerified": user.isEmailVerified, "isAnonymous": user.isAnonymous,
     "providers": user.providerData.map(\.providerID).sorted()]
}

/// `user.multiFactor.enrolledFactors`, the SDK's stored property: read as a program reads it, no `await`.
func factorFields(_ user: User) -> [[String: Any]] {
    let factors = user.multiFactor.enrolledFactors
    return factors.map {
        ["uid": $0.uid, "factorId": $0.factorID, "displayName": $0.displayName ?? NSNull(), "enrollmentDate": $0.enrollmentDate.timeIntervalSince1970]
    }
}
