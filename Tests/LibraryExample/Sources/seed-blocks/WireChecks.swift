import AuthctlKit
import Foundation

/// The seeds' optional steps as a program uses their results, for the tests that check them on the
/// wire (Tests/e2e/test_library_wire.py) rather than read back from the provider object:
///   page-credential PAGE [PROVIDER]  the page's provider (blocks 1-3 as printed; with PROVIDER, that
///                                    provider given the page's customParameters and scopes blocks),
///                                    signed in with; prints the result credential's tokens, as the
///                                    page's comments read them (`authResult.credential`, the SDK's `OAuthCredential?`)
///   sign-out-error PAGE              signOut() where it fails: the NSError a `catch let signOutError
///                                    as NSError` gets, then the page's own sign-out block as printed
///   listen-tokens-async              `for await user in Auth.auth().idTokenChanges`: prints a line when
///                                    listening, then waits for another process's sign-in
///   credential-then USE PROVIDER [twice]  `getCredentialWith(nil)` as the pages call it, then prints
///                                    a line and waits for one on stdin (the program's next step), then
///                                    uses the credential: USE is `sign-in` (`signIn(with:)`), `link` or
///                                    `reauth` (the current user's `link(with:)`, `reauthenticate(with:)`);
///                                    `twice` uses it once more and reports the error code
@MainActor
enum WireChecks {
    static func run(_ command: String, arguments: [String]) async throws -> [String: Any] {
        let argument = { (index: Int) in index < arguments.count ? arguments[index] : "" }
        switch command {
        case "page-credential":
            let page = try page(argument(0))
            let provider: OAuthProvider
            if arguments.count > 1 {
                provider = OAuthProvider(providerID: argument(1))
                page.customParameters(provider)
                page.scopes(provider)
            } else {
                provider = page.provider()
            }
            let credential = try await provider.credential(with: nil)
            let authResult = try await Auth.auth().signIn(with: credential)
            let oauthCredential = authResult.credential
            return describe(authResult.user).merging([
                "accessToken": oauthCredential?.accessToken ?? NSNull(), "idToken": oauthCredential?.idToken ?? NSNull(),
                "credentialProvider": authResult.credential?.provider ?? NSNull(),
            ]) { _, new in new }
        case "sign-out-error":
            let page = try page(argument(0))
            var caught: [String: Any] = [:]
            let firebaseAuth = Auth.auth()
            do {
                try firebaseAuth.signOut()
            } catch let signOutError as NSError {
                caught = ["domain": signOutError.domain, "code": signOutError.code,
                          "name": signOutError.userInfo[AuthErrorUserInfoNameKey] as? String ?? "",
                          "message": signOutError.localizedDescription]
            }
            page.signOut()  // prints "Error signing out: %@ <the error>" when it fails again
            return describe(Auth.auth().currentUser).merging(["caught": caught]) { _, new in new }
        case "listen-tokens-async":
            return await listenToTokens()
        case "credential-then":
            return try await credentialThen(argument(0), provider: OAuthProvider(providerID: argument(1)), twice: argument(2) == "twice")
        default:
            throw Failure(message: "unknown command '\(command)'")
        }
    }

    /// A credential obtained at one step and used at a later one (Decisions/0051).
    static func credentialThen(_ use: String, provider: OAuthProvider, twice: Bool) async throws -> [String: Any] {
        let credential: AuthCredential = try await withCheckedThrowingContinuation { continuation in
            provider.getCredentialWith(nil) { credential, error in
                if let credential {
                    continuation.resume(returning: credential)
                } else {
                    continuation.resume(throwing: error ?? Failure(message: "getCredentialWith gave neither a credential nor an error"))
                }
            }
        }
        emit(["credential": credential.provider])
        _ = readLine()
        let using = { () async throws -> AuthDataResult in
            switch use {
            case "sign-in": return try await Auth.auth().signIn(with: credential)
            case "link", "reauth":
                guard let user = Auth.auth().currentUser else { throw Failure(message: "nobody is signed in to \(use)") }
                return use == "link" ? try await user.link(with: credential) : try await user.reauthenticate(with: credential)
            default: throw Failure(message: "unknown use '\(use)'")
            }
        }
        let used = try await using()
        var report = describe(used.user).merging(["providerId": used.additionalUserInfo?.providerID ?? ""]) { _, new in new }
        if twice {
            do {
                _ = try await using()
                report["again"] = 0
            } catch let error as NSError {
                report["again"] = error.code
            }
        }
        return report
    }

    /// The ID-token sequence of FirebaseAuth 12.12: its first element is the state at the start,
    /// the next one the sign-in another process made in the same home.
    static func listenToTokens() async -> [String: Any] {
        guard #available(macOS 15.0, iOS 18.0, *) else { return ["unavailable": true] }
        guard let seen = await Extras.firstSignIn(in: { Auth.auth().idTokenChanges }) else { return ["signedIn": false] }
        let token = (try? await seen.user.getIDToken()) ?? ""
        return ["signedIn": true, "uid": seen.user.uid, "token": token, "calls": seen.calls]
    }
}
