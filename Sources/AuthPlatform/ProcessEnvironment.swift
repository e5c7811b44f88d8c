#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension POSIX {
    /// The process environment as a dictionary. On Linux it is read from `environ` directly:
    /// Foundation's `ProcessInfo` costs a millisecond at start, a third of `authctl token`'s budget.
    /// A name given twice keeps its first value, as getenv(3) does.
    public static func environment() -> [String: String] {
        #if canImport(Glibc)
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.utf8.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
        #else
        return ProcessInfo.processInfo.environment
        #endif
    }
}
