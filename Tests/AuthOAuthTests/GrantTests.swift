import Foundation
import Testing
import AuthCrypto
@testable import AuthOAuth
import AuthPlatform
import AuthTestSupport

/// The grants against a fake authorization server, a scripted browser and a fake listener: no
/// sockets, no waiting, every timeout on the injected sleep.
@Suite struct GrantTests {
    let issuer = TestTokenFactory.issuer

    func server(_ transport: FakeTransport, pkce: [String] = ["S256"], device: Bool = false) -> AuthorizationServer {
        let client = TokenClient(
            tokenEndpoint: URL(string: issuer + "/token")!, clientID: TestTokenFactory.clientID, clientSecret: nil,
            authentication: .none, transport: transport
        )
        return AuthorizationServer(
            providerID: "oidc.test", authorizationEndpoint: issuer + "/authorize", tokenClient: client,
            deviceAuthorization: device ? DeviceAuthorizationEndpoint(url: URL(string: issuer + "/device")!, tokenClient: client) : nil,
            issuer: issuer, issuerParameterRequired: true, sendsNonce: true, codeChallengeMethodsSupported: pkce
        )
    }

    func context(_ redirect: FakeRedirect, transport: FakeTransport, pasted: String? = nil, sleeper: RecordingSleeper = RecordingSleeper()) -> GrantContext {
        GrantContext(
            transport: transport, clock: TestTokenFactory.clock, random: SeededRandomSource(seed: 7), browser: redirect.browser,
            notify: { _ in }, log: { _ in },
            readPastedLine: {
                guard let pasted else {
                    try? await Task.sleep(for: .seconds(3600))  // a person who never pastes; cancelled by the timeout
                    return nil
                }
                return pasted
            },
            sleep: sleeper.sleep, makeListener: redirect.makeListener
        )
    }

    let request = SignInRequest(scopes: ["openid", "email"], parameters: ["login_hint": "alice"], timeout: .seconds(300))

    @Test func loopbackGrantSendsPKCEStateAndNonceAndExchangesTheCodeWithTheVerifier() async throws {
        let redirect = FakeRedirect(.code("code-123", iss: issuer))
        let provider = FakeOpenIDServer(authorization: { redirect.lastAuthorization })
        let tokens = try await LoopbackCodeGrant(ports: [8123]).tokens(
            from: server(provider.transport), request: request, context: context(redirect, transport: provider.transport)
        ).tokens
        let sent = redirect.lastAuthorization
        #expect(redirect.requestedPorts == [8123])
        #expect(sent["redirect_uri"] == "http://127.0.0.1:8123/callback")
        #expect(sent["code_challenge_method"] == "S256")
        #expect(sent["scope"] == "openid email" && sent["login_hint"] == "alice" && sent["response_type"] == "code")
        #expect(tokens.accessToken == TestTokenFactory.accessToken)
        #expect(tokens.expectedNonce == sent["nonce"] && sent["nonce"] != nil)
        #expect(tokens.rawNonce.map(Nonce.hashed) == sent["nonce"])
        #expect(tokens.receivedAt == TestTokenFactory.now)
        #expect(tokens.expiresAt == TestTokenFactory.now.addingTimeInterval(3600))
        // The authorization endpoint is asked whether it answers before the browser goes there.
        #expect(provider.received.map(\.url.path) == ["/authorize", "/token"])
    }

    @Test func aCallbackWithAnotherStateIsIgnoredAndTheRealOneGoesThrough() async throws {
        let redirect = FakeRedirect(.foreign, .code("code-123", iss: issuer))
        let provider = FakeOpenIDServer(authorization: { redirect.lastAuthorization })
        let outcome = try await LoopbackCodeGrant().tokens(
            from: server(provider.transport), request: request, context: context(redirect, transport: provider.transport)
        )
        #expect(outcome.tokens.accessToken == TestTokenFactory.accessToken)
        #expect(provider.received.map(\.url.path) == ["/authorize", "/token"])
    }

    @Test func onlyForeignCallbacksTimeOutSayingHowManyWereIgnored() async throws {
        let redirect = FakeRedirect(.foreign, .foreign)
        let provider = FakeOpenIDServer(authorization: { redirect.lastAuthorization })
        let ignored = SignInTimedOut(
            after: .seconds(300), returning: .loopback, pasteOffered: false, browser: .opened,
            listener: .init(redirectURI: "http://127.0.0.1:49152/callback", nothingArrived: false, ignoredCallbacks: 2))
        await #expect(throws: ignored) {
            try await LoopbackCodeGrant().tokens(from: server(provider.transport), request: request, context: context(redirect, transport: provider.transport))
        }
        #expect(provider.received.map(\.url.path) == ["/authorize"])  // the reachability check only
    }

    @Test(arguments: [
        HTTPTransportError.unreachable(url: "https://idp.example.com/authorize", reason: "connection refused"),
        HTTPTransportError.timedOut(url: "https://idp.example.com/authorize", after: .seconds(5)),
    ])
    func aProviderThatDoesNotAnswerFailsBeforeTheBrowserOpens(failure: HTTPTransportError) async throws {
        let redirect = FakeRedirect(.code("code-123", iss: issuer))
        let transport = FakeTransport { _ in throw failure }
        await #expect(throws: HTTPTransportError.self) {
            try await LoopbackCodeGrant().tokens(from: server(transport), request: request, context: context(redirect, transport: transport))
        }
        do {
            _ = try await PastedCodeGrant(redirectURI: "https://app.example/cb").tokens(
                from: server(transport), request: request, context: context(redirect, transport: transport, pasted: "code"))
            Issue.record("the pasted-code grant went on past a provider that does not answer")
        } catch let error as HTTPTransportError {
            #expect(error.code == .providerError, "a silent provider is exit 9, not a timeout: \(error)")
        }
        #expect(redirect.lastAuthorization.isEmpty, "the browser was sent to a provider that does not answer")
        #expect(transport.requests.allSatisfy { $0.url.path == "/authorize" && $0.timeout == 5 })
    }

    @Test func aFailedExchangeIsShownToTheWaitingBrowser() async throws {
        let redirect = FakeRedirect(.code("wrong-code", iss: issuer))
        let provider = FakeOpenIDServer(authorization: { redirect.lastAuthorization })
        await #expect(throws: OAuthError.self) {
            try await LoopbackCodeGrant().tokens(from: server(provider.transport), request: request, context: context(redirect, transport: provider.transport))
        }
        #expect(redirect.outcomes == ["failed: the token endpoint refused the request (HTTP 400): invalid_grant"])
    }

    @Test func nobodyComingBackTimesOut() async throws {
        let redirect = FakeRedirect(.never)
        let transport = FakeTransport { _ in HTTPResponse(status: 500) }
        let timedOut = SignInTimedOut(
            after: .seconds(300), returning: .loopback, pasteOffered: false, browser: .opened,
            listener: .init(redirectURI: "http://127.0.0.1:49152/callback", nothingArrived: false, ignoredCallbacks: 0))
        await #expect(throws: timedOut) {
            try await LoopbackCodeGrant().tokens(from: server(transport), request: request, context: context(redirect, transport: transport))
        }
    }

    @Test func aServerWithoutS256IsRefusedBeforeListening() async throws {
        let redirect = FakeRedirect(.code("c", iss: issuer))
        let transport = FakeTransport { _ in HTTPResponse(status: 500) }
        await #expect(throws: OAuthError.pkceUnsupported(methods: ["plain"])) {
            try await LoopbackCodeGrant().tokens(
                from: server(transport, pkce: ["plain"]), request: request, context: context(redirect, transport: transport)
            )
        }
        #expect(redirect.requestedPorts.isEmpty && redirect.authorizationURLs.isEmpty)
    }

    @Test func pastedRedirectIsCheckedLikeTheListenersAndExchanged() async throws {
        let redirect = FakeRedirect(.never)  // nothing listens: the person pastes
        let provider = FakeOpenIDServer(authorization: { redirect.lastAuthorization })
        let registered = "https://example.com/authctl/callback"
        // The browser ends on the registered URI; the person pastes that address.
        let pasting = GrantContext(
            transport: provider.transport, clock: TestTokenFactory.clock, random: SeededRandomSource(seed: 7), browser: redirect.browser,
            notify: { _ in }, log: { _ in },
            readPastedLine: { [issuer] in "\(registered)?code=code-123&state=\(redirect.lastAuthorization["state"] ?? "")&iss=\(issuer)" },
            sleep: { try await Task.sleep(for: $0) },  // the paste wins; the timeout is cancelled
            makeListener: redirect.makeListener
        )
        let tokens = try await PastedCodeGrant(redirectURI: registered).tokens(from: server(provider.transport), request: request, context: pasting).tokens
        #expect(tokens.accessToken == TestTokenFactory.accessToken)
        #expect(redirect.lastAuthorization["redirect_uri"] == registered)
        #expect(redirect.requestedPorts.isEmpty)
    }

    @Test func nothingPastedTimesOutOnTheInjectedSleep() async throws {
        let redirect = FakeRedirect(.never)
        let transport = FakeTransport { _ in HTTPResponse(status: 500) }
        let sleeper = RecordingSleeper()
        await #expect(throws: SignInTimedOut(after: .seconds(300), returning: .registeredPage, pasteOffered: true, browser: .opened)) {
            try await PastedCodeGrant(redirectURI: "https://example.com/cb").tokens(
                from: server(transport), request: request, context: context(redirect, transport: transport, sleeper: sleeper)
            )
        }
        #expect(sleeper.waits == [.seconds(300)])
    }

    /// What the grants show while they wait on the person, and that the line is stopped.
    final class RecordingProgress: ProgressDisplay, ProgressLine, @unchecked Sendable {
        let shown = LockedValue<[(label: String, deadline: Date)]>([])
        let stops = LockedValue(0)
        func show(_ label: String, until deadline: Date) -> any ProgressLine {
            shown.withLock { $0.append((label, deadline)) }
            return self
        }
        func stop() { stops.withLock { $0 += 1 } }
    }

    /// RFC 8252 §7.3 with a provider that wants registered ports: the first free one of the list
    /// wins; when all are taken, the error names every one.
    @Test(arguments: [
        ([], [], [0], 49_152), ([8000, 18000], [], [8000], 8000), ([8000, 18000], [8000], [8000, 18000], 18000),
        ([8000, 18000, 28000], [8000, 18000], [8000, 18000, 28000], 28000), ([8000, 18000], [8000, 18000], [8000, 18000], nil),
        ([8000], [8000], [8000], nil),
    ] as [([UInt16], Set<UInt16>, [UInt16], UInt16?)])
    func theFirstFreePortWins(ports: [UInt16], busy: Set<UInt16>, tried: [UInt16], bound: UInt16?) throws {
        let redirect = FakeRedirect(.never)
        var context = context(redirect, transport: FakeTransport { _ in HTTPResponse(status: 500) })
        context.makeListener = { port in
            if busy.contains(port) { throw LoopbackError.portInUse(ports: [port]) }
            return try redirect.makeListener(port)
        }
        let result = Result { try LoopbackCodeGrant.listen(on: ports, context: context) }
        #expect(redirect.requestedPorts == tried.filter { !busy.contains($0) })
        if let bound {
            #expect(try result.get().redirectURI == "http://127.0.0.1:\(bound)/callback")
        } else {
            #expect(throws: LoopbackError.portInUse(ports: ports)) { try result.get() }
        }
    }

    @Test func theLoopbackWaitShowsTheTimeLeftUntilTheTimeout() async throws {
        let redirect = FakeRedirect(.code("code-123", iss: issuer))
        let provider = FakeOpenIDServer(authorization: { redirect.lastAuthorization })
        var context = context(redirect, transport: provider.transport)
        let progress = RecordingProgress()
        context.progress = progress
        _ = try await LoopbackCodeGrant(ports: [8123]).tokens(from: server(provider.transport), request: request, context: context)
        let shown = progress.shown.withLock { $0 }
        #expect(shown.map(\.label) == ["Waiting for the browser"])
        #expect(shown.first?.deadline == TestTokenFactory.now.addingTimeInterval(300))
        #expect(progress.stops.withLock { $0 } >= 1)
    }

    @Test func theDeviceWaitShowsTheCodeUntilItExpires() async throws {
        let transport = FakeTransport { request in
            switch request.url.path {
            case "/device":
                .json(["device_code": "dev-1", "user_code": "WDJB-MJHT", "verification_uri": "https://idp.example.com/device",
                       "expires_in": 120, "interval": 5])
            default: .json(["access_token": "at-device", "token_type": "Bearer", "expires_in": 3600])
            }
        }
        var context = context(FakeRedirect(.never), transport: transport)
        let progress = RecordingProgress()
        context.progress = progress
        let outcome = try await DeviceCodeGrant().tokens(from: server(transport, device: true), request: request, context: context)
        #expect(outcome.tokens.accessToken == "at-device")
        let shown = progress.shown.withLock { $0 }
        #expect(shown.map(\.label) == ["Waiting for the code WDJB-MJHT to be entered"])
        // The code expires (120 s) before the sign-in's timeout (300 s): the line counts down to that.
        #expect(shown.first?.deadline == TestTokenFactory.now.addingTimeInterval(120))
        #expect(progress.stops.withLock { $0 } == 1)
    }

    /// The device flow draws verification_uri_complete when the provider sends one, else
    /// verification_uri (the code is typed there).
    @Test(arguments: [
        ("https://idp.example.com/device?code=WDJB-MJHT" as String?, "https://idp.example.com/device?code=WDJB-MJHT"),
        (nil, "https://idp.example.com/device"),
    ])
    func theDeviceGrantDrawsTheURLToOpen(complete: String?, drawn: String) async throws {
        var members: [String: JSONValue] = [
            "device_code": "dev-1", "user_code": "WDJB-MJHT", "verification_uri": "https://idp.example.com/device", "expires_in": 120, "interval": 5,
        ]
        if let complete { members["verification_uri_complete"] = .string(complete) }
        let answer = JSONValue.object(members)
        let transport = FakeTransport { request in
            request.url.path == "/device" ? .json(answer) : .json(["access_token": "at-device", "token_type": "Bearer", "expires_in": 3600])
        }
        let drawings = LockedValue<[String]>([])
        var context = context(FakeRedirect(.never), transport: transport)
        context.drawQRCode = { url in drawings.withLock { $0.append(url) } }
        _ = try await DeviceCodeGrant().tokens(from: server(transport, device: true), request: request, context: context)
        #expect(drawings.withLock { $0 } == [drawn])
    }

    /// A URL printed for another device (no browser opened) is drawn; one a browser opens is not.
    @Test(arguments: [false, true])
    func theBrowserGrantDrawsOnlyWhatNoBrowserOpens(opensBrowser: Bool) async throws {
        let redirect = FakeRedirect(.code("code-123", iss: issuer))
        let provider = FakeOpenIDServer(authorization: { redirect.lastAuthorization })
        let drawings = LockedValue<[String]>([])
        var context = context(redirect, transport: provider.transport)
        context.drawQRCode = { url in drawings.withLock { $0.append(url) } }
        let grant = LoopbackCodeGrant(ports: [8123], acceptsPaste: false, opensBrowser: opensBrowser)
        let outcome = try? await grant.tokens(from: server(provider.transport), request: request, context: context)
        let drawn = drawings.withLock { $0 }
        if opensBrowser {
            #expect(outcome != nil && drawn.isEmpty)
        } else {
            #expect(drawn.count == 1 && drawn.first?.hasPrefix("https://") == true)
        }
    }

    /// Without a browser, the person is told of the device flow only when the provider has one.
    @Test(arguments: [(false, false, false), (false, true, true), (true, true, false)])
    func thePrintedURLNamesTheDeviceFlowWhereThereIsOne(opensBrowser: Bool, device: Bool, named: Bool) async throws {
        let redirect = FakeRedirect(.code("code-123", iss: issuer))
        let provider = FakeOpenIDServer(authorization: { redirect.lastAuthorization })
        let notices = LockedValue("")
        var context = context(redirect, transport: provider.transport)
        context.notify = { text in notices.withLock { $0 += text + "\n" } }
        let grant = LoopbackCodeGrant(ports: [8123], acceptsPaste: false, opensBrowser: opensBrowser)
        _ = try? await grant.tokens(from: server(provider.transport, device: device), request: request, context: context)
        #expect(notices.withLock { $0 }.contains("a device-code sign-in") == named)
    }

    @Test func deviceGrantNeedsAnEndpoint() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 500) }
        await #expect(throws: OAuthError.noDeviceEndpoint("oidc.test")) {
            try await DeviceCodeGrant().tokens(from: server(transport), request: request, context: context(FakeRedirect(.never), transport: transport))
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func idTokenGrantExpectsTheHashOfTheRawNonceAndAsksNothing() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 500) }
        let tokens = try await IDTokenGrant(idToken: "header.payload.signature", rawNonce: "abc").tokens(
            from: server(transport), request: request, context: context(FakeRedirect(.never), transport: transport)
        ).tokens
        // SHA-256("abc") (FIPS 180-2 B.1), hex.
        #expect(tokens.expectedNonce == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(tokens.rawNonce == "abc" && tokens.accessToken == nil && tokens.idToken == "header.payload.signature")
        #expect(transport.requests.isEmpty)
    }
}
