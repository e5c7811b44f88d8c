import Foundation

/// A token kind, named by its RFC 7009 §2.1 `token_type_hint` value.
public enum RevocableToken: String, Sendable, Equatable, CaseIterable {
    case refreshToken = "refresh_token"
    case accessToken = "access_token"
}

/// How one revocation step ended.
public enum RevocationOutcome: Sendable, Equatable {
    /// The provider confirmed it (RFC 7009 §2.2: also said of a token that was already invalid).
    case revoked
    /// The provider says the token was not valid any more (GitHub 404/422): nothing left to revoke.
    case alreadyInvalid
    /// The provider refused or could not be reached: the token may still be valid.
    case failed(String)
    /// The provider offers no way to revoke this token.
    case unsupported(String)

    /// `revoked`, `already-invalid`, `failed`, `unsupported`: for `--json`.
    public var name: String {
        switch self {
        case .revoked: "revoked"
        case .alreadyInvalid: "already-invalid"
        case .failed: "failed"
        case .unsupported: "unsupported"
        }
    }

    /// The reason, for `.failed` and `.unsupported`.
    public var reason: String? {
        switch self {
        case .revoked, .alreadyInvalid: nil
        case .failed(let reason), .unsupported(let reason): reason
        }
    }

    /// True when the token is known to be unusable now.
    public var tokenIsDead: Bool { self == .revoked || self == .alreadyInvalid }
}

/// One token's revocation, for `signout --revoke` to report step by step.
public struct RevocationStep: Sendable, Equatable {
    public var token: RevocableToken
    public var outcome: RevocationOutcome

    public init(token: RevocableToken, outcome: RevocationOutcome) {
        self.token = token
        self.outcome = outcome
    }
}

/// Where and how a provider revokes tokens.
public enum RevocationMethod: Sendable, Equatable {
    /// RFC 7009 at this endpoint, with the client authentication of the token endpoint.
    case rfc7009(endpoint: URL)
    /// GitHub's "delete an app token": `DELETE {api}/applications/{client_id}/token`.
    case github(GitHubEndpoints)
    /// The provider publishes no revocation endpoint.
    case none
}

/// Revokes the tokens of one sign-in. Never throws: every step reports its own outcome, and an
/// unreachable endpoint is a ``RevocationOutcome/failed(_:)`` step, so signing out locally can go on.
public struct TokenRevoker: Sendable {
    /// RFC 7009 §2.2.1: 503 means "try again later"; the token is still valid.
    public static let temporarilyUnavailableStatus = 503
    /// GitHub's answers to "delete an app token" for a token it no longer knows.
    public static let githubAlreadyInvalidStatuses: Set<Int> = [404, 422]

    public let method: RevocationMethod
    /// Supplies the client id, secret, client authentication and transport.
    public let client: TokenClient

    public init(method: RevocationMethod, client: TokenClient) {
        self.method = method
        self.client = client
    }

    /// Revokes the refresh token first (RFC 7009 §2.1: that should end the access tokens of the
    /// same grant too), then the access token. A nil token is skipped.
    public func revoke(accessToken: String?, refreshToken: String?) async -> [RevocationStep] {
        let tokens = [(RevocableToken.refreshToken, refreshToken), (.accessToken, accessToken)]
            .compactMap { kind, token in token.map { (kind, $0) } }
        var steps: [RevocationStep] = []
        for (kind, token) in tokens {
            steps.append(RevocationStep(token: kind, outcome: await revoke(token, kind: kind)))
        }
        return steps
    }

    func revoke(_ token: String, kind: RevocableToken) async -> RevocationOutcome {
        switch method {
        case .none:
            return .unsupported("the provider publishes no revocation endpoint")
        case .rfc7009(let endpoint):
            return await outcome {
                let request = client.authenticatedFormRequest(to: endpoint, fields: [("token", token), ("token_type_hint", kind.rawValue)])
                return Self.rfc7009Outcome(try await client.transport.send(request))
            }
        case .github(let endpoints):
            guard kind == .accessToken else {
                return .unsupported("GitHub has no endpoint that revokes a refresh token by itself")
            }
            guard let secret = client.clientSecret else {
                return .unsupported("GitHub revokes a token only with the app's client secret; revoke it in GitHub's settings (Applications)")
            }
            return await outcome {
                // RFC 7617 Basic credentials: GitHub takes them as they are, not form-encoded.
                let basic = Data((client.clientID + ":" + secret).utf8).base64EncodedString()
                var headers = GitHubAPI.headers(authorization: "Basic " + basic)
                headers.append(("Content-Type", "application/json"))
                let body: JSONValue = ["access_token": .string(token)]
                let request = HTTPRequest(
                    method: "DELETE", url: endpoints.tokenDeletionURL(clientID: client.clientID), headers: headers,
                    body: Array(body.serialized().utf8), maxResponseBytes: GitHubAPI.maximumResponseBytes
                )
                return Self.githubOutcome(try await client.transport.send(request))
            }
        }
    }

    /// RFC 7009 §2.2: 200 is success, whatever the token was; §2.2.1: an error object otherwise.
    static func rfc7009Outcome(_ response: HTTPResponse) -> RevocationOutcome {
        if response.status == 200 { return .revoked }
        let json = try? JSONValue.parse(response.body)
        let error = json?["error"]?.stringValue.map(Self.printable)
        let description = json?["error_description"]?.stringValue.map(Self.printable)
        if error == "unsupported_token_type" {
            return .unsupported("the provider does not revoke this kind of token (unsupported_token_type)")
        }
        var reason = "HTTP \(response.status)"
        if let error { reason += ": \(error)" }
        if let description { reason += " (\(description))" }
        if response.status == temporarilyUnavailableStatus { reason += "; the token is still valid, try again later" }
        return .failed(reason)
    }

    static func githubOutcome(_ response: HTTPResponse) -> RevocationOutcome {
        switch response.status {
        case 204, 200: return .revoked
        case _ where githubAlreadyInvalidStatuses.contains(response.status): return .alreadyInvalid
        case 401: return .failed("GitHub refused the app's client id and secret (HTTP 401)")
        default:
            return .failed("GitHub answered HTTP \(response.status)" + (GitHubAPI.message(in: response.body).map { ": \($0)" } ?? ""))
        }
    }

    private func outcome(_ body: () async throws -> RevocationOutcome) async -> RevocationOutcome {
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
    static func printable(_ text: String) -> String {
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        return clean.count > 200 ? String(clean.prefix(200)) + "…" : clean
    }
}
