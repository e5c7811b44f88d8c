import AuthctlKit
import Foundation

// The account calls in their completion-handler form (the SDK's older spelling), against a
// project: create a user, send its reset mail, reload it, sign in with a custom token, delete.

/// Waits for a completion handler that gets a value or an error.
func completed<Value: Sendable>(_ start: (@escaping @MainActor (Value?, Error?) -> Void) -> Void) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        start { value, error in
            if let value { continuation.resume(returning: value) } else { continuation.resume(throwing: error ?? SnippetFailure(message: "no value")) }
        }
    }
}

/// Waits for a completion handler that gets only an error.
func completed(_ start: (@escaping @MainActor (Error?) -> Void) -> Void) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
        start { error in
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
    return ["created": created.user.uid, "email": created.user.email ?? "", "service": service.user.uid, "signedIn": Auth.auth().currentUser != nil]
}
