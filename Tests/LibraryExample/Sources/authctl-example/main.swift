import AuthctlKit
import Foundation

// authctl-example PROVIDER_ID: signs in to the default home (AUTHCTL_HOME, as authctl), in the
// browser AUTHCTL_BROWSER names (else the system's), and prints the user and a token.
let provider = OAuthProvider(providerID: CommandLine.arguments.dropFirst().first ?? "github.com")
let browser = ProcessInfo.processInfo.environment["AUTHCTL_BROWSER"].map { BrowserPresenter.command($0.split(separator: " ").map(String.init)) }
do {
    let result = try await Auth.auth().signIn(with: provider, uiDelegate: browser ?? .systemBrowser)
    print("\(result.user.uid) \(result.user.email ?? "-") \(result.user.providerData.map(\.providerID).joined(separator: ","))")
    let idToken = try? await result.user.getIDToken()  // the project's, or the provider's; GitHub issues none
    print(idToken ?? result.credential?.accessToken ?? "-")
} catch {
    FileHandle.standardError.write(Data("authctl-example: \(error)\n".utf8))
    exit(1)
}
