#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `execve` with a PATH search done here, against the environment the command will get (as
/// execvpe(3) does, which macOS lacks): `authctl exec`'s live effect.
enum ProcessReplacement {
    /// POSIX.1 §8.3: the search path when PATH is unset.
    static let defaultSearchPath = "/usr/bin:/bin"

    /// Replaces the process; returns the errno of the last failure (ENOENT when nothing was found).
    static func execute(_ arguments: [String], _ environment: [String: String]) -> Int32 {
        guard let program = arguments.first, !program.isEmpty else { return ENOENT }
        let candidates = program.contains("/")
            ? [program]
            : (environment["PATH"] ?? defaultSearchPath).split(separator: ":", omittingEmptySubsequences: false)
                .map { ($0.isEmpty ? "." : String($0)) + "/" + program }
        let environmentLines = environment.map { "\($0.key)=\($0.value)" }
        var failure = ENOENT
        for path in candidates {
            withCStrings(arguments) { argv in
                withCStrings(environmentLines) { envp in
                    _ = execve(path, argv, envp)
                }
            }
            // Keep looking past a missing file; remember a file that exists but would not run.
            if errno != ENOENT && errno != ENOTDIR { failure = errno }
        }
        return failure
    }

    /// `strings` as a NULL-terminated array of C strings, valid inside `body`.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
