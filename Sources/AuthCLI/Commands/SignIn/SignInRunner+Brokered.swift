import AuthApp
import AuthPlatform

/// A provider not added on this machine, with a Firebase project: the project runs the provider's
/// flow with the app in its console (createAuthUri, then signInWithIdp), as the SDKs' headful
/// sign-in does. ``SignIn`` chooses it and its return; the command says which, in its words.
extension SignInRunner {
    /// Which of the two returns runs, and why, in one notice.
    static func explain(_ notice: SignIn.RouteNotice) -> String {
        let (providerID, handler) = (notice.providerID, notice.handler)
        let start = "\(providerID) is not added on this machine, so the Firebase project runs its sign-in with the app in its console"
        switch notice.reason {
        case .loopback:
            return start + "; the provider returns to this machine (http://localhost). If it refuses that address (an app "
                + "registered only with \(handler), as the Firebase docs set it up), run again with --paste."
        case .pasteAsked:
            return start + "; the provider returns to the project's page \(handler) (--paste), whose address you paste here."
        case .noBrowser(let why):
            return start + "; the provider returns to the project's page \(handler) ("
                + (why.map { "no browser opens here: \($0)" } ?? "--no-browser") + "), whose address you paste here."
        case .appTakesOneCallback:
            return start + "; a GitHub OAuth App has one callback URL, the project's page \(handler), so the provider "
                + "returns there and you paste its address here. If the app also accepts http://localhost/callback (a "
                + "GitHub App), --localhost (or 'authctl firebase use ... --github-localhost') returns to this machine."
        }
    }
}

/// ``LocalFlowNeedsProvider`` in the command's words: the option given, and how to add the provider.
struct LocalFlowNeedsProviderHere: AuthCoreError {
    var providerID: String
    var option: String
    var remedy: Remedy?
    var code: ErrorCode { .configurationError }
    var message: String {
        "\(option) runs the provider's flow on this machine, which needs \(providerID) added here; "
            + "the Firebase project runs only the browser sign-in (Firebase has no device flow)"
    }
}
