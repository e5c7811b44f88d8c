import AuthCore
import AuthPlatform

/// The session a sign-in answers: `idToken`, `refreshToken` and `expiresIn`.
struct SessionTokens: Sendable, Equatable {
    var idToken: String
    var refreshToken: String
    var expiresIn: Int

    /// Nil when the answer has no `idToken`; one with an ID token but not the rest is unusable.
    init?(_ answer: AnswerReader) throws(FirebaseError) {
        guard answer.contains("idToken") else { return nil }
        guard let idToken = answer.string("idToken"), let refreshToken = answer.string("refreshToken"),
            let expiresIn = answer.seconds("expiresIn")
        else { throw answer.invalid("no idToken, refreshToken and expiresIn") }
        self.init(idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn)
    }

    init(idToken: String, refreshToken: String, expiresIn: Int) {
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }
}

/// What a sign-in answers (SignUpResponse, VerifyPasswordResponse, VerifyCustomTokenResponse,
/// EmailLinkSigninResponse, VerifyAssertionResponse): the session, unless the account needs a
/// second factor first or (signInWithIdp) another account has the email.
struct SignInResponse: ProjectAnswer, Equatable {
    /// `mfaPendingCredential` and the enrolled factors (`mfaInfo`), instead of a session.
    struct PendingSecondFactor: Sendable, Equatable {
        var credential: String
        var factors: [EnrolledFactor]
    }

    /// The call answered, for errors.
    var method: String
    /// Present unless a second factor is pending or `needsConfirmation`.
    var tokens: SessionTokens?
    var pendingSecondFactor: PendingSecondFactor?
    /// signInWithIdp's `needConfirmation`: another account of the project has this email.
    var needsConfirmation: Bool
    /// The user's uid (signInWithCustomToken's answer has none; its ID token does).
    var localID: String?
    var providerID: String?
    var isNewUser: Bool
    var email: String?
    /// needConfirmation: the providers of the account that has the email, and the project's handle
    /// for the credential it kept (`link --pending` sends it back).
    var verifiedProviders: [String]
    var pendingToken: String?
    /// What signInWithIdp returns of the provider's side (`returnIdpCredential`); empty for the rest.
    var identity: ProviderIdentityAnswer

    init(_ answer: AnswerReader) throws(FirebaseError) {
        method = answer.method
        pendingSecondFactor = answer.string("mfaPendingCredential").map {
            PendingSecondFactor(credential: $0, factors: MultiFactorAnswer.factors(in: answer))
        }
        needsConfirmation = answer.bool("needConfirmation") == true
        tokens = pendingSecondFactor == nil ? try SessionTokens(answer) : nil
        if tokens == nil, pendingSecondFactor == nil, !needsConfirmation { throw answer.invalid("no idToken, refreshToken and expiresIn") }
        localID = answer.string("localId")
        providerID = answer.string("providerId")
        isNewUser = answer.bool("isNewUser") ?? false
        email = answer.string("email")
        verifiedProviders = answer.strings("verifiedProvider") ?? []
        pendingToken = answer.string("pendingToken")
        identity = ProviderIdentityAnswer(answer)
    }

    /// The same, for the calls whose answer always names the user and carries a session (signUp,
    /// signInWithEmailLink): a missing `localId` or session is refused before anything is stored.
    init(namingTheUser answer: AnswerReader) throws(FirebaseError) {
        try self.init(answer)
        guard localID?.isEmpty == false, tokens != nil else { throw answer.invalid("no localId, idToken, refreshToken and expiresIn") }
    }

    /// The session, where one is needed: an answer without one is unusable there.
    func session() throws(FirebaseError) -> SessionTokens {
        guard let tokens else { throw .invalidResponse(method: method, reason: "no idToken, refreshToken and expiresIn") }
        return tokens
    }

    /// The answer, marked with the provider it does not name: the one `reauth` picks by default,
    /// and the one a requires-recent-login message names.
    func marked(provider: String) -> SignInResponse {
        var marked = self
        marked.providerID = providerID ?? provider
        return marked
    }
}

/// The provider's credential and profile signInWithIdp returns (`returnIdpCredential`): authctl
/// never saw the provider's tokens of a flow the project ran, only what the project hands back.
struct ProviderIdentityAnswer: Sendable, Equatable {
    var accessToken: String?
    var idToken: String?
    var refreshToken: String?
    var expiresIn: Int?
    /// `federatedId` (or `rawId`): the provider's id for the person, maybe prefixed by the provider's.
    var federatedID: String?
    var emailVerified: Bool
    var displayName: String?
    var photoURL: String?
    var screenName: String?
    /// `rawUserInfo`: the provider's profile, a JSON document inside a string.
    var rawUserInfo: JSONValue?

    init(_ answer: AnswerReader) {
        accessToken = answer.string("oauthAccessToken")
        idToken = answer.string("oauthIdToken")
        refreshToken = answer.string("oauthRefreshToken")
        expiresIn = answer.seconds("oauthExpireIn")
        federatedID = answer.string("federatedId") ?? answer.string("rawId")
        emailVerified = answer.bool("emailVerified") ?? false
        displayName = answer.string("displayName")
        photoURL = answer.string("photoUrl")
        screenName = answer.string("screenName")
        rawUserInfo = answer.embeddedDocument("rawUserInfo")
    }
}
