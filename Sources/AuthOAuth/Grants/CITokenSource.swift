import AuthPlatform

/// Where a CI job's OpenID Connect token comes from (`signin --ci`): stored with the session, so
/// that an expired token is replaced by a new one from the same place. Only the place is kept (a
/// kind and a variable NAME), never the request token GitHub hands the job, nor a copy of the
/// variable's value.
package struct CITokenSource: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable, CaseIterable {
        /// GitHub Actions: asked for at `$ACTIONS_ID_TOKEN_REQUEST_URL` (`permissions: id-token: write`).
        case githubActions = "github-actions"
        /// GitLab CI: the variable an `id_tokens:` entry of the job names.
        case gitlab
        /// Any variable the job sets.
        case env
    }

    /// GitHub Actions' request URL and bearer token, set in a job with `id-token: write`.
    package static let actionsRequestURLVariable = "ACTIONS_ID_TOKEN_REQUEST_URL"
    package static let actionsRequestTokenVariable = "ACTIONS_ID_TOKEN_REQUEST_TOKEN"
    /// What `--ci gitlab` reads unless told otherwise (`--ci env:VAR`): the name GitLab's own
    /// examples give the `id_tokens:` entry.
    package static let gitLabDefaultVariable = "GITLAB_OIDC_TOKEN"
    /// The values `--ci` takes, for help and errors.
    package static let syntax = "github-actions, gitlab or env:VAR"

    package var kind: Kind
    /// The variable that holds the token (GitLab, env); nil for GitHub Actions.
    package var variable: String?

    package init(kind: Kind, variable: String? = nil) {
        self.kind = kind
        self.variable = variable
    }

    /// `github-actions`, `gitlab` (its default variable), `gitlab:VAR` or `env:VAR`; nil for anything else.
    package init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let kind = Kind(rawValue: parts[0]) else { return nil }
        let variable = parts.count == 2 ? parts[1] : (kind == .gitlab ? Self.gitLabDefaultVariable : nil)
        switch kind {
        case .githubActions: guard parts.count == 1 else { return nil }
        case .gitlab, .env: guard let variable, Self.isVariableName(variable) else { return nil }
        }
        self.init(kind: kind, variable: variable)
    }

    /// As `--ci` spells it.
    package var description: String {
        switch kind {
        case .githubActions: kind.rawValue
        case .gitlab, .env: kind.rawValue + ":" + (variable ?? "")
        }
    }

    /// A POSIX shell variable name: a letter or `_`, then letters, digits and `_`.
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }
}

extension CITokenSource: JSONObjectDecodable {
    package init(reading object: JSONObjectReader) throws {
        let name = try object.string("kind")
        guard let kind = Kind(rawValue: name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Cannot initialize Kind from invalid String value \(name)"))
        }
        self.init(kind: kind, variable: try object.string(ifPresent: "variable"))
    }
}

/// Fetches a CI job's ID token from its ``CITokenSource``, with the job's environment (read only
/// here, only when a token is needed) and the transport. The token is not verified here: the
/// provider verifies it as it verifies `--id-token-stdin`.
package struct CITokenFetcher: Sendable {
    /// The answer is a small JSON object or a bare token.
    package static let maximumAnswerBytes = 64 * 1024

    package var environment: EnvironmentVariables
    package var transport: any HTTPTransport

    package init(environment: EnvironmentVariables, transport: any HTTPTransport) {
        self.environment = environment
        self.transport = transport
    }

    /// A token from `source`; `audience` is what GitHub puts in `aud` (the provider's client id).
    package func idToken(from source: CITokenSource, audience: String) async throws -> String {
        switch source.kind {
        case .githubActions:
            return try await actionsToken(audience: audience)
        case .gitlab, .env:
            let name = source.variable ?? CITokenSource.gitLabDefaultVariable
            guard let value = environment[name]?.trimmingWhitespace(), !value.isEmpty else {
                throw CITokenError.missingVariable(name, source: source.description)
            }
            return value
        }
    }

    /// GitHub Actions: GET `$ACTIONS_ID_TOKEN_REQUEST_URL&audience=AUD` with
    /// `Authorization: Bearer $ACTIONS_ID_TOKEN_REQUEST_TOKEN`; the answer is `{"value": JWT}`.
    func actionsToken(audience: String) async throws -> String {
        let source = CITokenSource.Kind.githubActions.rawValue
        guard let base = environment[CITokenSource.actionsRequestURLVariable], !base.isEmpty else {
            throw CITokenError.missingVariable(CITokenSource.actionsRequestURLVariable, source: source)
        }
        guard let bearer = environment[CITokenSource.actionsRequestTokenVariable], !bearer.isEmpty else {
            throw CITokenError.missingVariable(CITokenSource.actionsRequestTokenVariable, source: source)
        }
        let separator = base.contains("?") ? "&" : "?"
        let url = try URLPolicy.check(base + separator + "audience=" + FormEncoding.encode(audience), field: "ACTIONS_ID_TOKEN_REQUEST_URL", allowQuery: true)
        let response = try await transport.send(HTTPRequest(
            url: url, headers: [("Authorization", "Bearer " + bearer), ("Accept", "application/json")],
            maxResponseBytes: Self.maximumAnswerBytes))
        guard response.status == 200 else { throw CITokenError.requestRefused(status: response.status) }
        guard let answer = try? JSONValue.parse(response.body), let value = answer["value"]?.stringValue, !value.isEmpty else {
            throw CITokenError.invalidAnswer("not a JSON object with a 'value' string")
        }
        return value
    }
}

/// Why a CI job's token could not be had.
package enum CITokenError: AuthCoreError, Equatable {
    /// `--ci` names no source authctl knows.
    case invalidSource(String)
    /// The job does not set the variable the source reads.
    case missingVariable(String, source: String)
    /// GitHub's token service answered something else than 200.
    case requestRefused(status: Int)
    case invalidAnswer(String)
    /// The source's token has expired, and the source can give no other (a job's variable).
    case sourceTokenExpired(source: String, expiredAt: Date)

    package var code: ErrorCode {
        switch self {
        case .invalidSource, .missingVariable: .configurationError
        case .requestRefused, .invalidAnswer: .providerError
        case .sourceTokenExpired: .userTokenExpired
        }
    }

    package var message: String {
        switch self {
        case .invalidSource(let text):
            "'\(text)' is not a CI token source: use \(CITokenSource.syntax)"
        case .missingVariable(let name, let source):
            "$\(name) is not set, so there is no \(source) ID token to sign in with"
                + (source == CITokenSource.Kind.githubActions.rawValue
                    ? " (the job needs 'permissions: id-token: write')" : " (set it in the job, e.g. GitLab's id_tokens:)")
        case .requestRefused(let status):
            "GitHub Actions' token service answered HTTP \(status) when asked for an ID token"
        case .invalidAnswer(let reason):
            "GitHub Actions' token service answered with an unusable document: \(reason)"
        case .sourceTokenExpired(let source, let expiredAt):
            "the ID token \(source) holds expired at \(Self.timestamp(expiredAt)), and that is the only token it has: "
                + "the job must put a fresh one there (a CI system's ID token lives as long as it issues it for), then sign in with it again"
        }
    }
}

extension CITokenError {
    /// `2026-01-01T00:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
