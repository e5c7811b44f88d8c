import AuthOAuth
import AuthPlatform

/// The project's REST APIs: Identity Toolkit (`accounts:*`, v1 and v2), the Secure Token API and
/// the project's configuration, every call through ``send(_:)``.
struct IdentityToolkit: Sendable {
    /// Answers are small JSON documents.
    static let maximumResponseBytes = 256 * 1024

    let project: FirebaseProject
    let endpoints: FirebaseEndpoints
    let transport: any HTTPTransport
    /// The language of what the project writes for this program (its emails, its messages), a
    /// BCP 47 tag sent as `X-Firebase-Locale` with every call, as the SDKs' `languageCode` is; nil
    /// or empty: none, the project's default language.
    var languageCode: String? = nil

    /// The header that carries ``languageCode`` (firebase-ios-sdk `AuthBackend`, firebase-js-sdk `_performApiRequest`).
    static let localeHeader = "X-Firebase-Locale"

    /// The one way a call reaches the project: sends `call` (with the project's tenant, when it
    /// takes one) and decodes its answer once, into the call's response type. A refusal throws
    /// ``IdentityToolkitFailure``, whether it came as an error envelope or as a 200 answer carrying
    /// `errorMessage` (signInWithIdp with `returnIdpCredential`); an answer without a required
    /// member throws ``FirebaseError/invalidResponse(method:reason:)``.
    func send<Call: IdentityToolkitCall>(_ call: Call) async throws -> Call.Response {
        let response = try await transport.send(try request(for: call))
        let answer = try Self.answer(response, method: call.method)
        return try call.response(to: AnswerReader(answer, method: call.method))
    }

    /// The HTTP request of `call`, with the headers a restricted key needs.
    func request(for call: some IdentityToolkitCall) throws -> HTTPRequest {
        var body = call.body
        let url: String, contentType: String?, bytes: [UInt8]?
        switch call.api {
        case .identityToolkitV1, .identityToolkitV2:
            // The one place the tenant joins a call: every Identity Toolkit request names it, as the SDKs' do.
            if let tenant = project.tenantID { body["tenantId"] = .string(tenant) }
            url = call.api == .identityToolkitV1
                ? endpoints.accounts(call.method, apiKey: project.apiKey) : endpoints.accountsV2(call.method, apiKey: project.apiKey)
            (contentType, bytes) = ("application/json", Array(JSONValue.object(body).serialized().utf8))
        case .secureToken:
            url = endpoints.secureToken(apiKey: project.apiKey)
            let fields = body.keys.sorted().compactMap { key in body[key]?.stringValue.map { (key, $0) } }
            (contentType, bytes) = ("application/x-www-form-urlencoded", FormEncoding.body(fields))
        case .projectConfig:
            url = endpoints.projectConfig(apiKey: project.apiKey)
            (contentType, bytes) = (nil, nil)
        }
        var headers = (contentType.map { [("Content-Type", $0)] } ?? []) + [("Accept", "application/json")] + project.clientHeaders
        if let language = languageCode, !language.isEmpty { headers.append((Self.localeHeader, language)) }
        return HTTPRequest(
            method: bytes == nil ? "GET" : "POST", url: try URLPolicy.check(url, field: call.method, allowQuery: true),
            headers: headers, body: bytes, maxResponseBytes: Self.maximumResponseBytes)
    }

    /// The JSON of a successful answer, or the refusal it carries (``ErrorResponse``).
    static func answer(_ response: HTTPResponse, method: String) throws -> JSONValue {
        let json = try? JSONValue.parse(response.body)
        if let failure = ErrorResponse.failure(in: json, status: response.status) { throw failure }
        guard (200..<300).contains(response.status), let json, json.objectValue != nil else {
            throw FirebaseError.server(code: "HTTP \(response.status)", detail: nil, status: response.status)
        }
        return json
    }
}

/// A refusal from the project, before it is named: the server's code (`EMAIL_EXISTS`), its
/// detail, and for a 200 answer with `errorMessage` the provider and email that answer names
/// (who holds the credential).
struct IdentityToolkitFailure: Error, Sendable {
    var code: String
    var detail: String?
    var status: Int
    var providerID: String?
    var email: String?

    /// `CODE` or `CODE : detail`, as Identity Toolkit words its messages.
    init(message: String, status: Int, providerID: String? = nil, email: String? = nil) {
        let parts = message.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
        code = parts.first ?? message
        detail = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil
        self.status = status
        self.providerID = providerID
        self.email = email
    }

    func named(during operation: FirebaseError.Operation, tenantID: String? = nil, providerID: String? = nil) -> FirebaseError {
        FirebaseError(serverCode: code, detail: detail, status: status, during: operation, tenantID: tenantID, providerID: providerID)
    }
}
