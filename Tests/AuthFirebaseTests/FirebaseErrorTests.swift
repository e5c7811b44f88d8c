import Foundation
import Testing
import AuthCore
@testable import AuthFirebase
import AuthOAuth
import AuthPlatform
import AuthTestSupport

@Suite struct FirebaseErrorTests {
    /// Every server string the client names, with the code (and so the exit status) it gets.
    @Test(arguments: [
        ("EMAIL_EXISTS", FirebaseError.Operation.signIn, ErrorCode.emailAlreadyInUse),
        ("INVALID_IDP_RESPONSE", .signIn, .invalidCredential),
        ("INVALID_PENDING_TOKEN", .link, .invalidCredential),
        ("MISSING_OR_INVALID_NONCE", .signIn, .invalidCredential),
        ("OPERATION_NOT_ALLOWED", .signIn, .operationNotAllowed),
        ("INVALID_PROVIDER_ID", .signIn, .invalidProviderID),
        ("UNAUTHORIZED_DOMAIN", .startProviderFlow(providerID: "github.com"), .unauthorizedDomain),
        ("NOT_IMPLEMENTED", .startProviderFlow(providerID: "github.com"), .configurationError),
        ("SESSION_EXPIRED", .signIn, .sessionExpired),
        ("INVALID_API_KEY", .signIn, .invalidAPIKey),
        ("USER_DISABLED", .signIn, .userDisabled),
        ("USER_DISABLED", .refresh, .invalidUserToken),
        ("TOO_MANY_ATTEMPTS_TRY_LATER", .signIn, .tooManyRequests),
        ("TOKEN_EXPIRED", .refresh, .invalidUserToken),
        ("INVALID_ID_TOKEN", .link, .invalidUserToken),
        ("INVALID_REFRESH_TOKEN", .refresh, .invalidUserToken),
        ("USER_NOT_FOUND", .refresh, .invalidUserToken),
        ("EMAIL_NOT_FOUND", .signIn, .wrongPassword),
        ("INVALID_PASSWORD", .signIn, .wrongPassword),
        ("INVALID_LOGIN_CREDENTIALS", .signIn, .wrongPassword),
        ("WEAK_PASSWORD", .signIn, .weakPassword),
        ("INVALID_CUSTOM_TOKEN", .signIn, .invalidCredential),
        ("CREDENTIAL_MISMATCH", .signIn, .invalidCredential),
        ("SOMETHING_NEW", .signIn, .providerError),
    ])
    func serverStringsAreNamedOnce(code: String, operation: FirebaseError.Operation, expected: ErrorCode) {
        let error = FirebaseError(serverCode: code, detail: nil, status: 400, during: operation)
        #expect(error.code == expected)
        #expect(!error.message.isEmpty && !error.message.contains("\n"))
    }

    @Test(arguments: [
        (#"{"error":{"code":400,"message":"INVALID_IDP_RESPONSE : Invalid Idp Response: id_token audience mismatch"}}"#,
         "INVALID_IDP_RESPONSE", "Invalid Idp Response: id_token audience mismatch"),
        (#"{"error":{"code":400,"message":"EMAIL_EXISTS"}}"#, "EMAIL_EXISTS", nil),
        (#"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"reason":"API_KEY_INVALID"}]}}"#,
         "INVALID_API_KEY", nil),
    ] as [(String, String, String?)])
    func errorEnvelopesAreRead(body: String, code: String, detail: String?) throws {
        let failure = try #require(throws: IdentityToolkitFailure.self) {
            try IdentityToolkit.answer(HTTPResponse(status: 400, body: Array(body.utf8)), method: "signInWithIdp")
        }
        #expect(failure.code == code && failure.detail == detail)
    }

    /// An `oidc.` or `saml.` provider the project lacks (the flow's provider, or the credential's):
    /// the project needs Identity Platform with the provider added there (a remedy, not a console
    /// guess); a disabled one, or any other provider id, keeps its own name.
    @Test(arguments: [
        ("OPERATION_NOT_ALLOWED", "The identity provider configuration is not found.", .startProviderFlow(providerID: "oidc.corp"),
         nil, "oidc.corp", .operationNotAllowed),
        ("CONFIGURATION_NOT_FOUND", nil, .signIn, "saml.acme", "saml.acme", .operationNotAllowed),
        ("INVALID_PROVIDER_ID", nil, .link, "oidc.lab", "oidc.lab", .invalidProviderID),
        ("OPERATION_NOT_ALLOWED", "The identity provider configuration is disabled.", .startProviderFlow(providerID: "oidc.corp"), nil, nil,
         .operationNotAllowed),
        ("INVALID_PROVIDER_ID", nil, .startProviderFlow(providerID: "github.com"), nil, nil, .invalidProviderID),
        ("OPERATION_NOT_ALLOWED", "The identity provider configuration is not found.", .signIn, "google.com", nil, .operationNotAllowed),
    ] as [(String, String?, FirebaseError.Operation, String?, String?, ErrorCode)])
    func anOpenIDConnectOrSAMLProviderTheProjectLacksNeedsIdentityPlatform(
        code: String, detail: String?, operation: FirebaseError.Operation, credentialProvider: String?, missing: String?, expected: ErrorCode
    ) {
        let error = FirebaseError(serverCode: code, detail: detail, status: 400, during: operation, providerID: credentialProvider)
        #expect(error.code == expected)
        if let missing {
            #expect(error.remedy == .upgradeToIdentityPlatform(providerID: missing))
            #expect(error.message.contains("provider \(missing)") && error.message.contains("Identity Platform"))
            #expect(error.message.contains(missing.hasPrefix("saml.") ? "SAML" : "OpenID Connect"))
        } else {
            #expect(error.remedy != .upgradeToIdentityPlatform(providerID: credentialProvider ?? operation.flowProviderID ?? ""))
        }
    }

    @Test func aSuccessfulAnswerCarryingErrorMessageIsARefusal() throws {
        let body = #"{"errorMessage":"FEDERATED_USER_ID_ALREADY_LINKED","providerId":"github.com","email":"bob@example.com","oauthAccessToken":"gho"}"#
        let failure = try #require(throws: IdentityToolkitFailure.self) {
            try IdentityToolkit.answer(HTTPResponse(status: 200, body: Array(body.utf8)), method: "signInWithIdp")
        }
        #expect(failure.code == "FEDERATED_USER_ID_ALREADY_LINKED" && failure.providerID == "github.com" && failure.email == "bob@example.com")
    }

    @Test func errorMessageIsARefusalOnlyInASuccessfulAnswer() throws {
        let body = Array(#"{"errorMessage":"FEDERATED_USER_ID_ALREADY_LINKED"}"#.utf8)
        #expect(throws: FirebaseError.server(code: "HTTP 502", detail: nil, status: 502)) {
            try IdentityToolkit.answer(HTTPResponse(status: 502, body: body), method: "signInWithIdp")
        }
    }

    @Test func theAssertionIsWhatTheSDKsPost() {
        let github = ProviderCredential(providerID: "github.com", accessToken: "gho_x y")
        #expect(FirebaseAccountBackend.assertion(github) == "access_token=gho_x%20y&providerId=github.com")
        let oidc = ProviderCredential(providerID: "oidc.corp", accessToken: "at", idToken: "h.p.s", rawNonce: "raw+1")
        #expect(FirebaseAccountBackend.assertion(oidc) == "id_token=h.p.s&nonce=raw%2B1&providerId=oidc.corp")
        // Twitter's OAuth 1.0a token goes with its secret (VerifyAssertionRequest's oauth_token_secret).
        let twitter = ProviderCredential(providerID: "twitter.com", accessToken: "tok", secret: "s&1")
        #expect(FirebaseAccountBackend.assertion(twitter) == "access_token=tok&oauth_token_secret=s%261&providerId=twitter.com")
    }

    /// Apple's first-sign-in name goes with its ID token as VerifyAssertionRequest's `user`: the
    /// JSON `{"name":{"firstName","lastName"}}` with sorted keys, a part left out when absent,
    /// nothing when neither is given.
    @Test(arguments: [
        (PersonName(givenName: "Ada", familyName: "Lovelace"), #"{"name":{"firstName":"Ada","lastName":"Lovelace"}}"#),
        (PersonName(givenName: "Ada", familyName: nil), #"{"name":{"firstName":"Ada"}}"#),
        (PersonName(givenName: nil, familyName: "Lovelace & co"), #"{"name":{"lastName":"Lovelace & co"}}"#),
        (PersonName(givenName: nil, familyName: nil), nil),
    ])
    func appleNameIsTheUserField(name: PersonName, user: String?) throws {
        var apple = ProviderCredential(providerID: "apple.com", accessToken: nil, idToken: "h.p.s", rawNonce: "n")
        apple.fullName = name
        let fields = try #require(URLComponents(string: "?" + FirebaseAccountBackend.assertion(apple))?.queryItems)
        #expect(fields.map(\.name) == ["id_token", "nonce"] + (user == nil ? [] : ["user"]) + ["providerId"])
        #expect(fields.first { $0.name == "user" }?.value == user)
    }

    @Test func endpointsFollowTheEmulatorVariableAsTheSDKsDo() throws {
        let production = try FirebaseEndpoints(emulatorHost: nil)
        #expect(production.accounts("signInWithIdp", apiKey: "AIza_k-1") == "https://identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=AIza_k-1")
        #expect(production.secureToken(apiKey: "k") == "https://securetoken.googleapis.com/v1/token?key=k")
        let emulator = try FirebaseEndpoints(emulatorHost: "127.0.0.1:9099")
        #expect(emulator.accounts("lookup", apiKey: "k") == "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k")
        #expect(emulator.secureToken(apiKey: "k") == "http://127.0.0.1:9099/securetoken.googleapis.com/v1/token?key=k")
        #expect(emulator.publicKeys == "http://127.0.0.1:9099/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com")
        for bad in ["firebase:9099", "127.0.0.1", "127.0.0.1:9099/x", "user@127.0.0.1:1"] {
            #expect(throws: FirebaseError.self) { try FirebaseEndpoints(emulatorHost: bad) }
        }
    }

    @Test(arguments: [("my-project", nil, true), ("My-Project", nil, false), ("short", nil, false), ("my-project", "tenant-1", true),
                      ("my-project", "ten ant", false)] as [(String, String?, Bool)])
    func projectSettingsAreChecked(project: String, tenant: String?, valid: Bool) {
        let settings = FirebaseProject(apiKey: "AIzaSyD-example_key", projectID: project, tenantID: tenant)
        #expect(((try? settings.validated()) != nil) == valid)
    }
}
