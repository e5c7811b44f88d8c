import AuthctlKit
import Foundation

// docs-snippets SNIPPET [ARGS]: runs one ported snippet against the default home (AUTHCTL_HOME)
// and prints its result as JSON; an AuthError prints {"error": {...}} and exits 1. The scripted
// browser is a closure presenter that starts SNIPPETS_BROWSER (a command line) with the URL.

let presenter = BrowserPresenter { url in
    let command = (ProcessInfo.processInfo.environment["SNIPPETS_BROWSER"] ?? "xdg-open").split(separator: " ").map(String.init)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst()) + [url.absoluteString]
    return (try? process.run()) != nil
}

func run(_ arguments: [String]) async throws -> [String: Any] {
    let argument = { (index: Int) in index < arguments.count ? arguments[index] : "" }
    switch argument(0) {
    case "github": return try await signInWithGitHub()
    case "oidc": return try await signInWithOpenID(argument(1))
    case "id-token":
        let token = readLine(strippingNewline: true) ?? ""
        return try await signInWithIDToken(argument(1), idToken: token, rawNonce: arguments.count > 2 ? argument(2) : nil)
    case "github-token": return try await signInWithGitHubToken(readLine(strippingNewline: true) ?? "")
    case "access-token": return try await signInWithAccessToken(argument(1), readLine(strippingNewline: true) ?? "")
    case "google-id-token": return try await signInWithGoogleIDToken(readLine(strippingNewline: true) ?? "")
    case "apple-id-token": return try await signInWithAppleIDToken(readLine(strippingNewline: true) ?? "", givenName: argument(1), familyName: argument(2))
    case "password": return try await passwordAccounts(email: argument(1), password: argument(2))
    case "completion-forms":
        return try await completionForms(email: argument(1), password: argument(2), customToken: readLine(strippingNewline: true) ?? "")
    case "custom-token": return try await signInWithCustomToken(readLine(strippingNewline: true))
    case "reauth-password": return try await reauthenticateWithPassword(email: argument(1), password: argument(2))
    case "link": return try await link(argument(1))
    case "reauth": return try await reauthenticate(argument(1))
    case "paste":
        // No browser here: the URL goes to stderr, and the address the browser ended on (a
        // project's handler page shows it) is pasted on stdin.
        let presenter = BrowserPresenter.printURL(readingPastedURL: { readLine(strippingNewline: true) })
        let result = try await Auth.auth().signIn(with: OAuthProvider(providerID: argument(1)), uiDelegate: presenter)
        return ["uid": result.user.uid, "providerId": result.additionalUserInfo?.providerID ?? ""]
    case "reauth-provider":
        // FirebaseAuth's reauthenticate(with: provider, uiDelegate:): the flow runs for the reauthentication.
        guard let user = Auth.auth().currentUser else { throw AuthError.snippet("nobody is signed in") }
        let result = try await user.reauthenticate(with: OAuthProvider(providerID: argument(1)), uiDelegate: presenter)
        return ["uid": result.user.uid]
    case "account-exists": return try await recoverAccountExists(argument(1), existingProvider: argument(2))
    case "token":
        guard let user = Auth.auth().currentUser else { throw AuthError.snippet("nobody is signed in") }
        return ["uid": user.uid, "token": try await user.getIDToken(forcingRefresh: argument(1) == "force")]
    case "profile": return try userProfile()
    case "reload":
        // The SDK's reload(): the user as the project knows it now (an email verified elsewhere).
        guard let user = Auth.auth().currentUser else { throw AuthError.snippet("nobody is signed in") }
        let before = user.isEmailVerified
        try await user.reload()
        return ["uid": user.uid, "before": before, "after": user.isEmailVerified]
    case "token-forms": return try await idTokenForms()
    case "link-provider": return try await linkWithProvider(argument(1))
    case "unlink":
        let user = try await Auth.auth().currentUser?.unlink(fromProvider: argument(1))
        return ["providers": user?.providerData.map(\.providerID).sorted() ?? []]
    case "delete":
        try await Auth.auth().currentUser?.delete()
        return ["signedIn": Auth.auth().currentUser != nil]
    case "signout" where argument(1) == "revoke":
        try await Auth.auth().signOut(revokingTokens: true)
        return ["signedIn": Auth.auth().currentUser != nil]
    case "signout":
        try Auth.auth().signOut()
        return ["signedIn": Auth.auth().currentUser != nil]
    case let name where name.hasPrefix("methods-"): return try await signInMethodSnippet(name, Array(arguments.dropFirst()))
    case let name where name.hasPrefix("profile-"): return try await profileSnippet(name, Array(arguments.dropFirst()))
    case let name where name.hasPrefix("completion-"): return try await completionSnippet(name, argument(1))
    case let name where name.hasPrefix("both-"): return try await bothDoorsSnippet(name, Array(arguments.dropFirst()))
    case let name where name.hasPrefix("configure-"): return try await configureSnippet(name, Array(arguments.dropFirst()))
    default: throw AuthError.snippet("unknown snippet '\(argument(0))'")
    }
}

func emit(_ object: [String: Any]) {
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

_ = mainQueueKey  // marks the main queue before any handler runs
do {
    emit(try await run(Array(CommandLine.arguments.dropFirst())))
} catch let error as AuthError {
    emit(["error": [
        "code": error.code, "domain": error.domain, "name": error.userInfo[AuthErrorUserInfoNameKey] as? String ?? "",
        "authctlCode": error.userInfo[AuthctlErrorUserInfoCodeKey] as? String ?? "", "message": error.localizedDescription,
    ]])
    exit(1)
} catch {
    emit(["error": ["code": 0, "name": "snippet", "message": "\(error)"]])
    exit(1)
}
