import AuthctlKit
import Foundation

// The profile and the verified email change, as the Firebase docs write them ("Update a user's
// profile", "Set a user's email address" with sendEmailVerification(beforeUpdatingEmail:)). A name
// ending in `-completion` makes the same calls in their completion-handler form.
//   profile-commit NAME URL       an empty NAME or URL sets that property to nil (removes it)
//   profile-verify-email EMAIL [CONTINUE_URL]

func profileSnippet(_ name: String, _ arguments: [String]) async throws -> [String: Any] {
    let argument = { (index: Int) in index < arguments.count ? arguments[index] : "" }
    guard let user = Auth.auth().currentUser else { throw AuthError.snippet("nobody is signed in") }
    let byCompletion = name.hasSuffix("-completion")
    switch byCompletion ? String(name.dropLast("-completion".count)) : name {
    case "profile-commit":
        let changeRequest = user.createProfileChangeRequest()
        changeRequest.displayName = argument(0).isEmpty ? nil : argument(0)
        changeRequest.photoURL = argument(1).isEmpty ? nil : URL(string: argument(1))
        if byCompletion {
            try await completed { changeRequest.commitChanges(completion: $0) }
        } else {
            try await changeRequest.commitChanges()
        }
        return ["displayName": user.displayName ?? NSNull(), "photoURL": user.photoURL?.absoluteString ?? NSNull(),
                "mainQueue": byCompletion ? await handlersRanOnMainQueue : true]
    case "profile-verify-email":
        var settings: ActionCodeSettings?
        if !argument(1).isEmpty {
            settings = ActionCodeSettings()
            settings?.url = URL(string: argument(1))
        }
        if byCompletion {
            if let settings {
                try await completed { user.sendEmailVerification(beforeUpdatingEmail: argument(0), actionCodeSettings: settings, completion: $0) }
            } else {
                try await completed { user.sendEmailVerification(beforeUpdatingEmail: argument(0), completion: $0) }
            }
        } else if let settings {
            try await user.sendEmailVerification(beforeUpdatingEmail: argument(0), actionCodeSettings: settings)
        } else {
            try await user.sendEmailVerification(beforeUpdatingEmail: argument(0))
        }
        return ["sent": argument(0), "mainQueue": byCompletion ? await handlersRanOnMainQueue : true]
    case "profile-update-email":
        try await user.updateEmail(to: argument(0))
        return ["email": user.email ?? NSNull()]
    default: throw AuthError.snippet("unknown snippet '\(name)'")
    }
}
