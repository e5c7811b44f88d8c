import Foundation
import Testing
@testable import AuthOAuth
import AuthPlatform
import AuthTestSupport

/// The one wait of a sign-in (issue 27 finding 1, Decisions/0029): whichever of the listener, the
/// paste, the deadline and cancellation comes first wins, and the others are cancelled.
@Suite struct SignInWaitTests {
    /// A part of the wait: answers after `after` (never: nil), or fails.
    enum Part: Sendable {
        case answers(String, after: Duration)
        case never
        case timesOut(nothingArrived: Bool, ignored: Int)
        case refuses
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var listener: Part?
        var paste: Part?
        var pastesFromStart = true
        var browser: BrowserLaunchOutcome?
        /// The answer, or the timeout's cause, or "refused".
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "the listener answers while the prompt waits", listener: .answers("from-listener", after: .milliseconds(10)),
             paste: .never, expected: "from-listener"),
        Case(name: "the paste answers while the listener waits", listener: .never, paste: .answers("from-paste", after: .milliseconds(10)),
             expected: "from-paste"),
        Case(name: "the listener's deadline ends the prompt", listener: .timesOut(nothingArrived: true, ignored: 0), paste: .never,
             browser: nil, expected: "no-action"),
        Case(name: "the deadline ends a paste-only wait", listener: nil, paste: .never, expected: "no-action"),
        Case(name: "a refused paste ends the wait", listener: .never, paste: .refuses, expected: "refused"),
        Case(name: "a browser that opened, nothing came", listener: .timesOut(nothingArrived: true, ignored: 0), paste: nil,
             browser: .opened, expected: "redirect-uri-refused-or-unfinished"),
        Case(name: "wrong requests reached the listener", listener: .timesOut(nothingArrived: false, ignored: 2), paste: nil,
             browser: .opened, expected: "redirect-refused"),
        Case(name: "the browser failed: the paste is asked for and answers", listener: .never,
             paste: .answers("pasted-after-failure", after: .milliseconds(10)), pastesFromStart: false,
             browser: .failed(reason: "xdg-open exited with status 3"), expected: "pasted-after-failure"),
        Case(name: "the browser failed and nothing was pasted", listener: .timesOut(nothingArrived: true, ignored: 0), paste: .never,
             pastesFromStart: false, browser: .failed(reason: "xdg-open exited with status 3"), expected: "browser-failed"),
    ]

    static func run(_ part: Part) async throws -> String {
        switch part {
        case .answers(let value, let after):
            try await Task.sleep(for: after)
            return value
        case .never:
            try await Task.sleep(for: .seconds(3600))
            return "never"
        case .timesOut(let nothingArrived, let ignored):
            try await Task.sleep(for: .milliseconds(50))
            throw LoopbackError.timedOut(redirectURI: "http://127.0.0.1:5/callback", after: .seconds(7), ignoredCallbacks: ignored, nothingArrived: nothingArrived)
        case .refuses:
            try await Task.sleep(for: .milliseconds(10))
            throw OAuthError.unreadablePastedRedirect("nothing was pasted")
        }
    }

    @Test(arguments: cases)
    func whicheverComesFirstWins(_ testCase: Case) async throws {
        let failures = LockedValue<[String]>([])
        var listener: (@Sendable () async throws -> String)?
        if let part = testCase.listener { listener = { try await Self.run(part) } }
        var paste: (@Sendable () async throws -> String)?
        if let part = testCase.paste { paste = { try await Self.run(part) } }
        var launch: BrowserLaunchWatch?
        if let outcome = testCase.browser { launch = { outcome } }
        let wait = SignInWait<String>(
            listener: listener, paste: paste, pastesFromStart: testCase.pastesFromStart, launch: launch,
            browserFailed: { reason, offered in failures.withLock { $0.append("\(reason) \(offered)") } },
            timeout: .seconds(7), sleep: { _ in try await Task.sleep(for: .milliseconds(50)) }, returning: .loopback)
        let started = ContinuousClock.now
        do {
            let answer = try await wait.run()
            #expect(answer == testCase.expected)
        } catch let timedOut as SignInTimedOut {
            #expect(timedOut.cause == testCase.expected, "\(timedOut.message)")
            #expect(timedOut.code == .timeout)
        } catch is OAuthError {
            #expect(testCase.expected == "refused")
        }
        // Nothing waited for the part that never answers.
        #expect(ContinuousClock.now - started < .seconds(600), "the part that never answers (3600 s) was waited for")
        if case .failed(let reason) = testCase.browser {
            #expect(failures.withLock { $0 } == ["\(reason) \(testCase.paste != nil)"])
        } else {
            #expect(failures.withLock { $0 }.isEmpty)
        }
    }

    @Test func cancellationEndsEveryPartAtOnce() async throws {
        let wait = SignInWait<String>(
            listener: { try await Self.run(.never) }, paste: { try await Self.run(.never) }, pastesFromStart: true, launch: nil,
            browserFailed: { _, _ in }, timeout: .seconds(3600), sleep: { try await Task.sleep(for: $0) }, returning: .loopback)
        let task = Task { try await wait.run() }
        try await Task.sleep(for: .milliseconds(20))
        let started = ContinuousClock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ContinuousClock.now - started < .seconds(600), "a part outlived the cancellation")
    }

    /// The timeout's message names the cause and the fix that fits it (issue 27 finding 9).
    struct MessageCase: Sendable, CustomTestStringConvertible {
        var name: String
        var timedOut: SignInTimedOut
        var says: [String]
        var never: [String]
        var remedy: Remedy?
        var testDescription: String { name }
    }

    static let listenerNothing = SignInTimedOut.Listener(redirectURI: "http://127.0.0.1:5/callback", nothingArrived: true, ignoredCallbacks: 0)
    static let handler = "https://demo.firebaseapp.com/__/auth/handler"

    static let messages: [MessageCase] = [
        MessageCase(name: "nobody acted at the paste prompt",
                    timedOut: SignInTimedOut(after: .seconds(30), returning: .loopback, pasteOffered: true, browser: .notOpened, listener: listenerNothing),
                    says: ["nothing was pasted and no redirect reached http://127.0.0.1:5/callback within 30 seconds", "paste the whole address"],
                    never: ["register", "--device"], remedy: .tryAgain),
        MessageCase(name: "the browser failed",
                    timedOut: SignInTimedOut(after: .seconds(30), returning: .loopback, pasteOffered: true,
                                             browser: .failed(reason: "firefox exited with status 1"), listener: listenerNothing),
                    says: ["the browser did not open (firefox exited with status 1)", "paste the whole address"], never: ["register"],
                    remedy: .signInAnotherWay([.paste])),
        MessageCase(name: "something connected, but not this sign-in's redirect",
                    timedOut: SignInTimedOut(after: .seconds(30), returning: .loopback, pasteOffered: false, browser: .opened,
                                             listener: .init(redirectURI: "http://127.0.0.1:5/callback", nothingArrived: false, ignoredCallbacks: 2)),
                    says: ["none was this sign-in's redirect", "2 redirects with another sign-in's state were ignored"], never: ["register"], remedy: .tryAgain),
        MessageCase(name: "a project's provider that would not return to localhost",
                    timedOut: SignInTimedOut(after: .seconds(30), returning: .projectLoopback(handler: handler), pasteOffered: false,
                                             browser: .opened, listener: .init(redirectURI: "http://localhost:5/callback", nothingArrived: true, ignoredCallbacks: 0)),
                    says: [handler, "does not accept http://localhost"], never: ["register http://127.0.0.1", "--device"],
                    remedy: .signInAnotherWay([.paste])),
        MessageCase(name: "a project's handler page, nothing pasted",
                    timedOut: SignInTimedOut(after: .seconds(30), returning: .projectHandler(handler: handler), pasteOffered: true, browser: .notOpened),
                    says: ["nothing was pasted within 30 seconds", handler], never: ["register", "--device"], remedy: .tryAgain),
        MessageCase(name: "a local browser, nothing came back",
                    timedOut: SignInTimedOut(after: .seconds(30), returning: .loopback, pasteOffered: false, browser: .opened, listener: listenerNothing),
                    says: ["nothing at all connected to it", "may not accept this redirect URI"], never: [],
                    remedy: .registerRedirectURI("http://127.0.0.1/callback")),
    ]

    @Test(arguments: messages)
    func theTimeoutSaysWhatHappened(_ testCase: MessageCase) {
        let message = testCase.timedOut.message
        for text in testCase.says { #expect(message.contains(text), "\(message)") }
        for text in testCase.never { #expect(!message.contains(text), "\(message)") }
        #expect(testCase.timedOut.remedy == testCase.remedy)
    }
}
