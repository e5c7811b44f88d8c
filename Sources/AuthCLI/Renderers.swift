import AuthApp
import AuthPlatform

/// Text and JSON forms of what commands print. JSON never carries a token or secret, except
/// where the command's purpose is to print one (`token`).
enum Render {
    /// RFC 3339 in UTC, such as `2026-11-22T04:57:28Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// A span for people: "45s", "42m", "3h 5m", "2d 4h".
    static func duration(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: "\(max(seconds, 0))s"
        case ..<3600: "\(seconds / 60)m"
        case ..<86_400: seconds % 3600 / 60 == 0 ? "\(seconds / 3600)h" : "\(seconds / 3600)h \(seconds % 3600 / 60)m"
        default: seconds % 86_400 / 3600 == 0 ? "\(seconds / 86_400)d" : "\(seconds / 86_400)d \(seconds % 86_400 / 3600)h"
        }
    }

    static func optional(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }

    static func json(_ identity: LinkedIdentity) -> JSONValue {
        [
            "providerId": .string(identity.providerID), "uid": .string(identity.uid),
            "email": optional(identity.email), "displayName": optional(identity.displayName),
            "photoURL": optional(identity.photoURL), "username": optional(identity.username),
        ]
    }

    /// The user record without secrets (the SDK's `User` fields).
    static func json(_ user: AccountRecord) -> JSONValue {
        [
            "uid": .string(user.uid), "email": optional(user.email), "emailVerified": .bool(user.emailVerified),
            "displayName": optional(user.displayName), "photoURL": optional(user.photoURL),
            "createdAt": .string(timestamp(user.createdAt)), "lastSignInAt": .string(timestamp(user.lastSignInAt)),
            "lastAuthenticatedAt": .string(timestamp(user.lastAuthenticatedAt)),
            "providerData": .array(user.providerData.map(json)), "isAnonymous": .bool(user.isAnonymous),
        ]
    }

    /// whoami's lines: every value neutralised (``TerminalText``).
    static func text(_ user: AccountRecord) -> TerminalText {
        var lines: [TerminalText] = ["uid:        \(user.uid)"]
        if let name = user.displayName { lines.append("name:       \(name)") }
        if let email = user.email { lines.append("email:      \(email)\(user.emailVerified ? "" : " (unverified)")") }
        let providers = user.providerData.map { "\($0.providerID) (\($0.accountName))" }.joined(separator: ", ")
        lines.append("providers:  \(user.isAnonymous ? "none (anonymous)" : providers)")
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ result: SignInResult) -> JSONValue {
        [
            "user": json(result.user),
            "additionalUserInfo": [
                "providerId": .string(result.additionalUserInfo.providerID),
                "profile": result.additionalUserInfo.profile,
                "username": optional(result.additionalUserInfo.username),
                "isNewUser": .bool(result.additionalUserInfo.isNewUser),
            ],
            "credential": [
                "providerId": .string(result.credential.providerID),
                "expiresAt": result.credential.expiresAt.map { .string(timestamp($0)) } ?? .null,
                "scope": optional(result.credential.scope),
                "hasRefreshToken": .bool(result.credential.refreshToken != nil),
            ],
        ]
    }

    static func json(_ policy: AccountPolicy) -> JSONValue {
        ["one-account-per-email": .bool(policy.oneAccountPerEmail), "recent-login-seconds": .number(Double(policy.recentLoginSeconds))]
    }

    static func json(_ provider: ProviderConfiguration, kind: String?) -> JSONValue {
        [
            "id": .string(provider.id), "issuer": .string(provider.issuer), "clientId": .string(provider.clientID),
            "hasClientSecret": .bool(provider.clientSecret != nil),
            "scopes": .array(provider.scopes.map { .string($0) }),
            "parameters": .object(provider.customParameters.mapValues { .string($0) }),
            "redirectPort": provider.redirectPort.map { .number(Double($0)) } ?? .null,
            "redirectPorts": .array(provider.redirectPorts.map { .number(Double($0)) }),
            "acceptsHS256IDTokens": .bool(provider.acceptsHS256IDTokens == true),
            "kind": optional(kind),
            "apiBase": optional(provider.apiBase), "redirectURI": optional(provider.redirectURI),
            "tenant": optional(provider.tenant),
        ]
    }

    static func text(_ provider: ProviderConfiguration) -> TerminalText {
        var lines: [TerminalText] = [
            "id:             \(provider.id)", "client id:      \(provider.clientID)",
            "client secret:  \(trusted: provider.clientSecret == nil ? "none (package client)" : "set")",
        ]
        if !provider.issuer.isEmpty { lines.insert("issuer:         \(provider.issuer)", at: 1) }
        if let tenant = provider.tenant { lines.append("tenant:         \(tenant)") }
        if let apiBase = provider.apiBase { lines.append("api base:       \(apiBase)") }
        if let redirectURI = provider.redirectURI { lines.append("redirect URI:   \(redirectURI)") }
        if !provider.scopes.isEmpty { lines.append("scopes:         \(provider.scopes.joined(separator: " "))") }
        for (name, value) in provider.customParameters.sorted(by: { $0.key < $1.key }) {
            lines.append("parameter:      \(name)=\(value)")
        }
        if !provider.redirectPorts.isEmpty {
            lines.append("redirect port:  \(provider.redirectPorts.map { String($0) }.joined(separator: ","))")
        }
        if provider.acceptsHS256IDTokens == true { lines.append("ID tokens:      RS256, PS256, ES256 and HS256 (client secret)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Render {
    static func json(_ factor: EnrolledFactor) -> JSONValue {
        ["enrollmentId": .string(factor.enrollmentID), "factorId": .string(factor.factorID), "displayName": optional(factor.displayName)]
    }

    /// `Phone (totp), ...`, or `none`.
    static func factorNames(_ factors: [EnrolledFactor]) -> String {
        factors.isEmpty ? "none" : factors.map { "\($0.displayName ?? $0.enrollmentID) (\($0.factorID))" }.joined(separator: ", ")
    }
}

extension Render {
    /// whoami's lines for a project's user: the second factors and the custom claims.
    static func text(factors: [EnrolledFactor], customClaims: [String: JSONValue]) -> TerminalText {
        var lines: [TerminalText] = ["factors:    \(factorNames(factors))"]
        if !customClaims.isEmpty {
            lines.append("claims:     \(customClaims.keys.sorted().map { "\($0)=\(customClaims[$0]!.serialized())" }.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
