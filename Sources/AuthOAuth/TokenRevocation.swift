import AuthPlatform

/// A token kind, named by its RFC 7009 §2.1 `token_type_hint` value.
package enum RevocableToken: String, Sendable, Equatable, CaseIterable {
    case refreshToken = "refresh_token"
    case accessToken = "access_token"
}

/// How one revocation step ended.
package enum RevocationOutcome: Sendable, Equatable {
    /// The provider confirmed it (RFC 7009 §2.2: also said of a token that was already invalid).
    case revoked
    /// The provider says the token was not valid any more (GitHub 404/422): nothing left to revoke.
    case alreadyInvalid
    /// The provider refused or could not be reached: the token may still be valid.
    case failed(String)
    /// The provider offers no way to revoke this token.
    case unsupported(String)

    /// `revoked`, `already-invalid`, `failed`, `unsupported`: for `--json`.
    package var name: String {
        switch self {
        case .revoked: "revoked"
        case .alreadyInvalid: "already-invalid"
        case .failed: "failed"
        case .unsupported: "unsupported"
        }
    }

    /// The reason, for `.failed` and `.unsupported`.
    package var reason: String? {
        switch self {
        case .revoked, .alreadyInvalid: nil
        case .failed(let reason), .unsupported(let reason): reason
        }
    }

    /// True when the token is known to be unusable now.
    package var tokenIsDead: Bool { self == .revoked || self == .alreadyInvalid }
}

/// One token's revocation, for `signout --revoke` to report step by step.
package struct RevocationStep: Sendable, Equatable {
    package var token: RevocableToken
    package var outcome: RevocationOutcome

    package init(token: RevocableToken, outcome: RevocationOutcome) {
        self.token = token
        self.outcome = outcome
    }
}

/// How a provider revokes one token: RFC 7009 (``RFC7009Revocation``), a provider's own API
/// (GitHub's token deletion, in AuthProviders), or not at all (``NoRevocation``).
package protocol TokenRevocation: Sendable {
    /// Revokes `token`; never throws: an unreachable endpoint is a ``RevocationOutcome/failed(_:)``.
    func revoke(_ token: String, kind: RevocableToken) async -> RevocationOutcome
}

/// The provider publishes no way to revoke tokens.
package struct NoRevocation: TokenRevocation {
    package static let noEndpointReason = "the provider publishes no revocation endpoint"
    package let reason: String

    package init(reason: String = NoRevocation.noEndpointReason) {
        self.reason = reason
    }

    package func revoke(_ token: String, kind: RevocableToken) async -> RevocationOutcome {
        .unsupported(reason)
    }
}

/// RFC 7009 at `endpoint`, with the client authentication of the token endpoint (§2.1).
package struct RFC7009Revocation: TokenRevocation {
    /// RFC 7009 §2.2.1: 503 means "try again later"; the token is still valid.
    package static let temporarilyUnavailableStatus = 503

    package let endpoint: URL
    package let client: TokenClient

    package init(endpoint: URL, client: TokenClient) {
        self.endpoint = endpoint
        self.client = client
    }

    package func revoke(_ token: String, kind: RevocableToken) async -> RevocationOutcome {
        await RevocationOutcome.catching {
            let request = client.authenticatedFormRequest(to: endpoint, fields: [("token", token), ("token_type_hint", kind.rawValue)])
            return Self.outcome(try await client.transport.send(request))
        }
    }

    /// RFC 7009 §2.2: 200 is success, whatever the token was; §2.2.1: an error object otherwise.
    static func outcome(_ response: HTTPResponse) -> RevocationOutcome {
        if response.status == 200 { return .revoked }
        let json = try? JSONValue.parse(response.body)
        let error = json?["error"]?.stringValue.map(RevocationOutcome.printable)
        let description = json?["error_description"]?.stringValue.map(RevocationOutcome.printable)
        if error == "unsupported_token_type" {
            return .unsupported("the provider does not revoke this kind of token (unsupported_token_type)")
        }
        var reason = "HTTP \(response.status)"
        if let error { reason += ": \(error)" }
        if let description { reason += " (\(description))" }
        // The local copy is gone by now, so this cannot be retried from here: say what it means.
        if response.status == temporarilyUnavailableStatus { reason += "; the token stays valid at the provider until it expires" }
        return .failed(reason)
    }
}

/// Revokes the tokens of one sign-in, step by step, so that signing out locally can go on
/// whatever the provider answers.
package struct TokenRevoker: Sendable {
    package let method: any TokenRevocation

    package init(method: any TokenRevocation) {
        self.method = method
    }

    /// Revokes the refresh token first (RFC 7009 §2.1: that should end the access tokens of the
    /// same grant too), then the access token. A nil token is skipped.
    package func revoke(accessToken: String?, refreshToken: String?) async -> [RevocationStep] {
        let tokens = [(RevocableToken.refreshToken, refreshToken), (.accessToken, accessToken)]
            .compactMap { kind, token in token.map { (kind, $0) } }
        var steps: [RevocationStep] = []
        for (kind, token) in tokens {
            steps.append(RevocationStep(token: kind, outcome: await method.revoke(token, kind: kind)))
        }
        return steps
    }
}

extension RevocationOutcome {
    /// Runs one revocation request: an error (unreachable, cancelled) becomes a failed step.
    package static func catching(_ body: () async throws -> RevocationOutcome) async -> RevocationOutcome {
        do {
            return try await body()
        } catch let error as any AuthCoreError {
            return .failed(error.message)
        } catch is CancellationError {
            return .failed("cancelled")
        } catch {
            return .failed("\(error)")
        }
    }

    /// Provider text without control characters, at most 200 characters.
    package static func printable(_ text: String) -> String {
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        return clean.count > 200 ? String(clean.prefix(200)) + "…" : clean
    }
}
