import AuthCrypto
import AuthJOSE

/// One authorization request (RFC 6749 §4.1.1, OpenID Connect Core §3.1.2.1) and the secrets
/// that must come back with its answer.
package struct AuthorizationRequest: Sendable {
    /// Parameters authctl sets itself; a custom parameter may not override them.
    package static let reservedParameters: Set<String> = [
        "client_id", "redirect_uri", "response_type", "scope", "state", "response_mode", "nonce",
        "code_challenge", "code_challenge_method",
    ]
    /// `state` and `nonce` carry 256 bits, above the 128 the issue and RFC 6749 §10.10 ask for.
    package static let stateBytes = 32
    package static let nonceBytes = 32

    package let url: URL
    package let state: String
    /// The nonce kept by the client (the SDK's raw nonce): 256 random bits.
    package let rawNonce: String
    /// The nonce sent, which the ID token must carry: SHA-256 of ``rawNonce`` in hex, as the
    /// Firebase SDKs send it, so that Firebase can check an ID token against the raw nonce.
    package let nonce: String
    package let pkce: PKCE
    package let redirectURI: String
    /// The `prompt` sent, if any (`login`, `none`, ...).
    package let prompt: String?

    /// Builds the request. Custom parameters are checked against ``reservedParameters``.
    package init(
        authorizationEndpoint: String, clientID: String, redirectURI: String, scopes: [String],
        customParameters: [String: String], random: any RandomSource, includesNonce: Bool = true
    ) throws(OAuthError) {
        try Self.checkCustomParameters(customParameters)
        let customParameters = Self.withConsentForOfflineAccess(customParameters, scopes: scopes)
        state = Base64URL.encode(random.bytes(count: Self.stateBytes))
        rawNonce = Base64URL.encode(random.bytes(count: Self.nonceBytes))
        nonce = Nonce.hashed(rawNonce)
        pkce = PKCE.generate(using: random)
        self.redirectURI = redirectURI
        prompt = customParameters["prompt"]
        var components = URLComponents(string: authorizationEndpoint)!
        var items = components.queryItems ?? []
        items += [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURI),
            URLQueryItem(name: "scope", value: Self.uniqued(scopes).joined(separator: " ")),
            URLQueryItem(name: "state", value: state),
        ]
        // The nonce is an OpenID parameter (Core §3.1.2.1); a plain OAuth provider (GitHub) gets none.
        if includesNonce { items.append(URLQueryItem(name: "nonce", value: nonce)) }
        items += [
            URLQueryItem(name: "code_challenge", value: pkce.codeChallenge),
            URLQueryItem(name: "code_challenge_method", value: PKCE.method),
        ]
        items += customParameters.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        components.percentEncodedQuery = items.map { "\(FormEncoding.encode($0.name))=\(FormEncoding.encode($0.value ?? ""))" }
            .joined(separator: "&")
        url = components.url!
    }

    /// The scope that asks for a refresh token usable while the person is away (OpenID Connect Core §11).
    package static let offlineAccessScope = "offline_access"

    /// OpenID Connect Core §11: with `offline_access`, "prompt MUST contain consent" (a provider
    /// ignores the scope otherwise), so `prompt=consent` is added unless a `prompt` was given.
    static func withConsentForOfflineAccess(_ parameters: [String: String], scopes: [String]) -> [String: String] {
        guard scopes.contains(offlineAccessScope), parameters["prompt"] == nil else { return parameters }
        return parameters.merging(["prompt": "consent"]) { given, _ in given }
    }

    /// Refuses reserved names, so a typo cannot silently weaken the request.
    package static func checkCustomParameters(_ parameters: [String: String]) throws(OAuthError) {
        if let reserved = parameters.keys.sorted().first(where: { reservedParameters.contains($0) }) {
            throw .reservedParameter(reserved)
        }
    }

    /// Parses `NAME=VALUE` strings from the command line.
    package static func parseParameters(_ pairs: [String]) throws(OAuthError) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else { throw .malformedParameter(pair) }
            parameters[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        try checkCustomParameters(parameters)
        return parameters
    }

    static func uniqued(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}

/// `application/x-www-form-urlencoded` encoding (WHATWG URL §5.2), used for query strings and
/// token request bodies.
package enum FormEncoding {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    package static func encode(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            if unreserved.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(hexadecimal: [byte], uppercase: true)
            }
        }
        return out
    }

    package static func body(_ fields: [(String, String)]) -> [UInt8] {
        Array(fields.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&").utf8)
    }
}

/// The OpenID Connect nonce as the Firebase SDKs use it: the request and the ID token carry
/// SHA-256(raw nonce), the client keeps the raw value (and hands it to Firebase, which checks it).
package enum Nonce {
    /// SHA-256 of `raw`, lower-case hex.
    package static func hashed(_ raw: String) -> String {
        String(hexadecimal: SHA256.hash(Array(raw.utf8)))
    }
}
