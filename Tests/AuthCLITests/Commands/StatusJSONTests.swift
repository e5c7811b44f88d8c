import AuthApp
import AuthCore
import AuthOAuth
import AuthPlatform
import Foundation
import Testing
@testable import AuthCLI

/// `status --json` carries everything `status` shows (README "status --json"), and a session a
/// project handed back without an expiry is "expiry unknown", not "no expiry".
@Suite struct StatusJSONTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// An unsigned JWT with `exp`: status reads the claim of a token stored after verification.
    static func jwt(exp: Date) -> String {
        func part(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
        }
        return part(#"{"alg":"RS256","typ":"JWT"}"#) + "." + part(#"{"exp":\#(Int(exp.timeIntervalSince1970))}"#) + "." + part("sig")
    }

    static func account(uid: String, project: Bool, sessions: [ProviderCredential], identities: [String]) -> KeystoreDocument.Account {
        KeystoreDocument.Account(
            user: AccountRecord(uid: uid, email: nil, displayName: "Dana \(uid)", createdAt: now, lastSignInAt: now, lastAuthenticatedAt: now,
                       providerData: identities.map { LinkedIdentity(providerID: $0, uid: "sub-\($0)", username: "dana") }),
            sessions: sessions, lastProviderID: identities.first,
            backendSession: project
                ? BackendSession(issuer: "https://securetoken.google.com/p", idToken: "fit", refreshToken: "frt",
                                 expiresAt: now.addingTimeInterval(1800), obtainedAt: now.addingTimeInterval(-1800))
                : nil)
    }

    static var keystore: KeystoreDocument {
        var document = KeystoreDocument()
        document.accounts = [
            account(uid: "u1", project: true, sessions: [
                ProviderCredential(providerID: "github.com", accessToken: "gho", expiresAt: nil, obtainedAt: now),
                ProviderCredential(providerID: "oidc.corp", accessToken: nil, idToken: jwt(exp: now.addingTimeInterval(600)), obtainedAt: now),
            ], identities: ["github.com", "oidc.corp"]),
            account(uid: "u2", project: false, sessions: [
                ProviderCredential(providerID: "github.com", accessToken: "gho", expiresAt: nil, obtainedAt: now),
                ProviderCredential(providerID: "oidc.ci", accessToken: nil, idToken: jwt(exp: now.addingTimeInterval(-60)), obtainedAt: now,
                                ciSource: CITokenSource(kind: .env, variable: "JOB_TOKEN")),
            ], identities: ["github.com", "oidc.ci", "oidc.gone"]),
        ]
        document.currentUID = "u1"
        return document
    }

    /// The report the command renders, with a project's status line as its kind says it.
    static var report: SessionStatus.Report {
        let project = BackendStatus(lines: ["Firebase project: p"], members: ["firebaseProject": "p"])
        return SessionStatus.report(keystore, backends: [project], environment: [:], at: now)
    }

    @Test func textSaysWhatIsKnownOfEachExpiry() {
        let text = StatusCommand.text(Self.report)
        #expect(text.contains("https://securetoken.google.com/p: ID token expires in 30m, refreshable"))
        #expect(text.contains("github.com: dana, expiry unknown (the project did not say), cannot refresh"))
        #expect(text.contains("oidc.corp: dana, ID token only, expires in 10m, cannot refresh"))
        #expect(text.contains("github.com: dana, no expiry, cannot refresh"))
        #expect(text.contains("oidc.ci: dana, ID token only, expired 1m ago, renewed from env:JOB_TOKEN"))
        #expect(text.contains("oidc.gone: dana, signed out"))
        #expect(text.contains("* Dana u1 (uid u1)") && text.contains("Firebase project: p"))
    }

    /// Each fact of the text, found in the JSON.
    @Test func jsonCarriesEveryFactOfTheText() throws {
        let json = StatusCommand.json(Self.report)
        #expect(json["firebaseProject"] == "p")
        let users = try #require(json["users"]?.arrayValue)
        let first = users[0]
        #expect(first["displayName"] == "Dana u1" && first["current"] == true)
        let session = try #require(first["projectSession"])
        #expect(session["issuer"] == "https://securetoken.google.com/p" && session["idTokenExpiresInSeconds"] == 1800)
        #expect(session["refreshable"] == true && session["idTokenExpiresAt"]?.stringValue != nil)
        let projectProviders = try #require(first["providers"]?.arrayValue)
        #expect(projectProviders[0]["expiry"] == "unknown" && projectProviders[0]["expiresAt"] == .null)
        #expect(projectProviders[1]["expiry"] == "expires" && projectProviders[1]["expiresInSeconds"] == 600)
        #expect(projectProviders[1]["idTokenOnly"] == true && projectProviders[0]["idTokenOnly"] == false)
        let local = try #require(users[1]["providers"]?.arrayValue)
        #expect(users[1]["projectSession"] == .null)
        #expect(local[0]["expiry"] == "none")
        #expect(local[1]["expiry"] == "expired" && local[1]["renewedFrom"] == "env:JOB_TOKEN" && local[1]["refreshable"] == true)
        #expect(local[2]["signedIn"] == false && local[2]["expiry"] == .null)
    }
}
