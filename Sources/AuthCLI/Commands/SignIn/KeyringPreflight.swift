import AuthCore

extension CommandEnvironment {
    /// Under `storage keyring`, the keyring must answer before a sign-in opens a browser or asks
    /// for anything: a locked or absent keyring exits 11 with its fix and nothing opened, rather
    /// than after the person signed in (``AuthStorage/SecretSealer/preflight(path:)``).
    func checkKeyringBeforeSignIn() throws {
        try sealer.preflight(path: home.appending(KeystoreDocument.fileName))
    }
}
