import AuthOAuth
import AuthPlatform
import AuthStorage

/// A Firebase / Identity Platform project that holds the accounts (`authctl firebase use`). The
/// API key identifies the project to Google's APIs; it is public, not a secret.
package struct FirebaseProject: Codable, Sendable, Equatable {
    package var apiKey: String
    package var projectID: String
    /// An Identity Platform tenant inside the project, if accounts live in one.
    package var tenantID: String?
    /// A custom domain serving the project's auth handler (`firebase use --auth-domain`); nil for
    /// the default, ``defaultAuthDomain``.
    package var customAuthDomain: String?
    /// What an API key restricted to apps or referrers checks (`firebase use --ios-bundle-id`,
    /// `--android-package`/`--android-cert`, `--referrer`): the headers the SDKs send.
    package var clientIdentity: ClientIdentity?
    /// The GitHub app in the console also accepts `http://localhost` as a callback (a GitHub App;
    /// `firebase use --github-localhost`): a project-run GitHub sign-in then returns to this
    /// machine. Without it, GitHub returns to the handler page, the one callback an OAuth App has.
    package var githubAcceptsLocalhost: Bool?

    package init(apiKey: String, projectID: String, tenantID: String? = nil, authDomain: String? = nil) {
        self.apiKey = apiKey
        self.projectID = projectID
        self.tenantID = tenantID
        self.customAuthDomain = authDomain
    }

    /// The headers an app- or referrer-restricted key needs, as the Apple, Android and web SDKs send them.
    var clientHeaders: [(String, String)] {
        guard let identity = clientIdentity else { return [] }
        var headers: [(String, String)] = []
        if let bundle = identity.iosBundleID { headers.append(("X-Ios-Bundle-Identifier", bundle)) }
        if let package = identity.androidPackage { headers.append(("X-Android-Package", package)) }
        if let cert = identity.androidCertificate { headers.append(("X-Android-Cert", cert)) }
        if let referrer = identity.referrer { headers.append(("Referer", referrer)) }
        return headers
    }

    /// `PROJECT.firebaseapp.com`: where every project serves `/__/auth/handler`.
    package var defaultAuthDomain: String { projectID + ".firebaseapp.com" }
    /// The host of the project's auth handler page.
    package var authDomain: String { customAuthDomain ?? defaultAuthDomain }
    /// `https://AUTH_DOMAIN/__/auth/handler`: the return address the Firebase docs register with every provider app.
    package var handlerURI: String { "https://" + authDomain + "/__/auth/handler" }

    /// Project ids are 6 to 30 of a-z, 0-9 and '-'; tenant ids letters, digits and '-'. Both end up
    /// in URLs and file names, so nothing else is accepted. API keys are URL-safe tokens.
    package func validated() throws(FirebaseError) -> FirebaseProject {
        let projectCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard (Self.projectIDLengths).contains(projectID.count), projectID.allSatisfy(projectCharacters.contains) else {
            throw .invalidProject("'\(projectID)' is not a project id (6-30 of a-z, 0-9 and '-', as the console shows it)")
        }
        if let tenantID, tenantID.isEmpty || !tenantID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
            throw .invalidProject("'\(tenantID)' is not a tenant id (letters, digits and '-')")
        }
        if let customAuthDomain, !Self.isHostName(customAuthDomain) {
            throw .invalidProject("'\(customAuthDomain)' is not a domain name (such as auth.example.com, without https:// or a path)")
        }
        if let identity = clientIdentity {
            for value in [identity.iosBundleID, identity.androidPackage, identity.androidCertificate, identity.referrer].compactMap({ $0 }) {
                // They travel as header values: visible ASCII only, so nothing can end a header.
                guard !value.isEmpty, value.count <= 2048, value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                    throw .invalidProject("'\(value)' cannot be sent as a header (visible ASCII without spaces)")
                }
            }
        }
        guard !apiKey.isEmpty, apiKey.count <= 256, apiKey.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) }) else {
            throw .invalidProject("the API key is empty or has characters an API key never has (it looks like AIza...)")
        }
        return self
    }

    /// The Firebase console's limits on a project id.
    static let projectIDLengths = 6...30

    /// A DNS name (RFC 1123 §2.1): dot-separated labels of letters, digits and '-', at most 253 bytes.
    static func isHostName(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        return text.utf8.count <= 253 && labels.count >= 2 && labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    /// `firebase:<project>[/<tenant>]`: the issuer of this project's sessions, and the keystore namespace.
    package var sessionIssuer: String { "firebase:" + projectID + (tenantID.map { "/" + $0 } ?? "") }
    /// The storage namespace of this project's accounts (`firebase.<project>[.<tenant>]`).
    package var storageNamespace: String { "firebase." + projectID + (tenantID.map { "." + $0 } ?? "") }
    /// `https://securetoken.google.com/<project>`: the `iss` of the project's ID tokens.
    package var tokenIssuer: String { "https://securetoken.google.com/" + projectID }
}

/// The app an API key may be restricted to (Google Cloud console, Credentials > API key > Application restrictions).
package struct ClientIdentity: Codable, Sendable, Equatable {
    package var iosBundleID: String?
    package var androidPackage: String?
    /// The signing certificate's SHA-1, hex, as the key's restriction lists it.
    package var androidCertificate: String?
    package var referrer: String?

    package init(iosBundleID: String? = nil, androidPackage: String? = nil, androidCertificate: String? = nil, referrer: String? = nil) {
        self.iosBundleID = iosBundleID
        self.androidPackage = androidPackage
        self.androidCertificate = androidCertificate
        self.referrer = referrer
    }

    /// Nil when nothing is given.
    package var orNil: ClientIdentity? { self == ClientIdentity() ? nil : self }
}

/// `firebase.json` in the home: the project accounts live in, if any.
package struct FirebaseDocument: VersionedDocument, Equatable {
    package static let schemaVersion = 1
    package static let fileName = "firebase.json"
    package var project: FirebaseProject?

    package init() { project = nil }
}

/// Where the project's REST APIs are: Google's production hosts, or the emulator at
/// `FIREBASE_AUTH_EMULATOR_HOST`, under the same paths as the SDKs use.
package struct FirebaseEndpoints: Sendable, Equatable {
    /// The environment variable the Firebase SDKs read: `host:port` of the Auth emulator.
    package static let emulatorHostVariable = "FIREBASE_AUTH_EMULATOR_HOST"
    static let identityToolkitHost = "identitytoolkit.googleapis.com"
    static let secureTokenHost = "securetoken.googleapis.com"
    /// Google's JWK set of the keys that sign Firebase ID tokens.
    static let publicKeysPath = "www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"

    /// `https://identitytoolkit.googleapis.com/v1`, or `http://HOST/identitytoolkit.googleapis.com/v1`.
    package let identityToolkit: String
    /// `https://securetoken.googleapis.com/v1/token`, or its emulator path.
    package let secureToken: String
    /// The JWK set of the project's ID token keys, or the emulator's path for it.
    package let publicKeys: String
    /// The emulator's `host:port`, when talking to the emulator.
    package let emulatorHost: String?

    /// Production, unless `emulatorHost` is set. An emulator must be on a loopback host: it is
    /// plain http, and authctl sends provider credentials to it.
    package init(emulatorHost: String?) throws(FirebaseError) {
        guard let host = emulatorHost.map({ $0.trimmingSpaces() }), !host.isEmpty else {
            identityToolkit = "https://\(Self.identityToolkitHost)/v1"
            secureToken = "https://\(Self.secureTokenHost)/v1/token"
            publicKeys = "https://" + Self.publicKeysPath
            self.emulatorHost = nil
            return
        }
        let root = "http://" + host
        guard !host.contains("/"), !host.contains("@"), let url = URLComponents(string: root), let name = url.host, url.port != nil else {
            throw .invalidEmulatorHost(host, reason: "expected host:port, such as 127.0.0.1:9099")
        }
        guard URLPolicy.isLoopbackHost(name) else {
            throw .invalidEmulatorHost(host, reason: "the emulator speaks plain http, which authctl uses with loopback hosts only; forward its port to 127.0.0.1")
        }
        identityToolkit = "\(root)/\(Self.identityToolkitHost)/v1"
        secureToken = "\(root)/\(Self.secureTokenHost)/v1/token"
        publicKeys = "\(root)/\(Self.publicKeysPath)"
        self.emulatorHost = host
    }

    /// `<identityToolkit>/accounts:<method>?key=<apiKey>`.
    func accounts(_ method: String, apiKey: String) -> String {
        "\(identityToolkit)/accounts:\(method)?key=\(FormEncoding.encode(apiKey))"
    }

    /// `<v2 root>/accounts/<method>?key=<apiKey>` (Identity Platform's multi-factor API is v2:
    /// `mfaEnrollment:start`, `mfaSignIn:finalize`, ...).
    func accountsV2(_ method: String, apiKey: String) -> String {
        "\(identityToolkit.dropLast(3))/v2/accounts/\(method)?key=\(FormEncoding.encode(apiKey))"
    }

    /// `<identityToolkit>/projects?key=<apiKey>`: the configuration of the key's project.
    func projectConfig(apiKey: String) -> String {
        "\(identityToolkit)/projects?key=\(FormEncoding.encode(apiKey))"
    }

    func secureToken(apiKey: String) -> String {
        "\(secureToken)?key=\(FormEncoding.encode(apiKey))"
    }
}
