import AuthctlKit
import Foundation

/// What the pages take for granted around their blocks: the state listener that sees another
/// process's sign-in, `FirebaseApp.configure()`, the token's claims, the handlers' queue.
@MainActor
enum Extras {
    static func run(_ command: String, arguments: [String]) async throws -> [String: Any] {
        switch command {
        case "listen":
            // Prints a line when listening, then waits for someone to sign in (another process).
            return await listen()
        case "configure":
            // FirebaseApp.configure() from GoogleService-Info.plist, then the provider's sign-in.
            FirebaseApp.configure()
            guard let app = FirebaseApp.app() else { throw Failure(message: "FirebaseApp.configure() configured nothing") }
            let result = try await Auth.auth().signIn(with: OAuthProvider(providerID: arguments.first ?? ""), uiDelegate: nil)
            return describe(result.user).merging([
                "projectID": app.options.projectID ?? "", "sameAuth": Auth.auth() === Auth.auth(app: app),
            ]) { _, new in new }
        case "token-result":
            guard let user = Auth.auth().currentUser else { throw Failure(message: "nobody is signed in") }
            let result = try await user.getIDTokenResult(forcingRefresh: arguments.first == "force")
            return [
                "claims": Array(result.claims.keys).sorted(), "signInProvider": result.signInProvider, "token": result.token,
                "expiresAfterIssue": result.expirationDate > result.issuedAtDate, "authNotAfterIssue": result.authDate <= result.issuedAtDate,
                "sub": result.claims["sub"] as? String ?? "",
            ]
        case "main-queue":
            // A completion handler runs on the main queue, as FirebaseAuth calls them. (On Linux,
            // an async main's dispatchMain() ends the main thread and a worker thread serves the
            // main queue, so Thread.isMainThread is false there: the queue is what is checked.)
            let key = DispatchSpecificKey<Int>()
            DispatchQueue.main.setSpecific(key: key, value: 1)
            let onMain = await withCheckedContinuation { continuation in
                Auth.auth().fetchSignInMethods(forEmail: "nobody@example.com") { _, _ in
                    continuation.resume(returning: DispatchQueue.getSpecific(key: key) == 1)
                }
            }
            return ["mainQueue": onMain]
        default:
            throw Failure(message: "unknown command '\(command)'")
        }
    }

    static func listen() async -> [String: Any] {
        final class Seen { var calls = 0; var continuation: CheckedContinuation<User?, Never>? }
        let seen = Seen()
        let user = await withCheckedContinuation { continuation in
            seen.continuation = continuation
            _ = Auth.auth().addStateDidChangeListener { _, user in
                seen.calls += 1
                if seen.calls == 1 { emit(["listening": true, "signedIn": user != nil]); return }
                guard let user, let continuation = seen.continuation else { return }
                seen.continuation = nil
                continuation.resume(returning: user)
            }
            Task { @MainActor in
                try? await Task.sleep(for: .seconds(deadline))
                guard let continuation = seen.continuation else { return }
                seen.continuation = nil
                continuation.resume(returning: nil)
            }
        }
        return describe(user).merging(["calls": seen.calls]) { _, new in new }
    }
}
