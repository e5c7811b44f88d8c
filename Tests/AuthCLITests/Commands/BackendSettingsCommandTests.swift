import AuthApp
import AuthCore
import AuthPlatform
import AuthStorage
import AuthTestSupport
import Foundation
import Testing
@testable import AuthCLI

/// A backend kind brings its settings command (issue 35, item 4): an in-memory kind, registered
/// in the test's context only (no line of AuthCLI names it), declares `memory use/show/off`; the
/// door's one code path parses, documents and runs them as it does `firebase use/show/off`, and
/// the kind's status line follows its settings document.
@Suite struct BackendSettingsCommandTests {
    /// Accounts in memory, turned on by a settings document in the home that `memory use` writes.
    struct MemoryKind: AccountBackendKind {
        struct Settings: VersionedDocument, Equatable {
            static let schemaVersion = 1
            static let fileName = "memory-backend.json"
            var realm: String?
            init() { realm = nil }
        }

        let documents = InMemoryDocumentStorage()
        var id: String { "memory" }

        func realm(in runtime: AuthRuntime) throws -> String? {
            try runtime.storage.store(Settings.fileName, of: Settings.self).read().realm
        }

        func configured(in runtime: AuthRuntime) throws -> ConfiguredBackend? {
            try realm(in: runtime) == nil ? nil : try backend(settings: [:], in: runtime)
        }

        func backend(settings: [String: String], in runtime: AuthRuntime) throws -> ConfiguredBackend {
            let accounts = LocalAccountBackend(storage: documents, clock: runtime.clock, random: runtime.effects.random)
            return ConfiguredBackend(kindID: id, backend: accounts, storage: documents)
        }

        func status(in runtime: AuthRuntime) throws -> BackendStatus? {
            let realm = try realm(in: runtime)
            return BackendStatus(lines: realm.map { ["Memory realm: \($0)"] } ?? [], members: ["memoryRealm": realm.map { .string($0) } ?? .null])
        }

        var settingsCommand: BackendSettingsCommand? {
            BackendSettingsCommand(
                name: "memory", abstract: "Keep accounts in memory, or locally.",
                discussion: ["'\(action: "off")' goes back to local accounts; '\(command: "status")' shows the realm."],
                examples: [DoorExample("Use a realm:", "\(action: "use") \(option: "realm", "test")")],
                actions: [
                    SettingsAction(
                        name: "use", abstract: "Keep accounts in a realm in memory.",
                        fields: [.value("realm", "NAME", help: "The realm.", requiredUnless: []), .flag("loud", help: "Say it \(option: "loud").")]),
                    SettingsAction(name: "show", abstract: "Show the realm."),
                    SettingsAction(name: "off", abstract: "Go back to local accounts."),
                ])
        }

        func runSettings(_ action: String, _ values: SettingsValues, in runtime: AuthRuntime) async throws -> SettingsReport {
            let store = runtime.storage.store(Settings.fileName, of: Settings.self)
            switch action {
            case "use":
                guard let realm = values["realm"], !realm.isEmpty else { throw SettingsRefusal("\(option: "realm") needs a name") }
                try runtime.home.ensureExists()
                try store.update { $0.realm = realm }
                return SettingsReport(json: ["realm": .string(realm)], notice: values.has("loud") ? "ACCOUNTS IN \(realm)" : "Accounts in \(realm).")
            case "show":
                let realm = try realm(in: runtime)
                return SettingsReport(json: ["realm": realm.map { .string($0) } ?? .null], text: realm.map { ["realm: \($0)"] })
            default:
                try store.update { $0.realm = nil }
                return SettingsReport(json: ["realm": .null], notice: "Accounts are local; '\(action: "use")' comes back.")
            }
        }
    }

    static func commandLine() -> TestCommandLine {
        let cli = TestCommandLine()
        cli.backends = BackendRegistry.standard.registering(MemoryKind())
        cli.interactive = false
        return cli
    }

    @Test func theKindsSettingsCommandRunsThroughTheDoorsOneCodePath() async throws {
        let cli = Self.commandLine()
        #expect(await cli.run(["memory", "show"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "")

        #expect(await cli.run(["memory", "use", "--realm", "r1"]) == .success)
        #expect(cli.stderr.withLock { $0 } == "Accounts in r1.\n")
        #expect(await cli.run(["memory", "use", "--realm", "r2", "--loud"]) == .success)
        #expect(cli.stderr.withLock { $0 } == "ACCOUNTS IN r2\n")
        #expect(await cli.run(["memory", "show"]) == .success)
        #expect(cli.stdout.withLock { $0 } == "realm: r2\n")
        #expect(await cli.run(["memory", "show", "--json"]) == .success)
        #expect(try JSONValue.parse(cli.stdout.withLock { $0 })["realm"] == "r2")

        // Its status line and member follow the document it wrote; the project's stay as they are.
        #expect(await cli.run(["status"]) == .success)
        #expect(cli.stdout.withLock { $0 }.hasPrefix("Memory realm: r2\n"), "\(cli.stdout.withLock { $0 })")
        #expect(await cli.run(["status", "--json"]) == .success)
        let status = try JSONValue.parse(cli.stdout.withLock { $0 })
        #expect(status["memoryRealm"] == "r2" && status["firebaseProject"] == .null)

        #expect(await cli.run(["memory", "off"]) == .success)
        #expect(cli.stderr.withLock { $0 } == "Accounts are local; 'authctl memory use' comes back.\n")
        #expect(await cli.run(["status", "--json"]) == .success)
        #expect(try JSONValue.parse(cli.stdout.withLock { $0 })["memoryRealm"] == .null)
    }

    @Test func theDoorSpellsTheKindsWordsAndRefusesAsItRefusesAnyUsage() async throws {
        let cli = Self.commandLine()
        #expect(await cli.run(["memory", "use", "--help"]) == .success)
        let help = cli.stdout.withLock { $0 }
        #expect(help.contains("Usage: authctl memory use --realm NAME [--loud]"), "\(help)")
        #expect(help.contains("Say it --loud."), "\(help)")
        #expect(await cli.run(["help", "memory"]) == .success)
        let group = cli.stdout.withLock { $0 }.replacing(/\s+/, with: " ")
        #expect(group.contains("'authctl memory off' goes back to local accounts; 'authctl status' shows the realm."), "\(group)")
        #expect(group.contains("authctl memory use --realm test"), "\(group)")
        // The parser requires what the kind declares required; the kind's refusal is a usage error too.
        #expect(await cli.run(["memory", "use"]) == .usage)
        #expect(await cli.run(["memory", "use", "--realm", ""]) == .usage)
        #expect(cli.stderr.withLock { $0 }.contains("--realm needs a name"), "\(cli.stderr.withLock { $0 })")
        #expect(await cli.run(["memory", "nope"]) == .usage)
        // Without the kind in the registry, the door has no such command.
        let plain = TestCommandLine()
        #expect(await plain.run(["memory", "show"]) == .usage)
        // The project's settings command runs through the same path beside it.
        #expect(await cli.run(["firebase", "show"]) == .success)
        #expect(cli.stderr.withLock { $0 }.contains("run 'authctl firebase use --api-key KEY --project-id ID' to keep them"))
    }
}
