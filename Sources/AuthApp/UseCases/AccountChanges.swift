import AuthCore
import AuthPlatform

/// What a listener compares to notice a sign-in, sign-out or new tokens, made by this process or
/// another (`authctl` in a terminal) in the same home: the keystore files' modification times and
/// sizes, and, when they changed, who is signed in. Portable file watching does not exist, so the
/// library polls this (Docs/Decisions/0033); reading a directory's attributes is cheap.
package struct AccountChanges: Sendable {
    /// One look at the home.
    package struct Snapshot: Sendable, Equatable {
        /// Each keystore file's name, modification time and size.
        package var stamp: [String]
        /// Who is signed in (nil: nobody, or the keystore could not be read).
        package var uid: String?
    }

    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// The home now; the signed-in user is read again only when the files changed since `previous`.
    package func snapshot(after previous: Snapshot?) -> Snapshot {
        let stamp = keystoreStamp()
        if let previous, previous.stamp == stamp { return previous }
        return Snapshot(stamp: stamp, uid: (try? runtime.accounts().currentUser())?.flatMap { $0.uid })
    }

    private func keystoreStamp() -> [String] {
        let directory = runtime.home.path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(KeystoreDocument.fileName) }.sorted().map { name in
            guard let status = try? POSIX.fileStatus(atPath: directory + "/" + name) else { return name + ":gone" }
            #if canImport(Darwin)
            let modified = status.st_mtimespec
            #else
            let modified = status.st_mtim
            #endif
            return "\(name):\(modified.tv_sec).\(modified.tv_nsec):\(status.st_size)"
        }
    }
}
