import Testing
@testable import AuthKeyring
import AuthStorage

/// What the Secret Service vault says before and around libsecret (the calls themselves run
/// against gnome-keyring in Tests/e2e/test_keyring.py).
@Suite struct SecretServiceVaultTests {
    @Test(arguments: [
        (nil, nil, false), ("", "", false), ("unix:path=/run/user/1000/bus", nil, true), (nil, "/run/user/1000", true),
    ] as [(String?, String?, Bool)])
    func aSessionBusIsNeededBeforeLibsecretIsLoaded(_ bus: String?, _ runtime: String?, _ answers: Bool) {
        let vault = SecretServiceVault(home: "/h", sessionBus: bus, runtimeDirectory: runtime)
        do {
            try vault.checkSession()
            #expect(answers)
        } catch {
            #expect(!answers)
            #expect(error.reason.contains("no D-Bus session"))
        }
    }

    @Test(arguments: [
        ("Could not connect: No such file or directory", "the D-Bus session bus does not answer"),
        ("The name org.freedesktop.secrets was not provided by any .service files", "no Secret Service on the session bus"),
        ("Cannot create an item in a locked collection", "the keyring is locked"),
        ("", "the Secret Service refused the call"),
        ("something else entirely", "something else entirely"),
    ])
    func libsecretsMessagesSayWhatIsMissing(_ message: String, _ meaning: String) {
        #expect(SecretServiceVault.describe(message).hasPrefix(meaning))
    }
}
