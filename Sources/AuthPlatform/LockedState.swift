#if os(Linux)
import Synchronization
#else
import os
#endif

/// A value shared between threads (the loopback poll thread and async code), behind a lock.
/// `Sendable` without `@unchecked`: the standard library's `Mutex` on Linux, the OS's unfair lock
/// on Darwin (where `Mutex` needs macOS 15).
package final class LockedState<Value: Sendable>: Sendable {
    #if os(Linux)
    private let mutex: Mutex<Value>
    #else
    private let lock: OSAllocatedUnfairLock<Value>
    #endif

    package init(_ value: Value) {
        #if os(Linux)
        mutex = Mutex(value)
        #else
        lock = OSAllocatedUnfairLock(initialState: value)
        #endif
    }

    /// Runs `body` with the value, exclusively.
    package func withLock<Result: Sendable>(_ body: @Sendable (inout Value) throws -> Result) rethrows -> Result {
        #if os(Linux)
        try mutex.withLock { try body(&$0) }
        #else
        try lock.withLock { try body(&$0) }
        #endif
    }
}
