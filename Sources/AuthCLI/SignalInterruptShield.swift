import AuthOAuth
import AuthPlatform
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live ``InterruptShield``: while held, SIGINT and SIGTERM are caught (a dispatch source
/// each) instead of ending the process. The release restores their default action and sends the
/// process the signal that came meanwhile, so it still ends as interrupted (status 130 or 143 in
/// a shell), only after the work it held for: a refresh's answer stored (Decisions/0014).
struct SignalInterruptShield: InterruptShield {
    /// Says once on stderr why the process does not stop at once.
    let announce: @Sendable (String) -> Void

    static let heldSignals = [SIGINT, SIGTERM]

    func hold() -> InterruptHold {
        let caught = LockedState<Int32?>(nil)
        let announce = announce
        // Dispatch sources are thread-safe, but corelibs-dispatch does not mark them Sendable.
        nonisolated(unsafe) let sources = Self.heldSignals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let first = caught.withLock { held in
                    defer { held = held ?? number }
                    return held == nil
                }
                if first {
                    announce("authctl: interrupted; finishing the token refresh in flight first "
                        + "(at most \(Int(TokenClient.refreshHardCap)) s), so the session is not lost\n")
                }
            }
            source.resume()
            return source
        }
        return InterruptHold {
            for source in sources { source.cancel() }
            for number in Self.heldSignals { signal(number, SIG_DFL) }
            if let number = caught.withLock({ $0 }) { kill(getpid(), number) }
        }
    }
}
