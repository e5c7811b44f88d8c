import AuthctlKit
import Foundation

// The library's side of the parity rows and of the behaviours a terminal program reaches for
// (issues 35 and 36, Tests/e2e/test_both_doors.py), as the Firebase docs write them:
//   both-sign-up EMAIL PASSWORD   createUser(withEmail:password:), then sendEmailVerification()
//   both-apply-link               a pasted action link (stdin) parsed by ActionCodeURL(link:), its
//                                 code applied with applyActionCode, then the user's reload()
//   both-session                  the library's view of the session: currentUser, getIDToken()
//   both-reload                   the user before and after reload() (a change made elsewhere)

func bothDoorsSnippet(_ name: String, _ arguments: [String]) async throws -> [String: Any] {
    let argument = { (index: Int) in index < arguments.count ? arguments[index] : "" }
    let auth = Auth.auth()
    switch name {
    case "both-sign-up":
        let result = try await auth.createUser(withEmail: argument(0), password: argument(1))
        try await result.user.sendEmailVerification()
        return ["uid": result.user.uid, "emailVerified": result.user.isEmailVerified]
    case "both-apply-link":
        let pasted = readLine(strippingNewline: true) ?? ""
        guard let link = ActionCodeURL(link: pasted), let code = link.code else {
            throw AuthError.snippet("not an action link: \(pasted)")
        }
        try await auth.applyActionCode(code)
        guard let user = auth.currentUser else { throw AuthError.snippet("nobody is signed in") }
        let before = user.isEmailVerified
        try await user.reload()
        return ["operation": link.operation.rawValue, "apiKey": link.apiKey ?? NSNull(), "uid": user.uid,
                "before": before, "after": user.isEmailVerified]
    case "both-session":
        guard let user = auth.currentUser else { return ["signedIn": false] }
        do {
            return ["signedIn": true, "uid": user.uid, "token": try await user.getIDToken()]
        } catch let error as NSError {
            return ["signedIn": true, "uid": user.uid, "tokenError": ["domain": error.domain, "code": error.code]]
        }
    case "both-reload":
        guard let user = auth.currentUser else { throw AuthError.snippet("nobody is signed in") }
        let before: [String: Any] = ["displayName": user.displayName ?? NSNull(), "photoURL": user.photoURL?.absoluteString ?? NSNull()]
        try await user.reload()
        let after: [String: Any] = ["displayName": user.displayName ?? NSNull(), "photoURL": user.photoURL?.absoluteString ?? NSNull()]
        return ["uid": user.uid, "before": before, "after": after]
    default:
        throw AuthError.snippet("unknown snippet '\(name)'")
    }
}
