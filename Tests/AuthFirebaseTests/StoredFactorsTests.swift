import Foundation
import Testing
@testable import AuthCore
@testable import AuthFirebase
import AuthJOSE
import AuthPlatform
import AuthStorage
import AuthTestSupport

/// The signed-in user's record holds the project's enrolled second factors (Decision 0050): every
/// way a record is stored (a sign-in with or without its second factor, a reload, an enrolment, a
/// withdrawal) takes them from the `accounts:lookup` it already makes, and the keystore keeps
/// them, so a backend made later (another process) reads them without a request.
@Suite struct StoredFactorsTests: ScriptedProjectSuite {
    let storage = InMemoryDocumentStorage()
    let project = FirebaseProject(apiKey: "AIza-test", projectID: "demo-project")
    let answers = LockedValue<[String: HTTPResponse]>([:])
    let calls = LockedValue<[ScriptedCall]>([])

    static let laptop = EnrolledFactor(enrollmentID: "totp-1", displayName: "Laptop", factorID: "totp", enrolledAt: Date(timeIntervalSince1970: 1_798_761_600))
    static let desk = EnrolledFactor(enrollmentID: "totp-2", displayName: "Desk", factorID: "totp", enrolledAt: Date(timeIntervalSince1970: 1_798_848_000))
    static let phone = EnrolledFactor(enrollmentID: "sms-1", displayName: nil, factorID: "phone")

    /// The project's `mfaInfo` entry of `factor`, as Identity Platform writes it.
    static func mfaInfo(_ factor: EnrolledFactor) -> JSONValue {
        var entry: [String: JSONValue] = ["mfaEnrollmentId": .string(factor.enrollmentID)]
        entry[factor.factorID == EnrolledFactor.totp ? "totpInfo" : "phoneInfo"] = factor.factorID == EnrolledFactor.totp ? [:] : "+1***"
        if let name = factor.displayName { entry["displayName"] = .string(name) }
        if let date = factor.enrolledAt { entry["enrolledAt"] = .string(date.formatted(.iso8601)) }
        return .object(entry)
    }

    /// `accounts:lookup`'s answer of uid-1 with `factors` (no `mfaInfo` at all when there are none, as the project answers).
    static func lookup(_ factors: [EnrolledFactor]) -> JSONValue {
        var user: [String: JSONValue] = ["localId": "uid-1", "email": "a@b.c", "providerUserInfo": [["providerId": "password", "email": "a@b.c"]]]
        if !factors.isEmpty { user["mfaInfo"] = .array(factors.map(Self.mfaInfo)) }
        return ["users": [.object(user)]]
    }

    func lookupAnswers(_ factors: [EnrolledFactor]) { answer("lookup", Self.lookup(factors)) }

    /// A password sign-in the project answers with a session (no second factor).
    func plainSignIn(lookup factors: [EnrolledFactor]) async throws -> SignInResult {
        answer("signInWithPassword", ["localId": "uid-1", "email": "a@b.c", "idToken": .string(Self.idToken("uid-1")), "refreshToken": "frt-1", "expiresIn": "3600"])
        lookupAnswers(factors)
        return try await backend().signIn(email: "a@b.c", password: "pw", create: false)
    }

    /// A password sign-in the project stops at its second factor, naming `hints`.
    func stoppingSignIn(hints: [EnrolledFactor]) {
        answer("signInWithPassword", ["email": "a@b.c", "mfaPendingCredential": "pending-1", "mfaInfo": .array(hints.map(Self.mfaInfo))])
        answer("mfaSignIn:finalize", ["idToken": .string(Self.idToken("uid-1")), "refreshToken": "frt-1"])
    }

    /// The factors of the stored record, read by a backend made now (another process's view).
    func stored() throws -> [EnrolledFactor] {
        try backend().currentAccount().user.enrolledFactors
    }

    enum Path: String, CaseIterable, Sendable {
        case plainSignIn, signInWithTheCode, signInThroughTheResolver, reload, enrolment, withdrawal, plainSignInAfterAWithdrawalElsewhere
    }

    /// Each path, what the project says, and what the stored record then holds; the result's user
    /// (what the library's `User` is made from) holds the same.
    @Test(arguments: Path.allCases)
    func theStoredRecordHoldsTheFactorsTheProjectNamed(path: Path) async throws {
        let user: AccountRecord
        let expected: [EnrolledFactor]
        switch path {
        case .plainSignIn:
            expected = []
            user = try await plainSignIn(lookup: expected).user
        case .signInWithTheCode:
            expected = [Self.phone, Self.laptop]
            stoppingSignIn(hints: expected)
            lookupAnswers(expected)
            user = try await backend(code: "123456").signIn(email: "a@b.c", password: "pw", create: false).user
        case .signInThroughTheResolver:
            expected = [Self.laptop]
            stoppingSignIn(hints: expected)
            let required = await #expect(throws: SecondFactorRequired.self) { try await backend().signIn(email: "a@b.c", password: "pw", create: false) }
            #expect(try storedOrNil() == nil, "the stop stores nothing")
            lookupAnswers(expected)
            user = try await backend().finishSignIn(try #require(required).pending, enrollmentID: "totp-1", code: "123456").user
        case .reload:
            _ = try await plainSignIn(lookup: [Self.laptop])
            expected = [Self.laptop, Self.desk]
            lookupAnswers(expected)  // another program enrolled Desk
            #expect(try stored() == [Self.laptop], "the record keeps what it read until a reload")
            user = try #require(try await backend().lookUpCurrentUser())
        case .enrolment:
            _ = try await plainSignIn(lookup: [])
            answer("mfaEnrollment:start", ["totpSessionInfo": ["sharedSecretKey": "JBSWY3DP", "sessionInfo": "s-1"]])
            answer("mfaEnrollment:finalize", ["idToken": .string(Self.idToken("uid-1")), "refreshToken": "frt-2"])
            expected = [Self.laptop]
            lookupAnswers(expected)
            let secret = try await backend().startTOTPEnrollment()
            #expect(try await backend().finalizeTOTPEnrollment(secret, code: "123456", displayName: "Laptop") == expected)
            user = try backend().currentAccount().user
        case .withdrawal:
            _ = try await plainSignIn(lookup: [Self.laptop, Self.desk])
            answer("mfaEnrollment:withdraw", ["idToken": .string(Self.idToken("uid-1")), "refreshToken": "frt-3"])
            expected = [Self.desk]
            // unenroll checks the id against the project's list first: answer both factors for that
            // lookup, then only Desk for the one after the withdrawal.
            let after = HTTPResponse.json(Self.lookup(expected), status: 200)
            let transport = FakeTransport { [answers] request in
                let method = request.url.lastPathComponent.replacingOccurrences(of: "accounts:", with: "")
                if method == "mfaEnrollment:withdraw" { answers.withLock { $0["lookup"] = after } }
                return answers.withLock { $0[method] } ?? HTTPResponse(status: 404)
            }
            let withdrawing = FirebaseAccountBackend(
                project: project, endpoints: try FirebaseEndpoints(emulatorHost: "127.0.0.1:9099"),
                storage: NamespacedDocumentStorage(storage, namespace: project.storageNamespace), transport: transport,
                clock: .fixed(Date(timeIntervalSince1970: 1_800_000_000)))
            #expect(try await withdrawing.unenroll(enrollmentID: "totp-1") == expected)
            #expect(transport.requests.map { $0.url.lastPathComponent } == ["accounts:lookup", "mfaEnrollment:withdraw", "accounts:lookup"])
            user = try backend().currentAccount().user
        case .plainSignInAfterAWithdrawalElsewhere:
            _ = try await plainSignIn(lookup: [Self.laptop])
            expected = []
            user = try await plainSignIn(lookup: expected).user
        }
        #expect(user.enrolledFactors == expected, "\(path)")
        #expect(try stored() == expected, "\(path): the keystore's record")
    }

    /// No request is added for the factors: a sign-in sends what it sent before (its one lookup).
    @Test func aPlainSignInSendsOnlyItsOwnCalls() async throws {
        _ = try await plainSignIn(lookup: [Self.laptop])
        #expect(methodsCalled == ["signInWithPassword", "lookup"])
        calls.withLock { $0 = [] }
        #expect(try stored() == [Self.laptop])
        #expect(methodsCalled.isEmpty, "reading the stored factors asks the project nothing")
    }

    func storedOrNil() throws -> AccountRecord? {
        let document = try NamespacedDocumentStorage(storage, namespace: project.storageNamespace).store(KeystoreDocument.fileName, of: KeystoreDocument.self).read()
        return document.currentAccountIndex.map { document.accounts[$0].user }
    }
}
