import Foundation
import Testing
@testable import AuthFirebase
import AuthPlatform

/// Every call reaches the project through ``IdentityToolkit/send(_:)``: its URL, encoding and
/// headers come from the call's API, and the project's tenant joins exactly the Identity Toolkit
/// calls (v1 and v2, multi-factor sign-in included), never the Secure Token or configuration ones.
@Suite struct ProjectSendTests {
    static let toolkit = IdentityToolkit(
        project: FirebaseProject(apiKey: "AIza-k", projectID: "demo", tenantID: "tenant-1"),
        endpoints: try! FirebaseEndpoints(emulatorHost: "127.0.0.1:9099"), transport: FakeNoTransport())

    @Test(arguments: [
        (LookupRequest(idToken: "i") as any IdentityToolkitCall, "POST", "/identitytoolkit.googleapis.com/v1/accounts:lookup", "application/json", true),
        (FinalizeTOTPSignInRequest(pendingCredential: "p", enrollmentID: "e", code: "1"), "POST",
         "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize", "application/json", true),
        (StartTOTPEnrollmentRequest(idToken: "i"), "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start", "application/json", true),
        (SecureTokenRequest(refreshToken: "r"), "POST", "/securetoken.googleapis.com/v1/token", "application/x-www-form-urlencoded", false),
        (GetProjectConfigRequest(), "GET", "/identitytoolkit.googleapis.com/v1/projects", nil, false),
    ] as [(any IdentityToolkitCall, String, String, String?, Bool)])
    func eachCallIsShapedByItsAPIAndTheTenantJoinsOnlyIdentityToolkit(
        call: any IdentityToolkitCall, method: String, path: String, contentType: String?, carriesTenant: Bool
    ) throws {
        let request = try Self.toolkit.request(for: call)
        #expect(request.method == method && request.url.path == path && request.url.query == "key=AIza-k")
        #expect(request.headers.first { $0.name == "Content-Type" }?.value == contentType)
        let body = String(decoding: request.body ?? [], as: UTF8.self)
        #expect(body.contains("tenant-1") == carriesTenant, "\(body)")
        if contentType == "application/json" {
            #expect(try JSONValue.parse(body).objectValue?["tenantId"] == "tenant-1")
        }
    }

    /// A program's `languageCode` goes with every call as `X-Firebase-Locale`, as the SDKs send it
    /// (the project writes its mails in that language); none without one.
    @Test(arguments: [("fr", "fr"), ("", nil), (nil, nil)] as [(String?, String?)])
    func theLanguageTravelsAsXFirebaseLocaleWithEveryCall(language: String?, header: String?) throws {
        var toolkit = Self.toolkit
        toolkit.languageCode = language
        for call in [LookupRequest(idToken: "i") as any IdentityToolkitCall, SecureTokenRequest(refreshToken: "r"), GetProjectConfigRequest()] {
            let request = try toolkit.request(for: call)
            #expect(request.headers.filter { $0.name == "X-Firebase-Locale" }.map(\.value) == (header.map { [$0] } ?? []))
        }
    }

    @Test func theRefreshIsTheFormTheSecureTokenAPITakes() throws {
        let request = try Self.toolkit.request(for: SecureTokenRequest(refreshToken: "AMf-r/1+"))
        #expect(String(decoding: request.body ?? [], as: UTF8.self) == "grant_type=refresh_token&refresh_token=AMf-r%2F1%2B")
    }
}

/// A transport for tests that only build requests.
struct FakeNoTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw CancellationError() }
}
