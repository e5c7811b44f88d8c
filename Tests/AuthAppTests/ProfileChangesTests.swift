import AuthApp
import AuthCore
import AuthPlatform
import AuthTestSupport
import Foundation
import Testing

/// The profile and email-change use case: an email the project wants verified first is mailed the
/// link instead (and only then); every other refusal stays what it was; local accounts have none
/// of it (the typed CapabilityUnavailable, nothing asked of the network).
@Suite struct ProfileChangesTests {
    struct Refusal: AuthCoreError {
        var code: ErrorCode
        var message: String { "refused (\(code.rawValue))" }
    }

    enum Outcome: Sendable, Equatable {
        case changed
        case verificationSent
        case refused(ErrorCode)
    }

    @Test(arguments: [
        (nil as ErrorCode?, Outcome.changed, 0),
        (.emailChangeNeedsVerification, .verificationSent, 1),
        (.requiresRecentLogin, .refused(.requiresRecentLogin), 0),
        (.emailAlreadyInUse, .refused(.emailAlreadyInUse), 0),
    ])
    func anEmailTheProjectWantsVerifiedIsMailedTheLinkInstead(refusal: ErrorCode?, expected: Outcome, mails: Int) async throws {
        let sent = LockedState<[String]>([])
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let user = AccountRecord(uid: "u1", email: "new@example.com", createdAt: now, lastSignInAt: now, lastAuthenticatedAt: now, providerData: [])
        let outcome: Outcome
        do {
            let change = try await ProfileChanges.changeEmail(
                to: "new@example.com",
                update: { _ in
                    if let refusal { throw Refusal(code: refusal) }
                    return user
                },
                sendVerification: { address in sent.withLock { $0.append(address) } })
            switch change {
            case .changed(let changed): outcome = changed == user ? .changed : .refused(.internalError)
            case .verificationSent(let address): outcome = address == "new@example.com" ? .verificationSent : .refused(.internalError)
            }
        } catch let error as Refusal {
            outcome = .refused(error.code)
        }
        #expect(outcome == expected)
        #expect(sent.withLock { $0 } == Array(repeating: "new@example.com", count: mails))
    }

    @Test func localAccountsHaveNoProfileChanges() async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let changes = ProfileChanges(runtime: try SignInMethodsTests.runtime(directory: directory))
        for attempt in [
            { try await _ = changes.updateProfile(displayName: "A", photoURL: nil) },
            { try await changes.sendVerification(beforeUpdatingEmail: "a@b.c") },
        ] as [@Sendable () async throws -> Void] {
            let error = await #expect(throws: CapabilityUnavailable.self) { try await attempt() }
            #expect(error?.capability == .profileChanges && error?.remedy == .configureProject(.project))
        }
    }
}
