import AuthCore
import AuthPlatform

/// `accounts:sendOobCode`: the project emails an action link (Identity Toolkit GetOobCodeRequest).
struct SendOOBCodeRequest: IdentityToolkitCall, Equatable {
    typealias Response = SendOOBCodeResponse

    enum Kind: Sendable, Equatable {
        /// A password-reset link to `email`.
        case passwordReset(email: String)
        /// A sign-in link to `email` (Email link, passwordless).
        case emailSignIn(email: String, continueURL: String?)
        /// A verification link to the email of the user whose ID token this is.
        case verifyEmail(idToken: String)
        /// A link to `newEmail` that, once followed, makes it the email of the user whose ID token
        /// this is (the SDK's `sendEmailVerification(beforeUpdatingEmail:)`).
        case verifyAndChangeEmail(idToken: String, newEmail: String, continueURL: String?)
    }

    /// Where an email-sign-in link leads when none is given: the page the project serves for it.
    static let defaultContinueURL = "http://localhost"

    var kind: Kind
    /// The SDK's ActionCodeSettings, as GetOobCodeRequest's fields (nil: none sent).
    var settings: ActionLinkSettings? = nil

    var method: String { "sendOobCode" }
    var body: [String: JSONValue] {
        var body = kindFields
        guard let settings else { return body }
        if let continueURL = settings.continueURL { body["continueUrl"] = .string(continueURL) }
        if settings.handleCodeInApp { body["canHandleCodeInApp"] = true }
        if let bundleID = settings.iOSBundleID { body["iOSBundleId"] = .string(bundleID) }
        if let package = settings.androidPackageName { body["androidPackageName"] = .string(package) }
        if settings.androidInstallApp { body["androidInstallApp"] = true }
        if let version = settings.androidMinimumVersion { body["androidMinimumVersion"] = .string(version) }
        if let domain = settings.linkDomain { body["linkDomain"] = .string(domain) }
        return body
    }

    private var kindFields: [String: JSONValue] {
        switch kind {
        case .passwordReset(let email):
            return ["requestType": "PASSWORD_RESET", "email": .string(email)]
        case .emailSignIn(let email, let continueURL):
            // The SDKs send canHandleCodeInApp: an email-sign-in link must be handled by the app.
            return [
                "requestType": "EMAIL_SIGNIN", "email": .string(email), "canHandleCodeInApp": true,
                "continueUrl": .string(continueURL ?? Self.defaultContinueURL),
            ]
        case .verifyEmail(let idToken):
            return ["requestType": "VERIFY_EMAIL", "idToken": .string(idToken)]
        case .verifyAndChangeEmail(let idToken, let newEmail, let continueURL):
            var body: [String: JSONValue] = ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": .string(idToken), "newEmail": .string(newEmail)]
            if let continueURL { body["continueUrl"] = .string(continueURL) }
            return body
        }
    }
}

/// What sendOobCode answers: the address the mail goes to.
struct SendOOBCodeResponse: ProjectAnswer, Equatable {
    var email: String?

    init(_ answer: AnswerReader) {
        email = answer.string("email")
    }
}

/// `accounts:signInWithEmailLink`: the email and the link's code; with `idToken`, the email is
/// linked to that user (an anonymous user keeps its uid).
struct SignInWithEmailLinkRequest: IdentityToolkitCall, Equatable {
    var email: String
    var oobCode: String
    var idToken: String?

    var method: String { "signInWithEmailLink" }
    var body: [String: JSONValue] {
        // SignInWithEmailLinkRequest has no returnSecureToken (production refuses it as an unknown
        // field); the answer always carries the session. firebase-ios-sdk's EmailLinkSignInRequest
        // sends the same fields.
        var body: [String: JSONValue] = ["email": .string(email), "oobCode": .string(oobCode)]
        if let idToken { body["idToken"] = .string(idToken) }
        return body
    }

    /// EmailLinkSigninResponse always names the user and carries the session.
    func response(to answer: AnswerReader) throws(FirebaseError) -> SignInResponse {
        try SignInResponse(namingTheUser: answer)
    }
}
