import AuthApp
import AuthCore
import AuthPlatform
import AuthStorage
import AuthTestSupport
import Foundation
import Testing

/// SignInMethods' two ways of using an action code, over a backend that records what it is asked:
/// the command's `apply` (a person pasted it: a bare code is asked about first, since a password
/// reset's needs a new password typed) and the library's `applyActionCode` (FirebaseAuth's call:
/// the code, or its link's, used as it is, one request; Tests/e2e/test_both_doors.py compares the
/// doors' traffic).
@Suite struct ApplyActionCodeTests {
    struct RecordingBackend: ActionCodes, ForwardingToLocalAccounts {
        let accounts: LocalAccountBackend
        let calls: LockedState<[String]>

        func sendEmailVerification() async throws { calls.withLock { $0.append("send") } }
        func checkActionCode(_ code: String) async throws -> ActionCodeDetails {
            calls.withLock { $0.append("check \(code)") }
            return ActionCodeDetails(operation: .verifyEmail, email: "a@example.com")
        }
        func applyActionCode(_ code: String) async throws -> ActionCodeDetails {
            calls.withLock { $0.append("apply \(code)") }
            return ActionCodeDetails(operation: .verifyEmail, email: "a@example.com")
        }
        func confirmPasswordReset(code: String, newPassword: String) async throws -> String {
            calls.withLock { $0.append("reset \(code)") }
            return "a@example.com"
        }
    }

    /// A kind named by the program (never configured by the home) whose backend records its calls.
    struct RecordingKind: AccountBackendKind {
        let documents = InMemoryDocumentStorage()
        let calls = LockedState<[String]>([])
        var id: String { "recording" }

        func configured(in runtime: AuthRuntime) throws -> ConfiguredBackend? { nil }

        func backend(settings: [String: String], in runtime: AuthRuntime) throws -> ConfiguredBackend {
            let accounts = LocalAccountBackend(storage: documents, clock: runtime.clock, random: runtime.effects.random)
            return ConfiguredBackend(kindID: id, backend: RecordingBackend(accounts: accounts, calls: calls), storage: documents)
        }
    }

    static func methods(_ kind: RecordingKind, directory: String) throws -> SignInMethods {
        let effects = AppEffects(
            transport: FakeTransport { _ in HTTPResponse(status: 500) }, clock: .fixed(Date(timeIntervalSince1970: 1_800_000_000)),
            random: SeededRandomSource(seed: 7))
        let runtime = try AuthRuntime(
            environment: ["HOME": directory], effects: effects,
            options: .init(home: directory + "/home", backend: .kind(kind.id, settings: [:])),
            backends: BackendRegistry.standard.registering(kind))
        return SignInMethods(runtime: runtime)
    }

    @Test(arguments: [
        ("c0de", ["apply c0de"]),
        ("https://p.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode=c1&apiKey=k", ["apply c1"]),
        ("https://p.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=c2&apiKey=k", ["apply c2"]),
    ])
    func theLibrarysCallUsesTheCodeAsItIs(code: String, expected: [String]) async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kind = RecordingKind()
        let details = try await Self.methods(kind, directory: directory).applyActionCode(code)
        #expect(kind.calls.withLock { $0 } == expected)
        #expect(details.operation == .verifyEmail)
    }

    @Test func aPastedBareCodeIsAskedAboutFirst() async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kind = RecordingKind()
        let methods = try Self.methods(kind, directory: directory)
        _ = try await methods.apply("c0de") { nil }
        _ = try await methods.apply("https://p.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode=c1") { nil }
        #expect(kind.calls.withLock { $0 } == ["check c0de", "apply c0de", "apply c1"])
    }

    @Test func textThatHoldsNoCodeIsRefusedBeforeAnyRequest() async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let kind = RecordingKind()
        let methods = try Self.methods(kind, directory: directory)
        await #expect(throws: NotAnActionLink.self) { _ = try await methods.applyActionCode("two words") }
        #expect(kind.calls.withLock { $0 }.isEmpty)
    }
}
