import Foundation
import Testing
@testable import AuthOAuth
import AuthPlatform
import AuthTestSupport

@Suite struct AuthorizationRequestTests {
    func makeRequest(parameters: [String: String] = [:], endpoint: String = "https://idp.example/authorize") throws -> AuthorizationRequest {
        try AuthorizationRequest(
            authorizationEndpoint: endpoint, clientID: "client 1", redirectURI: "http://127.0.0.1:5000/callback",
            scopes: ["openid", "profile", "email", "openid", "groups"], customParameters: parameters,
            random: SeededRandomSource(seed: 7)
        )
    }

    func query(_ request: AuthorizationRequest) -> [String: String] {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!.queryItems!
        return Dictionary(items.map { ($0.name, $0.value!) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func carriesEveryRequiredParameter() throws {
        let request = try makeRequest(parameters: ["prompt": "login"])
        let query = query(request)
        #expect(query["response_type"] == "code")
        #expect(query["client_id"] == "client 1")
        #expect(query["redirect_uri"] == "http://127.0.0.1:5000/callback")
        #expect(query["scope"] == "openid profile email groups")
        #expect(query["state"] == request.state)
        #expect(query["nonce"] == request.nonce)
        #expect(query["code_challenge"] == request.pkce.codeChallenge)
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["prompt"] == "login")
    }

    @Test func stateNonceAndVerifierHaveAtLeast128BitsAndDiffer() throws {
        let request = try makeRequest()
        // 32 bytes base64url-encoded without padding is 43 characters.
        #expect(request.state.count == 43)
        #expect(request.rawNonce.count == 43)
        #expect(request.pkce.codeVerifier.count == 43)
        #expect(Set([request.state, request.rawNonce, request.pkce.codeVerifier]).count == 3)
        // Sent as Firebase checks it: SHA-256 of the raw nonce, hex.
        #expect(request.nonce == Nonce.hashed(request.rawNonce) && request.nonce.count == 64)
    }

    /// OpenID Connect Core §11: offline_access asks for consent, unless the caller chose a prompt.
    @Test(arguments: [
        (["openid", "offline_access"], nil, "consent"),
        (["openid", "offline_access"], "login", "login"),
        (["openid", "offline_access"], "none", "none"),
        (["openid", "offline_access"], "login consent", "login consent"),
        (["openid"], nil, nil),
        (["openid", "offline"], nil, nil),
    ] as [([String], String?, String?)])
    func offlineAccessAsksForConsent(scopes: [String], given: String?, sent: String?) throws {
        let request = try AuthorizationRequest(
            authorizationEndpoint: "https://idp.example/authorize", clientID: "c", redirectURI: "http://127.0.0.1:5000/callback",
            scopes: scopes, customParameters: given.map { ["prompt": $0] } ?? [:], random: SeededRandomSource(seed: 7)
        )
        #expect(query(request)["prompt"] == sent)
        #expect(request.prompt == sent)
    }

    @Test func keepsTheEndpointsOwnQuery() throws {
        let request = try makeRequest(endpoint: "https://idp.example/authorize?tenant=a")
        #expect(query(request)["tenant"] == "a")
    }

    @Test(arguments: [
        "client_id", "redirect_uri", "response_type", "scope", "state", "response_mode", "nonce", "code_challenge",
        "code_challenge_method",
    ])
    func refusesReservedParameters(name: String) {
        #expect(throws: OAuthError.reservedParameter(name)) { try makeRequest(parameters: [name: "x"]) }
        #expect(throws: OAuthError.reservedParameter(name)) { try AuthorizationRequest.parseParameters(["\(name)=x"]) }
    }

    @Test(arguments: [
        (["prompt=login"], ["prompt": "login"]),
        (["login_hint=a=b"], ["login_hint": "a=b"]),
        (["empty="], ["empty": ""]),
        (["a=1", "a=2"], ["a": "2"]),
    ])
    func parsesParameters(pairs: [String], expected: [String: String]) throws {
        #expect(try AuthorizationRequest.parseParameters(pairs) == expected)
    }

    @Test(arguments: ["novalue", "=value", ""])
    func refusesMalformedParameters(pair: String) {
        #expect(throws: OAuthError.malformedParameter(pair)) { try AuthorizationRequest.parseParameters([pair]) }
    }

    @Test func reservedParameterErrorIsAUsageError() {
        #expect(OAuthError.reservedParameter("state").code == .invalidArgument)
    }

    @Test(arguments: [("a b", "a%20b"), ("x+y/z", "x%2By%2Fz"), ("é", "%C3%A9"), ("safe-._~", "safe-._~")])
    func formEncodes(raw: String, encoded: String) {
        #expect(FormEncoding.encode(raw) == encoded)
    }
}

@Suite struct PKCETests {
    /// RFC 7636 Appendix B, from the shared vectors.
    @Test(.enabled(if: TestVectors.available)) func matchesRFC7636AppendixB() throws {
        let vectors = try TestVectors.load("rfc/pkce_rfc7636.json")
        let verifier = try #require(Self.find("code_verifier", in: vectors) ?? Self.find("verifier", in: vectors))
        let challenge = try #require(Self.find("code_challenge", in: vectors) ?? Self.find("challenge", in: vectors))
        #expect(PKCE(codeVerifier: verifier).codeChallenge == challenge)
        #expect(challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func generatedVerifierIs43UnreservedCharacters() {
        let pkce = PKCE.generate(using: SeededRandomSource(seed: 1))
        #expect(pkce.codeVerifier.count == 43)
        #expect(pkce.codeVerifier.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }

    /// Finds the first string member named `key` anywhere in `json`.
    static func find(_ key: String, in json: JSONValue) -> String? {
        switch json {
        case .object(let members):
            if let value = members[key]?.stringValue { return value }
            for member in members.values { if let found = find(key, in: member) { return found } }
        case .array(let values):
            for value in values { if let found = find(key, in: value) { return found } }
        default: break
        }
        return nil
    }
}
