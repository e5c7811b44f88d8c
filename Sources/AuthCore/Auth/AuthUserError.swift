/// Errors of the account rules.
public enum AuthUserError: AuthCoreError, Equatable {
    case notSignedIn
    /// The signed-in user has no session for this provider.
    case noSession(providerID: String)
    /// The access token expired and cannot be refreshed here.
    case tokenExpired(providerID: String)
    /// The provider returned no ID token to print.
    case noIDToken(providerID: String)

    public var code: AuthErrorCode {
        switch self {
        case .notSignedIn, .noSession, .noIDToken: .noCurrentUser
        case .tokenExpired: .userTokenExpired
        }
    }

    public var message: String {
        switch self {
        case .notSignedIn:
            "not signed in; run 'authctl signin --provider <id>'"
        case .noSession(let provider):
            "the signed-in user has no session with \(provider); run 'authctl signin --provider \(provider)'"
        case .tokenExpired(let provider):
            "the access token for \(provider) has expired; run 'authctl signin --provider \(provider)'"
        case .noIDToken(let provider):
            "\(provider) returned no ID token for this session"
        }
    }
}
