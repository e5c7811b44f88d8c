import AuthApp
import AuthCore
import AuthPlatform
import AuthTestSupport
import Foundation
import Testing
@testable import AuthCLI

/// A backend kind brings its own parts to the commands (issue 35, item 4): a third kind,
/// registered in the test's context only, shows its status line in `status`, its member in
/// `status --json`, verifies its tokens for its own `verify --third` (an option it declares) and
/// adds its completion value to `provider-ids`; no command names it.
@Suite struct BackendKindCommandTests {
    struct ThirdKind: AccountBackendKind {
        let documents = InMemoryDocumentStorage()
        var id: String { "third" }

        func configured(in runtime: AuthRuntime) throws -> ConfiguredBackend? { try backend(settings: [:], in: runtime) }

        func backend(settings: [String: String], in runtime: AuthRuntime) throws -> ConfiguredBackend {
            let accounts = LocalAccountBackend(storage: documents, clock: runtime.clock, random: runtime.effects.random)
            return ConfiguredBackend(kindID: id, backend: accounts, storage: documents)
        }

        func status(in runtime: AuthRuntime) throws -> BackendStatus? {
            BackendStatus(lines: ["Third backend: realm r"], members: ["thirdRealm": "r"])
        }

        func idTokenVerifier(in runtime: AuthRuntime) throws -> (any BackendIDTokenVerifier)? { Verifier() }

        func completionValues(in runtime: AuthRuntime) -> [String] { ["third-password"] }

        var idTokenOption: IDTokenOption? {
            IDTokenOption(
                name: "third", help: "The token is the third backend's.", fixedAudience: "\(option: "audience") is the realm",
                unsignedToken: "an unsigned third token", example: DoorExample("Check it:", "\(command: "verify") \(option: "third")"))
        }

        struct Verifier: BackendIDTokenVerifier {
            func verify(_ token: String) async throws -> VerifiedIDToken {
                VerifiedIDToken(claims: ["sub": .string(token), "iss": "third"], checks: "third token verified", unsignedAcceptedBecause: nil)
            }
        }
    }

    @Test func aThirdKindsPartsReachTheCommands() async throws {
        let cli = TestCommandLine()
        cli.backends = BackendRegistry.standard.registering(ThirdKind())
        cli.interactive = false

        #expect(await cli.run(["status"]) == .success)
        #expect(cli.stdout.withLock { $0 }.hasPrefix("Third backend: realm r\n"), "\(cli.stdout.withLock { $0 })")
        #expect(await cli.run(["status", "--json"]) == .success)
        let json = try JSONValue.parse(cli.stdout.withLock { $0 })
        #expect(json["thirdRealm"] == "r" && json["firebaseProject"] == .null && json["users"] == [])

        // Its option of `verify`, in the spec the door builds from the registry: help, exclusion, its verifier.
        #expect(await cli.run(["verify", "--help"]) == .success)
        let help = cli.stdout.withLock { $0 }
        #expect(help.contains("[--provider ID | --third | --firebase]") && help.contains("The token is the third backend's."), "\(help)")
        #expect(help.contains("authctl verify --third") && help.contains("authctl token | authctl verify --firebase"), "\(help)")
        cli.stdin = Array("someone\n".utf8)
        #expect(await cli.run(["verify", "--third"]) == .success)
        let claims = try JSONValue.parse(cli.stdout.withLock { $0 })
        #expect(claims == ["sub": "someone", "iss": "third"])
        #expect(await cli.run(["verify", "--third", "--audience", "a"]) == .usage)
        #expect(cli.stderr.withLock { $0 }.contains("--audience is the realm"), "\(cli.stderr.withLock { $0 })")
        #expect(await cli.run(["verify", "--third", "--firebase"]) == .usage)
        // The project's option asks the project's kind, which has no project here.
        cli.stdin = Array("someone\n".utf8)
        #expect(await cli.run(["verify", "--firebase"]) == .configurationError)
        // A registry without the third kind has no such option.
        #expect(await TestCommandLine().run(["verify", "--third"]) == .usage)

        #expect(await cli.run(["provider-ids"]) == .success)
        #expect(cli.stdout.withLock { $0 }.hasSuffix("\nthird-password\n"))

        #expect(await cli.run(["whoami", "--check"]) == .notSignedIn)
        #expect(await cli.run(["status", "--check"]) == .notSignedIn)
    }
}
