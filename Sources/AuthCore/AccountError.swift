import AuthPlatform

/// Errors of the account rules, named as in the Firebase Authentication SDK.
package enum AccountError: AuthCoreError, Equatable {
    case notSignedIn
    /// Nobody is signed in, and the command was told (or configured, as a credential helper is)
    /// which provider to use: the fix names it.
    case notSignedInWith(providerID: String)
    /// The signed-in user has no session for this provider.
    case noSession(providerID: String)
    /// The access token expired and cannot be refreshed here.
    case tokenExpired(providerID: String)
    /// The provider refused the refresh token (invalid_grant): that session is gone.
    case sessionExpired(providerID: String)
    /// The ID token has expired and no refresh renewed it.
    case idTokenExpired(providerID: String)
    /// The provider refused the stored refresh token after an earlier refresh was cut off in
    /// flight: it had rotated the token, and its answer never reached the keystore.
    case refreshInterrupted(providerID: String, at: Date)
    /// A refresh's answer carried an ID token that failed a hard check (OpenID Connect Core
    /// §3.1.3.7, §12.2): its refresh token was kept, its other tokens were not.
    case refreshedIDTokenRefused(providerID: String, reason: String)
    /// The stored ID token has expired and the last refresh brought none that passed its checks.
    case noFreshIDToken(providerID: String, reason: String)
    /// The session has no token of this kind (an ID-token-only sign-in has no access token).
    case noToken(providerID: String, kind: String)
    /// A new identity's verified email belongs to an existing user (the pending credential was saved);
    /// `routes` say how this machine can sign in with each of `providers` (the CLI fills them in).
    case accountExistsWithDifferentCredential(email: String, providers: [String], routes: [SignInRoute] = [])
    /// The identity already belongs to another user.
    case credentialAlreadyInUse(providerID: String, holder: String)
    case providerAlreadyLinked(providerID: String)
    case noSuchProvider(providerID: String, linked: [String])
    /// Reauthentication produced another person's identity.
    case userMismatch(providerID: String)
    case requiresRecentLogin(operation: String, providerID: String?, maximumAge: Int)
    /// Unlinking would leave the user with no way to sign in.
    case lastProvider(providerID: String)
    case noPendingCredential
    case pendingCredentialExpired(providerID: String)
    /// The pending credential was saved for another account than the signed-in one.
    case pendingForAnotherAccount(email: String)
    case unknownUser(String)
    /// `switch` to a user who is in the keystore but signed out.
    case userSignedOut(String, providerID: String?)
    case ambiguousUser(String, uids: [String])
    case invalidSetting(key: String, value: String, expected: String)
    case unknownSetting(String, known: [String])

    package var code: ErrorCode {
        switch self {
        case .notSignedIn, .notSignedInWith, .noSession, .noToken, .userSignedOut: .noCurrentUser
        case .tokenExpired, .idTokenExpired, .sessionExpired, .refreshInterrupted: .userTokenExpired
        case .accountExistsWithDifferentCredential: .accountExistsWithDifferentCredential
        case .credentialAlreadyInUse: .credentialAlreadyInUse
        case .providerAlreadyLinked: .providerAlreadyLinked
        case .noSuchProvider: .noSuchProvider
        case .userMismatch, .pendingForAnotherAccount: .userMismatch
        case .requiresRecentLogin: .requiresRecentLogin
        case .lastProvider: .lastSignInMethod
        case .unknownUser, .ambiguousUser, .invalidSetting, .unknownSetting: .invalidArgument
        case .refreshedIDTokenRefused, .noFreshIDToken: .invalidCredential
        // Nothing is wrong with a credential: there is none to link, and the way on is an
        // interactive 'link --provider' (status 3, as for any sign-in a person must do).
        case .noPendingCredential, .pendingCredentialExpired: .interactiveSignInRequired
        }
    }

    /// This error with what only the command line knows filled in: how each provider of an
    /// existing account can sign in on this machine (``SignInRoute``).
    package func withSignInRoutes(_ route: ([String]) -> [SignInRoute]) -> AccountError {
        guard case .accountExistsWithDifferentCredential(let email, let providers, _) = self else { return self }
        return .accountExistsWithDifferentCredential(email: email, providers: providers, routes: route(providers))
    }

    /// The `kind` of ``noToken(providerID:kind:)`` when a session that signed in with an ID
    /// token is asked for an access token: it has the ID token to offer instead.
    package static let accessTokenOfIDTokenSession = "access token (it signed in with an ID token)"

    package var message: String {
        let minutes = Int(PendingCredential.lifetime / 60)
        switch self {
        case .notSignedIn:
            return "not signed in"
        case .notSignedInWith:
            return "not signed in"
        case .noSession(let provider):
            return "the signed-in user has no session with \(provider)"
        case .tokenExpired(let provider):
            return "the access token for \(provider) has expired"
        case .idTokenExpired(let provider):
            return "the ID token for \(provider) has expired and no refresh renewed it"
        case .sessionExpired(let provider):
            return "the \(provider) session has expired (the provider refused the refresh token)"
        case .refreshInterrupted(let provider, let date):
            return "the last refresh of the \(provider) session (\(date.ISO8601Format())) was interrupted after the provider "
                + "rotated the refresh token, and its answer was lost"
        case .refreshedIDTokenRefused(let provider, let reason):
            return "the \(provider) provider answered the refresh with an ID token that failed its checks (\(reason)); "
                + "its new refresh token is kept, so the session is not lost, but no new token was handed out; "
                + "if this persists, sign in again"
        case .noFreshIDToken(let provider, let reason):
            return "no fresh ID token for \(provider): the stored one has expired, and the last refresh brought one that "
                + "failed its checks (\(reason)); the session still refreshes"
        case .noToken(let provider, let kind):
            return "the session with \(provider) has no \(kind)"
        case .accountExistsWithDifferentCredential(let email, let providers, let routes):
            return "an account already exists for \(email), which signs in with \(providers.joined(separator: ", "))"
                + (SignInRoute.obstacle(routes).map { "; \($0)" } ?? "")
        case .credentialAlreadyInUse(let provider, let holder):
            return "this \(provider) identity already belongs to another user (\(holder)); nothing changed"
        case .providerAlreadyLinked(let provider):
            return "\(provider) is already linked to the signed-in user"
        case .noSuchProvider(let provider, let linked):
            return "\(provider) is not linked to the signed-in user (linked: \(linked.joined(separator: ", ")))"
        case .userMismatch(let provider):
            return "the \(provider) sign-in was for another person than the signed-in user; the session is unchanged"
        case .requiresRecentLogin(let operation, _, let age):
            return "\(operation) needs a sign-in within the last \(age) seconds"
        case .lastProvider(let provider):
            return "\(provider) is the user's only provider; unlinking it would lock the account"
        case .noPendingCredential:
            return "there is no credential waiting to be linked (one is kept for \(minutes) minutes after a sign-in "
                + "stops with account-exists-with-different-credential)"
        case .pendingCredentialExpired(let provider):
            return "the pending \(provider) credential has expired (it is kept \(minutes) minutes)"
        case .pendingForAnotherAccount(let email):
            return "the pending credential is for the account of \(email), not the signed-in user; sign in as that account first"
        case .unknownUser(let query):
            return "no user '\(query)' in this keystore"
        case .userSignedOut(let user, _):
            return "\(user) is signed out (sign in as that user)"
        case .ambiguousUser(let query, let uids):
            return "'\(query)' matches several users (\(uids.joined(separator: ", "))); give the uid"
        case .invalidSetting(let key, let value, let expected):
            return "'\(value)' is not a value for \(key): expected \(expected)"
        case .unknownSetting(let key, let known):
            return "unknown setting '\(key)' (settings: \(known.joined(separator: ", ")))"
        }
    }

    package var remedy: Remedy? {
        switch self {
        case .notSignedIn: .signIn(providerID: nil)
        case .notSignedInWith(let provider): .signIn(providerID: provider)
        case .refreshedIDTokenRefused, .noFreshIDToken: .tryAgain
        case .noSession(let provider), .tokenExpired(let provider), .idTokenExpired(let provider): .signIn(providerID: provider)
        case .userSignedOut(_, let provider): .signIn(providerID: provider)
        case .sessionExpired(let provider), .refreshInterrupted(let provider, _): .signInAgain(providerID: provider)
        case .noToken(_, let kind): kind == Self.accessTokenOfIDTokenSession ? .askForIDToken : nil
        case .accountExistsWithDifferentCredential(_, _, let routes):
            SignInRoute.linkPendingRemedy(routes, minutes: Int(PendingCredential.lifetime / 60))
        case .requiresRecentLogin(_, let provider, _): .reauthenticate(providerID: provider)
        case .lastProvider: .deleteAccount
        case .noPendingCredential: .link(providerID: nil)
        case .pendingCredentialExpired(let provider): .link(providerID: provider)
        case .unknownUser: .chooseUser
        default: nil
        }
    }

    package var details: [String: ErrorDetail] {
        switch self {
        case .accountExistsWithDifferentCredential(let email, let providers, _):
            ["email": .string(email), "providers": .strings(providers)]
        case .credentialAlreadyInUse(let provider, let holder):
            ["providerId": .string(provider), "holder": .string(holder)]
        case .providerAlreadyLinked(let provider), .userMismatch(let provider), .lastProvider(let provider):
            ["providerId": .string(provider)]
        case .refreshedIDTokenRefused(let provider, let reason), .noFreshIDToken(let provider, let reason):
            ["providerId": .string(provider), "reason": .string(reason)]
        case .noSuchProvider(let provider, let linked):
            ["providerId": .string(provider), "providers": .strings(linked)]
        case .requiresRecentLogin(_, let provider, let age):
            ["maximumAgeSeconds": .int(age)].merging(provider.map { ["providerId": .string($0)] } ?? [:]) { a, _ in a }
        default:
            [:]
        }
    }
}
