import Foundation
import Testing
@testable import AuthCLI
import AuthPlatform
import AuthTestSupport

/// `firebase use | show | off` and the refusals that need no project to answer.
@Suite struct FirebaseCommandTests {
    static let use = ["firebase", "use", "--api-key", "AIzaSyExampleKey_123", "--project-id", "my-app-1234"]

    /// Google's answer to a call with a key it does not know.
    static let invalidKey = HTTPResponse.json([
        "error": ["code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
                  "details": [["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"]]],
    ], status: 400)

    @Test func useChecksTheKeyFirstAndStoresNothingWhenTheProjectRefusesIt() async throws {
        let cli = TestCommandLine()
        let checks = LockedValue<[String]>([])
        cli.extraRoutes["/v1/projects"] = { request in
            checks.withLock { $0.append(request.url.absoluteString) }
            return Self.invalidKey
        }
        #expect(await cli.run(Self.use + ["--json"]) == .configurationError)
        #expect(cli.jsonError?["code"] == "invalid-api-key")
        #expect(checks.withLock { $0 } == ["https://identitytoolkit.googleapis.com/v1/projects?key=AIzaSyExampleKey_123"])
        #expect(FileManager.default.fileExists(atPath: cli.home + "/firebase.json") == false)
        #expect(await cli.run(Self.use + ["--no-check"]) == .success)
        #expect(checks.withLock { $0 }.count == 1, "--no-check asks nothing")
    }

    @Test func useShowOff() async throws {
        let cli = TestCommandLine()
        cli.extraRoutes["/v1/projects"] = { _ in .json(["projectId": "my-app-1234", "authorizedDomains": ["localhost"]]) }
        #expect(await cli.run(Self.use) == .success)
        #expect(await cli.run(["firebase", "show", "--json"]) == .success)
        let shown = try JSONValue.parse(Array(cli.stdout.withLock { $0 }.utf8))
        #expect(shown["project"]?["projectId"] == "my-app-1234" && shown["endpoint"] == "https://identitytoolkit.googleapis.com/v1")
        #expect(shown["emulatorHost"] == .null)
        cli.extraEnvironment = ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"]
        #expect(await cli.run(["firebase", "show"]) == .success)
        #expect(cli.stdout.withLock { $0 }.contains("emulator:  127.0.0.1:9099"))
        #expect(await cli.run(["firebase", "off"]) == .success)
        #expect(await cli.run(["firebase", "show", "--json"]) == .success)
        #expect(try JSONValue.parse(Array(cli.stdout.withLock { $0 }.utf8))["project"] == .null)
    }

    @Test(arguments: [
        (use: ["firebase", "use", "--api-key", "k!", "--project-id", "my-app-1234"], environment: [String: String]()),
        (use: ["firebase", "use", "--api-key", "AIzaSyExampleKey", "--project-id", "My_App"], environment: [:]),
        (use: use, environment: ["FIREBASE_AUTH_EMULATOR_HOST": "firebase:9099"]),
    ] as [(use: [String], environment: [String: String])])
    func refusedSettingsAreConfigurationErrors(use: [String], environment: [String: String]) async {
        let cli = TestCommandLine()
        cli.extraEnvironment = environment
        #expect(await cli.run(use + ["--json"]) == .configurationError)
        #expect(cli.jsonError?["code"] == "configuration-error")
        #expect(FileManager.default.fileExists(atPath: cli.home + "/firebase.json") == false)
    }

    @Test func whatOnlyAProjectOffersNeedsOne() async {
        let cli = TestCommandLine()
        cli.stdin = Array("secret\n".utf8)
        #expect(await cli.run(["signin", "--provider", "password", "--email", "a@example.com", "--password-stdin", "--json"]) == .configurationError)
        #expect(cli.jsonError?["message"]?.stringValue?.contains("authctl firebase use") == true)
        #expect(await cli.run(["verify", "--firebase"]) == .configurationError)
    }

    @Test(arguments: [
        ["signin"], ["signin", "--provider", "password"], ["signin", "--provider", "oidc.x", "--create"],
        ["signin", "--custom-token-stdin", "--provider", "oidc.x"], ["verify"], ["verify", "--firebase", "--audience", "x"],
        ["whoami", "--check", "--refresh"],
    ])
    func misuseIsAUsageError(arguments: [String]) async {
        #expect(await TestCommandLine().run(arguments) == .usage)
    }
}
