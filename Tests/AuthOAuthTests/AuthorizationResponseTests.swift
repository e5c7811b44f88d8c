import Foundation
import Testing
@testable import AuthOAuth
import AuthTestSupport

@Suite struct AuthorizationResponseTests {
    static let issuer = "https://idp.example"
    let request = try! AuthorizationRequest(
        authorizationEndpoint: "https://idp.example/authorize", clientID: "c", redirectURI: "http://127.0.0.1:1/callback",
        scopes: ["openid"], customParameters: [:], random: SeededRandomSource(seed: 3)
    )

    enum Case: String, CaseIterable {
        case good, goodWithIss, wrongState, missingState, wrongIss, missingIssWhenRequired, accessDenied,
            otherError, duplicateCode, duplicateState, missingCode, emptyCode, errorWithWrongState,
            accessDeniedWithoutPromisedIss, otherErrorWithoutPromisedIss, accessDeniedWithWrongIss
    }

    func parameters(_ c: Case) -> (params: [(name: String, value: String)], issRequired: Bool) {
        let state = request.state
        switch c {
        case .good: return ([("code", "abc"), ("state", state)], false)
        case .goodWithIss: return ([("code", "abc"), ("state", state), ("iss", Self.issuer)], true)
        case .wrongState: return ([("code", "abc"), ("state", state + "x")], false)
        case .missingState: return ([("code", "abc")], false)
        case .wrongIss: return ([("code", "abc"), ("state", state), ("iss", "https://evil.example")], false)
        case .missingIssWhenRequired: return ([("code", "abc"), ("state", state)], true)
        case .accessDenied: return ([("error", "access_denied"), ("state", state)], false)
        case .otherError: return ([("error", "server_error"), ("error_description", "boom"), ("state", state)], false)
        case .duplicateCode: return ([("code", "abc"), ("code", "def"), ("state", state)], false)
        case .duplicateState: return ([("code", "abc"), ("state", state), ("state", state)], false)
        case .missingCode: return ([("state", state)], false)
        case .emptyCode: return ([("code", ""), ("state", state)], false)
        case .errorWithWrongState: return ([("error", "access_denied"), ("state", "forged")], false)
        case .accessDeniedWithoutPromisedIss: return ([("error", "access_denied"), ("state", state)], true)
        case .otherErrorWithoutPromisedIss: return ([("error", "server_error"), ("error_description", "boom"), ("state", state)], true)
        case .accessDeniedWithWrongIss: return ([("error", "access_denied"), ("state", state), ("iss", "https://evil.example")], true)
        }
    }

    func expected(_ c: Case) -> Result<String, OAuthError> {
        switch c {
        case .good, .goodWithIss: .success("abc")
        case .wrongState, .missingState, .errorWithWrongState: .failure(.stateMismatch)
        case .wrongIss, .accessDeniedWithWrongIss: .failure(.issuerMismatch(expected: Self.issuer, received: "https://evil.example"))
        case .missingIssWhenRequired: .failure(.issuerMismatch(expected: Self.issuer, received: nil))
        case .accessDenied, .accessDeniedWithoutPromisedIss: .failure(.accessDenied(description: nil))
        case .otherError, .otherErrorWithoutPromisedIss: .failure(.authorizationFailed(error: "server_error", description: "boom"))
        case .duplicateCode: .failure(.duplicateParameter("code"))
        // The state decides first whether a redirect is ours; one stated twice is not (a listener ignores it).
        case .duplicateState: .failure(.stateMismatch)
        case .missingCode, .emptyCode: .failure(.missingCode)
        }
    }

    @Test(arguments: Case.allCases)
    func evaluatesRedirect(_ c: Case) {
        let (params, required) = parameters(c)
        var notes: [String] = []
        let result = Result { () throws(OAuthError) -> String in
            try AuthorizationResponse.code(from: params, for: request, issuer: Self.issuer, issuerParameterRequired: required) {
                notes.append($0)
            }
        }
        #expect(result == expected(c))
        // Only an error read without the iss the provider promised is noted (for --verbose).
        let noted = [Case.accessDeniedWithoutPromisedIss, .otherErrorWithoutPromisedIss].contains(c)
        #expect(notes.count == (noted ? 1 : 0))
        #expect(notes.allSatisfy { $0.contains("carries no iss") && $0.contains(Self.issuer) })
    }

    /// OpenID Connect Core §3.1.2.6: without prompt=none, "needed the person" means the person refused.
    @Test(arguments: [("consent_required", nil, true), ("login_required", nil, true), ("interaction_required", nil, true),
                      ("consent_required", "none", false), ("login_required", "none", false), ("server_error", nil, false)] as [(String, String?, Bool)])
    func refusalsAtThePromptAreCancellations(error: String, prompt: String?, cancelled: Bool) throws {
        let prompted = try AuthorizationRequest(
            authorizationEndpoint: "https://idp.example/authorize", clientID: "c", redirectURI: "http://127.0.0.1:1/callback",
            scopes: ["openid"], customParameters: prompt.map { ["prompt": $0] } ?? [:], random: SeededRandomSource(seed: 9)
        )
        let result = Result { () throws(OAuthError) -> String in
            try AuthorizationResponse.code(
                from: [("error", error), ("error_description", "Refused"), ("state", prompted.state)], for: prompted, issuer: nil,
                issuerParameterRequired: false
            )
        }
        let expected: OAuthError = cancelled ? .accessDenied(description: "\(error): Refused") : .authorizationFailed(error: error, description: "Refused")
        #expect(result == .failure(expected))
        #expect((try? result.get()) == nil && (expected.code == .cancelled) == cancelled)
    }

    @Test func errorCodesMapToTheExitTable() {
        #expect(OAuthError.accessDenied(description: nil).code == .cancelled)
        #expect(OAuthError.stateMismatch.code == .invalidCredential)
        #expect(OAuthError.issuerMismatch(expected: "a", received: nil).code == .invalidCredential)
        #expect(OAuthError.tokenEndpointError(error: "invalid_grant", description: nil, status: 400).code == .providerError)
    }
}
