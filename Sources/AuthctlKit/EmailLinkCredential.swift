internal import AuthApp
import Foundation

/// An email and an emailed sign-in link (FirebaseAuth's `EmailAuthProvider.credential(withEmail:link:)`).
final class EmailLinkAuthCredential: AuthCredential, @unchecked Sendable {
    let email: String
    let link: String

    init(email: String, link: String) {
        self.email = email
        self.link = link
        super.init(provider: EmailAuthProviderID)
    }
}

extension EmailAuthProvider {
    /// A credential that signs in with, links or reauthenticates with the email of an emailed
    /// sign-in link (``Auth/sendSignInLink(toEmail:actionCodeSettings:)``): what
    /// ``Auth/signIn(withEmail:link:)`` and ``User/link(withEmail:link:)`` do.
    public static func credential(withEmail email: String, link: String) -> AuthCredential {
        EmailLinkAuthCredential(email: email, link: link)
    }
}

extension Engine {
    /// Signs in with the link's email, links it to the user `uid` (an anonymous user keeps its uid),
    /// or reauthenticates `uid` with it (another account's link is a user mismatch).
    func use(_ credential: EmailLinkAuthCredential, for purpose: FederatedPurpose, as uid: String?) async throws -> AuthDataResult {
        let methods = SignInMethods(runtime: try runtime())
        switch purpose {
        case .signIn:
            return AuthDataResult(try await methods.signIn(email: credential.email, link: credential.link), auth: auth)
        case .link:
            return AuthDataResult(try await methods.signIn(email: credential.email, link: credential.link, linking: true, expectedUID: uid), auth: auth)
        case .reauthenticate:
            return AuthDataResult(try await methods.reauthenticate(email: credential.email, link: credential.link, expectedUID: uid), auth: auth)
        }
    }
}
