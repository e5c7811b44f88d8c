import AuthCore
import AuthPlatform

/// What a program sets on its `Auth` for the calls to its project, after the runtime is built
/// (FirebaseAuth's `tenantID`, `languageCode`, `customAuthDomain`, `useEmulator(withHost:port:)`):
/// each replaces what the home's settings or the environment give, for the calls of this runtime
/// only. A backend without a project (local accounts) has no such calls and ignores them.
package struct ProjectCallSettings: Sendable, Equatable {
    /// The Identity Platform tenant the calls name (`tenantId`): nil keeps the configured project's;
    /// `.some(nil)` names none (the project's own users). The tenant's users are kept apart.
    package var tenantID: String??
    /// The language of what the project writes (its emails), sent as `X-Firebase-Locale`; nil: none.
    package var languageCode: String?
    /// The host of the project's auth handler page; nil keeps the configured one.
    package var authDomain: String?
    /// The Auth emulator's `host:port`; nil keeps `FIREBASE_AUTH_EMULATOR_HOST`.
    package var emulatorHost: String?

    package init(tenantID: String?? = nil, languageCode: String? = nil, authDomain: String? = nil, emulatorHost: String? = nil) {
        self.tenantID = tenantID
        self.languageCode = languageCode
        self.authDomain = authDomain
        self.emulatorHost = emulatorHost
    }

    /// The settings a program gives, each checked before it reaches a URL, a header or a file
    /// name: a language must be a language tag (it travels as a header value).
    package func checked() throws(InvalidSetting) -> ProjectCallSettings {
        if let language = languageCode, !language.isEmpty, !Self.isLanguageTag(language) {
            throw InvalidSetting(setting: "languageCode", value: language, reason: "expected a BCP 47 language tag, such as fr or pt-BR")
        }
        return self
    }

    /// Letters, digits, `-` and `_` in subtags of 1 to 8, at most 35 characters (BCP 47's longest useful tag).
    static func isLanguageTag(_ text: String) -> Bool {
        text.utf8.count <= 35 && text.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// `host:port` for `host` and `port`, as the SDKs' `useEmulator(withHost:port:)` writes it: an
    /// IPv6 address in brackets.
    package static func emulatorHost(_ host: String, port: Int) -> String {
        (host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host) + ":\(port)"
    }

    /// The language of the person running the program, as a BCP 47 tag: the first of POSIX's
    /// `LANGUAGE` list, else `LC_ALL`, `LC_MESSAGES`, `LANG` (`pt_BR.UTF-8` → `pt-BR`); nil for
    /// the C/POSIX locale or none. What `useAppLanguage()` takes on Linux, where an app's
    /// preferred language is its locale's.
    package static func appLanguage(environment: EnvironmentVariables) -> String? {
        let language = environment["LANGUAGE"]?.split(separator: ":").first.map(String.init)
        for value in [language, environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]] {
            guard let value, !value.isEmpty else { continue }
            let name = value.split(separator: ".").first.map { $0.split(separator: "@").first ?? $0 }.map(String.init) ?? value
            if name == "C" || name == "POSIX" { return nil }
            let tag = String(name.map { $0 == "_" ? "-" : $0 })
            return isLanguageTag(tag) ? tag : nil
        }
        return nil
    }
}
