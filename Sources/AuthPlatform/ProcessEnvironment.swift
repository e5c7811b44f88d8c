#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment a command sees: the process's own, read a variable at a time with getenv(3),
/// or a fixed table (tests, and the child's environment `exec` builds).
///
/// A command reads a handful of variables; building a dictionary of the whole environment first
/// hashed every name and value and was a tenth of `authctl token`'s instructions (Decision 0017).
package struct EnvironmentVariables: Sendable, ExpressibleByDictionaryLiteral {
    private enum Source: Sendable {
        case process
        case table([String: String])
    }

    private let source: Source

    /// The running process's environment. authctl never changes it (no setenv), so getenv is safe
    /// from any thread.
    package static let process = EnvironmentVariables(source: .process)

    private init(source: Source) { self.source = source }

    package init(_ table: [String: String]) { source = .table(table) }

    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
    }

    package subscript(name: String) -> String? {
        switch source {
        case .table(let table): return table[name]
        case .process: return POSIX.environmentValue(name)
        }
    }

    /// Every variable, for a child process's environment.
    package var all: [String: String] {
        switch source {
        case .table(let table): return table
        case .process: return POSIX.environment()
        }
    }
}

extension POSIX {
    /// One variable of the process environment, as getenv(3) finds it.
    package static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The process environment as a dictionary. On Linux it is read from `environ` directly:
    /// Foundation's `ProcessInfo` costs a millisecond at start, a third of `authctl token`'s budget.
    /// A name given twice keeps its first value, as getenv(3) does.
    package static func environment() -> [String: String] {
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
