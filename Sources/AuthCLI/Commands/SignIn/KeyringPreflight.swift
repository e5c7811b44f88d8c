import AuthApp

extension CommandEnvironment {
    /// Under `storage keyring`, the keyring must answer before a sign-in opens a browser or asks
    /// for anything: a locked or absent keyring exits 11 with its fix and nothing opened, rather
    /// than after the person signed in (``AuthRuntime/checkSecretStorage()``; ``SignIn`` asks it too, for the library).
    func checkKeyringBeforeSignIn() throws {
        try runtime.checkSecretStorage()
    }
}
