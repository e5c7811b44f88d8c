import Foundation
import Testing
@testable import AuthCore
@testable import AuthFirebase
import AuthJOSE
import AuthPlatform
import AuthStorage
import AuthTestSupport

/// A sign-in stopped at its second factor and finished later (the library's MultiFactorResolver):
/// what the stop carries, and that finishing goes through the same finalize and storing as `--totp`.
@Suite struct MultiFactorSignInTests {
    let storage = InMemoryDocumentStorage()
    let project = FirebaseProject(apiKey: "AIza-test", projectID: "demo-project")
    let answers = LockedValue<[String: HTTPResponse]>([:])
    let sent = LockedValue<[String: JSONValue]>([:])

    var transport: FakeTransport {
        FakeTransport { [answers, sent] request in
            let method = request.url.lastPathComponent.replacingOccurrences(of: "accounts:", with: "")
            if let body = request.body, let json = try? JSONValue.parse(body) { sent.withLock { $0[method] = json } }
            return answers.withLock { $0[method] } ?? HTTPResponse(status: 404)
        }
    }

    func backend() throws -> FirebaseAccountBackend {
        FirebaseAccountBackend(
            project: project, endpoints: try FirebaseEndpoints(emulatorHost: "127.0.0.1:9099"),
            storage: NamespacedDocumentStorage(storage, namespace: project.storageNamespace), transport: transport,
            clock: .fixed(Date(timeIntervalSince1970: 1_800_000_000)))
    }

    func answer(_ method: String, _ json: JSONValue, status: Int = 200) { answers.withLock { $0[method] = .json(json, status: status) } }

    /// An unsigned ID token of `uid` (the finalize answer names its user only in the token).
    static func idToken(_ uid: String) -> String {
        Base64URL.encode(Array(#"{"alg":"RS256"}"#.utf8)) + "." + Base64URL.encode(Array(#"{"sub":"\#(uid)","exp":1800003600}"#.utf8)) + ".c2ln"
    }

    /// A password sign-in of an account with a TOTP factor and an SMS one, stopped at the second factor.
    func stopped() async throws -> SecondFactorRequired {
        answer("signInWithPassword", [
            "email": "a@b.c", "mfaPendingCredential": "pending-1",
            "mfaInfo": [["mfaEnrollmentId": "sms-1", "phoneInfo": "+1***"], ["mfaEnrollmentId": "totp-1", "displayName": "Phone", "totpInfo": [:]]],
        ])
        let error = await #expect(throws: SecondFactorRequired.self) { try await backend().signIn(email: "a@b.c", password: "pw", create: false) }
        return try #require(error)
    }

    @Test func theStopCarriesThePendingCredentialAndTheFactorsAndStoresNothing() async throws {
        let required = try await stopped()
        #expect(required.code == .multiFactorAuthRequired && required.remedy == .giveSecondFactorCode(enrollAuthenticatorFirst: false))
        #expect(required.pending.pendingCredential == "pending-1" && required.pending.expectedUID == nil && required.pending.authenticated)
        #expect(required.pending.factors.map(\.factorID) == ["phone", "totp"] && required.pending.factors[1].displayName == "Phone")
        #expect(required.details == FirebaseError.multiFactorRequired(factors: required.pending.factors).details)
        #expect((try? backend().currentAccount()) == nil)
    }

    @Test func finishingFinalizesWithTheCodeAndStoresTheUserAsCurrent() async throws {
        let required = try await stopped()
        answer("mfaSignIn:finalize", ["idToken": .string(Self.idToken("uid-1")), "refreshToken": "frt-1"])
        answer("lookup", ["users": [["localId": "uid-1", "email": "a@b.c", "providerUserInfo": [["providerId": "password", "email": "a@b.c"]]]]])
        let result = try await backend().finishSignIn(required.pending, enrollmentID: "totp-1", code: "123456")
        #expect(result.user.uid == "uid-1" && result.additionalUserInfo.providerID == "password")
        let body = try #require(sent.withLock { $0["mfaSignIn:finalize"] })
        #expect(body["mfaPendingCredential"]?.stringValue == "pending-1" && body["mfaEnrollmentId"]?.stringValue == "totp-1")
        #expect(body["totpVerificationInfo"]?["verificationCode"]?.stringValue == "123456")
        #expect(try backend().currentAccount().user.uid == "uid-1")
        #expect(try await backend().userToken(minimumValidity: 0) == Self.idToken("uid-1"))
    }

    @Test func aWrongCodeIsNamedStoresNothingAndTheSameSignInTakesTheNextCode() async throws {
        let required = try await stopped()
        answer("mfaSignIn:finalize", ["error": ["code": 400, "message": "INVALID_CODE"]], status: 400)
        let error = await #expect(throws: FirebaseError.self) { try await backend().finishSignIn(required.pending, enrollmentID: "totp-1", code: "000000") }
        #expect(error?.code == .invalidVerificationCode && error?.remedy == .giveSecondFactorCode(enrollAuthenticatorFirst: false))
        #expect((try? backend().currentAccount()) == nil)
        answer("mfaSignIn:finalize", ["idToken": .string(Self.idToken("uid-1")), "refreshToken": "frt-1"])
        answer("lookup", ["users": [["localId": "uid-1", "email": "a@b.c"]]])
        #expect(try await backend().finishSignIn(required.pending, enrollmentID: "totp-1", code: "123456").user.uid == "uid-1")
    }

    @Test func aReauthenticationFinishedAsAnotherUserIsAUserMismatch() async throws {
        var pending = try await stopped().pending
        pending.expectedUID = "someone-else"
        answer("mfaSignIn:finalize", ["idToken": .string(Self.idToken("uid-1")), "refreshToken": "frt-1"])
        let error = await #expect(throws: AccountError.self) { try await backend().finishSignIn(pending, enrollmentID: "totp-1", code: "123456") }
        #expect(error?.code == .userMismatch)
        #expect((try? backend().currentAccount()) == nil)
    }

    /// An enrolment's session that ran out is not a wrong code: start the enrolment again.
    @Test(arguments: ["INVALID_SESSION_INFO", "MISSING_SESSION_INFO"])
    func anExpiredEnrolmentSessionSaysToStartAgain(serverCode: String) {
        let error = FirebaseError(serverCode: serverCode, detail: nil, status: 400, during: .other)
        #expect(error.code == .invalidVerificationCode && error.remedy == .tryAgain && error.message.contains("start the enrolment again"))
    }
}
