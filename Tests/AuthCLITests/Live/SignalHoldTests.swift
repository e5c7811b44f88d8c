import CSignals
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CSignals, the handler behind the live interrupt shield: a signal raised during a hold is the
/// one the release hands back, however soon the release comes, and only the outermost release
/// hands it back. `raise` runs the handler before it returns, so these need no timing. One test,
/// so no other test of this process holds the same process-wide signals meanwhile.
@Suite(.serialized) struct SignalHoldTests {
    @Test func aHoldReturnsTheFirstSignalCaughtAndNestsAndRestores() {
        // The test runs on a pool thread, which blocks signals: `raise` must reach this thread.
        var held = sigset_t(), saved = sigset_t()
        sigemptyset(&held)
        sigaddset(&held, SIGINT)
        sigaddset(&held, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &held, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }

        #expect(csignals_hold("") == 0)
        #expect(csignals_release() == 0, "nothing caught")

        #expect(csignals_hold("") == 0)
        raise(SIGTERM)
        raise(SIGINT)
        #expect(csignals_release() == SIGTERM, "the first signal caught, delivered by the caller")

        #expect(csignals_hold("") == 0)
        #expect(csignals_hold("") == 0)
        raise(SIGINT)
        #expect(csignals_release() == 0, "an inner release delivers nothing")
        #expect(csignals_release() == SIGINT)

        // The actions in place before the hold are back: here SIG_IGN, so raising it is harmless.
        // A signal ignored when the hold starts (a background job's SIGINT) stays ignored during
        // it: not caught, so nothing to hand back; SIGTERM beside it is still held.
        let previous = signal(SIGINT, SIG_IGN)
        #expect(csignals_hold("") == 0)
        raise(SIGINT)
        #expect(csignals_release() == 0, "an ignored signal is not caught")
        #expect(csignals_hold("") == 0)
        raise(SIGINT)
        raise(SIGTERM)
        #expect(csignals_release() == SIGTERM)
        let restored = signal(SIGINT, previous)
        #expect(unsafeBitCast(restored, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
    }
}
