#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BrowserHost {
    /// The live effect behind ``BrowserLaunch``: this build's system, /proc/version (Linux), and
    /// which of `names` are executables on the environment's PATH, each resolved through its
    /// symbolic links (`www-browser` → /etc/alternatives/www-browser → `w3m`).
    package static func probe(_ names: [String], environment: EnvironmentVariables) -> BrowserHost {
        #if os(macOS)
        let system = System.macOS
        #elseif os(Linux)
        let system = System.linux
        #else
        let system = System.other
        #endif
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        var executables: [String: String] = [:]
        for name in Set(names) {
            let paths = name.contains("/") ? [name] : directories.map { $0 + "/" + name }
            if let found = paths.first(where: { access($0, X_OK) == 0 }) { executables[name] = resolvedName(found) }
        }
        return BrowserHost(system: system, kernelVersion: system == .linux ? kernelVersion() : nil, executables: executables)
    }

    /// The base name of the file `path` finally names.
    static func resolvedName(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return String(path.split(separator: "/").last ?? "") }
        defer { free(resolved) }
        return String(String(cString: resolved).split(separator: "/").last ?? "")
    }

    /// /proc/version's first kilobyte, or nil.
    static func kernelVersion() -> String? {
        guard let descriptor = try? POSIX.open("/proc/version", O_RDONLY | O_CLOEXEC) else { return nil }
        defer { POSIX.close(descriptor) }
        return (try? POSIX.read(descriptor, upTo: 1024)).map { String(decoding: $0, as: UTF8.self) }
    }
}
