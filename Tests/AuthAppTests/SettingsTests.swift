import AuthApp
import AuthPlatform
import AuthProviders
import AuthTestSupport
import Foundation
import Testing

/// The home's settings use cases, as `providers ...` and `firebase ...` run them: the issuer rule,
/// the check at the provider (or the project), and the store, against fake servers.
@Suite struct SettingsTests {
    static func runtime(directory: String, transport: FakeTransport, environment: [String: String] = [:]) throws -> AuthRuntime {
        let effects = AppEffects(transport: transport, clock: .fixed(InMemoryBackendTests.now), random: SeededRandomSource(seed: 7))
        return try AuthRuntime(
            environment: EnvironmentVariables(["HOME": directory].merging(environment) { _, given in given }), effects: effects,
            options: .init(home: directory + "/home"))
    }

    /// One `providers add`, and what it must lead to.
    struct AddRow: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var addition: ProviderSettings.Addition
        /// nil: refused for want of an issuer.
        var issuer: String?
        var correctedIssuer: String? = nil
        var uncheckedSlash = false
        var kindName: String? = "OpenID Connect"
    }

    static let addRows: [AddRow] = [
        AddRow(testDescription: "an oidc provider needs an issuer",
               addition: .init(id: "oidc.corp", clientID: "cli", checksAtProvider: false), issuer: nil),
        AddRow(testDescription: "an oidc provider checked at its discovery document",
               addition: .init(id: "oidc.corp", issuer: "http://127.0.0.1:9/idp", clientID: "cli"), issuer: "http://127.0.0.1:9/idp"),
        AddRow(testDescription: "a trailing slash the provider does not spell is corrected",
               addition: .init(id: "oidc.corp", issuer: "http://127.0.0.1:9/idp/", clientID: "cli"), issuer: "http://127.0.0.1:9/idp",
               correctedIssuer: "http://127.0.0.1:9/idp"),
        AddRow(testDescription: "unchecked, a trailing slash is kept and said",
               addition: .init(id: "oidc.corp", issuer: "http://127.0.0.1:9/idp/", clientID: "cli", checksAtProvider: false),
               issuer: "http://127.0.0.1:9/idp/", uncheckedSlash: true),
        AddRow(testDescription: "a preset brings its issuer",
               addition: .init(id: "yahoo.com", clientID: "cli", checksAtProvider: false), issuer: "https://api.login.yahoo.com"),
    ]

    @Test(arguments: addRows)
    func addingAProviderFollowsTheIssuerRuleTheCheckAndTheStore(row: AddRow) async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = FakeOpenIDServer(issuer: "http://127.0.0.1:9/idp") { [:] }
        let transport = server.transport
        let settings = ProviderSettings(runtime: try Self.runtime(directory: directory, transport: transport))
        guard let issuer = row.issuer else {
            await #expect(throws: ProviderSettings.IssuerNeeded(providerID: row.addition.id)) { try await settings.add(row.addition) }
            #expect(try settings.list().isEmpty, "nothing stored")
            return
        }
        let added = try await settings.add(row.addition)
        #expect(added.entry.issuer == issuer && added.correctedIssuer == row.correctedIssuer)
        #expect(added.uncheckedIssuerEndsWithSlash == row.uncheckedSlash)
        #expect(try settings.list() == [added.entry] && settings.provider(row.addition.id) == added.entry)
        #expect(added.entry.kindName != nil)
        // Checked: the provider's discovery document was read; unchecked: nothing was sent.
        #expect(server.received.isEmpty == !row.addition.checksAtProvider)
        try settings.remove(row.addition.id)
        #expect(try settings.list().isEmpty)
        #expect(throws: ProviderError.self) { try settings.remove(row.addition.id) }
    }

    @Test func theParametersOfEveryRequestArePairs() async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let settings = ProviderSettings(runtime: try Self.runtime(directory: directory, transport: FakeTransport { _ in HTTPResponse(status: 500) }))
        let addition = ProviderSettings.Addition(id: "yahoo.com", clientID: "cli", parameters: ["no-equals"], checksAtProvider: false)
        await #expect(throws: (any Error).self) { try await settings.add(addition) }
        #expect(try settings.list().isEmpty)
        var good = addition
        good.parameters = ["hd=example.com"]
        #expect(try await settings.add(good).entry.configuration.customParameters == ["hd": "example.com"])
    }

    /// The project's answer to getProjectConfig, by status.
    static func project(status: Int) -> FakeTransport {
        FakeTransport { request in
            guard request.url.path.hasSuffix("/projects") else { return HTTPResponse(status: 404) }
            return status == 200
                ? .json(["projectId": "demo-1", "authorizedDomains": ["localhost"]])
                : .json(["error": ["code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
                                   "details": [["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"]]]], status: 400)
        }
    }

    @Test(arguments: [
        // (checks the key, the project's answer) -> stored
        (false, 500, true), (true, 200, true), (true, 400, false),
    ])
    func aProjectIsStoredOnlyOnceItsKeyIsAccepted(checks: Bool, status: Int, stored: Bool) async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let transport = Self.project(status: status)
        let settings = ProjectSettings(runtime: try Self.runtime(directory: directory, transport: transport))
        #expect(try settings.current() == nil)
        let choice = ProjectSettings.Choice(apiKey: "AIza-demo", projectID: "demo-1", tenantID: "t-1", checksKey: checks)
        if stored {
            let project = try await settings.use(choice)
            #expect(project.projectID == "demo-1" && project.tenantID == "t-1" && project.handlerURI == "https://demo-1.firebaseapp.com/__/auth/handler")
            #expect(try settings.current() == project)
            #expect(try settings.off() == "demo-1")
            #expect(try settings.off() == nil, "already local")
        } else {
            await #expect(throws: (any Error).self) { try await settings.use(choice) }
            #expect(try settings.current() == nil, "a refused key stores nothing")
        }
        #expect(transport.requests.isEmpty == !checks)
    }

    @Test func theEmulatorIsWhereItIsShownToBe() async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runtime = try Self.runtime(
            directory: directory, transport: Self.project(status: 200), environment: [ProjectSettings.emulatorHostVariable: "127.0.0.1:9099"])
        let project = try await ProjectSettings(runtime: runtime).use(.init(apiKey: "k", projectID: "demo-1", checksKey: false))
        #expect(project.emulatorHost == "127.0.0.1:9099" && project.endpoint.hasPrefix("http://127.0.0.1:9099/"))
    }
}

/// The credential helpers' questions to the home: a host's provider per tool, and the signed-in
/// user's name there (the docker registries a signed-in provider serves).
@Suite struct CredentialHelpersTests {
    @Test(arguments: [
        // (host, tool) -> provider
        ("github.com", CredentialHelpers.Tool.git, "github.com" as String?),
        ("ghcr.io", .docker, "github.com"),
        ("ghcr.io", .git, nil),
        ("github.com", .docker, nil),
        ("gitlab.com", .git, nil),
    ])
    func aHostTakesTheTokenOfTheProviderThatServesIt(host: String, tool: CredentialHelpers.Tool, provider: String?) async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runtime = try SettingsTests.runtime(directory: directory, transport: FakeTransport { _ in HTTPResponse(status: 500) })
        let helpers = CredentialHelpers(runtime: runtime)
        #expect(try helpers.providerID(forHost: host, tool: tool) == nil, "nothing added yet")
        _ = try await ProviderSettings(runtime: runtime).add(.init(id: "github.com", clientID: "Iv1.app", clientSecret: "s", checksAtProvider: false))
        #expect(try helpers.providerID(forHost: host, tool: tool) == provider)
        // Nobody is signed in: no name, no registries.
        #expect(try helpers.accountName(providerID: "github.com") == nil && helpers.hosts(for: .docker).isEmpty)
    }
}
