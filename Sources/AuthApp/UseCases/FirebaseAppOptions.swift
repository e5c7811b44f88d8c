import AuthFirebase
import AuthOAuth
import AuthPlatform

/// A program's Firebase app options (FirebaseCore's `FirebaseOptions`, a `GoogleService-Info.plist`'s
/// values): read, and turned into the project backend its `Auth` runs. The library's
/// `FirebaseApp` asks this; it never reads the plist or builds a project itself.
package enum FirebaseAppOptions {
    /// The environment variable naming a `GoogleService-Info.plist` when the working directory has none.
    package static let pathVariable = GoogleServiceInfo.pathVariable

    /// The values of the `GoogleService-Info.plist` at `path` (`API_KEY`, `PROJECT_ID`, ...).
    package static func values(ofFile path: String) throws(GoogleServiceInfoError) -> [String: String] {
        try GoogleServiceInfo.read(path: path).values
    }

    /// The project `values` name (`API_KEY`, `PROJECT_ID`, checked; `BUNDLE_ID` sent for a key
    /// restricted to it), as the backend choice of a program's `Auth`.
    package static func backend(_ values: [String: String]) throws(GoogleServiceInfoError) -> BackendChoice {
        .kind("firebase", settings: FirebaseBackendKind.settings(of: try GoogleServiceInfo(values: values).project()))
    }
}

extension SignIn.Ports {
    /// A program's sign-in I/O (the library's presenter): its browser, its messages and, when it
    /// can read one, a pasted address from the start; the runtime's transport, clock and randomness.
    package static func program(
        browser: any BrowserOpener, opensBrowser: Bool, notify: @escaping @Sendable (String) -> Void,
        readPastedLine: (@Sendable () async -> String?)?, runtime: AuthRuntime
    ) -> SignIn.Ports {
        let grant = GrantContext(
            transport: runtime.transport, clock: runtime.clock, random: runtime.effects.random, browser: browser,
            notify: notify, log: runtime.options.log, readPastedLine: readPastedLine ?? { nil })
        return SignIn.Ports(grant: grant, opensBrowser: opensBrowser, paste: readPastedLine != nil ? .fromStart : .none)
    }
}
