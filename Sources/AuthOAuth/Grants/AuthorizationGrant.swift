import AuthCrypto
import AuthPlatform

/// One way of obtaining tokens from an authorization server (RFC 6749 §1.3): the browser and a
/// loopback redirect, a pasted redirect, a device code, or an ID token obtained elsewhere.
///
/// A grant checks what OAuth lets it check (state, `iss`, PKCE, the token response); who signed
/// in is proven afterwards by the provider (ID token and userinfo, or GitHub's API).
package protocol AuthorizationGrant: Sendable {
    func tokens(from server: AuthorizationServer, request: SignInRequest, context: GrantContext) async throws -> GrantOutcome
}

/// What a grant obtained: the tokens, and the browser's request when one waits for the sign-in's
/// outcome (the loopback redirect), to be answered with ``BrowserReply/finish(_:)``.
package struct GrantOutcome: Sendable {
    package var tokens: GrantedTokens
    package var reply: any BrowserReply

    package init(tokens: GrantedTokens, reply: any BrowserReply = NoBrowserReply()) {
        self.tokens = tokens
        self.reply = reply
    }
}

/// An authorization server as a grant sees it: endpoints, the client, and the rules it announced.
/// The provider kind builds it (from discovery, or from GitHub's fixed layout).
package struct AuthorizationServer: Sendable {
    /// For messages only (`oidc.corp`, `github.com`).
    package var providerID: String
    /// May carry a query of its own; the request's parameters are appended.
    package var authorizationEndpoint: String
    /// The token endpoint, with the client authentication the server takes for this client.
    package var tokenClient: TokenClient
    /// RFC 8628 §4; nil when the server offers no device authorization.
    package var deviceAuthorization: DeviceAuthorizationEndpoint?
    /// RFC 9207 issuer identifier, checked against the redirect's `iss`; nil for a server without one.
    package var issuer: String?
    /// RFC 9207 §3: the redirect must carry `iss`.
    package var issuerParameterRequired: Bool
    /// OpenID Connect sends a nonce (Core §3.1.2.1); plain OAuth servers get none.
    package var sendsNonce: Bool
    /// RFC 8414 `code_challenge_methods_supported`; empty when the server does not say.
    package var codeChallengeMethodsSupported: [String]
    /// `prompt_values_supported`; nil when the server does not list them.
    package var promptValuesSupported: [String]?

    package init(
        providerID: String, authorizationEndpoint: String, tokenClient: TokenClient,
        deviceAuthorization: DeviceAuthorizationEndpoint? = nil, issuer: String? = nil, issuerParameterRequired: Bool = false,
        sendsNonce: Bool, codeChallengeMethodsSupported: [String] = [], promptValuesSupported: [String]? = nil
    ) {
        self.providerID = providerID
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenClient = tokenClient
        self.deviceAuthorization = deviceAuthorization
        self.issuer = issuer
        self.issuerParameterRequired = issuerParameterRequired
        self.sendsNonce = sendsNonce
        self.codeChallengeMethodsSupported = codeChallengeMethodsSupported
        self.promptValuesSupported = promptValuesSupported
    }
}

/// Where and as whom to ask for a device code (RFC 8628 §3.1).
package struct DeviceAuthorizationEndpoint: Sendable {
    package var url: URL
    /// The token endpoint client for polling; its authentication may differ from the code
    /// exchange's (GitHub's device flow sends `client_id` only).
    package var tokenClient: TokenClient

    package init(url: URL, tokenClient: TokenClient) {
        self.url = url
        self.tokenClient = tokenClient
    }
}

/// What the person asked of one sign-in, from the front door to the grant: the one request type
/// (Decisions/0038). The application layer's `SignIn.Input` carries it as given; the provider's
/// flow hands the grant the same value with the provider's scopes and parameters merged in and the
/// timeout cut to what is left of the deadline; a project's flow forwards it to the backend.
package struct SignInRequest: Sendable, Equatable {
    /// How long to wait for the person: five minutes (`signin --timeout`).
    package static let defaultTimeout: Duration = .seconds(300)

    package var providerID: String
    /// Scopes in order (duplicates are dropped when sent): the person's, and at the grant the
    /// provider's before them.
    package var scopes: [String]
    /// Custom authorization parameters (`--param`), checked against the reserved names.
    package var parameters: [String: String]
    /// A `prompt` to send unless `parameters` has one, and only where the server lists it (or
    /// lists nothing): `login` for reauthentication.
    package var preferredPrompt: String?
    /// How long the person has to finish: the browser, the paste, or the device code.
    package var timeout: Duration
    /// The listener's ports, the first free one winning (empty: the provider's, or any free port).
    package var redirectPorts: [UInt16]
    /// False for `--no-browser` (or a machine with none): only print the URL.
    package var opensBrowser: Bool

    package init(
        providerID: String = "", scopes: [String] = [], parameters: [String: String] = [:], preferredPrompt: String? = nil,
        timeout: Duration = defaultTimeout, redirectPorts: [UInt16] = [], opensBrowser: Bool = true
    ) {
        self.providerID = providerID
        self.scopes = scopes
        self.parameters = parameters
        self.preferredPrompt = preferredPrompt
        self.timeout = timeout
        self.redirectPorts = redirectPorts
        self.opensBrowser = opensBrowser
    }
}

/// The effects a grant needs, injected: so tests run a whole grant with a fake network, a fake
/// listener, a fixed clock and an instant sleep.
package struct GrantContext: Sendable {
    package var transport: any HTTPTransport
    package var clock: Clock
    package var random: any RandomSource
    package var browser: any BrowserOpener
    /// Tells the person something (stderr).
    package var notify: @Sendable (String) -> Void
    /// `--verbose` diagnostics (stderr); never given a secret.
    package var log: @Sendable (String) -> Void
    /// One line pasted by the person (stdin), or nil at the end of input.
    package var readPastedLine: @Sendable () async -> String?
    /// Waits (device-flow polls, the paste's timeout); throws when the task is cancelled.
    package var sleep: @Sendable (Duration) async throws -> Void
    /// Starts listening for the redirect on a port (0: any free port).
    package var makeListener: @Sendable (_ port: UInt16) throws -> any RedirectListener
    /// The status line while waiting on the person (only on a terminal).
    package var progress: any ProgressDisplay
    /// Shows a URL meant for another device as a QR code too (stderr, on a terminal); a no-op
    /// by default.
    package var drawQRCode: @Sendable (_ url: String) -> Void
    /// Shows a URL meant for another device: its QR code where it fits the window with `following`
    /// (the URL and what to do) below it, then `following`, so that both stay on screen; `then` is
    /// the prompt that comes next (nil: a status line), kept on screen too (Decisions/0029). Nil:
    /// ``drawQRCode`` then ``notify``.
    package var presentForAnotherDevice: (@Sendable (_ url: String, _ following: String, _ then: String?) -> Void)? = nil
    /// Why no browser is opened (the headless rules), said with the URL; nil when one is, or when
    /// the person asked for none.
    package var whyNoBrowser: String? = nil
    /// A person can paste at a terminal (stdin is one): a browser that fails to start then brings
    /// the paste prompt instead of a wait for a redirect that cannot come.
    package var canAskForPaste = false

    package init(
        transport: any HTTPTransport, clock: Clock, random: any RandomSource, browser: any BrowserOpener,
        notify: @escaping @Sendable (String) -> Void, log: @escaping @Sendable (String) -> Void,
        readPastedLine: @escaping @Sendable () async -> String? = { nil },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        makeListener: @escaping @Sendable (UInt16) throws -> any RedirectListener = { try LoopbackRedirectListener(port: $0) },
        progress: any ProgressDisplay = NoProgress(), drawQRCode: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.transport = transport
        self.clock = clock
        self.random = random
        self.browser = browser
        self.notify = notify
        self.log = log
        self.readPastedLine = readPastedLine
        self.sleep = sleep
        self.progress = progress
        self.makeListener = makeListener
        self.drawQRCode = drawQRCode
    }
}

extension GrantContext {
    /// `url` for another device, with `following` after it and room for `then` (``presentForAnotherDevice``).
    package func showForAnotherDevice(_ url: String, following: String, then: String? = nil) {
        if let presentForAnotherDevice { return presentForAnotherDevice(url, following, then) }
        drawQRCode(url)
        notify(following)
    }
}

/// The tokens a grant obtained, before the provider has proven whose they are.
package struct GrantedTokens: Sendable, Equatable {
    /// Nil only for an ID token obtained elsewhere (``IDTokenGrant``).
    package var accessToken: String?
    package var tokenType: String
    package var idToken: String?
    package var refreshToken: String?
    /// Seconds, as sent; see ``expiresAt``.
    package var expiresIn: Int?
    /// When the token request was sent or answered (erring early): expiry counts from here, so
    /// clock skew with the provider cannot matter.
    package var receivedAt: Date
    package var scope: String?
    /// The nonce the ID token must carry (OpenID Connect Core §3.1.3.7 step 11), if one was sent.
    package var expectedNonce: String?
    /// The nonce kept with the credential (the SDK's `OAuthCredential.rawNonce`).
    package var rawNonce: String?

    package init(
        accessToken: String?, tokenType: String = "Bearer", idToken: String? = nil, refreshToken: String? = nil,
        expiresIn: Int? = nil, receivedAt: Date, scope: String? = nil, expectedNonce: String? = nil, rawNonce: String? = nil
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.receivedAt = receivedAt
        self.scope = scope
        self.expectedNonce = expectedNonce
        self.rawNonce = rawNonce
    }

    /// A token endpoint's answer, received at `receivedAt`, for a request that sent `nonce`
    /// (kept as `rawNonce` by the client).
    package init(_ response: TokenResponse, receivedAt: Date, nonce: String?, rawNonce: String?) {
        self.init(
            accessToken: response.accessToken, tokenType: response.tokenType, idToken: response.idToken,
            refreshToken: response.refreshToken, expiresIn: response.expiresIn, receivedAt: receivedAt,
            scope: response.scope, expectedNonce: nonce, rawNonce: rawNonce
        )
    }

    /// When the access token expires, if the server said.
    package var expiresAt: Date? {
        expiresIn.map { receivedAt.addingTimeInterval(TimeInterval($0)) }
    }
}

extension ProviderCredential {
    /// The credential for `tokens`. A credential without an access token (an ID token obtained
    /// elsewhere) lives as long as its ID token: `idTokenExpiresAt`.
    package init(providerID: String, tokens: GrantedTokens, idTokenExpiresAt: Date?) {
        self.init(
            providerID: providerID, accessToken: tokens.accessToken, tokenType: tokens.tokenType, idToken: tokens.idToken,
            refreshToken: tokens.refreshToken, expiresAt: tokens.accessToken == nil ? idTokenExpiresAt : tokens.expiresAt,
            obtainedAt: tokens.accessToken == nil ? nil : tokens.receivedAt, scope: tokens.scope, rawNonce: tokens.rawNonce
        )
    }
}
