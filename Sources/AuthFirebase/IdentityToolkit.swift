import AuthOAuth
import AuthPlatform
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The project's REST APIs: Identity Toolkit v1 (`accounts:*`) and the Secure Token API.
struct IdentityToolkit: Sendable {
    /// Answers are small JSON documents.
    static let maximumResponseBytes = 256 * 1024

    let project: FirebaseProject
    let endpoints: FirebaseEndpoints
    let transport: any HTTPTransport

    /// POSTs `body` to `accounts:<method>` (with the project's tenant, when set) and returns the
    /// answer; a refusal throws ``IdentityToolkitFailure``, whether it came as an error envelope or
    /// as a 200 answer carrying `errorMessage` (signInWithIdp with `returnIdpCredential`).
    func call(_ method: String, _ body: [String: JSONValue]) async throws -> JSONValue {
        var body = body
        if let tenant = project.tenantID { body["tenantId"] = .string(tenant) }
        return try await call(url: endpoints.accounts(method, apiKey: project.apiKey), method: method, body)
    }

    /// POSTs `body` to `v2/accounts/<method>` (with the project's tenant, when set).
    func callV2(_ method: String, _ body: [String: JSONValue]) async throws -> JSONValue {
        var body = body
        if let tenant = project.tenantID { body["tenantId"] = .string(tenant) }
        return try await call(url: endpoints.accountsV2(method, apiKey: project.apiKey), method: method, body)
    }

    /// POSTs `body` to `url` (a v1 `accounts:` method or a v2 one) with the headers a restricted key needs.
    func call(url: String, method: String, _ body: [String: JSONValue]) async throws -> JSONValue {
        let response = try await transport.send(HTTPRequest(
            method: "POST", url: try URLPolicy.check(url, field: method, allowQuery: true),
            headers: [("Content-Type", "application/json"), ("Accept", "application/json")] + project.clientHeaders,
            body: Array(JSONValue.object(body).serialized().utf8), maxResponseBytes: Self.maximumResponseBytes
        ))
        return try Self.answer(response, method: method)
    }

    /// Trades a refresh token for a new ID token (`grant_type=refresh_token`).
    func refresh(_ refreshToken: String) async throws -> SecureTokenGrant {
        let response = try await transport.send(HTTPRequest(
            method: "POST", url: try URLPolicy.check(endpoints.secureToken(apiKey: project.apiKey), field: "token", allowQuery: true),
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")] + project.clientHeaders,
            body: FormEncoding.body([("grant_type", "refresh_token"), ("refresh_token", refreshToken)]),
            maxResponseBytes: Self.maximumResponseBytes
        ))
        let json = try Self.answer(response, method: "token")
        guard let idToken = json["id_token"]?.stringValue, let refreshToken = json["refresh_token"]?.stringValue,
            let expiresIn = Self.seconds(json["expires_in"])
        else { throw FirebaseError.invalidResponse(method: "token", reason: "no id_token, refresh_token and expires_in") }
        return SecureTokenGrant(idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn, userID: json["user_id"]?.stringValue)
    }

    /// The JSON of a successful answer, or the refusal it carries.
    static func answer(_ response: HTTPResponse, method: String) throws -> JSONValue {
        let json = try? JSONValue.parse(response.body)
        if let envelope = json?["error"] {
            throw IdentityToolkitFailure(envelope: envelope, status: response.status)
        }
        guard (200..<300).contains(response.status), let json, json.objectValue != nil else {
            throw FirebaseError.server(code: "HTTP \(response.status)", detail: nil, status: response.status)
        }
        if let message = json["errorMessage"]?.stringValue {
            throw IdentityToolkitFailure(message: message, status: response.status, answer: json)
        }
        return json
    }

    /// signInWithIdp's `rawUserInfo`: the provider's profile, as a JSON document inside a string.
    static func rawUserInfo(in answer: JSONValue) -> JSONValue? {
        answer["rawUserInfo"]?.stringValue.flatMap { try? JSONValue.parse(Array($0.utf8)) }
    }

    /// `expires_in` / `expiresIn`: seconds as a string (Identity Toolkit) or a number.
    static func seconds(_ value: JSONValue?) -> Int? {
        value?.intValue ?? value?.stringValue.flatMap { Int($0) }
    }
}

/// What the Secure Token API returned for a refresh.
struct SecureTokenGrant: Sendable {
    var idToken: String
    var refreshToken: String
    var expiresIn: Int
    var userID: String?
}

/// A refusal from the project, before it is named: the server's code (`EMAIL_EXISTS`), its
/// detail, and for a 200 answer with `errorMessage` the rest of that answer (the IdP credential).
struct IdentityToolkitFailure: Error, Sendable {
    var code: String
    var detail: String?
    var status: Int
    var answer: JSONValue?

    /// `{"error": {"code": 400, "message": "CODE : detail", "errors": [...], "details": [...]}}`.
    init(envelope: JSONValue, status: Int) {
        let message = envelope["message"]?.stringValue ?? envelope.stringValue ?? "HTTP \(status)"
        self.init(message: message, status: status, answer: nil)
        if let reason = FirebaseError.gatewayReason(envelope) {
            if reason == "API_KEY_INVALID" {
                code = "INVALID_API_KEY"
            } else {
                code = reason
                detail = message
            }
        }
        if message.hasPrefix("API key not valid") { code = "INVALID_API_KEY" }
        if message.hasPrefix("Firebase App Check token is invalid") { code = "FIREBASE_APP_CHECK_TOKEN_IS_INVALID" }
    }

    /// `CODE` or `CODE : detail`, as Identity Toolkit words its messages.
    init(message: String, status: Int, answer: JSONValue?) {
        let parts = message.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
        code = parts.first ?? message
        detail = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil
        self.status = status
        self.answer = answer
    }

    func named(during operation: FirebaseError.Operation, tenantID: String? = nil) -> FirebaseError {
        FirebaseError(serverCode: code, detail: detail, status: status, during: operation, tenantID: tenantID)
    }
}
