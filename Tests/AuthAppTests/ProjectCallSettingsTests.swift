import AuthPlatform
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
}
