import Foundation
import Testing
@testable import AuthCore
@testable import AuthFirebase
import AuthPlatform
import AuthStorage
import AuthTestSupport

/// The backend's side of the new methods, against scripted answers.
@Suite struct SignInMethodsBackendTests {
    let storage = InMemoryDocumentStorage()
    let project = FirebaseProject(apiKey: "AIza-test", projectID: "demo-project")
    let answers = LockedValue<[String: HTTPResponse]>([:])

    var transport: FakeTransport {
        FakeTransport { [answers] request in
            answers.withLock { $0[request.url.lastPathComponent.replacingOccurrences(of: "accounts:", with: "")] } ?? HTTPResponse(status: 404)
        }
    }

    func backend(_ transport: FakeTransport) throws -> FirebaseAccountBackend {
        FirebaseAccountBackend(
            project: project, endpoints: try FirebaseEndpoints(emulatorHost: "127.0.0.1:9099"),
            storage: NamespacedDocumentStorage(storage, namespace: project.storageNamespace), transport: transport,
            clock: .fixed(Date(timeIntervalSince1970: 1_800_000_000)))
    }

    func answer(_ method: String, _ json: JSONValue, status: Int = 200) { answers.withLock { $0[method] = .json(json, status: status) } }

    func signedInAnonymously() async throws -> FirebaseAccountBackend {
        answer("signUp", ["localId": "anon-1", "idToken": "fid-1", "refreshToken": "frt-1", "expiresIn": "3600"])
        answer("lookup", ["users": [["localId": "anon-1", "mfaInfo": [["mfaEnrollmentId": "e-1", "displayName": "Phone", "totpInfo": [:]]]]]])
        let backend = try backend(transport)
        let result = try await backend.signInAnonymously()
        #expect(result.user.uid == "anon-1" && result.user.isAnonymous && result.additionalUserInfo.providerID == "anonymous")
        return backend
    }

    @Test func anAnonymousUserIsStoredAndItsFactorsAreReadFromTheProject() async throws {
        let backend = try await signedInAnonymously()
        #expect(try await backend.enrolledFactors() == [EnrolledFactor(enrollmentID: "e-1", displayName: "Phone", factorID: "totp")])
    }

    @Test func aProjectWithoutAnonymousUsersNamesTheConsoleSwitch() async throws {
        answer("signUp", ["error": ["code": 400, "message": "OPERATION_NOT_ALLOWED"]], status: 400)
        let error = await #expect(throws: FirebaseError.self) { try await backend(transport).signInAnonymously() }
        #expect(error?.message.contains("Anonymous > Enable") == true && error?.code == .operationNotAllowed)
    }

    @Test func enrolmentGoesToTheV2APIAndReplacesTheSession() async throws {
        let backend = try await signedInAnonymously()
        answer("mfaEnrollment:start", ["totpSessionInfo": ["sharedSecretKey": "JBSWY3DP", "sessionInfo": "s-1"]])
        answer("mfaEnrollment:finalize", ["idToken": "fid-2", "refreshToken": "frt-2"])
        let transport = transport
        let fresh = try self.backend(transport)
        let secret = try await fresh.startTOTPEnrollment()
        _ = try await fresh.finalizeTOTPEnrollment(secret, code: "123456", displayName: "Phone")
        let paths = transport.requests.map(\.url.path)
        #expect(paths.contains("/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start"))
        #expect(paths.contains("/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:finalize"))
        #expect(try await fresh.userToken(minimumValidity: 0) == "fid-2")
        _ = backend
    }

    @Test func anUnknownFactorIsRefusedWithoutAskingTheProject() async throws {
        _ = try await signedInAnonymously()
        let transport = transport
        await #expect(throws: NoSuchSecondFactor.self) { try await backend(transport).unenroll(enrollmentID: "nope") }
        #expect(!transport.requests.contains { $0.url.path.hasSuffix("mfaEnrollment:withdraw") })
    }

    @Test func aRefusedEmailLinkSaysToAskForANewOne() async throws {
        answer("signInWithEmailLink", ["error": ["code": 400, "message": "EXPIRED_OOB_CODE"]], status: 400)
        let error = await #expect(throws: FirebaseError.self) { try await backend(transport).signIn(email: "a@b.c", oobCode: "c", linkingToCurrentUser: false) }
        #expect(error?.remedy == .requestNewLink(.signIn) && error?.code == .expiredActionCode)
    }
}
