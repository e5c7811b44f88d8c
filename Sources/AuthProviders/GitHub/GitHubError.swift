/// Why GitHub's REST API could not prove who signed in.
package enum GitHubError: AuthCoreError, Equatable {
    /// The REST API refused a request, or answered an unexpected status.
    case apiFailed(path: String, status: Int, message: String?)
    /// GitHub answered 401: the access token is not (or no longer) accepted.
    case tokenRejected(message: String?)
    /// The REST API's answer is not what its documentation says.
    case invalidResponse(path: String, reason: String)

    package var code: ErrorCode {
        switch self {
        case .apiFailed, .invalidResponse: .providerError
        case .tokenRejected: .invalidCredential
        }
    }

    package var message: String {
        switch self {
        case .apiFailed(let path, let status, let message):
            "the GitHub API answered HTTP \(status) for \(path)" + (message.map { ": \($0)" } ?? "")
        case .tokenRejected(let message):
            "GitHub did not accept the access token (HTTP 401" + (message.map { ": \($0)" } ?? "") + "); it was revoked or has expired: sign in again"
        case .invalidResponse(let path, let reason):
            "the GitHub API's answer for \(path) is unusable: \(reason)"
        }
    }
}

import AuthPlatform
