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
        case "listen-async":
            // The same through FirebaseAuth 12.12's sequence: `for await user in Auth.auth().authStateChanges`.
            return await listenAsync()
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
        case "password-ops":
            return try await passwordOperations(email: arguments[0], password: arguments[1], newEmail: arguments[2], newPassword: arguments[3])
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
            return try await WireChecks.run(command, arguments: arguments)
        }
    }

    /// A project's password account through the SDK's calls, both forms: create, reset mail,
    /// reauthenticate with an email credential, new password and email (completion, then
    /// async), reload, sign in again.
    static func passwordOperations(email: String, password: String, newEmail: String, newPassword: String) async throws -> [String: Any] {
        let created = try await Auth.auth().createUser(withEmail: email, password: password).user
        let resetError: Error? = await withCheckedContinuation { continuation in
            Auth.auth().sendPasswordReset(withEmail: email) { error in continuation.resume(returning: error) }
        }
        if let resetError { throw resetError }
        _ = try await created.reauthenticate(with: EmailAuthProvider.credential(withEmail: email, password: password))
        let updateError: Error? = await withCheckedContinuation { continuation in
            created.updatePassword(to: newPassword) { error in continuation.resume(returning: error) }
        }
        if let updateError { throw updateError }
        try await created.updatePassword(to: newPassword)
        let emailError: Error? = await withCheckedContinuation { continuation in
            created.updateEmail(to: "interim-" + newEmail) { error in continuation.resume(returning: error) }
        }
        if let emailError { throw emailError }
        try await created.updateEmail(to: newEmail)
        let emailAfterUpdate = created.email
        try await created.reload()
        try Auth.auth().signOut()
        let again = try await Auth.auth().signIn(with: EmailAuthProvider.credential(withEmail: newEmail, password: newPassword)).user
        let tokenResult = try await again.getIDTokenResult()
        return [
            "uid": created.uid, "sameUser": again.uid == created.uid, "emailAfterUpdate": emailAfterUpdate ?? "",
            "signInProvider": tokenResult.signInProvider, "firebaseClaim": tokenResult.claims["firebase"] != nil,
        ]
    }

    static func listenAsync() async -> [String: Any] {
        guard #available(macOS 15.0, iOS 18.0, *) else { return ["unavailable": true] }
        guard let seen = await firstSignIn(in: { Auth.auth().authStateChanges }) else { return ["signedIn": false] }
        return describe(seen.user).merging(["calls": seen.calls]) { _, new in new }
    }

    /// The first signed-in user a sequence of `User?` yields after its first element (the state
    /// at the start, emitted as `listening`), or nil once `deadline` passed: cancelling the
    /// iterating task ends the sequence, and so the wait.
    @available(macOS 15.0, iOS 18.0, *)
    static func firstSignIn<Changes: AsyncSequence>(
        in changes: @escaping @MainActor @Sendable () -> Changes
    ) async -> Seen? where Changes.Element == User?, Changes.Failure == Never {
        let limit: Double = deadline
        let watch = Task { @MainActor () -> Seen? in
            var calls = 0
            for await user in changes() {
                calls += 1
                if calls == 1 { emit(["listening": true, "signedIn": user != nil]); continue }
                if let user { return Seen(user: user, calls: calls) }
            }
            return nil
        }
        let timer = Task {
            try? await Task.sleep(for: .seconds(limit))
            watch.cancel()
        }
        let seen = await watch.value
        timer.cancel()
        return seen
    }

    /// The user a sequence yielded after the first element, and how many it yielded.
    struct Seen: Sendable {
        let user: User
        let calls: Int
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
