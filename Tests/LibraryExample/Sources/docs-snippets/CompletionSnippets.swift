import AuthctlKit
import Foundation

// The calls in their completion-handler form (the SDK's older spelling): the account calls against
// a project (create a user, send its reset mail, reload it, sign in with a custom token, delete),
// and the provider, unlink and anonymous calls whose async forms the other snippets run. Each
// result says whether every handler ran on the main queue, as FirebaseAuth calls them.

/// The main queue, marked so a handler can tell it runs there (on Linux a worker thread serves the
/// main queue once the async main runs, so Thread.isMainThread cannot tell). Set at start (main.swift).
@MainActor let mainQueueKey: DispatchSpecificKey<Int> = {
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

/// How many completion handlers ran, and how many of them off the main queue.
@MainActor var handlersCalled = 0
@MainActor var handlersOffMainQueue = 0

/// Counts a handler's call and where it ran.
@MainActor func recordHandlerQueue() {
    handlersCalled += 1
    if DispatchQueue.getSpecific(key: mainQueueKey) != 1 { handlersOffMainQueue += 1 }
}

/// True when handlers ran and every one of them on the main queue.
@MainActor var handlersRanOnMainQueue: Bool { handlersCalled > 0 && handlersOffMainQueue == 0 }

/// Waits for a completion handler that gets a value or an error.
func completed<Value: Sendable>(_ start: (@escaping (Value?, Error?) -> Void) -> Void) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        start { value, error in
            // A plain closure, as the SDK declares it; called on the main queue, or this traps.
            MainActor.assumeIsolated { recordHandlerQueue() }
            if let value { continuation.resume(returning: value) } else { continuation.resume(throwing: error ?? SnippetFailure(message: "no value")) }
        }
    }
}

/// Waits for a completion handler that gets only an error.
func completed(_ start: (@escaping (Error?) -> Void) -> Void) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
        start { error in
            // A plain closure, as the SDK declares it; called on the main queue, or this traps.
            MainActor.assumeIsolated { recordHandlerQueue() }
            if let error { continuation.resume(throwing: error) } else { continuation.resume() }
        }
    }
}

func completionForms(email: String, password: String, customToken: String) async throws -> [String: Any] {
    let created = try await completed { Auth.auth().createUser(withEmail: email, password: password, completion: $0) }
    try await Auth.auth().sendPasswordReset(withEmail: email)
    try await completed { created.user.reload(completion: $0) }
    try Auth.auth().signOut()
    let service = try await completed { Auth.auth().signIn(withCustomToken: customToken, completion: $0) }
    try await completed { service.user.delete(completion: $0) }
    return [
        "created": created.user.uid, "email": created.user.email ?? "", "service": service.user.uid, "signedIn": Auth.auth().currentUser != nil,
        "mainQueue": await handlersRanOnMainQueue,
    ]
}

/// `completion-provider ID` (`Auth.signIn(with:uiDelegate:completion:)`), `completion-link-provider ID`,
/// `completion-reauth-provider ID`, `completion-unlink ID`, `completion-anonymous`.
func completionSnippet(_ name: String, _ providerID: String) async throws -> [String: Any] {
    let auth = Auth.auth()
    let provider = OAuthProvider(providerID: providerID)
    let outcome: [String: Any]
    switch name {
    case "completion-provider":
        let result = try await completed { auth.signIn(with: provider, uiDelegate: presenter, completion: $0) }
        outcome = describe(result)
    case "completion-anonymous":
        let result = try await completed { auth.signInAnonymously(completion: $0) }
        outcome = ["uid": result.user.uid, "isAnonymous": result.user.isAnonymous, "signedIn": auth.currentUser?.uid == result.user.uid]
    default:
        guard let user = auth.currentUser else { throw AuthError.snippet("nobody is signed in") }
        switch name {
        case "completion-link-provider": outcome = describe(try await completed { user.link(with: provider, uiDelegate: presenter, completion: $0) })
        case "completion-reauth-provider": outcome = describe(try await completed { user.reauthenticate(with: provider, uiDelegate: presenter, completion: $0) })
        case "completion-unlink":
            let unlinked = try await completed { user.unlink(fromProvider: providerID, completion: $0) }
            outcome = ["uid": unlinked.uid, "providers": unlinked.providerData.map(\.providerID).sorted()]
        default: throw AuthError.snippet("unknown snippet '\(name)'")
        }
    }
    return outcome.merging(["mainQueue": await handlersRanOnMainQueue]) { _, queue in queue }
}
