import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The authctl home: a private directory (mode 0700, owned by the user) holding `keystore.json`,
/// `providers.json`, the lock file and `cache/`. The command line picks the path
/// (`--home`, `AUTHCTL_HOME`, `$XDG_CONFIG_HOME/authctl`, `~/.config/authctl`).
///
/// The home itself may be a symbolic link (dotfile managers do this); the directory it resolves
/// to must pass the same checks. Files *inside* the home are never followed through links.
package struct HomeDirectory: Sendable, Hashable {
    /// The directory's path, as given (without trailing slashes).
    package let path: String

    package init(path: String) {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.path = path
    }

    /// The name of the lock file that serialises every read-modify-write in this directory.
    package static let lockFileName = ".lock"

    /// The cache folder (discovery documents, JWKS), itself a private directory.
    package var cacheDirectory: HomeDirectory { HomeDirectory(path: appending("cache")) }

    /// The path of `name` inside this directory.
    package func appending(_ name: String) -> String {
        path == "/" ? "/" + name : path + "/" + name
    }

    /// Creates the directory if it is missing (parents as needed, like `mkdir -p`), forcing the
    /// directory itself to 0700 whatever the umask; then checks it as ``checkSecure()`` does.
    /// Parents are created 0700 (minus the umask), as the XDG base directory spec asks, and an
    /// existing directory is never changed, only checked.
    package func ensureExists() throws(KeystoreError) {
        if try !exists() {
            try createParents()
            do {
                try POSIX.makeDirectory(path, Permissions.privateDirectory)
                try POSIX.changeMode(atPath: path, Permissions.privateDirectory)
            } catch where error.errno == EEXIST {
                // Another process created it first; it is checked below like any existing home.
            } catch {
                throw .io(path, error)
            }
        }
        try checkSecure()
    }

    /// ``ensureExists()``, then a file created and removed in it: a home that cannot be created or
    /// written (a read-only mount, a directory of another's, a parent that is a file) fails here,
    /// before a sign-in asks anything of the person, not when the result is stored after the
    /// browser's round trip (issue 39).
    package func checkWritable() throws(KeystoreError) {
        do {
            try ensureExists()
        } catch .io(_, let call, let errno) where call == "mkdir" {
            throw .unwritableHome(path: path, reason: SystemCallError(call: call, errno: errno).reason)
        }
        let probe = appending(".write-check-\(getpid())")
        do {
            let descriptor = try POSIX.open(probe, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode: Permissions.privateFile)
            POSIX.close(descriptor)
        } catch {
            throw .unwritableHome(path: path, reason: error.reason)
        }
        do { try POSIX.unlink(probe) } catch { throw .io(probe, error) }
    }

    /// Throws unless the directory exists, is a directory (links followed), is owned by this user,
    /// and gives no access to group or others.
    package func checkSecure() throws(KeystoreError) {
        let status: stat
        do {
            status = try POSIX.fileStatus(atPath: path, followingLinks: true)
        } catch {
            throw .io(path, error)
        }
        try Permissions.check(status, of: path, isDirectory: true)
    }

    /// Whether the directory exists: `false` only when nothing is at the path.
    func exists() throws(KeystoreError) -> Bool {
        do {
            _ = try POSIX.fileStatus(atPath: path, followingLinks: true)
            return true
        } catch where error.errno == ENOENT {
            return false
        } catch {
            throw .io(path, error)
        }
    }

    private func createParents() throws(KeystoreError) {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).dropLast()
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in components {
            prefix += "/" + component
            do {
                try POSIX.makeDirectory(prefix, Permissions.privateDirectory)
            } catch where error.errno == EEXIST {
                continue
            } catch {
                throw .io(prefix, error)
            }
        }
    }
}

/// The ownership and mode rules for everything in the home.
enum Permissions {
    /// The mode of the home and of `cache/`: only the owner may list, enter or change it.
    static let privateDirectory: mode_t = 0o700
    /// The mode of every file authctl writes.
    static let privateFile: mode_t = 0o600
    /// Any of these set means group or other users have some access.
    static let groupAndOtherBits: mode_t = 0o077

    /// Throws unless `status` (of `path`) is a directory or regular file as asked, is owned by the
    /// effective user, and has no group or other bits.
    static func check(_ status: stat, of path: String, isDirectory: Bool) throws(KeystoreError) {
        let expectedType = isDirectory ? S_IFDIR : S_IFREG
        guard status.fileType == expectedType else {
            throw .wrongFileType(path: path, expected: isDirectory ? "directory" : "regular file")
        }
        let user = POSIX.effectiveUserID
        guard status.st_uid == user else {
            throw .wrongOwner(path: path, owner: UInt32(status.st_uid), expected: UInt32(user))
        }
        guard status.permissions & groupAndOtherBits == 0 else {
            let wanted = isDirectory ? "700" : "600"
            throw .insecurePermissions(
                path: path, mode: UInt32(status.permissions),
                fix: "chmod \(wanted) \(KeystoreError.shellQuoted(path))")
        }
    }
}
