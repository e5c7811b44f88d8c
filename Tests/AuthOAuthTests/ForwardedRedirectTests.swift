import Foundation
import Testing
@testable import AuthOAuth

/// What authctl checks of an answer it forwards to a backend-run flow, before the backend sees it.
@Suite("Forwarded redirect (a flow the project runs)")
struct ForwardedRedirectTests {
    static let continueURI = "http://localhost:8123/callback"
    static let authorization = URL(string: "https://idp.example/authorize?client_id=c&state=S1&redirect_uri=x")!
    static let saml = URL(string: "https://project.example/_saml/sso?RelayState=R1")!

    enum Expected: Sendable, Equatable {
        case accept
        case ignore
        case refuse(AuthErrorName)
    }

    /// The error's case, for a table.
    enum AuthErrorName: String, Sendable {
        case accessDenied, authorizationFailed, duplicateParameter, missingCode, stateMismatch
    }

    static func name(_ error: OAuthError) -> AuthErrorName? {
        switch error {
        case .accessDenied: .accessDenied
        case .authorizationFailed: .authorizationFailed
        case .duplicateParameter: .duplicateParameter
        case .missingCode: .missingCode
        case .stateMismatch: .stateMismatch
        default: nil
        }
    }

    static let cases: [(String, URL, Expected)] = [
        ("code=abc&state=S1", authorization, .accept),
        // Another sign-in's answer (a forged or stale redirect): ignored, the wait goes on.
        ("code=abc&state=S2", authorization, .ignore),
        // No state to compare: forwarded, the project decides (it holds the state it sent).
        ("code=abc", authorization, .accept),
        ("error=access_denied&state=S1", authorization, .refuse(.accessDenied)),
        ("error=server_error&error_description=down&state=S1", authorization, .refuse(.authorizationFailed)),
        ("code=a&code=b&state=S1", authorization, .refuse(.duplicateParameter)),
        ("state=S1", authorization, .refuse(.missingCode)),
        // OAuth 1.0a (Twitter): the verifier is the answer; `denied` is a cancellation.
        ("oauth_token=T&oauth_verifier=V", authorization, .accept),
        ("denied=T", authorization, .refuse(.accessDenied)),
        // SAML's HTTP-POST binding: RelayState names the sign-in.
        ("SAMLResponse=PHNhbWw%2B&RelayState=R1", saml, .accept),
        ("SAMLResponse=PHNhbWw%2B&RelayState=R9", saml, .ignore),
    ]

    @Test("a loopback callback is accepted, ignored or refused", arguments: cases)
    func verdict(query: String, authorizationURL: URL, expected: Expected) throws {
        let parameters = query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            return CallbackParameter(name: parts[0], value: parts.count > 1 ? parts[1] : "")
        }
        let callback = CallbackRequest(parameters: parameters, query: query)
        do {
            switch try ForwardedRedirect.verdict(for: callback, continueURI: Self.continueURI, authorizationURL: authorizationURL) {
            case .accept(let answer):
                #expect(expected == .accept)
                #expect(answer.requestURI == Self.continueURI + "?" + query)
                #expect(answer.postBody == nil)
            case .ignore:
                #expect(expected == .ignore)
            }
        } catch {
            #expect(expected == .refuse(try #require(Self.name(error))))
        }
    }

    @Test("a posted answer is forwarded with its body, and the address without a query")
    func posted() throws {
        let body = "SAMLResponse=PHNhbWw%2B&RelayState=R1"
        let callback = CallbackRequest(
            parameters: [CallbackParameter(name: "SAMLResponse", value: "PHNhbWw+"), CallbackParameter(name: "RelayState", value: "R1")],
            method: "POST", body: body)
        guard case .accept(let answer) = try ForwardedRedirect.verdict(for: callback, continueURI: Self.continueURI, authorizationURL: Self.saml)
        else { Issue.record("not accepted"); return }
        #expect(answer == ForwardedRedirect(requestURI: Self.continueURI, postBody: body))
    }

    static let handler = "https://demo-p.firebaseapp.com/__/auth/handler"

    @Test("a pasted handler address is taken whole; another page, no query, or another state is refused", arguments: [
        ("\(handler)?code=abc&state=S1", nil),
        ("  <\(handler)?code=abc&state=S1>  ", nil),
        ("https://DEMO-P.firebaseapp.com/__/auth/handler?code=abc&state=S1", nil),
        ("https://evil.example/__/auth/handler?code=abc&state=S1", "unreadable"),
        ("http://demo-p.firebaseapp.com/__/auth/handler?code=abc&state=S1", "unreadable"),
        ("\(handler)/more?code=abc&state=S1", "unreadable"),
        (handler, "unreadable"),
        ("code=abc&state=S1", nil),
        ("?code=abc&state=S1", nil),
        ("abc", "codeWithoutAddress"),
        ("\(handler)?code=abc&state=S2", "stateMismatch"),
        ("\(handler)?error=access_denied&state=S1", "accessDenied"),
    ] as [(String, String?)])
    func pasted(text: String, refusal: String?) {
        do {
            let answer = try ForwardedRedirect.pasted(text, continueURI: Self.handler, authorizationURL: Self.authorization)
            #expect(refusal == nil)
            let whole = text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "<>"))
            // The query alone is the handler's address without its start (issue 27 finding 9).
            #expect(answer.requestURI == (whole.contains("://") ? whole : Self.handler + "?" + whole.drop { $0 == "?" }))
        } catch .pastedCodeWithoutAddress(let continueURI) {
            #expect(refusal == "codeWithoutAddress" && continueURI == Self.handler)
            #expect(OAuthError.pastedCodeWithoutAddress(continueURI: continueURI).message.contains("the whole address"))
        } catch .unreadablePastedRedirect {
            #expect(refusal == "unreadable")
        } catch .stateMismatch {
            #expect(refusal == "stateMismatch")
        } catch .accessDenied {
            #expect(refusal == "accessDenied")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
