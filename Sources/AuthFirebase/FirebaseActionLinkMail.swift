import AuthCore

extension FirebaseAccountBackend: ActionLinkMail {
    package func sendSignInLink(toEmail email: String, settings: ActionLinkSettings) async throws {
        let request = SendOOBCodeRequest(kind: .emailSignIn(email: email, continueURL: settings.continueURL), settings: settings)
        _ = try await sendNamingSwitch(request, ConsoleSwitch.emailLink, during: .other)
    }

    package func sendPasswordReset(toEmail email: String, settings: ActionLinkSettings?) async throws {
        _ = try await call(SendOOBCodeRequest(kind: .passwordReset(email: email), settings: settings), during: .other)
    }

    package func sendEmailVerification(settings: ActionLinkSettings?) async throws {
        _ = try currentAccount()
        _ = try await call(SendOOBCodeRequest(kind: .verifyEmail(idToken: try await freshSession().idToken), settings: settings), during: .other)
    }
}

extension FirebaseAccountBackend: EmailLinkReauthentication {
    package func reauthenticate(email: String, oobCode: String) async throws -> SignInResult {
        let account = try currentAccount()
        let request = SignInWithEmailLinkRequest(email: email, oobCode: oobCode, idToken: nil)
        let answer = try await naming(.signIn) { try await sendNamingSwitch(request, ConsoleSwitch.emailLink, during: .signIn) }
        // `record` passes the second factor, then refuses any user but this one.
        var result = try await record(
            answer.marked(provider: Self.passwordProviderID), credential: nil, profile: nil, authenticated: true, expectedUID: account.user.uid)
        result.additionalUserInfo.providerID = Self.passwordProviderID
        return result
    }
}
