import AuthOAuth
import AuthPlatform
import CSignals
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live ``InterruptShield``: while held, SIGINT and SIGTERM are caught (CSignals' handler)
/// instead of ending the process. The release restores their actions and sends the process the
/// signal that came meanwhile, so it still ends as interrupted (status 130 or 143 in a shell), only
/// after the work it held for: a refresh's answer stored (Decisions/0014). The handler records the
/// signal as it arrives, so a release right after it still sees it.
struct SignalInterruptShield: InterruptShield {
    /// What the first caught signal prints on stderr: why the process does not stop at once.
    static let notice = "authctl: interrupted; finishing the token refresh in flight first "
        + "(at most \(Int(TokenClient.refreshHardCap)) s), so the session is not lost\n"

    func hold() -> InterruptHold {
        guard csignals_hold(Self.notice) == 0 else { return InterruptHold(release: {}) }
        return InterruptHold {
            let number = csignals_release()
            if number != 0 { kill(getpid(), number) }
        }
    }
}
