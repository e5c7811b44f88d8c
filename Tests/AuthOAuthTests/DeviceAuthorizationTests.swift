import Foundation
import Testing
@testable import AuthOAuth
import AuthPlatform
import AuthTestSupport

@Suite struct DeviceAuthorizationTests {
    static let deviceEndpoint = URL(string: "https://idp.example/device")!
    static let tokenEndpoint = URL(string: "https://idp.example/token")!

    func client(
        _ transport: FakeTransport, sleeper: RecordingSleeper = RecordingSleeper(), authentication: ClientAuthentication = .none
    ) -> DeviceAuthorizationClient {
        let tokens = TokenClient(
            tokenEndpoint: Self.tokenEndpoint, clientID: "cli", clientSecret: authentication == .none ? nil : "s3cr3t",
            authentication: authentication, transport: transport
        )
        return DeviceAuthorizationClient(
            deviceAuthorizationEndpoint: Self.deviceEndpoint, tokenClient: tokens, clock: sleeper.clock, sleep: sleeper.sleep
        )
    }

    // MARK: start

    @Test func startsWithGitHubsShape() async throws {
        // GitHub's documented answer: no verification_uri_complete.
        let transport = FakeTransport { _ in
            .json(["device_code": "3584d83530557fdd1f46af8289938c8ef79f9dc5", "user_code": "WDJB-MJHT",
                   "verification_uri": "https://github.com/login/device", "expires_in": 900, "interval": 5])
        }
        let authorization = try await client(transport).start(scopes: ["read:user", "user:email"])
        #expect(authorization == DeviceAuthorization(
            deviceCode: "3584d83530557fdd1f46af8289938c8ef79f9dc5", userCode: "WDJB-MJHT",
            verificationURI: "https://github.com/login/device", expiresIn: 900,
            expiresAt: GrantTestSupport.start.addingTimeInterval(900), interval: .seconds(5)
        ))
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST" && request.url == Self.deviceEndpoint)
        // GitHub's device flow: client_id only, no secret, no Authorization header.
        #expect(GrantTestSupport.formPairs(request) == ["scope=read:user user:email", "client_id=cli"])
        #expect(GrantTestSupport.header(request, "Authorization") == nil)
        #expect(GrantTestSupport.header(request, "Accept") == "application/json")
        #expect(GrantTestSupport.header(request, "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test func startsWithRFCShapeAndDefaultInterval() async throws {
        let transport = FakeTransport { _ in
            .json(["device_code": "GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS", "user_code": "WDJB-MJHT",
                   "verification_uri": "https://example.com/device",
                   "verification_uri_complete": "https://example.com/device?user_code=WDJB-MJHT", "expires_in": "1800"])
        }
        let authorization = try await client(transport, authentication: .clientSecretBasic).start(scopes: [])
        #expect(authorization.verificationURIComplete == "https://example.com/device?user_code=WDJB-MJHT")
        #expect(authorization.interval == .seconds(5))  // RFC 8628 §3.2 default
        #expect(authorization.expiresIn == 1800)
        let request = try #require(transport.requests.first)
        #expect(GrantTestSupport.formPairs(request).isEmpty)
        #expect(GrantTestSupport.header(request, "Authorization") == "Basic " + Data("cli:s3cr3t".utf8).base64EncodedString())
    }

    @Test func acceptsTheVerificationURLVariant() throws {
        let body = Array(#"{"device_code":"d","user_code":"U","verification_url":"https://www.google.com/device","expires_in":60,"interval":0}"#.utf8)
        let authorization = try DeviceAuthorization.parse(body, receivedAt: GrantTestSupport.start)
        #expect(authorization.verificationURI == "https://www.google.com/device")
        #expect(authorization.interval == .seconds(1))  // never faster than once a second
    }

    @Test(arguments: [
        (#"{"user_code":"U","verification_uri":"https://x.example/d","expires_in":60}"#, OAuthError.invalidDeviceAuthorization("no device_code")),
        (#"{"device_code":"d","verification_uri":"https://x.example/d","expires_in":60}"#, .invalidDeviceAuthorization("no user_code")),
        (#"{"device_code":"d","user_code":"U","expires_in":60}"#, .invalidDeviceAuthorization("no verification_uri")),
        (#"{"device_code":"d","user_code":"U","verification_uri":"https://x.example/d"}"#, .invalidDeviceAuthorization("no positive expires_in")),
        (#"{"device_code":"d","user_code":"U\u001b[2J","verification_uri":"https://x.example/d","expires_in":60}"#,
         .invalidDeviceAuthorization("user_code holds control characters")),
        (#"{"device_code":"d","user_code":"U","verification_uri":"http://phish.example/d","expires_in":60}"#,
         .invalidDeviceAuthorization(URLPolicyError.insecureURL(field: "verification_uri", url: "http://phish.example/d").message)),
        ("[]", .invalidDeviceAuthorization("not a JSON object")),
    ])
    func refusesUnusableStarts(body: String, expected: OAuthError) {
        #expect(throws: expected) { try DeviceAuthorization.parse(Array(body.utf8), receivedAt: GrantTestSupport.start) }
    }

    @Test(arguments: [
        (HTTPResponse.json(["error": "invalid_client", "error_description": "unknown"], status: 401),
         OAuthError.authorizationFailed(error: "invalid_client", description: "unknown")),
        // GitHub: an error with HTTP 200.
        (HTTPResponse.json(["error": "device_flow_disabled"]), .authorizationFailed(error: "device_flow_disabled", description: nil)),
        (HTTPResponse(status: 404), .authorizationFailed(error: "HTTP 404 from the device authorization endpoint", description: nil)),
    ])
    func startReportsProviderErrors(response: HTTPResponse, expected: OAuthError) async {
        await #expect(throws: expected) { try await client(FakeTransport { _ in response }).start(scopes: ["openid"]) }
    }

    // MARK: poll

    static let pending = HTTPResponse.json(["error": "authorization_pending"], status: 400)
    static let slowDown = HTTPResponse.json(["error": "slow_down"], status: 400)
    static let success = HTTPResponse.json(["access_token": "gho_token", "token_type": "bearer", "scope": "read:user"])

    struct PollCase: Sendable, CustomTestStringConvertible {
        var name: String
        var responses: [HTTPResponse?]
        var waits: [Int]
        var outcome: Result<String, OAuthError>
        var testDescription: String { name }
    }

    static let pollCases: [PollCase] = [
        PollCase(name: "pending, pending, success", responses: [pending, pending, success], waits: [5, 5], outcome: .success("gho_token")),
        PollCase(name: "pending, slow_down, success", responses: [pending, slowDown, success], waits: [5, 10], outcome: .success("gho_token")),
        PollCase(name: "slow_down twice, pending", responses: [slowDown, slowDown, pending, success], waits: [10, 15, 15],
                 outcome: .success("gho_token")),
        PollCase(name: "GitHub: pending with HTTP 200", responses: [.json(["error": "authorization_pending"]), success], waits: [5],
                 outcome: .success("gho_token")),
        PollCase(name: "expired_token", responses: [pending, .json(["error": "expired_token"], status: 400)], waits: [5],
                 outcome: .failure(.deviceCodeExpired)),
        PollCase(name: "access_denied", responses: [.json(["error": "access_denied", "error_description": "no"])], waits: [],
                 outcome: .failure(.accessDenied(description: "no"))),
        PollCase(name: "other error", responses: [pending, .json(["error": "incorrect_device_code"])], waits: [5],
                 outcome: .failure(.tokenEndpointError(error: "incorrect_device_code", description: nil, status: 200))),
        PollCase(name: "request timeout doubles the interval", responses: [nil, success], waits: [10], outcome: .success("gho_token")),
    ]

    @Test(arguments: pollCases)
    func pollsUntilAnAnswer(_ c: PollCase) async throws {
        let sleeper = RecordingSleeper()
        let transport = GrantTestSupport.sequence(c.responses)
        let authorization = DeviceAuthorization(
            deviceCode: "dev code", userCode: "U", verificationURI: "https://x.example/d", expiresIn: 900,
            expiresAt: GrantTestSupport.start.addingTimeInterval(900)
        )
        let result: Result<TokenResponse, any Error>
        do {
            result = .success(try await client(transport, sleeper: sleeper).poll(authorization))
        } catch {
            result = .failure(error)
        }
        switch (result, c.outcome) {
        case (.success(let tokens), .success(let token)): #expect(tokens.accessToken == token)
        case (.failure(let error), .failure(let expected)): #expect(error as? OAuthError == expected)
        default: Issue.record("got \(result), expected \(c.outcome)")
        }
        #expect(sleeper.waits == c.waits.map { .seconds($0) })
        #expect(transport.requests.count == c.waits.count + 1)
        for request in transport.requests {
            #expect(request.url == Self.tokenEndpoint)
            #expect(GrantTestSupport.formPairs(request) == [
                "grant_type=urn:ietf:params:oauth:grant-type:device_code", "device_code=dev code", "client_id=cli",
            ])
        }
    }

    @Test func errorCodesFollowTheExitTable() {
        #expect(OAuthError.deviceCodeExpired.code == .timeout)
        #expect(OAuthError.accessDenied(description: nil).code == .cancelled)
        #expect(OAuthError.invalidDeviceAuthorization("x").code == .providerError)
    }

    @Test(arguments: [(12, [5, 5, 2], 3), (3, [3], 1), (0, [], 0)])
    func stopsWhenTheCodeExpiresLocally(expiresIn: Int, waits: [Int], polls: Int) async {
        let sleeper = RecordingSleeper()
        let transport = FakeTransport { _ in Self.pending }
        let authorization = DeviceAuthorization(
            deviceCode: "d", userCode: "U", verificationURI: "https://x.example/d", expiresIn: expiresIn,
            expiresAt: GrantTestSupport.start.addingTimeInterval(TimeInterval(expiresIn))
        )
        await #expect(throws: OAuthError.deviceCodeExpired) { try await client(transport, sleeper: sleeper).poll(authorization) }
        #expect(sleeper.waits == waits.map { .seconds($0) })
        #expect(transport.requests.count == polls)
    }

    @Test func stopsAtTheCallersDeadline() async {
        let sleeper = RecordingSleeper()
        let authorization = DeviceAuthorization(
            deviceCode: "d", userCode: "U", verificationURI: "https://x.example/d", expiresIn: 900,
            expiresAt: GrantTestSupport.start.addingTimeInterval(900)
        )
        await #expect(throws: OAuthError.deviceCodeExpired) {
            try await client(FakeTransport { _ in Self.pending }, sleeper: sleeper)
                .poll(authorization, deadline: GrantTestSupport.start.addingTimeInterval(7))
        }
        #expect(sleeper.waits == [.seconds(5), .seconds(2)])
    }

    @Test func cancellationEndsTheWait() async {
        let transport = FakeTransport { _ in Self.pending }
        let tokens = TokenClient(tokenEndpoint: Self.tokenEndpoint, clientID: "cli", clientSecret: nil, authentication: .none, transport: transport)
        // The real sleep: only cancellation can end it quickly.
        let client = DeviceAuthorizationClient(
            deviceAuthorizationEndpoint: Self.deviceEndpoint, tokenClient: tokens, clock: .system,
            sleep: { _ in try await Task.sleep(for: .seconds(3600)) }
        )
        let authorization = DeviceAuthorization(
            deviceCode: "d", userCode: "U", verificationURI: "https://x.example/d", expiresIn: 7200, expiresAt: Date().addingTimeInterval(7200)
        )
        let task = Task { try await client.poll(authorization) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
