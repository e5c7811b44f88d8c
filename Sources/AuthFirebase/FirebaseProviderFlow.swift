import AuthCore
import AuthOAuth
import AuthPlatform
import AuthProviders

/// The provider flow run by the project, as the SDKs' headful sign-in runs it over REST:
/// createAuthUri for the authorization URL, then signInWithIdp with the provider's answer. The
/// project checks `state` and exchanges the code with the client secret of its console.
extension FirebaseAccountBackend: ProviderFlowBroker {
    package var handlerURI: String { project.handlerURI }

    /// The console's GitHub app accepts localhost only when `firebase use --github-localhost` says so.
    package var oneCallbackAppsAcceptLocalhost: Bool { project.githubAcceptsLocalhost == true }

    package func beginProviderFlow(_ request: BrokeredFlowRequest) async throws -> BrokeredAuthorization {
        let call = CreateAuthURIRequest(
            providerID: request.providerID, continueURI: request.continueURI, scopes: request.scopes, customParameters: request.customParameters)
        let response: CreateAuthURIResponse
        do {
            response = try await self.call(call, during: .startProviderFlow(providerID: request.providerID))
        } catch FirebaseError.unauthorizedDomain(let detail, _) {
            throw FirebaseError.unauthorizedDomain(detail: detail, domain: URLComponents(string: request.continueURI)?.host)
        }
        return BrokeredAuthorization(
            providerID: request.providerID, authorizationURL: response.authorizationURL, sessionID: response.sessionID,
            continueURI: request.continueURI)
    }

    package func completeProviderFlow(
        _ authorization: BrokeredAuthorization, answer: ForwardedRedirect, purpose: FederatedPurpose
    ) async throws -> SignInResult {
        let providerID = authorization.providerID
        var idToken: String?
        var current: KeystoreDocument.Account?
        switch purpose {
        case .signIn:
            break
        case .link:
            let account = try currentAccount()
            if account.user.identity(for: providerID) != nil { throw AccountError.providerAlreadyLinked(providerID: providerID) }
            idToken = try await freshSession().idToken
        case .reauthenticate:
            current = try currentAccount()
        }
        let request = SignInWithIdpRequest(
            proof: .providerAnswer(requestURI: answer.requestURI, sessionID: authorization.sessionID, postBody: answer.postBody),
            idToken: idToken, autoCreate: purpose != .reauthenticate)
        let reply: SignInResponse
        do {
            reply = try await call(request, during: Self.operation(purpose))
        } catch let failure as IdentityToolkitFailure where failure.code == "USER_NOT_FOUND" {
            throw AccountError.userMismatch(providerID: providerID)
        } catch FirebaseError.unauthorizedDomain(let detail, _) {
            throw FirebaseError.unauthorizedDomain(detail: detail, domain: URLComponents(string: answer.requestURI)?.host)
        }
        let (credential, profile) = Self.identity(in: reply, providerID: providerID, now: clock.now())
        if purpose == .signIn, reply.needsConfirmation {
            throw try await accountExists(reply, credential: credential, profile: profile)
        }
        // An answer pending its second factor may name no user yet: `record` checks the finalized one.
        if let current, let uid = reply.localID, uid != current.user.uid { throw AccountError.userMismatch(providerID: providerID) }
        return try await record(
            reply, credential: credential, profile: profile, authenticated: purpose != .link, expectedUID: current?.user.uid)
    }

    static func operation(_ purpose: FederatedPurpose) -> FirebaseError.Operation {
        switch purpose {
        case .signIn: .signIn
        case .link: .link
        case .reauthenticate: .reauthenticate
        }
    }

    /// The provider's credential and profile as signInWithIdp returns them (`returnIdpCredential`):
    /// authctl never saw the provider's tokens, only what the project hands back.
    static func identity(in reply: SignInResponse, providerID: String, now: Date) -> (ProviderCredential, FederatedProfile) {
        let idp = reply.identity
        let credential = ProviderCredential(
            providerID: providerID, accessToken: idp.accessToken, idToken: idp.idToken, refreshToken: idp.refreshToken,
            expiresAt: idp.expiresIn.map { now.addingTimeInterval(TimeInterval($0)) }, obtainedAt: now)
        let federatedID = idp.federatedID ?? ""
        let subject = federatedID.hasPrefix(providerID + "/") ? String(federatedID.dropFirst(providerID.count + 1)) : federatedID
        let profile = FederatedProfile(
            providerID: providerID, subject: subject, email: reply.email, emailVerified: idp.emailVerified, displayName: idp.displayName,
            photoURL: idp.photoURL, username: idp.screenName, rawProfile: idp.rawUserInfo ?? [:])
        return (credential, profile)
    }
}
