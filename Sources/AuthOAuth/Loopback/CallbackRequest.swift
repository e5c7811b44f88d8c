/// One `name=value` pair of a query, decoded as application/x-www-form-urlencoded.
package struct CallbackParameter: Sendable, Equatable, Hashable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The request that reached the redirect URI: its path and its parameters (the query's, then a
/// form POST's), in order and with repeats kept, so that the caller can refuse a repeated OAuth
/// parameter (RFC 6749 §3.1).
package struct CallbackRequest: Sendable, Equatable {
    /// The path as received, not percent-decoded (always ``LoopbackRedirectListener/callbackPath`` from the listener).
    package var path: String
    /// Every parameter, in order of appearance: the query's, then the form body's.
    package var parameters: [CallbackParameter]
    /// `GET`, or `POST` for an answer posted as a form (`response_mode=form_post`, SAML's HTTP-POST binding).
    package var method: String
    /// The query as received, without its `?` and not decoded; nil when there is none.
    package var query: String?
    /// A form POST's body as received (`application/x-www-form-urlencoded`); nil for a GET.
    package var body: String?

    package init(
        path: String = LoopbackRedirectListener.callbackPath, parameters: [CallbackParameter], method: String = "GET", query: String? = nil,
        body: String? = nil
    ) {
        self.path = path
        self.parameters = parameters
        self.method = method
        self.query = query
        self.body = body
    }

    /// Every value of `name`, in order of appearance.
    package func values(named name: String) -> [String] {
        parameters.filter { $0.name == name }.map(\.value)
    }

    /// Names that occur more than once, in order of first appearance.
    package var repeatedNames: [String] {
        var seen: Set<String> = []
        var repeated: [String] = []
        for parameter in parameters where !seen.insert(parameter.name).inserted && !repeated.contains(parameter.name) {
            repeated.append(parameter.name)
        }
        return repeated
    }
}

/// What the caller makes of a request to the redirect URI.
package enum CallbackVerdict<Value: Sendable>: Sendable {
    /// This sign-in's answer. The browser's request is held open until the sign-in has finished
    /// (``BrowserReply/finish(_:)``), so that its page says how it really ended.
    case accept(Value)
    /// Not for this sign-in (another `state`): any local process can send one, so it is answered
    /// 400 and ignored, and the wait goes on.
    case ignore
}

/// How a sign-in ended, for the page the browser shows.
package enum SignInOutcome: Sendable {
    /// Signed in; `who` names the user (an email, or a name).
    case signedIn(who: String)
    /// The provider answered and the answer was taken for later (the library's `getCredentialWith`):
    /// the program that asked finishes the sign-in when it uses the credential.
    case answered(providerID: String)
    /// The sign-in failed after the redirect: the page shows an ``AuthCoreError``'s message.
    case failed(any Error)
}

/// The browser's request to the redirect URI, answered when the sign-in is over.
package protocol BrowserReply: Sendable {
    /// Answers the browser with `outcome`; later calls do nothing. If nobody answers within the
    /// listener's reply limit, the page says to finish in the terminal.
    func finish(_ outcome: SignInOutcome) async
}

/// The reply of a sign-in whose browser does not wait on authctl (paste, device code, ID token).
package struct NoBrowserReply: BrowserReply {
    package init() {}
    package func finish(_ outcome: SignInOutcome) async {}
}

/// The redirect seam: something that hands each request to its redirect URI to `evaluate` until
/// one is accepted (or `evaluate` throws), and returns the accepted value with the browser's
/// held request.
///
/// ``LoopbackRedirectListener`` is the live one; ``GrantContext/makeListener`` injects it, and
/// tests of the grants supply a fake.
package protocol RedirectListener: Sendable {
    /// The exact redirect URI to send in the authorization and token requests.
    var redirectURI: String { get }

    /// Waits for a request to the redirect URI that `evaluate` accepts. A request it ignores is
    /// answered 400 and the wait goes on; when it throws, the browser gets the failure page and
    /// the error is rethrown. `evaluate` runs off the caller's task and should be quick and pure.
    func waitForCallback<T: Sendable>(
        timeout: Duration,
        evaluate: @escaping @Sendable (CallbackRequest) throws -> CallbackVerdict<T>
    ) async throws -> (value: T, reply: any BrowserReply)

    /// Stops listening and frees the port (a no-op once a wait has ended).
    func close() async
}
