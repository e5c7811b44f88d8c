import AuthctlKit
import Foundation
import SeedBlocksAsync

// seed-blocks COMMAND [ARGS]: runs the seed pages' blocks (Pages.swift) against the default home
// (AUTHCTL_HOME) and prints what happened as one JSON line. A completion-handler block returns at
// once and reports nothing; what it did is seen as FirebaseAuth's users see it, through
// `addIDTokenDidChangeListener`: the runner waits for the change the block makes (deadline
// SEED_BLOCKS_DEADLINE seconds, default 120), then prints the signed-in user. The printed
// account-exists block changes nothing (AccountExists.swift says why): it reports when told on stdin.

let arguments = Array(CommandLine.arguments.dropFirst())
let argument = { (index: Int) in index < arguments.count ? arguments[index] : "" }
let deadline = Double(ProcessInfo.processInfo.environment["SEED_BLOCKS_DEADLINE"] ?? "") ?? 120

func emit(_ object: [String: Any]) {
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

func describe(_ user: User?) -> [String: Any] {
    guard let user else { return ["signedIn": false] }
    return ["signedIn": true, "uid": user.uid, "email": user.email ?? NSNull(), "providers": user.providerData.map(\.providerID).sorted()]
}

/// Runs `block`, then waits until a change it made leaves the signed-in user satisfying `done`.
@MainActor
func afterChange(_ block: @escaping @MainActor () -> Void, until done: @escaping @MainActor (User?) -> Bool) async -> [String: Any] {
    final class Waiting { var started = false; var finished = false; var continuation: CheckedContinuation<Bool, Never>? }
    let waiting = Waiting()
    let handle = Auth.auth().addIDTokenDidChangeListener { _, user in
        if !waiting.started { waiting.started = true; block(); return }
        guard !waiting.finished, done(user) else { return }
        waiting.finished = true
        waiting.continuation?.resume(returning: true)
    }
    let changed = await withCheckedContinuation { continuation in
        waiting.continuation = continuation
        Task { @MainActor in
            try? await Task.sleep(for: .seconds(deadline))
            guard !waiting.finished else { return }
            waiting.finished = true
            continuation.resume(returning: false)
        }
    }
    Auth.auth().removeIDTokenDidChangeListener(handle)
    return describe(Auth.auth().currentUser).merging(["changed": changed]) { _, new in new }
}

@MainActor
func page(_ name: String) throws -> Page {
    guard let page = Page.all[name] else { throw Failure(message: "no page '\(name)'; pages: \(Page.all.keys.sorted())") }
    return page
}

struct Failure: Error { var message: String }

func result(_ data: AuthDataResult?) -> [String: Any] {
    describe(data?.user).merging(["providerId": data?.additionalUserInfo?.providerID ?? ""]) { _, new in new }
}

@MainActor
func run() async throws -> [String: Any] {
    switch argument(0) {
    case "provider":
        let provider = try page(argument(1)).provider()
        return ["providerID": provider.providerID, "scopes": provider.scopes ?? [], "customParameters": provider.customParameters ?? [:]]
    case "sign-in":
        // The page's provider (steps 2-4), or, given an id, that provider with the page's settings.
        let page = try page(argument(1))
        let provider = arguments.count > 2 ? OAuthProvider(providerID: argument(2)) : page.provider()
        return await afterChange({ page.signIn(provider) }, until: { $0 != nil })
    case "link", "reauth":
        let page = try page(argument(1))
        let credential = try await OAuthProvider(providerID: argument(2)).credential(with: nil)
        let block = argument(0) == "link" ? page.link : page.reauthenticate
        let provider = argument(2)
        return await afterChange({ block(credential) }, until: { user in argument(0) == "reauth" || user?.providerData.contains { $0.providerID == provider } == true })
    case "account-exists":
        // The printed block with a given provider (AccountExists.swift says what it does).
        guard let block = try page(argument(1)).accountExists else { throw Failure(message: "no account-exists block") }
        return await printedAccountExists(block, provider: OAuthProvider(providerID: argument(2)), password: argument(3))
    case "completion-account-exists":
        let provider = OAuthProvider(providerID: argument(1))
        return await afterChange({ recoverInSignInCompletion(provider: provider, password: argument(2)) }, until: { user in
            user?.providerData.contains { $0.providerID == provider.providerID } == true
        })
    case "apps": return try await namedApps(email: argument(1), password: argument(2))
    case "id-token":
        guard let block = try page("openid-arabic").idToken else { throw Failure(message: "no manual flow") }
        let token = readLine(strippingNewline: true) ?? ""
        return await afterChange({ block(token) }, until: { $0 != nil })
    case "sign-out":
        try page(argument(1)).signOut()
        return describe(Auth.auth().currentUser)
    case "async-sign-in":
        return result(try await asyncSignIn(provider: asyncProvider(argument(1), customParameters: [:], scopes: [])))
    case "async-link":
        return result(try await asyncLink(credential: OAuthProvider(providerID: argument(1)).credential(with: nil)))
    case "async-reauth":
        return result(try await asyncReauthenticate(credential: OAuthProvider(providerID: argument(1)).credential(with: nil)))
    case "async-account-exists":
        let linked = try await asyncAccountExists(provider: OAuthProvider(providerID: argument(1)), password: argument(2))
        return result(linked).merging(["recovered": linked != nil]) { _, new in new }
    case "async-id-token":
        return result(try await asyncIDToken(idToken: readLine(strippingNewline: true) ?? "", providerID: .custom(argument(1))))
    case "async-sign-out":
        return ["signedOut": asyncSignOut(), "signedIn": Auth.auth().currentUser != nil]
    default:
        return try await Extras.run(argument(0), arguments: Array(arguments.dropFirst()))
    }
}

do {
    emit(try await run())
} catch let error as NSError where error.domain == AuthErrorDomain {
    emit(["error": ["code": error.code, "name": error.userInfo[AuthErrorUserInfoNameKey] as? String ?? "", "message": error.localizedDescription]])
    exit(1)
} catch let failure as Failure {
    emit(["error": ["code": 0, "name": "seed-blocks", "message": failure.message]])
    exit(2)
}
