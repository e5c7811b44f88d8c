import AuthOAuth

/// What a federated sign-in is for: the three things the SDKs do with a provider's credential.
package enum FederatedPurpose: String, Sendable, Equatable {
    case signIn = "signin"
    case link
    case reauthenticate = "reauth"
}

/// A backend that runs the provider's sign-in flow itself, as a Firebase project does for the
/// SDKs: it builds the authorization URL from the provider app registered in its console, and
/// later exchanges the code with that app's secret, which never reaches this machine. authctl
/// carries the browser there and brings its answer back (``BrokeredSignInFlow``).
///
/// A capability: commands ask the account backend for it (`auth.backend as? any ProviderFlowBroker`)
/// and never name a concrete backend.
package protocol ProviderFlowBroker: AccountBackend {
    /// The backend's own page a provider may always return to (`https://AUTH_DOMAIN/__/auth/handler`).
    var handlerURI: String { get }

    /// Whether the console's apps that have one return address (``ProjectFlowTraits/returnsOnlyToHandler``,
    /// GitHub's) were set up to accept `http://localhost` too, so the flow may come back to this
    /// machine's listener; every other app accepts it.
    var oneCallbackAppsAcceptLocalhost: Bool { get }

    /// Asks for the authorization URL of `request.providerID`, returning to `request.continueURI`.
    func beginProviderFlow(_ request: BrokeredFlowRequest) async throws -> BrokeredAuthorization

    /// Hands the provider's answer to the backend, which checks it, exchanges the code, and
    /// applies the account rules of `purpose`, as ``AccountBackend/signIn(with:profile:)`` does.
    func completeProviderFlow(
        _ authorization: BrokeredAuthorization, answer: ForwardedRedirect, purpose: FederatedPurpose
    ) async throws -> SignInResult
}

/// What the person asks the backend's flow for.
package struct BrokeredFlowRequest: Sendable, Equatable {
    package var providerID: String
    /// Where the provider sends the browser back to: the loopback listener or the backend's handler.
    package var continueURI: String
    /// Scopes beyond the provider's defaults (`--scope`).
    package var scopes: [String]
    /// Extra authorization parameters (`--param`).
    package var customParameters: [String: String]

    package init(providerID: String, continueURI: String, scopes: [String] = [], customParameters: [String: String] = [:]) {
        self.providerID = providerID
        self.continueURI = continueURI
        self.scopes = scopes
        self.customParameters = customParameters
    }
}

/// The backend's answer: where to send the browser, and the session that ties the answer to it.
package struct BrokeredAuthorization: Sendable, Equatable {
    package var providerID: String
    package var authorizationURL: URL
    /// The backend's handle for this flow (`sessionId`), sent back with the answer.
    package var sessionID: String
    package var continueURI: String

    package init(providerID: String, authorizationURL: URL, sessionID: String, continueURI: String) {
        self.providerID = providerID
        self.authorizationURL = authorizationURL
        self.sessionID = sessionID
        self.continueURI = continueURI
    }
}

extension ProviderFlowBroker {
    /// A one-callback app (a GitHub OAuth App) returns only to the handler page unless told.
    package var oneCallbackAppsAcceptLocalhost: Bool { false }
}
