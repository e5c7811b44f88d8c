import Foundation
import Testing
@testable import AuthCore
@testable import AuthFirebase
import AuthJOSE
import AuthOAuth
import AuthPlatform
import AuthProviders
import AuthStorage
import AuthTestSupport

/// A sign-in stopped at its second factor and finished later (the library's MultiFactorResolver):
/// what the stop carries, and that finishing goes through the same finalize and storing as `--totp`.
@Suite struct MultiFactorSignInTests: ScriptedProjectSuite {
    let storage = InMemoryDocumentStorage()
    let project = FirebaseProject(apiKey: "AIza-test", projectID: "demo-project")
    let answers = LockedValue<[String: HTTPResponse]>([:])
    let calls = LockedValue<[ScriptedCall]>([])

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
        let finalize = try #require(self.body(of: "mfaSignIn:finalize"))
        #expect(finalize["mfaPendingCredential"]?.stringValue == "pending-1" && finalize["mfaEnrollmentId"]?.stringValue == "totp-1")
        #expect(finalize["totpVerificationInfo"]?["verificationCode"]?.stringValue == "123456")
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
    @Test(arguments: [("INVALID_SESSION_INFO", ErrorCode.invalidVerificationID), ("MISSING_SESSION_INFO", .missingVerificationID)])
    func anExpiredEnrolmentSessionSaysToStartAgain(serverCode: String, code: ErrorCode) {
        let error = FirebaseError(serverCode: serverCode, detail: nil, status: 400, during: .other)
        #expect(error.code == code && error.remedy == .tryAgain && error.message.contains("start the enrolment again"))
    }

    /// FirebaseAuth's codes for the sign-in's refusals; a refused code asks for the next one, a
    /// factor the project does not know (withdrawn meanwhile) for a new sign-in.
    @Test(arguments: [
        ("MISSING_MFA_PENDING_CREDENTIAL", ErrorCode.missingMultiFactorSession, "the second factor's code was refused", false),
        ("INVALID_CODE", .invalidVerificationCode, "the second factor's code was refused", false),
        ("MISSING_MFA_ENROLLMENT_ID", .missingMultiFactorInfo, "the project has no second factor of that id", true),
        ("MFA_ENROLLMENT_NOT_FOUND", .multiFactorInfoNotFound, "the project has no second factor of that id", true),
    ])
    func aRefusedSecondFactorIsNamedAsTheSDKNamesIt(serverCode: String, code: ErrorCode, message: String, signInAgain: Bool) {
        let error = FirebaseError(serverCode: serverCode, detail: nil, status: 400, during: .signIn)
        #expect(error.code == code && error.message.hasPrefix(message) && error.message.contains("(\(serverCode))"))
        #expect(error.remedy == (signInAgain ? .signInAgain(providerID: nil) : .giveSecondFactorCode(enrollAuthenticatorFirst: false)))
    }

    // MARK: A federated reauthentication of an account with a TOTP factor

    static let github = ProviderCredential(providerID: "github.com", accessToken: "gho_alice")
    static let githubProfile = FederatedProfile(providerID: "github.com", subject: "583231", email: "a@b.c", emailVerified: true)

    /// uid-1 signed in with GitHub; then the project answers GitHub's credential with only a pending
    /// second factor (no `localId`, as the e2e fake answers), naming `localID` when given.
    func signedInThenPending(localID: String? = nil) async throws {
        answer("signInWithIdp", ["localId": "uid-1", "idToken": .string(Self.idToken("uid-1")), "refreshToken": "frt-0", "expiresIn": "3600"])
        answer("lookup", ["users": [["localId": "uid-1", "email": "a@b.c", "providerUserInfo": [["providerId": "github.com", "rawId": "583231"]]]]])
        _ = try await backend().signIn(with: Self.github, profile: Self.githubProfile)
        var pending: [String: JSONValue] = [
            "providerId": "github.com", "mfaPendingCredential": "pending-2", "mfaInfo": [["mfaEnrollmentId": "totp-1", "totpInfo": [:]]],
        ]
        if let localID { pending["localId"] = .string(localID) }
        answer("signInWithIdp", .object(pending))
    }

    func finalized(as uid: String) { answer("mfaSignIn:finalize", ["idToken": .string(Self.idToken(uid)), "refreshToken": .string("frt-" + uid)]) }

    /// uid-1 is still the current user, with its first session; nobody else is stored.
    func onlyTheFirstSessionIsStored() throws {
        let account = try backend().currentAccount()
        #expect(account.user.uid == "uid-1" && account.backendSession?.refreshToken == "frt-0")
        let document = try NamespacedDocumentStorage(storage, namespace: project.storageNamespace).store(KeystoreDocument.fileName, of: KeystoreDocument.self).read()
        #expect(document.accounts.map(\.user.uid) == ["uid-1"])
    }

    @Test func aFederatedReauthenticationPendingItsSecondFactorFinishesAsTheSameUser() async throws {
        try await signedInThenPending()
        finalized(as: "uid-1")
        let result = try await backend(code: "123456").reauthenticate(with: Self.github, profile: Self.githubProfile)
        #expect(result.user.uid == "uid-1")
        #expect(body(of: "mfaSignIn:finalize")?["mfaPendingCredential"]?.stringValue == "pending-2")
        #expect(try backend().currentAccount().backendSession?.refreshToken == "frt-uid-1")
    }

    @Test func aFederatedReauthenticationFinalizedAsAnotherUserIsAUserMismatchAndStoresNothing() async throws {
        try await signedInThenPending()
        finalized(as: "uid-2")
        let error = await #expect(throws: AccountError.self) {
            try await backend(code: "123456").reauthenticate(with: Self.github, profile: Self.githubProfile)
        }
        #expect(error?.code == .userMismatch)
        try onlyTheFirstSessionIsStored()
    }

    @Test func aPendingAnswerNamingAnotherUserIsRefusedBeforeTheSecondFactor() async throws {
        try await signedInThenPending(localID: "uid-2")
        let error = await #expect(throws: AccountError.self) {
            try await backend(code: "123456").reauthenticate(with: Self.github, profile: Self.githubProfile)
        }
        #expect(error?.code == .userMismatch && body(of: "mfaSignIn:finalize") == nil)
        try onlyTheFirstSessionIsStored()
    }

    @Test func aFederatedReauthenticationWithoutACodeStopsCarryingItsUserForTheResolver() async throws {
        try await signedInThenPending()
        let error = await #expect(throws: SecondFactorRequired.self) {
            try await backend().reauthenticate(with: Self.github, profile: Self.githubProfile)
        }
        let pending = try #require(error).pending
        #expect(pending.expectedUID == "uid-1" && pending.credential == Self.github && pending.profile == Self.githubProfile && pending.authenticated)
        finalized(as: "uid-2")
        let mismatch = await #expect(throws: AccountError.self) { try await backend().finishSignIn(pending, enrollmentID: "totp-1", code: "123456") }
        #expect(mismatch?.code == .userMismatch)
        try onlyTheFirstSessionIsStored()
        finalized(as: "uid-1")
        #expect(try await backend().finishSignIn(pending, enrollmentID: "totp-1", code: "123456").user.uid == "uid-1")
    }
}

/// `enrolledAt` as the project writes it (RFC 3339, with or without fractional seconds), read with
/// FoundationEssentials' ISO 8601 style: the library's `MultiFactorInfo.enrollmentDate`.
@Suite struct EnrolmentDateTests {
    @Test(arguments: [
        ("2026-11-01T00:00:00Z", 1_793_491_200.0), ("2026-11-01T00:00:00.250Z", 1_793_491_200.25), ("1970-01-01T00:00:10Z", 10.0),
    ])
    func readsTheProjectsTimestamps(text: String, seconds: Double) throws {
        let date = try #require(MultiFactorAnswer.date(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.001)
    }

    @Test(arguments: ["", "yesterday", "2026-13-01T00:00:00Z", "1793491200"])
    func anythingElseIsNoDate(text: String) {
        #expect(MultiFactorAnswer.date(text) == nil)
    }
}
