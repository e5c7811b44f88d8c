import AuthPlatform

/// The one wait of an interactive sign-in (Decisions/0029): the loopback listener, the paste
/// prompt, the browser's launch, the deadline and cancellation (Ctrl-C) raced together. Whichever
/// answers first wins and the rest are cancelled at once: the listener and the paste read each
/// poll a wake pipe that cancellation writes to, so none of them holds up the others.
///
/// - A redirect reaching the listener while the prompt waits completes the sign-in.
/// - The deadline ends it (``SignInTimedOut``, exit 5), whatever is waiting.
/// - A browser that fails to start brings the paste prompt (and the QR code, through
///   `browserFailed`) when the paste may be offered.
/// - While a listener waits and no paste is being typed, the status line "Waiting for the
///   browser" shows the time left (on a terminal), for this machine's flow and a project's alike
///   (Decisions/0038).
///
/// Every sign-in builds its wait with ``init(in:listener:paste:pastesFromStart:launch:browserFailed:timeout:returning:)``,
/// which takes the rest (the paste's availability, the sleep, the status line) from the grant's context.
package struct SignInWait<Answer: Sendable>: Sendable {
    /// The status line's label.
    package static var waitingLabel: String { "Waiting for the browser" }

    /// The listener's wait, with the deadline as its timeout; nil when nothing listens.
    package var listener: (@Sendable () async throws -> Answer)?
    /// Asks for and checks one pasted line; nil when no paste may be taken.
    package var paste: (@Sendable () async throws -> Answer)?
    /// True: the paste is asked for from the start; false: only once the browser failed.
    package var pastesFromStart: Bool
    /// The watch of the browser started for this sign-in; nil when none is opened.
    package var launch: BrowserLaunchWatch?
    /// Told once that the browser failed, and whether the paste is now asked for.
    package var browserFailed: @Sendable (_ reason: String, _ pasteOffered: Bool) -> Void
    /// How long the person has; measured by the listener when there is one, else by `sleep`.
    package var timeout: Duration
    package var sleep: @Sendable (Duration) async throws -> Void
    /// What the timeout message says about where the answer was expected (Decisions/0029).
    package var returning: SignInTimedOut.Return
    /// Shows the status line for the wait (nothing by default); stopped when the wait ends or the
    /// browser fails (the paste prompt and the QR code then take the screen).
    package var showProgress: @Sendable () -> any ProgressLine = { NoProgress() }

    package init(
        listener: (@Sendable () async throws -> Answer)?, paste: (@Sendable () async throws -> Answer)?, pastesFromStart: Bool,
        launch: BrowserLaunchWatch?, browserFailed: @escaping @Sendable (String, Bool) -> Void,
        timeout: Duration, sleep: @escaping @Sendable (Duration) async throws -> Void, returning: SignInTimedOut.Return
    ) {
        self.listener = listener
        self.paste = paste
        self.pastesFromStart = pastesFromStart
        self.launch = launch
        self.browserFailed = browserFailed
        self.timeout = timeout
        self.sleep = sleep
        self.returning = returning
    }

    /// The wait of a sign-in with `context`'s effects: the paste is taken from the start when
    /// `pastesFromStart`, once the browser failed when the person can paste at all
    /// (``GrantContext/canAskForPaste``), never otherwise; the status line runs while a listener
    /// waits and nothing is being pasted (redrawing it would wipe what the person types).
    package init(
        in context: GrantContext, listener: (@Sendable () async throws -> Answer)?, paste: @escaping @Sendable () async throws -> Answer,
        pastesFromStart: Bool, launch: BrowserLaunchWatch?, browserFailed: @escaping @Sendable (String, Bool) -> Void,
        timeout: Duration, returning: SignInTimedOut.Return
    ) {
        self.init(
            listener: listener, paste: pastesFromStart || context.canAskForPaste ? paste : nil, pastesFromStart: pastesFromStart,
            launch: launch, browserFailed: browserFailed, timeout: timeout, sleep: context.sleep, returning: returning)
        if listener != nil, !pastesFromStart {
            let progress = context.progress, clock = context.clock
            showProgress = { progress.show(Self.waitingLabel, until: clock.now().addingTimeInterval(timeout.timeInterval)) }
        }
    }

    /// ``run()``, then `listener` closed, whatever the outcome.
    package func run(closing listener: any RedirectListener) async throws -> Answer {
        let answer: Answer
        do {
            answer = try await run()
        } catch {
            await listener.close()
            throw error
        }
        await listener.close()
        return answer
    }

    private enum Event: Sendable {
        case answer(Answer)
        case browser(BrowserLaunchOutcome)
        case deadline
    }

    /// Whatever comes first: an answer, a refusal (rethrown), the deadline, or cancellation.
    package func run() async throws -> Answer {
        var facts = SignInTimedOut(after: timeout, returning: returning, pasteOffered: paste != nil && pastesFromStart,
                                   browser: launch == nil ? .notOpened : .opened)
        let waiting = showProgress()
        defer { waiting.stop() }
        do {
            return try await withThrowingTaskGroup(of: Event.self) { group in
                defer { group.cancelAll() }
                if let listener {
                    group.addTask { .answer(try await listener()) }
                } else {
                    let sleep = sleep, timeout = timeout
                    group.addTask {
                        try await sleep(timeout)
                        return .deadline
                    }
                }
                if let paste, pastesFromStart { group.addTask { .answer(try await paste()) } }
                if let launch { group.addTask { .browser(await launch()) } }
                while let event = try await group.next() {
                    switch event {
                    case .answer(let answer):
                        return answer
                    case .deadline:
                        throw facts
                    case .browser(.opened):
                        continue
                    case .browser(.failed(let reason)):
                        facts.browser = .failed(reason: reason)
                        waiting.stop()
                        let offers = paste != nil
                        browserFailed(reason, offers)
                        if let paste, !facts.pasteOffered { group.addTask { .answer(try await paste()) } }
                        facts.pasteOffered = offers
                    }
                }
                throw CancellationError()
            }
        } catch LoopbackError.timedOut(let redirectURI, _, let ignored, let nothingArrived) {
            facts.listener = .init(redirectURI: redirectURI, nothingArrived: nothingArrived, ignoredCallbacks: ignored)
            throw facts
        }
    }
}

/// A sign-in's wait ended at its deadline with no answer (exit 5). The message names the likely
/// cause and its fix, from what the wait saw (Decisions/0029): the browser failed; requests
/// reached the listener but none was this sign-in's redirect; a project's provider that would
/// not return to `localhost`; a local provider that would not take the redirect URI; or nobody
/// finished in time.
package struct SignInTimedOut: AuthCoreError, Equatable {
    /// Where the answer was to come back.
    package enum Return: Sendable, Equatable {
        /// This machine's listener at a redirect URI registered with the provider's client here.
        case loopback
        /// A page the person pastes from (`providers add --redirect-uri`).
        case registeredPage
        /// A Firebase project runs the flow and the provider returns to `http://localhost` with
        /// the console's client; `handler` is the project's page, the return `--paste` picks.
        case projectLoopback(handler: String)
        /// A Firebase project runs the flow and the provider returns to its handler page.
        case projectHandler(handler: String)
    }

    package enum Browser: Sendable, Equatable {
        case notOpened
        case opened
        case failed(reason: String)
    }

    /// What the listener saw, when there was one.
    package struct Listener: Sendable, Equatable {
        package var redirectURI: String
        /// Not even a connection arrived.
        package var nothingArrived: Bool
        /// Callbacks with another sign-in's `state`.
        package var ignoredCallbacks: Int
    }

    package var after: Duration
    package var returning: Return
    package var pasteOffered: Bool
    package var browser: Browser
    package var listener: Listener?

    package init(after: Duration, returning: Return, pasteOffered: Bool, browser: Browser, listener: Listener? = nil) {
        self.after = after
        self.returning = returning
        self.pasteOffered = pasteOffered
        self.browser = browser
        self.listener = listener
    }

    package var code: ErrorCode { .timeout }

    package var details: [String: ErrorDetail] {
        var details: [String: ErrorDetail] = ["cause": .string(cause)]
        if let listener, listener.ignoredCallbacks > 0 { details["ignoredCallbacks"] = .int(listener.ignoredCallbacks) }
        return details
    }

    /// The cause the message is about, as a word for `--json`.
    package var cause: String {
        if case .failed = browser { return "browser-failed" }
        if let listener, !listener.nothingArrived { return "redirect-refused" }
        if case .projectLoopback = returning, browser == .opened { return "project-return-refused" }
        if browser == .opened, returning == .loopback { return "redirect-uri-refused-or-unfinished" }
        return "no-action"
    }

    /// What to do, for each front door to word (Decisions/0032).
    package var remedy: Remedy? {
        switch cause {
        case "browser-failed", "project-return-refused": .signInAnotherWay([.paste])
        case "redirect-uri-refused-or-unfinished": listener.map { .registerRedirectURI(LoopbackError.registrable($0.redirectURI)) }
        default: .tryAgain
        }
    }

    package var message: String {
        // Whole seconds: the wait's time is what is left of the sign-in's timeout once discovery has run.
        let rounded = Int(after.timeInterval.rounded())
        let time = rounded >= 1 ? (rounded == 1 ? "1 second" : "\(rounded) seconds") : LoopbackError.seconds(after)
        let nothingPasted = pasteOffered ? ", and nothing was pasted" : ""
        switch cause {
        case "browser-failed":
            guard case .failed(let reason) = browser else { break }
            return "the browser did not open (\(reason))\(nothingPasted) within \(time): open the URL yourself on any device"
                + (pasteOffered ? " and paste the whole address the browser ends on" : "")
        case "redirect-refused":
            guard let listener else { break }
            let ignored = listener.ignoredCallbacks
            return "requests reached \(listener.redirectURI) within \(time), but none was this sign-in's redirect"
                + (ignored == 0 ? "" : " (\(ignored) redirect\(ignored == 1 ? "" : "s") with another sign-in's state "
                    + "\(ignored == 1 ? "was" : "were") ignored)") + nothingPasted
                + ": finish the sign-in in the browser tab this sign-in opened (an older tab belongs to an earlier sign-in)"
        case "project-return-refused":
            guard case .projectLoopback(let handler) = returning, let listener else { break }
            return "nothing came back to \(listener.redirectURI) within \(time)\(nothingPasted). If the provider showed an error "
                + "page instead, its app (the one in the Firebase console) does not accept http://localhost: the project's page "
                + "\(handler), with a paste, works with every app set up as the Firebase docs say (or add http://localhost to "
                + "the app's redirect URIs)"
        case "redirect-uri-refused-or-unfinished":
            guard let listener else { break }
            return "no sign-in redirect reached \(listener.redirectURI) within \(time)" + nothingPasted
                + LoopbackError.nothingArrivedAdvice + ", or the sign-in was not finished in time"
        default:
            break
        }
        // Nobody acted: no browser was opened here (or its answer was to be pasted).
        let pastedHandler: String? =
            switch returning {
            case .projectHandler(let handler): handler
            case .projectLoopback(let handler): pasteOffered ? handler : nil
            case .loopback, .registeredPage: nil
            }
        switch pastedHandler {
        case .some(let handler):
            return "nothing was pasted within \(time): sign in at the URL on any device, then paste the whole address the "
                + "browser ends on (\(handler)?…) and press Enter"
        case .none:
            let listened = listener.map { " and no redirect reached \($0.redirectURI)" } ?? ""
            return (pasteOffered ? "nothing was pasted\(listened)" : "nothing came back\(listened)") + " within \(time): "
                + (pasteOffered
                    ? "sign in at the URL on any device, then paste the whole address the browser ends on and press Enter"
                    : "open the URL in a browser on this machine and finish the sign-in there")
        }
    }
}
