/// One `name=value` pair of a query, decoded as application/x-www-form-urlencoded.
public struct CallbackParameter: Sendable, Equatable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The request that reached the redirect URI: its path and its query parameters, in order and
/// with repeats kept, so that the caller can refuse a repeated OAuth parameter (RFC 6749 §3.1).
public struct CallbackRequest: Sendable, Equatable {
    /// The path as received, not percent-decoded (always ``LoopbackRedirectListener/callbackPath`` from the listener).
    public var path: String
    /// Every query parameter, in order of appearance.
    public var parameters: [CallbackParameter]

    public init(path: String = LoopbackRedirectListener.callbackPath, parameters: [CallbackParameter]) {
        self.path = path
        self.parameters = parameters
    }

    /// Every value of `name`, in order of appearance.
    public func values(named name: String) -> [String] {
        parameters.filter { $0.name == name }.map(\.value)
    }

    /// Names that occur more than once, in order of first appearance.
    public var repeatedNames: [String] {
        var seen: Set<String> = []
        var repeated: [String] = []
        for parameter in parameters where !seen.insert(parameter.name).inserted && !repeated.contains(parameter.name) {
            repeated.append(parameter.name)
        }
        return repeated
    }
}

/// The redirect seam: something that hands the first request to its redirect URI to `evaluate`,
/// shows the person a result page, and returns what `evaluate` decided.
///
/// ``LoopbackRedirectListener`` is the live one; ``GrantContext/makeListener`` injects it, and
/// tests of the grants supply a fake.
public protocol RedirectListener: Sendable {
    /// The exact redirect URI to send in the authorization and token requests.
    var redirectURI: String { get }

    /// Waits for the first request to the redirect URI and ends with it, whatever `evaluate` says.
    /// `evaluate` runs once, off the caller's task, and should be quick and pure.
    func waitForCallback<T: Sendable>(
        timeout: Duration,
        evaluate: @escaping @Sendable (CallbackRequest) throws -> T
    ) async throws -> T

    /// Stops listening and frees the port (a no-op once a wait has ended).
    func close() async
}
