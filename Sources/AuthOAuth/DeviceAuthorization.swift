import AuthPlatform

/// What the device authorization endpoint answered (RFC 8628 §3.2): the code to poll with, and
/// what to show the person.
package struct DeviceAuthorization: Sendable, Equatable {
    /// Secret: sent only to the token endpoint, never shown.
    package var deviceCode: String
    /// What the person types at ``verificationURI``.
    package var userCode: String
    package var verificationURI: String
    /// The URI with the user code already in it, when the server offers one (§3.3.1).
    package var verificationURIComplete: String?
    /// `expires_in`, as sent.
    package var expiresIn: Int
    /// When the device code dies: ``expiresIn`` after the request was sent (erring early, never late).
    package var expiresAt: Date
    /// The minimum wait between polls (`interval`, default ``DeviceAuthorizationClient/defaultInterval``).
    package var interval: Duration

    package init(
        deviceCode: String, userCode: String, verificationURI: String, verificationURIComplete: String? = nil,
        expiresIn: Int, expiresAt: Date, interval: Duration = DeviceAuthorizationClient.defaultInterval
    ) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresIn = expiresIn
        self.expiresAt = expiresAt
        self.interval = interval
    }

    /// Reads a device authorization response received at `receivedAt`.
    ///
    /// Accepts `verification_url` (an older draft's name, still sent by some servers) where
    /// `verification_uri` is missing. The URIs must obey ``URLPolicy`` and the codes may not
    /// hold control characters: both are printed to a terminal for a person to act on.
    package static func parse(_ body: [UInt8], receivedAt: Date) throws(OAuthError) -> DeviceAuthorization {
        guard let json = try? JSONValue.parse(body), json.objectValue != nil else {
            throw .invalidDeviceAuthorization("not a JSON object")
        }
        func text(_ name: String) throws(OAuthError) -> String {
            guard let value = json[name]?.stringValue, !value.isEmpty else { throw .invalidDeviceAuthorization("no \(name)") }
            guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .invalidDeviceAuthorization("\(name) holds control characters")
            }
            return value
        }
        func seconds(_ name: String) -> Int? {
            json[name]?.intValue ?? json[name]?.stringValue.flatMap { Int($0) }
        }
        func checkedURI(_ name: String, _ value: String) throws(OAuthError) -> String {
            do {
                try URLPolicy.check(value, field: name, allowQuery: true)
            } catch {
                throw .invalidDeviceAuthorization(error.message)
            }
            return value
        }
        let deviceCode = try text("device_code")
        let userCode = try text("user_code")
        let verificationName = json["verification_uri"] == nil && json["verification_url"] != nil ? "verification_url" : "verification_uri"
        let verificationURI = try checkedURI(verificationName, try text(verificationName))
        let complete: String? = if json["verification_uri_complete"] != nil {
            try checkedURI("verification_uri_complete", try text("verification_uri_complete"))
        } else {
            nil
        }
        guard let expiresIn = seconds("expires_in"), expiresIn > 0 else { throw .invalidDeviceAuthorization("no positive expires_in") }
        let interval = seconds("interval").map { Duration.seconds(max($0, DeviceAuthorizationClient.minimumIntervalSeconds)) }
        return DeviceAuthorization(
            deviceCode: deviceCode, userCode: userCode, verificationURI: verificationURI, verificationURIComplete: complete,
            expiresIn: expiresIn, expiresAt: receivedAt.addingTimeInterval(TimeInterval(expiresIn)),
            interval: interval ?? DeviceAuthorizationClient.defaultInterval
        )
    }
}

/// The OAuth 2.0 Device Authorization Grant (RFC 8628): asks for a user code, then polls the
/// token endpoint while the person approves on another device.
///
/// The token endpoint, client id and client authentication are those of `tokenClient` (GitHub's
/// device flow authenticates with `client_id` only: give it a ``ClientAuthentication/none`` client).
/// Sleeping and the clock are injected, so tests run instantly.
package struct DeviceAuthorizationClient: Sendable {
    /// RFC 8628 §3.4.
    package static let grantType = "urn:ietf:params:oauth:grant-type:device_code"
    /// RFC 8628 §3.2: "If no value is provided, clients MUST use 5 as the default."
    package static let defaultInterval: Duration = .seconds(5)
    /// RFC 8628 §3.5: `slow_down` adds 5 seconds to the interval, for this and all later polls.
    package static let slowDownIncrement: Duration = .seconds(5)
    /// A server's `interval` of 0 would make us hammer it; poll at most once a second.
    static let minimumIntervalSeconds = 1

    package let deviceAuthorizationEndpoint: URL
    package let tokenClient: TokenClient
    private let clock: Clock
    private let sleep: @Sendable (Duration) async throws -> Void

    /// `sleep` must throw when the task is cancelled, as `Task.sleep` does.
    package init(
        deviceAuthorizationEndpoint: URL, tokenClient: TokenClient, clock: Clock,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.tokenClient = tokenClient
        self.clock = clock
        self.sleep = sleep
    }

    /// Asks for a device code and user code (RFC 8628 §3.1).
    package func start(scopes: [String], additionalParameters: [(String, String)] = []) async throws -> DeviceAuthorization {
        var fields = additionalParameters
        if !scopes.isEmpty { fields.insert(("scope", AuthorizationRequest.uniqued(scopes).joined(separator: " ")), at: 0) }
        let request = tokenClient.authenticatedFormRequest(to: deviceAuthorizationEndpoint, fields: fields)
        let receivedAt = clock.now()
        let response = try await tokenClient.transport.send(request)
        let json = try? JSONValue.parse(response.body)
        // §3.2: errors are those of RFC 6749 §5.2; GitHub may send them with HTTP 200.
        if let error = json?["error"]?.stringValue {
            throw OAuthError.authorizationFailed(error: error, description: json?["error_description"]?.stringValue)
        }
        guard (200..<300).contains(response.status) else {
            throw OAuthError.authorizationFailed(error: "HTTP \(response.status) from the device authorization endpoint", description: nil)
        }
        return try DeviceAuthorization.parse(response.body, receivedAt: receivedAt)
    }

    /// Polls the token endpoint (RFC 8628 §3.4) until the person approves, refuses, or the code expires.
    ///
    /// `authorization_pending` waits ``DeviceAuthorization/interval``; `slow_down` adds
    /// ``slowDownIncrement`` for good (§3.5); a request timeout doubles the interval (§3.5's
    /// backoff). `access_denied` throws ``OAuthError/accessDenied(description:)``; `expired_token`,
    /// or reaching ``DeviceAuthorization/expiresAt`` or `deadline` first, throws
    /// ``OAuthError/deviceCodeExpired``. Cancelling the task ends the wait with `CancellationError`.
    package func poll(_ authorization: DeviceAuthorization, deadline: Date? = nil) async throws -> TokenResponse {
        let end = min(authorization.expiresAt, deadline ?? authorization.expiresAt)
        var interval = authorization.interval
        while true {
            try Task.checkCancellation()
            guard clock.now() < end else { throw OAuthError.deviceCodeExpired }
            do {
                return try await tokenClient.post([("grant_type", Self.grantType), ("device_code", authorization.deviceCode)])
            } catch let failure as OAuthError {
                guard case .tokenEndpointError(let error, let description, _) = failure else { throw failure }
                switch error {
                case "authorization_pending": break
                case "slow_down": interval += Self.slowDownIncrement
                case "access_denied": throw OAuthError.accessDenied(description: description)
                case "expired_token": throw OAuthError.deviceCodeExpired
                default: throw failure
                }
            } catch HTTPTransportError.timedOut {
                interval *= 2
            }
            let remaining = Duration.seconds(end.timeIntervalSince(clock.now()))
            try await sleep(min(interval, max(remaining, .zero)))
        }
    }
}
