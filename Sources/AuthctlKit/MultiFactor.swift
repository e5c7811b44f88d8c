internal import AuthCore
import Foundation

/// One enrolled second factor (FirebaseAuth's `MultiFactorInfo`).
public final class MultiFactorInfo: Sendable {
    /// The enrolment's id (`mfaEnrollmentId`).
    public let uid: String
    public let displayName: String?
    /// ``TOTPMultiFactorGenerator/factorID`` (`totp`) or `phone`.
    public let factorID: String

    init(_ info: AuthCore.MultiFactorInfo) {
        uid = info.enrollmentID
        displayName = info.displayName
        factorID = info.factorID
    }
}

/// The proof that the user is signed in now, for an enrolment (FirebaseAuth's `MultiFactorSession`).
public final class MultiFactorSession: Sendable {
    let user: User

    init(user: User) { self.user = user }
}

/// A factor's proof for ``MultiFactor/enroll(with:displayName:)`` (FirebaseAuth's `MultiFactorAssertion`).
public class MultiFactorAssertion: @unchecked Sendable {
    /// The kind of factor proved.
    public let factorID: String

    init(factorID: String) { self.factorID = factorID }
}

/// The TOTP factor's assertion: the secret being enrolled and a code of it.
public final class TOTPMultiFactorAssertion: MultiFactorAssertion, @unchecked Sendable {
    let secret: TOTPSecret
    let oneTimePassword: String

    init(secret: TOTPSecret, oneTimePassword: String) {
        self.secret = secret
        self.oneTimePassword = oneTimePassword
        super.init(factorID: TOTPMultiFactorGenerator.factorID)
    }
}

/// A shared secret the project made for an authenticator app (FirebaseAuth's `TOTPSecret`).
public final class TOTPSecret: Sendable {
    let secret: AuthCore.TOTPEnrollmentSecret
    let session: MultiFactorSession

    init(_ secret: AuthCore.TOTPEnrollmentSecret, session: MultiFactorSession) {
        self.secret = secret
        self.session = session
    }

    /// The base32 secret an authenticator app takes typed in.
    public func sharedSecretKey() -> String { secret.sharedSecretKey }

    /// The `otpauth://totp/ISSUER:ACCOUNT?secret=...` URL an authenticator app scans as a QR code.
    public func generateQRCodeURL(withAccountName accountName: String, issuer: String) -> String {
        secret.otpauthURI(accountName: accountName, issuer: issuer)
    }
}

/// TOTP secrets and assertions (FirebaseAuth's `TOTPMultiFactorGenerator`).
public enum TOTPMultiFactorGenerator {
    /// The factor id of an authenticator app.
    public static let factorID = AuthCore.MultiFactorInfo.totp

    /// Has the project make a shared secret for the session's user (`mfaEnrollment:start`).
    public static func generateSecret(with session: MultiFactorSession) async throws -> TOTPSecret {
        try await AuthError.translating { try await TOTPSecret(session.user.methods().startTOTPEnrollment(expectedUID: session.user.uid), session: session) }
    }

    /// ``generateSecret(with:)`` with a completion handler, called on the main queue.
    public static func generateSecret(with session: MultiFactorSession, completion: (@MainActor (TOTPSecret?, Error?) -> Void)? = nil) {
        Completion.deliver(completion) { try await generateSecret(with: session) }
    }

    /// The proof that enrols `secret`: the app's current code for it.
    public static func assertionForEnrollment(with secret: TOTPSecret, oneTimePassword: String) -> TOTPMultiFactorAssertion {
        TOTPMultiFactorAssertion(secret: secret, oneTimePassword: oneTimePassword)
    }
}
