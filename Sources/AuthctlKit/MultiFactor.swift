internal import AuthApp
import Foundation

/// One enrolled second factor (FirebaseAuth's `MultiFactorInfo`); an authenticator app's is a
/// `TOTPMultiFactorInfo`, as in the SDK. Open to that subclass, so `Sendable` is `@unchecked`:
/// every stored property is an immutable `let` of a `Sendable` type.
public class MultiFactorInfo: NSObject, @unchecked Sendable {
    /// The enrolment's id (`mfaEnrollmentId`).
    public let uid: String
    public let displayName: String?
    /// ``TOTPMultiFactorGenerator/factorID`` (`totp`) or `phone`.
    public let factorID: String
    /// When the factor was enrolled (the project's `enrolledAt`); the Unix epoch when the project
    /// did not say (the SDK takes the moment it read the answer).
    public let enrollmentDate: Date

    init(info: EnrolledFactor) {
        uid = info.enrollmentID
        displayName = info.displayName
        factorID = info.factorID
        enrollmentDate = info.enrolledAt ?? Date(timeIntervalSince1970: 0)
    }

    /// The library's value of `info`: a `TOTPMultiFactorInfo` for an authenticator app.
    static func of(_ info: EnrolledFactor) -> MultiFactorInfo {
        info.factorID == EnrolledFactor.totp ? TOTPMultiFactorInfo(info: info) : MultiFactorInfo(info: info)
    }
}

/// `totp`: an authenticator app's factor id, as FirebaseAuth's constant (``MultiFactorInfo/factorID``).
public let TOTPMultiFactorID = EnrolledFactor.totp
/// `phone`: a phone's factor id, as FirebaseAuth's constant (phone factors are not enrolled here).
public let PhoneMultiFactorID = "phone"

/// An authenticator app's factor (FirebaseAuth's `TOTPMultiFactorInfo`).
final class TOTPMultiFactorInfo: MultiFactorInfo, @unchecked Sendable {}

/// The proof that the user is signed in now, for an enrolment, or of a sign-in's first factor,
/// for its second (FirebaseAuth's `MultiFactorSession`).
public final class MultiFactorSession: NSObject, Sendable {
    /// The signed-in user, for an enrolment.
    let user: User?
    /// The sign-in stopped at its second factor (its `mfaPendingCredential` and factors).
    let stopped: SecondFactorRequired?

    init(user: User) {
        self.user = user
        stopped = nil
    }

    init(stopped: SecondFactorRequired) {
        user = nil
        self.stopped = stopped
    }
}

/// A factor's proof for ``MultiFactor/enroll(with:displayName:)`` (FirebaseAuth's `MultiFactorAssertion`).
public class MultiFactorAssertion: NSObject, @unchecked Sendable {
    /// The kind of factor proved.
    public let factorID: String

    init(factorID: String) { self.factorID = factorID }
}

/// The TOTP factor's assertion: a code of the secret being enrolled, or of an enrolled factor
/// for a sign-in (the SDK's `SecretOrID`).
public final class TOTPMultiFactorAssertion: MultiFactorAssertion, @unchecked Sendable {
    enum SecretOrID: Sendable {
        case secret(TOTPSecret)
        case enrollmentID(String)
    }

    let secretOrID: SecretOrID
    let oneTimePassword: String

    init(secretOrID: SecretOrID, oneTimePassword: String) {
        self.secretOrID = secretOrID
        self.oneTimePassword = oneTimePassword
        super.init(factorID: TOTPMultiFactorGenerator.factorID)
    }
}

/// A shared secret the project made for an authenticator app (FirebaseAuth's `TOTPSecret`).
public final class TOTPSecret: NSObject, Sendable {
    let secret: TOTPEnrollmentSecret
    let session: MultiFactorSession

    init(_ secret: TOTPEnrollmentSecret, session: MultiFactorSession) {
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
open class TOTPMultiFactorGenerator: NSObject {
    /// Not made: the class only holds the static members, as in the SDK.
    @available(*, unavailable) override public init() { super.init() }

    /// The factor id of an authenticator app.
    public static let factorID = EnrolledFactor.totp

    /// Has the project make a shared secret for the session's user (`mfaEnrollment:start`).
    public static func generateSecret(with session: MultiFactorSession) async throws -> TOTPSecret {
        guard let user = session.user else {
            throw AuthError(.invalidMultiFactorSession, "a sign-in's session cannot enrol a factor; sign in first, then use user.multiFactor.getSession()")
        }
        return try await AuthError.translating { try await TOTPSecret(user.methods().startTOTPEnrollment(expectedUID: user.uid), session: session) }
    }

    /// ``generateSecret(with:)`` with a completion handler, called on the main queue.
    public static func generateSecret(with session: MultiFactorSession, completion: @escaping (TOTPSecret?, Error?) -> Void) {
        Completion.deliver(completion) { try await generateSecret(with: session) }
    }

    /// The proof that enrols `secret`: the app's current code for it.
    public static func assertionForEnrollment(with secret: TOTPSecret, oneTimePassword: String) -> TOTPMultiFactorAssertion {
        TOTPMultiFactorAssertion(secretOrID: .secret(secret), oneTimePassword: oneTimePassword)
    }

    /// The proof of an enrolled factor for a sign-in (``MultiFactorResolver/resolveSignIn(with:)``):
    /// the app's current code for the hint whose ``MultiFactorInfo/uid`` is `enrollmentID`.
    public static func assertionForSignIn(withEnrollmentID enrollmentID: String, oneTimePassword: String) -> TOTPMultiFactorAssertion {
        TOTPMultiFactorAssertion(secretOrID: .enrollmentID(enrollmentID), oneTimePassword: oneTimePassword)
    }
}
