import AuthApp
import Foundation
import Testing

@testable import AuthctlKit

/// What a program sets on its `Auth` (FirebaseAuth's `tenantID`, `languageCode`,
/// `customAuthDomain`, `useEmulator`) reaches the runtime of every call, checked before any call is
/// sent; the calls themselves are checked on the wire end to end
/// (test_auth_configured_in_code_with_the_emulator_a_tenant_and_a_language).
@Suite struct AuthConfigurationTests {
    static func project() throws -> Auth {
        let home = FileManager.default.temporaryDirectory.appending(path: "authctlkit-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return Auth(home: home, backend: .firebase(apiKey: "AIzaSyTest", projectID: "demo-project"), environment: ["HOME": home])
    }

    @Test func theSettingsReachEveryCallsRuntime() throws {
        let auth = try Self.project()
        #expect(auth.tenantID == nil && auth.customAuthDomain == nil && auth.languageCode == nil && auth.app == nil)
        auth.tenantID = "tenant-1"
        auth.languageCode = "fr"
        auth.customAuthDomain = "auth.example.com"
        auth.useEmulator(withHost: "::1", port: 9099)
        let settings = try auth.engine.runtime().options.projectCalls
        #expect(settings == ProjectCallSettings(tenantID: "tenant-1", languageCode: "fr", authDomain: "auth.example.com", emulatorHost: "[::1]:9099"))
        #expect(auth.tenantID == "tenant-1" && auth.customAuthDomain == "auth.example.com")
        auth.tenantID = nil
        #expect(auth.tenantID == nil && auth.engine.runtimeSettings.tenantID == .some(nil), "nil names no tenant, not the home's")
    }

    @Test(arguments: [
        ("fr\r\nX-Injected: 1", "languageCode"), ("not a tag", "languageCode"),
    ])
    func aLanguageThatIsNoTagFailsTheNextCall(language: String, setting: String) async throws {
        let auth = try Self.project()
        auth.languageCode = language
        await #expect(throws: AuthError.self) { try await auth.fetchSignInMethods(forEmail: "a@example.com") }
        #expect(throws: (any Error).self) { try auth.engine.runtime() }
    }

    @Test(arguments: ["../elsewhere", "tenant 1"])
    func aTenantThatIsNoTenantIDFailsTheNextCall(tenant: String) async throws {
        let auth = try Self.project()
        auth.tenantID = tenant
        await #expect(throws: AuthError.self) { try await auth.fetchSignInMethods(forEmail: "a@example.com") }
        #expect(auth.currentUser == nil)
    }

    @Test func anEmulatorOnAnotherMachineFailsTheNextCall() async throws {
        let auth = try Self.project()
        auth.useEmulator(withHost: "emulator.example.com", port: 9099)
        await #expect(throws: AuthError.self) { try await auth.fetchSignInMethods(forEmail: "a@example.com") }
    }

    @Test func updateCurrentUserWithoutAUserIsNullUser() async throws {
        let auth = try Self.project()
        let error: (any Error)? = await withCheckedContinuation { done in
            auth.updateCurrentUser(nil) { error in done.resume(returning: error) }
        }
        #expect((error as NSError?)?.code == AuthErrorCode.nullUser.rawValue)
    }

    @Test func theNotificationHasTheSDKsName() {
        #expect(Auth.authStateDidChangeNotification.rawValue == "FIRAuthStateDidChangeNotification")
        #expect(AuthStateDidChange == Auth.authStateDidChangeNotification && NSNotification.Name.AuthStateDidChange == AuthStateDidChange)
    }
}
