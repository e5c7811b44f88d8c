import AuthCore
import AuthOAuth
import AuthPlatform
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A provider not added on this machine, with a Firebase project: the project runs the provider's
/// flow with the app in its console (createAuthUri, then signInWithIdp), as the SDKs' headful
/// sign-in does. Nothing of the provider's app is needed or kept here.
extension SignInRunner {
    func runBrokered(
        _ providerID: String, broker: any ProviderFlowBroker, customParameters: [String: String], in env: CommandEnvironment
    ) async throws -> ExitStatus {
        if let option = idTokenFromStandardInput ? "--id-token-stdin" : ciSource != nil ? "--ci" : flowOptions.device ? "--device" : nil {
            throw LocalFlowNeedsProvider(providerID: providerID, option: option)
        }
        try AuthorizationRequest.checkCustomParameters(customParameters)
        let chosen = try chooseBrowser(in: env, projectRuns: true)
        var options = flowOptions
        options.opensBrowser = chosen.opens  // no browser here: the handler page and a paste
        let returning = Self.brokeredReturn(options)
        env.notice(Self.explain(returning, providerID: providerID, handler: broker.handlerURI))
        let flow = BrokeredSignInFlow(
            broker: broker, context: signInContext(in: env, browser: chosen.opener, whyNoBrowser: chosen.whyNone, qr: options.qr))
        let request = BrokeredSignInFlow.Request(
            providerID: providerID, purpose: purpose, returning: returning, scopes: options.scopes, customParameters: customParameters,
            timeout: options.timeout, opensBrowser: options.opensBrowser)
        let result = try await runInterruptibly(in: env) { try await flow.run(request) }
        Self.report(result, purpose: purpose, in: env)
        return .success
    }

    /// The handler page and a paste when the person asked to paste (`--paste`, `--no-browser`:
    /// the browser is elsewhere, or the provider's app knows only the handler page); otherwise
    /// this machine's listener.
    static func brokeredReturn(_ options: BrowserFlowOptions) -> BrokeredSignInFlow.Return {
        if options.paste || !options.opensBrowser { return .handler }
        return .loopback(ports: options.redirectPorts, acceptsPaste: false)
    }

    /// Which of the two returns runs, and why, in one notice.
    static func explain(_ returning: BrokeredSignInFlow.Return, providerID: String, handler: String) -> String {
        let start = "\(providerID) is not added on this machine, so the Firebase project runs its sign-in with the app in its console"
        switch returning {
        case .loopback:
            return start + "; the provider returns to this machine (http://localhost). If it refuses that address (an app "
                + "registered only with \(handler), as the Firebase docs set it up), run again with --paste."
        case .handler:
            return start + "; the provider returns to the project's page \(handler) (--paste or --no-browser), whose address "
                + "you paste here."
        }
    }
}

/// `--device` or `--id-token-stdin` for a provider that only the project knows: those flows run
/// here, with the provider's app added on this machine (Firebase has no device flow).
struct LocalFlowNeedsProvider: AuthCoreError {
    var providerID: String
    var option: String
    var code: AuthErrorCode { .configurationError }
    var message: String {
        "\(option) runs the provider's flow on this machine, which needs \(providerID) added here ('authctl providers add "
            + "\(providerID) ...'); the Firebase project runs only the browser sign-in (Firebase has no device flow)"
    }
}
