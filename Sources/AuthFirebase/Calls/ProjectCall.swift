import AuthPlatform

/// One call to the project: Identity Toolkit (`accounts:<method>`, v1 or v2), the Secure Token API
/// or the project's configuration. One type per call, with the type its answer decodes to, as
/// firebase-ios-sdk keeps `Backend/RPC/*Request.swift` and `*Response.swift`.
/// ``IdentityToolkit/send(_:)`` sends every one of them, adds the project's tenant, and decodes the
/// answer once; ``FirebaseAccountBackend/call(_:during:recentLoginOperation:)`` names every refusal
/// through one table.
protocol IdentityToolkitCall: Sendable {
    /// What the answer decodes to.
    associatedtype Response: Sendable
    /// The method's name: the end of its URL, and the name errors give it.
    var method: String { get }
    var body: [String: JSONValue] { get }
    /// Which of the project's APIs the call is part of.
    var api: ProjectAPI { get }
    /// The answer, decoded; a required member missing is ``FirebaseError/invalidResponse(method:reason:)``.
    func response(to answer: AnswerReader) throws(FirebaseError) -> Response
}

/// A response type that reads itself from an answer, whichever call it answers.
protocol ProjectAnswer: Sendable {
    init(_ answer: AnswerReader) throws(FirebaseError)
}

extension IdentityToolkitCall {
    var api: ProjectAPI { .identityToolkitV1 }

    /// The call carries the signed-in user's ID token: a refusal of that token ends the user's session.
    var carriesIDToken: Bool { body["idToken"] != nil }
}

extension IdentityToolkitCall where Response: ProjectAnswer {
    func response(to answer: AnswerReader) throws(FirebaseError) -> Response { try Response(answer) }
}

/// Which of the project's REST APIs a call is part of, and so its URL, its encoding and whether it
/// carries the project's tenant.
enum ProjectAPI: Sendable, Equatable {
    /// `v1/accounts:<method>`, a JSON POST with the tenant.
    case identityToolkitV1
    /// `v2/accounts/<method>` (Identity Platform's multi-factor calls), a JSON POST with the tenant.
    case identityToolkitV2
    /// `v1/token`, a form POST (the tenant is in the refresh token).
    case secureToken
    /// `v1/projects`, a GET of the configuration of the project the API key belongs to.
    case projectConfig
}

/// An answer with nothing authctl reads in it (delete, an email sent).
struct EmptyResponse: ProjectAnswer, Equatable {
    init(_ answer: AnswerReader) {}
}
