@testable import AuthFirebase
import AuthPlatform
import AuthTestSupport
import Foundation
import Testing

@testable import AuthApp

/// The library's `useAppLanguage()` and `useEmulator(withHost:port:)` rules, and the check a
/// program's settings pass before they reach a header or a URL.
struct ProjectCallSettingsTests {
    @Test(arguments: [
        (["LANG": "pt_BR.UTF-8"], "pt-BR"),
        (["LANGUAGE": "fr_CA:fr:en", "LANG": "de_DE.UTF-8"], "fr-CA"),
        (["LC_ALL": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"], "es-ES"),
        (["LC_MESSAGES": "sr_RS@latin", "LANG": "de_DE.UTF-8"], "sr-RS"),
        (["LANG": "C.UTF-8"], nil),
        (["LANG": "POSIX"], nil),
        (["LANGUAGE": "", "LANG": "ja_JP.UTF-8"], "ja-JP"),
        (["LANG": "x\r\nInjected: 1"], nil),
        ([:], nil),
    ] as [([String: String], String?)])
    func theAppLanguageIsThePersonsLocale(environment: [String: String], language: String?) {
        #expect(ProjectCallSettings.appLanguage(environment: EnvironmentVariables(environment)) == language)
    }

    @Test(arguments: [("127.0.0.1", 9099, "127.0.0.1:9099"), ("::1", 9099, "[::1]:9099"), ("[::1]", 8080, "[::1]:8080"), ("localhost", 1, "localhost:1")])
    func theEmulatorHostIsWrittenAsTheSDKWritesIt(host: String, port: Int, written: String) {
        #expect(ProjectCallSettings.emulatorHost(host, port: port) == written)
    }

    @Test(arguments: ["fr", "pt-BR", "zh-Hant-TW", "es-419", ""])
    func languageTagsPass(language: String) throws {
        #expect(try ProjectCallSettings(languageCode: language).checked().languageCode == language)
    }

    @Test(arguments: ["fr\r\nX: y", "fr FR", "-fr", "français", String(repeating: "a", count: 36)])
    func anythingElseIsRefusedNamingTheSetting(language: String) {
        #expect(throws: InvalidSetting.self) { try ProjectCallSettings(languageCode: language).checked() }
    }

    /// The Firebase kind applies them: the tenant (its calls and its keystore namespace), the
    /// handler domain, the emulator over the environment's, the language on the backend's calls.
    @Test func theFirebaseKindAppliesThem() throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        let effects = AppEffects(transport: FakeTransport { _ in HTTPResponse(status: 500) }, clock: .fixed(InMemoryBackendTests.now), random: SeededRandomSource(seed: 7))
        let choice = BackendChoice.kind("firebase", settings: ["apiKey": "AIzaSyTest", "projectId": "demo-project"])
        let runtime = try AuthRuntime(
            environment: ["HOME": directory, "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:1"], effects: effects,
            options: .init(home: directory + "/home", backend: choice))
        let plain = try #require(try runtime.accounts().backend as? FirebaseAccountBackend)
        #expect(plain.project.tenantID == nil && plain.project.handlerURI == "https://demo-project.firebaseapp.com/__/auth/handler")
        #expect(plain.endpoints.emulatorHost == "127.0.0.1:1" && plain.toolkit.languageCode == nil)

        let set = ProjectCallSettings(tenantID: "tenant-1", languageCode: "fr", authDomain: "auth.example.com", emulatorHost: "[::1]:9099")
        let configured = try #require(try runtime.with(set).accounts().backend as? FirebaseAccountBackend)
        #expect(configured.project.tenantID == "tenant-1" && configured.project.storageNamespace == "firebase.demo-project.tenant-1")
        #expect(configured.project.handlerURI == "https://auth.example.com/__/auth/handler")
        #expect(configured.endpoints.emulatorHost == "[::1]:9099" && configured.toolkit.languageCode == "fr")
        #expect(try CurrentUser(runtime: runtime.with(set)).projectScope()?.tenantID == "tenant-1")

        #expect(throws: (any Error).self) { try runtime.with(ProjectCallSettings(tenantID: "../x")).accounts() }
        #expect(throws: (any Error).self) { try runtime.with(ProjectCallSettings(emulatorHost: "emulator.example.com:9099")).accounts() }
    }
}
