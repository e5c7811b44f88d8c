import Foundation
import Testing
import AuthCore
import AuthOAuth
import AuthPlatform

/// The keystore is written through `Encodable` and read by hand (``JSONObjectReader``): the hand
/// reader must read back everything written, and must accept and refuse exactly what `Decodable`
/// (``JSONValueDecoder``) does, with the same error.
@Suite struct KeystoreReadingTests {
    static let moment = Date(timeIntervalSince1970: 1_795_586_549.394_436_4)

    /// Every optional member set, every array non-empty (``everyMemberIsSet`` checks it), so a
    /// member the hand reader forgets cannot go unseen.
    static let fullAccount = KeystoreDocument.Account(
        user: fullUser, sessions: [fullSession], lastProviderID: "oidc.corp",
        backendSession: BackendSession(issuer: "firebase:p", idToken: "fit", refreshToken: "frt",
                                       expiresAt: moment.addingTimeInterval(3600), obtainedAt: moment))

    static var fullSession: ProviderCredential {
        var session = ProviderCredential(
            providerID: "oidc.corp", accessToken: "at", tokenType: "DPoP", idToken: "it", refreshToken: "rt",
            expiresAt: moment.addingTimeInterval(3600), obtainedAt: moment, scope: "openid email", rawNonce: "n",
            clientCredentials: ClientCredentialsRequest(scopes: ["api.read", "api.write"], audience: "aud", resource: "https://api.example"),
            ciSource: CITokenSource(kind: .env, variable: "JOB_ID_TOKEN"),
            idTokenFlag: IDTokenFlag(verdict: .inconsistent, reason: "the ID token's at_hash is 'x'", receivedAt: moment), secret: "oauth-1.0a-secret")
        session.fullName = PersonName(givenName: "Ada", familyName: "Lovelace")
        return session
    }

    static let fullUser = AccountRecord(
        uid: "uid-1", email: "a@example.com", emailVerified: true, displayName: "A", photoURL: "https://p.example/a",
        createdAt: moment, lastSignInAt: moment.addingTimeInterval(1), lastAuthenticatedAt: moment.addingTimeInterval(2),
        providerData: [LinkedIdentity(providerID: "oidc.corp", uid: "sub-1", email: "a@example.com", displayName: "A",
                                      photoURL: "https://p.example/a", username: "alice")],
        enrolledFactors: [EnrolledFactor(enrollmentID: "totp-1", displayName: "Laptop", factorID: "totp", enrolledAt: moment)])

    /// Every optional member nil.
    static let bareAccount = KeystoreDocument.Account(
        user: AccountRecord(uid: "uid-2", createdAt: moment, lastSignInAt: moment, lastAuthenticatedAt: moment,
                   providerData: [LinkedIdentity(providerID: "github.com", uid: "42")]),
        sessions: [ProviderCredential(providerID: "github.com", accessToken: nil)], lastProviderID: nil)

    static var document: KeystoreDocument {
        var document = KeystoreDocument()
        document.accounts = [fullAccount, bareAccount]
        document.currentUID = "uid-1"
        return document
    }

    @Test func theFullFixtureLeavesNothingUnset() {
        #expect(Self.unsetMembers(of: Self.fullAccount).isEmpty, "set these in fullAccount: \(Self.unsetMembers(of: Self.fullAccount))")
        #expect(Self.unsetMembers(of: Self.bareAccount).contains(".user.email"), "the check sees an unset member")
    }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let written = try JSONValueEncoder().encode(Self.document)
        #expect(try KeystoreDocument(reading: JSONObjectReader(written)) == Self.document)
        #expect(try JSONValueDecoder().decode(KeystoreDocument.self, from: written) == Self.document)
    }

    /// Each change to a written file, read both ways: the same document, or the same error.
    static let changes: [(name: String, path: [PathStep], to: JSONValue?)] = [
        ("a required string removed", [.member("accounts"), .index(0), .member("user"), .member("uid")], nil),
        ("a required string is a number", [.member("accounts"), .index(0), .member("sessions"), .index(0), .member("providerID")], .number(1)),
        ("a required string is null", [.member("accounts"), .index(1), .member("user"), .member("uid")], .null),
        ("a boolean is a string", [.member("accounts"), .index(0), .member("user"), .member("emailVerified")], .string("true")),
        ("a date is a string", [.member("accounts"), .index(0), .member("user"), .member("createdAt")], .string("2026-01-01")),
        ("an optional date is a string", [.member("accounts"), .index(0), .member("sessions"), .index(0), .member("expiresAt")], .string("soon")),
        ("an optional string is null", [.member("accounts"), .index(0), .member("user"), .member("email")], .null),
        ("an optional string removed", [.member("accounts"), .index(0), .member("lastProviderID")], nil),
        ("an optional string is an array", [.member("currentUID")], .array([])),
        ("an array is an object", [.member("accounts"), .index(0), .member("sessions")], .object([:])),
        ("an array member is a string", [.member("accounts"), .index(0), .member("user"), .member("providerData"), .index(0)], .string("x")),
        ("a string list holds a number", [.member("accounts"), .index(0), .member("sessions"), .index(0), .member("clientCredentials"),
                                          .member("scopes"), .index(1)], .number(2)),
        ("a nested object is null", [.member("accounts"), .index(0), .member("backendSession")], .null),
        ("a nested object is a string", [.member("accounts"), .index(0), .member("backendSession")], .string("x")),
        ("a nested required date removed", [.member("accounts"), .index(0), .member("backendSession"), .member("obtainedAt")], nil),
        ("the accounts removed", [.member("accounts")], nil),
        ("an optional list removed", [.member("accounts"), .index(0), .member("user"), .member("enrolledFactors")], nil),
        ("an optional list is null", [.member("accounts"), .index(0), .member("user"), .member("enrolledFactors")], .null),
        ("an optional list is empty", [.member("accounts"), .index(0), .member("user"), .member("enrolledFactors")], .array([])),
        ("an optional list is a string", [.member("accounts"), .index(0), .member("user"), .member("enrolledFactors")], .string("x")),
        ("a listed object's optional date is a string", [.member("accounts"), .index(0), .member("user"), .member("enrolledFactors"), .index(0),
                                                         .member("enrolledAt")], .string("soon")),
        ("a listed object's required string removed", [.member("accounts"), .index(0), .member("user"), .member("enrolledFactors"), .index(0),
                                                       .member("factorID")], nil),
        ("an unknown member added", [.member("accounts"), .index(0), .member("extra")], .bool(true)),
    ]

    @Test(arguments: changes)
    func readsAsDecodableDoes(_ change: (name: String, path: [PathStep], to: JSONValue?)) throws {
        let written = try JSONValueEncoder().encode(Self.document)
        let changed = Self.replacing(change.path, in: written, with: change.to)
        let byHand = Result { try KeystoreDocument(reading: JSONObjectReader(changed)) }
        let decodable = Result { try JSONValueDecoder().decode(KeystoreDocument.self, from: changed) }
        switch (byHand, decodable) {
        case (.success(let mine), .success(let theirs)):
            #expect(mine == theirs, "\(change.name)")
        case (.failure(let mine), .failure(let theirs)):
            #expect(Self.describe(mine) == Self.describe(theirs), "\(change.name)")
            #expect(Self.describe(mine) != "other", "\(change.name): \(mine)")
        default:
            Issue.record("\(change.name): by hand \(byHand), Decodable \(decodable)")
        }
    }

    // MARK: Helpers

    enum PathStep: Sendable { case member(String), index(Int) }

    static func replacing(_ path: [PathStep], in value: JSONValue, with new: JSONValue?) -> JSONValue {
        guard let step = path.first else { return new ?? .null }
        switch (step, value) {
        case (.member(let name), .object(var members)):
            if path.count == 1, new == nil { members[name] = nil } else {
                members[name] = replacing(Array(path.dropFirst()), in: members[name] ?? .null, with: new)
            }
            return .object(members)
        case (.index(let position), .array(var elements)):
            elements[position] = replacing(Array(path.dropFirst()), in: elements[position], with: new)
            return .array(elements)
        default:
            return value
        }
    }

    /// The kind of error and where, as SecureFileStore reports it.
    static func describe(_ error: any Error) -> String {
        func location(_ path: [any CodingKey]) -> String {
            path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        }
        switch error as? DecodingError {
        case .typeMismatch(let type, let context)?: return "expected \(type) at \(location(context.codingPath))"
        case .keyNotFound(let key, let context)?: return "missing \(key.stringValue) at \(location(context.codingPath))"
        case .valueNotFound(let type, let context)?: return "no \(type) at \(location(context.codingPath))"
        case .dataCorrupted(let context)?: return "corrupt at \(location(context.codingPath))"
        default: return "other"
        }
    }

    /// The paths of optional members that are nil and arrays that are empty, anywhere in `value`.
    static func unsetMembers(of value: Any, at path: String = "") -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            let here = path + "." + (child.label ?? "?")
            let mirror = Mirror(reflecting: child.value)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { return [here] }
                return unsetMembers(of: wrapped, at: here)
            }
            if mirror.displayStyle == .collection {
                guard !mirror.children.isEmpty else { return [here] }
                return mirror.children.flatMap { unsetMembers(of: $0.value, at: here + "[]") }
            }
            return mirror.displayStyle == .struct ? unsetMembers(of: child.value, at: here) : []
        }
    }
}
