internal import AuthApp
import Foundation

extension Engine {
    /// Signs in, links or reauthenticates with a credential, as its kind says.
    func use(_ credential: AuthCredential, for purpose: FederatedPurpose, as uid: String?) async throws -> AuthDataResult {
        if let email = credential as? EmailAuthCredential { return try await use(email, for: purpose, as: uid) }
        if let emailLink = credential as? EmailLinkAuthCredential { return try await use(emailLink, for: purpose, as: uid) }
        guard let oauth = credential as? OAuthCredential else {
            throw AuthError(.invalidCredential, "\(credential.provider) credentials are not supported; use an OAuthCredential")
        }
        let proof: SignIn.Proof
        switch oauth.kind {
        case .verified(let verified, let profile): proof = .verified(verified, profile)
        case .idToken(let token, let rawNonce): proof = .idToken(token, rawNonce: rawNonce)
        case .accessToken(let token, let secret): proof = .accessToken(token, secret: secret)
        case .providerAnswer(let answer): proof = .providerAnswer(answer)
        case .pending:
            guard purpose == .link else {
                throw AuthError(.invalidCredential, "the kept credential of an account-exists error can only be linked: sign in first, then link it")
            }
            return try await AuthError.translating(providerID: oauth.provider) {
                AuthDataResult(try await AccountOperations(runtime: try runtime()).linkPending(expectedUID: uid), auth: auth)
            }
        case .issued:
            throw AuthError(.invalidCredential, "the tokens of a finished sign-in cannot sign in again; get a new credential")
        }
        var input = SignIn.Input(providerID: oauth.provider, purpose: purpose, proof: proof, timeoutSetting: "OAuthProvider.timeout")
        input.fullName = oauth.fullName.map { PersonName(givenName: $0.givenName, familyName: $0.familyName) }
        return try await signIn(input, presenter: .printURL, as: uid)
    }
}

extension Engine {
    /// The signed-in user `uid` read again: the backend's copy (a project's accounts:lookup, as
    /// the SDK's getAccountInfo), the keystore's for local accounts (``CurrentUser``, the rule
    /// `whoami --refresh` follows).
    func reload(_ uid: String) async throws -> AccountRecord {
        try await CurrentUser(runtime: try runtime()).signedIn(from: .backend, expectedUID: uid)
    }

    /// Signs in or reauthenticates with an email and password; linking one is not supported.
    func use(_ credential: EmailAuthCredential, for purpose: FederatedPurpose, as uid: String?) async throws -> AuthDataResult {
        switch purpose {
        case .signIn:
            return AuthDataResult(try await EmailAndPassword(runtime: try runtime()).signIn(email: credential.email, password: credential.password), auth: auth)
        case .reauthenticate:
            let accounts = EmailAndPassword(runtime: try runtime())
            return AuthDataResult(try await accounts.reauthenticate(password: credential.password, expectedUID: uid ?? ""), auth: auth)
        default:
            throw AuthError(.operationNotAllowed, "linking an email and password is not supported here; create the user with it instead")
        }
    }
}
