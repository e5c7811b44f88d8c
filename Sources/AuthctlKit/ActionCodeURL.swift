internal import AuthApp
import Foundation

/// The parts of a link the project emailed, read without sending anything (FirebaseAuth's
/// `ActionCodeURL`): a terminal program that is pasted a link sees what it is for before using it.
public final class ActionCodeURL: NSObject, Sendable {
    /// The project's API key in the link; nil when it has none.
    public let apiKey: String?
    /// What the link is for; `.unknown` when it names no operation.
    public let operation: ActionCodeOperation
    /// The action code (`oobCode`); nil when the link has none.
    public let code: String?
    /// Where the project sends the person after the action; nil when the link names none.
    public let continueURL: URL?
    /// The language the project's pages speak; nil when the link names none.
    public let languageCode: String?

    /// Reads `link` (or the link a Dynamic Link wraps); nil when it has no query to read.
    public init?(link: String) {
        guard let fields = ActionLinkFields(link: link) else { return nil }
        apiKey = fields.apiKey
        operation = ActionCodeOperation(mode: fields.mode)
        code = fields.oobCode
        continueURL = fields.continueURL.flatMap(URL.init(string:))
        languageCode = fields.languageCode
    }
}

extension ActionCodeOperation {
    /// A link's `mode`, as the SDK maps it.
    init(mode: String?) {
        switch mode {
        case "resetPassword": self = .passwordReset
        case "verifyEmail": self = .verifyEmail
        case "recoverEmail": self = .recoverEmail
        case "signIn": self = .emailLink
        case "verifyAndChangeEmail": self = .verifyAndChangeEmail
        case "revertSecondFactorAddition": self = .revertSecondFactorAddition
        default: self = .unknown
        }
    }
}
