import AuthPlatform

/// A refusal as the project words it, read here and named by the one table
/// (ServerErrorTable.swift): Google's error envelope, `{"error": {"code": 400, "message":
/// "CODE : detail", "errors": [...], "details": [...]}}`, or a 200 answer carrying `errorMessage`
/// (signInWithIdp with `returnIdpCredential`), whose `providerId` and `email` say who holds the
/// credential.
enum ErrorResponse {
    /// The refusal `answer` carries, if any.
    static func failure(in answer: JSONValue?, status: Int) -> IdentityToolkitFailure? {
        guard let members = answer?.objectValue else { return nil }
        if let envelope = members["error"] { return failure(envelope: envelope, status: status) }
        guard (200..<300).contains(status), let message = members["errorMessage"]?.stringValue else { return nil }
        return IdentityToolkitFailure(
            message: message, status: status, providerID: members["providerId"]?.stringValue, email: members["email"]?.stringValue)
    }

    /// The envelope's message, with the names Google's gateway gives a refused key or App Check.
    static func failure(envelope: JSONValue, status: Int) -> IdentityToolkitFailure {
        let message = envelope["message"]?.stringValue ?? envelope.stringValue ?? "HTTP \(status)"
        var failure = IdentityToolkitFailure(message: message, status: status)
        if let reason = gatewayReason(envelope) {
            if reason == "API_KEY_INVALID" {
                failure.code = "INVALID_API_KEY"
            } else {
                failure.code = reason
                failure.detail = message
            }
        }
        if message.hasPrefix("API key not valid") { failure.code = "INVALID_API_KEY" }
        if message.hasPrefix("Firebase App Check token is invalid") { failure.code = "FIREBASE_APP_CHECK_TOKEN_IS_INVALID" }
        return failure
    }

    /// Google's API gateway names a refused key in `details[].reason`, not in the message.
    static func gatewayReason(_ envelope: JSONValue) -> String? {
        let reasons = envelope["details"]?.arrayValue?.compactMap { $0["reason"]?.stringValue } ?? []
        return reasons.first { $0.hasPrefix("API_KEY_") }
    }

    /// A blocking function's answer: `BLOCKING_FUNCTION_ERROR_RESPONSE : ((HTTP ...) {"error":{"message":"..."}})`,
    /// its own message taken out when it is there.
    static func blockingFunctionMessage(_ detail: String?) -> String {
        guard let detail else { return "no reason given" }
        if let start = detail.firstIndex(of: "{"), let end = detail.lastIndex(of: "}"),
            let json = try? JSONValue.parse(Array(detail[start...end].utf8)),
            let message = json["error"]?["message"]?.stringValue
        {
            return message
        }
        return detail
    }
}
