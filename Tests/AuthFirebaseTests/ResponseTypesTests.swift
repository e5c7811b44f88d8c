import Foundation
import Testing
@testable import AuthCore
@testable import AuthFirebase
import AuthPlatform

/// Each call's answer is decoded once, by its response type: a representative answer gives the
/// typed fields, and an answer missing a required member is a typed error naming the call
/// (``FirebaseError/invalidResponse(method:reason:)``), never a crash or a half-stored sign-in.
@Suite struct ResponseTypesTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var method: String
        var representative: JSONValue
        var missingRequired: JSONValue
        /// Decodes through the call, and sums up the typed fields read.
        var decode: @Sendable (AnswerReader) throws -> String
        var expected: String
    }

    static let idp = SignInWithIdpRequest(proof: .postBody("access_token=a&providerId=github.com"))
    static let session: JSONValue = ["localId": "u1", "idToken": "i1", "refreshToken": "r1", "expiresIn": "3600"]
    static let factor: JSONValue = ["mfaEnrollmentId": "e1", "displayName": "Phone", "totpInfo": [:]]

    static let rows: [Row] = [
        Row(testDescription: "password sign-in", method: "signInWithPassword",
            representative: ["localId": "u1", "idToken": "i1", "refreshToken": "r1", "expiresIn": 3600, "providerId": "password"],
            missingRequired: ["localId": "u1", "idToken": "i1", "expiresIn": "3600"],
            decode: { let r = try PasswordSignInRequest(email: "a@b.c", password: "p", create: false).response(to: $0)
                return "\(r.localID ?? "-") \(try r.session().idToken) \(try r.session().refreshToken) \(try r.session().expiresIn) \(r.providerID ?? "-")" },
            expected: "u1 i1 r1 3600 password"),
        Row(testDescription: "second factor pending", method: "signInWithPassword",
            representative: ["localId": "u1", "mfaPendingCredential": "pc", "mfaInfo": [factor, ["mfaEnrollmentId": "e2", "phoneInfo": "+1"]]],
            missingRequired: ["localId": "u1", "mfaInfo": [factor]],
            decode: { let r = try PasswordSignInRequest(email: "a@b.c", password: "p", create: false).response(to: $0)
                let pending = try #require(r.pendingSecondFactor)
                return pending.credential + " " + pending.factors.map { "\($0.enrollmentID):\($0.factorID):\($0.displayName ?? "-")" }.joined(separator: ",") },
            expected: "pc e1:totp:Phone,e2:phone:-"),
        Row(testDescription: "custom token (no localId)", method: "signInWithCustomToken",
            representative: ["idToken": "i1", "refreshToken": "r1", "expiresIn": "60", "isNewUser": true],
            missingRequired: ["refreshToken": "r1", "expiresIn": "60"],
            decode: { let r = try CustomTokenSignInRequest(token: "t").response(to: $0); return "\(r.localID ?? "-") \(try r.session().expiresIn) \(r.isNewUser)" },
            expected: "- 60 true"),
        Row(testDescription: "anonymous sign-up names the user", method: "signUp",
            representative: session, missingRequired: ["idToken": "i1", "refreshToken": "r1", "expiresIn": "3600"],
            decode: { let r = try SignUpRequest(link: nil).response(to: $0); return "\(r.localID ?? "-") \(try r.session().idToken)" },
            expected: "u1 i1"),
        Row(testDescription: "email link sign-in names the user", method: "signInWithEmailLink",
            representative: ["localId": "u1", "idToken": "i1", "refreshToken": "r1", "expiresIn": "3600", "isNewUser": true],
            missingRequired: ["localId": "", "idToken": "i1", "refreshToken": "r1", "expiresIn": "3600"],
            decode: { let r = try SignInWithEmailLinkRequest(email: "a@b.c", oobCode: "c").response(to: $0); return "\(r.localID ?? "-") \(r.isNewUser)" },
            expected: "u1 true"),
        Row(testDescription: "signInWithIdp with the provider's side", method: "signInWithIdp",
            representative: ["localId": "u1", "idToken": "i1", "refreshToken": "r1", "expiresIn": "3600", "providerId": "github.com",
                             "oauthAccessToken": "gho", "oauthExpireIn": 28800, "federatedId": "github.com/583231", "email": "a@b.c",
                             "emailVerified": true, "screenName": "alice", "rawUserInfo": #"{"login":"alice"}"#],
            missingRequired: ["localId": "u1", "providerId": "github.com", "oauthAccessToken": "gho"],
            decode: { let r = try idp.response(to: $0); let i = r.identity
                return "\(i.accessToken ?? "-") \(i.expiresIn ?? 0) \(i.federatedID ?? "-") \(r.email ?? "-") \(i.emailVerified) \(i.screenName ?? "-") "
                    + (i.rawUserInfo?.serialized() ?? "-") },
            expected: #"gho 28800 github.com/583231 a@b.c true alice {"login":"alice"}"#),
        Row(testDescription: "signInWithIdp: another account has the email", method: "signInWithIdp",
            representative: ["needConfirmation": true, "email": "a@b.c", "verifiedProvider": ["password", "google.com"], "pendingToken": "pt"],
            missingRequired: ["needConfirmation": false, "email": "a@b.c", "verifiedProvider": ["password"]],
            decode: { let r = try idp.response(to: $0)
                return "\(r.needsConfirmation) \(r.email ?? "-") \(r.verifiedProviders.joined(separator: ",")) \(r.pendingToken ?? "-")" },
            expected: "true a@b.c password,google.com pt"),
        Row(testDescription: "Secure Token refresh", method: "token",
            representative: ["id_token": "i2", "refresh_token": "r2", "expires_in": "3600", "user_id": "u1"],
            missingRequired: ["refresh_token": "r2", "expires_in": "3600", "user_id": "u1"],
            decode: { let r = try SecureTokenRequest(refreshToken: "r1").response(to: $0); return "\(r.idToken) \(r.refreshToken) \(r.expiresIn) \(r.userID ?? "-")" },
            expected: "i2 r2 3600 u1"),
        Row(testDescription: "lookup", method: "lookup",
            representative: ["users": [["localId": "u1", "email": "a@b.c", "emailVerified": true, "createdAt": "1700000000000",
                                        "providerUserInfo": [["providerId": "github.com", "rawId": "583231", "screenName": "alice"]],
                                        "mfaInfo": [factor]]]],
            missingRequired: ["users": [["email": "a@b.c"]]],
            decode: { let r = try LookupRequest(idToken: "i").response(to: $0)
                let ids = r.identities.map { "\($0.providerID)/\($0.subject)/\($0.screenName ?? "-")" }.joined()
                return "\(r.localID) \(r.email ?? "-") \(r.emailVerified) \(Int(r.createdAt?.timeIntervalSince1970 ?? 0)) \(ids) \(r.factors.map(\.enrollmentID))" },
            expected: #"u1 a@b.c true 1700000000 github.com/583231/alice ["e1"]"#),
        Row(testDescription: "createAuthUri for a provider's flow", method: "createAuthUri",
            representative: ["authUri": "https://github.com/login/oauth/authorize?state=s", "sessionId": "sid"],
            missingRequired: ["authUri": "https://github.com/login/oauth/authorize?state=s"],
            decode: { let r = try CreateAuthURIRequest(providerID: "github.com", continueURI: "http://localhost", scopes: [], customParameters: [:])
                .response(to: $0); return "\(r.authorizationURL.host ?? "-") \(r.sessionID)" },
            expected: "github.com sid"),
        Row(testDescription: "TOTP enrolment start", method: "mfaEnrollment:start",
            representative: ["totpSessionInfo": ["sharedSecretKey": "JBSWY3DP", "sessionInfo": "s", "periodSec": 60]],
            missingRequired: ["totpSessionInfo": ["sessionInfo": "s"]],
            decode: { let r = try StartTOTPEnrollmentRequest(idToken: "i").response(to: $0).secret; return "\(r.sharedSecretKey) \(r.periodSeconds) \(r.codeLength)" },
            expected: "JBSWY3DP 60 6"),
        Row(testDescription: "TOTP enrolment finalize", method: "mfaEnrollment:finalize",
            representative: ["idToken": "i2", "refreshToken": "r2"], missingRequired: ["idToken": "i2"],
            decode: { let r = try FinalizeTOTPEnrollmentRequest(idToken: "i", sessionInfo: "s", code: "1").response(to: $0); return "\(r.idToken) \(r.refreshToken)" },
            expected: "i2 r2"),
        Row(testDescription: "second-factor sign-in finalize", method: "mfaSignIn:finalize",
            representative: ["idToken": "i2", "refreshToken": "r2"], missingRequired: ["refreshToken": "r2"],
            decode: { let r = try FinalizeTOTPSignInRequest(pendingCredential: "p", enrollmentID: "e", code: "1").response(to: $0); return "\(r.idToken) \(r.refreshToken)" },
            expected: "i2 r2"),
        Row(testDescription: "withdraw with a new session", method: "mfaEnrollment:withdraw",
            representative: ["idToken": "i2", "refreshToken": "r2"], missingRequired: ["idToken": "i2"],
            decode: { let r = try WithdrawMultiFactorRequest(idToken: "i", enrollmentID: "e").response(to: $0); return r.session?.idToken ?? "-" },
            expected: "i2"),
        Row(testDescription: "update with a new session", method: "update",
            representative: ["localId": "u1", "idToken": "i2", "refreshToken": "r2", "expiresIn": "3600"],
            missingRequired: ["localId": "u1", "idToken": "i2", "refreshToken": "r2"],
            decode: { let r = try AccountUpdateRequest(idToken: "i", change: .password("p")).response(to: $0); return r.tokens?.idToken ?? "-" },
            expected: "i2"),
        // Answers whose members are all optional: refused only when they are not an object.
        Row(testDescription: "sign-in methods of an email", method: "createAuthUri",
            representative: ["allProviders": ["password"], "registered": true], missingRequired: ["password"],
            decode: { try SignInMethodsRequest(email: "a@b.c").response(to: $0).methods.joined() }, expected: "password"),
        Row(testDescription: "project configuration", method: "projects",
            representative: ["projectId": "demo", "authorizedDomains": ["localhost", "demo.firebaseapp.com"]], missingRequired: "demo",
            decode: { try GetProjectConfigRequest().response(to: $0).authorizedDomains.joined(separator: ",") },
            expected: "localhost,demo.firebaseapp.com"),
        Row(testDescription: "action code", method: "resetPassword",
            representative: ["requestType": "RECOVER_EMAIL", "email": "a@b.c", "newEmail": "n@b.c"], missingRequired: 3,
            decode: { let r = try ResetPasswordRequest(oobCode: "c").response(to: $0).info(); return "\(r.operation) \(r.email ?? "-") \(r.previousEmail ?? "-")" },
            expected: "recoverEmail a@b.c n@b.c"),
        Row(testDescription: "email sent", method: "sendOobCode",
            representative: ["email": "a@b.c"], missingRequired: .null,
            decode: { try SendOOBCodeRequest(kind: .passwordReset(email: "a@b.c")).response(to: $0).email ?? "-" }, expected: "a@b.c"),
    ]

    @Test(arguments: rows)
    func eachResponseTypeDecodesItsAnswerAndRefusesOneMissingARequiredMember(row: Row) throws {
        #expect(try row.decode(AnswerReader(row.representative, method: row.method)) == row.expected)
        let error = try #require(throws: FirebaseError.self) { _ = try row.decode(AnswerReader(row.missingRequired, method: row.method)) }
        guard case .invalidResponse(let method, let reason) = error else { Issue.record("\(error) is not invalidResponse"); return }
        #expect(method == row.method && !reason.isEmpty)
        #expect(error.code == .providerError && error.message.contains("answer to \(row.method) is unusable"))
    }
}
