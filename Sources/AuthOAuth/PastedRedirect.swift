import AuthPlatform

/// Paste mode: the person signs in on a browser that cannot reach our loopback listener, then
/// pastes what the browser ended on.
///
/// Accepted: the whole redirected URL (`http://127.0.0.1:PORT/callback?code=…&state=…&iss=…`, or any
/// registered redirect URI), its query string alone (`code=…&state=…`), or the bare code. The
/// parameters are decoded exactly as the loopback listener decodes them, in order and with repeats
/// kept, so that ``AuthorizationResponse/code(from:for:issuer:issuerParameterRequired:)`` applies
/// the same checks (repeats, `iss`, `state`) as for a real redirect.
///
/// A bare code carries no `state` and no `iss`, so neither can be checked (RFC 6749 §10.12, RFC 9207).
/// It is accepted only because the person copied it from the browser they used themselves, a
/// channel an attacker would have to trick them into misusing; the caller must show
/// ``bareCodeWarning``. PKCE still binds the code to this sign-in: a code obtained for another
/// request fails at the token endpoint.
package enum PastedRedirect {
    /// What was pasted, once read.
    package enum Pasted: Sendable, Equatable {
        /// A URL or query string: every parameter, in order, repeats kept.
        case redirect([CallbackParameter])
        /// Only a code: state and iss cannot be checked.
        case bareCode(String)
    }

    /// Longer text is not a redirect someone copied.
    package static let maximumLength = 16 * 1024

    package static let bareCodeWarning =
        "warning: only an authorization code was pasted, not the whole address the prompt asks for, so its state could "
        + "not be checked (RFC 6749 §10.12); it is used because it can only have come from your own browser just now. "
        + "Next time paste the whole address, even though its page did not load"

    /// The redirect's parameters; a bare code becomes a single `code` parameter.
    package static func parameters(from text: String) throws(OAuthError) -> [(name: String, value: String)] {
        switch try parse(text) {
        case .redirect(let parameters): parameters.map { ($0.name, $0.value) }
        case .bareCode(let code): [("code", code)]
        }
    }

    /// Reads pasted text; throws ``OAuthError/unreadablePastedRedirect(_:)`` when it is none of the
    /// accepted forms, or carries neither `code` nor `error`.
    package static func parse(_ text: String) throws(OAuthError) -> Pasted {
        let trimmed = unwrapped(text.trimmingWhitespace())
        guard !trimmed.isEmpty else { throw .unreadablePastedRedirect("nothing was pasted") }
        guard trimmed.utf8.count <= maximumLength else {
            throw .unreadablePastedRedirect("it is longer than \(maximumLength) bytes")
        }
        let query: Substring
        if trimmed.contains("://") {
            guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
                scheme == "http" || scheme == "https", components.host?.isEmpty == false
            else { throw .unreadablePastedRedirect("it is not an http(s) URL") }
            guard let percentEncodedQuery = components.percentEncodedQuery, !percentEncodedQuery.isEmpty else {
                if components.percentEncodedFragment?.contains("code=") == true {
                    throw .unreadablePastedRedirect("the parameters are in the URL's fragment (#…), not its query")
                }
                throw .unreadablePastedRedirect("the URL has no query (?code=…&state=…); copy the whole address the browser ended on")
            }
            query = Substring(percentEncodedQuery)
        } else if trimmed.contains("=") {
            // A query string, perhaps with the path or `?` in front, perhaps with a fragment after.
            var rest = Substring(trimmed)
            if let questionMark = rest.firstIndex(of: "?") { rest = rest[rest.index(after: questionMark)...] }
            if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
            guard !rest.contains(where: \.isWhitespace) else { throw .unreadablePastedRedirect("a query string has no spaces") }
            query = rest
        } else {
            return .bareCode(try bareCode(trimmed))
        }
        let parameters: [CallbackParameter]
        do {
            parameters = try LoopbackQueryDecoder.decode(Array(query.utf8))
        } catch {
            throw .unreadablePastedRedirect("its percent-encoding is broken")
        }
        guard parameters.contains(where: { $0.name == "code" || $0.name == "error" }) else {
            throw .unreadablePastedRedirect("it has no code (or error) parameter")
        }
        return .redirect(parameters)
    }

    /// Reads pasted text and returns the authorization code: a redirect goes through
    /// ``AuthorizationResponse/code(from:for:issuer:issuerParameterRequired:)``; a bare code is
    /// returned after `warn` has been given ``bareCodeWarning``.
    package static func code(
        fromPasted text: String, for request: AuthorizationRequest, issuer: String?, issuerParameterRequired: Bool,
        warn: (String) -> Void, note: (String) -> Void = { _ in }
    ) throws(OAuthError) -> String {
        switch try parse(text) {
        case .redirect(let parameters):
            return try AuthorizationResponse.code(
                from: parameters.map { ($0.name, $0.value) }, for: request, issuer: issuer, issuerParameterRequired: issuerParameterRequired,
                note: note
            )
        case .bareCode(let code):
            warn(bareCodeWarning)
            return code
        }
    }

    /// RFC 6749 Appendix A.11: a code is visible ASCII. One copied out of a URL may still be
    /// percent-encoded (`4%2F0A…`): `%XX` is decoded, `+` is left alone (a code may hold one).
    static func bareCode(_ text: String) throws(OAuthError) -> String {
        guard text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .unreadablePastedRedirect("an authorization code is one word of visible ASCII characters")
        }
        guard text.contains("%") else { return text }
        guard let decoded = PercentDecoding.decode(text.utf8, plusIsSpace: false),
              decoded.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .unreadablePastedRedirect("its percent-encoding is broken")
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Drops one pair of quotes or angle brackets a terminal or chat client may have added.
    static func unwrapped(_ text: String) -> String {
        for (open, close) in [("\"", "\""), ("'", "'"), ("<", ">")] where text.count >= 2 && text.hasPrefix(open) && text.hasSuffix(close) {
            return String(text.dropFirst().dropLast()).trimmingWhitespace()
        }
        return text
    }
}
