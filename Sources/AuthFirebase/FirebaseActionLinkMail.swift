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
