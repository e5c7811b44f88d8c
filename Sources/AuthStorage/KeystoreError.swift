import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the keystore (or any file in the authctl home) could not be used. Every case has the code
/// ``AuthErrorCode/keystoreError``, and every message names the path and, where there is one, the fix.
package enum KeystoreError: AuthCoreError, Equatable {
    /// Group or other users have some access to `path`; `mode` is its permission bits and `fix`
    /// the exact command that repairs it (`chmod 700 '/home'`, `chmod 600 '/home/keystore.json'`).
    case insecurePermissions(path: String, mode: UInt32, fix: String)
    /// `path` belongs to user `owner`, not to the user running authctl (`expected`).
    case wrongOwner(path: String, owner: UInt32, expected: UInt32)
    /// `path` is a symbolic link; files inside the home are never followed through links.
    case symbolicLink(path: String)
    /// `path` exists but is not a `expected` ("directory" or "regular file").
    case wrongFileType(path: String, expected: String)
    /// Another process held the lock file `lockFile` for the whole lock timeout.
    case locked(lockFile: String)
    /// The home `path` cannot be created or written (`reason`: the system's words).
    case unwritableHome(path: String, reason: String)
    /// `path` could not be read as an authctl document; it was left untouched.
    case corrupt(path: String, reason: String)
    /// `path` has schema version `found`, newer than the `supported` one this build understands.
    case newerVersion(path: String, found: Int, supported: Int)
    /// The document could not be turned into JSON; nothing was written to `path`.
    case unencodable(path: String, reason: String)
    /// A system call on `path` failed.
    case io(path: String, call: String, errno: Int32)
    /// The system keyring could not keep or give back a secret of `path` (no D-Bus session, no
    /// Secret Service, a locked collection, a call past its deadline); `reason` says which.
    case keyring(path: String, reason: String)
    /// The keyring holds secrets of `path` but its collection is locked (an SSH session with no
    /// desktop to prompt): the items are there, unreadable until it is unlocked; `vault` names it.
    case keyringLocked(path: String, vault: String)

    package var code: ErrorCode { .keystoreError }

    /// The file or directory the error is about.
    package var path: String {
        switch self {
        case .insecurePermissions(let path, _, _), .wrongOwner(let path, _, _), .symbolicLink(let path),
            .wrongFileType(let path, _), .locked(let path), .corrupt(let path, _), .newerVersion(let path, _, _),
            .unencodable(let path, _), .io(let path, _, _), .keyring(let path, _), .keyringLocked(let path, _),
            .unwritableHome(let path, _):
            return path
        }
    }

    package var message: String {
        let quoted = Self.shellQuoted(path)
        switch self {
        case .insecurePermissions(_, let mode, let fix):
            return "\(quoted) can be accessed by other users (mode \(Self.octal(mode))); authctl refuses to keep credentials there. Fix: \(fix)"
        case .wrongOwner(_, let owner, let expected):
            return "\(quoted) is owned by uid \(owner), not by you (uid \(expected)); authctl only uses files you own. Fix: chown \(expected) \(quoted)."
        case .symbolicLink:
            return "\(quoted) is a symbolic link; authctl does not follow links inside its home. Fix: replace the link with the file itself."
        case .wrongFileType(_, let expected):
            return "\(quoted) is not a \(expected). Move it aside and try again."
        case .locked:
            return "The keystore is locked by another process (lock file \(quoted)). Try again when it has finished."
        case .unwritableHome(_, let reason):
            return "The authctl home \(quoted) cannot be created or written (\(reason)); sessions and settings are kept there. Make it writable."
        case .corrupt(_, let reason):
            return "\(quoted) is not a readable authctl file (\(reason)). It was left untouched; move it aside (mv \(quoted) \(Self.shellQuoted(path + ".broken"))) and try again."
        case .newerVersion(_, let found, let supported):
            return "\(quoted) was written by a newer authctl (schema version \(found); this build understands up to \(supported)). It was left untouched; upgrade authctl to use it."
        case .unencodable(_, let reason):
            return "Could not encode the data for \(quoted) (\(reason)); nothing was written."
        case .io(_, let call, let errno):
            return "\(call) failed for \(quoted): \(SystemCallError(call: call, errno: errno).reason) (errno \(errno))."
                + (Self.ioAdvice(errno).map { " " + $0 } ?? "")
        case .keyring(_, let reason):
            return "The system keyring could not be used for \(quoted): \(reason). Nothing was changed."
        case .keyringLocked(_, let vault):
            return "The keyring is locked, so the secrets of \(quoted) cannot be read from \(vault). Nothing was changed."
        }
    }

    package var remedy: Remedy? {
        switch self {
        case .wrongOwner, .symbolicLink, .unwritableHome: .chooseHome
        case .keyring: .unlockKeyringOrKeepSecretsInFiles
        case .keyringLocked: .unlockKeyring
        case .io(_, _, let errno) where Self.homeRefuses(errno): .chooseHome
        default: nil
        }
    }

    /// A system call refused by the file system itself (no permission, read-only): another home
    /// is the way out, as for an unwritable one.
    static func homeRefuses(_ errno: Int32) -> Bool {
        [EACCES, EPERM, EROFS].contains(errno)
    }

    /// What a person can do about a failed system call, where the error says it: the disk or the
    /// quota is full, or the file system refuses (then the remedy is another home); nil otherwise.
    static func ioAdvice(_ errno: Int32) -> String? {
        switch errno {
        case ENOSPC, EDQUOT: "Nothing was written; free some space (or raise the quota) and try again."
        case EIO: "The device reported an error; check the disk, then try again."
        case _ where homeRefuses(errno): "The file system refuses it; fix the permissions or use another authctl home."
        default: nil
        }
    }

    /// What is wrong, without the fix: for a report about a step that has already happened and
    /// cannot be repeated (the tokens `signout --revoke` could not revoke are gone locally).
    package var problem: String {
        let quoted = Self.shellQuoted(path)
        switch self {
        case .insecurePermissions(_, let mode, _): return "\(quoted) can be accessed by other users (mode \(Self.octal(mode)))"
        case .wrongOwner(_, let owner, _): return "\(quoted) is owned by uid \(owner)"
        case .symbolicLink: return "\(quoted) is a symbolic link"
        case .wrongFileType(_, let expected): return "\(quoted) is not a \(expected)"
        case .locked: return "the lock \(quoted) was held by another process"
        case .unwritableHome(_, let reason): return "the authctl home \(quoted) cannot be written (\(reason))"
        case .corrupt(_, let reason): return "\(quoted) is not a readable authctl file (\(reason))"
        case .newerVersion(_, let found, _): return "\(quoted) was written by a newer authctl (schema version \(found))"
        case .unencodable(_, let reason): return "the data for \(quoted) could not be encoded (\(reason))"
        case .io(_, let call, let errno): return "\(call) failed for \(quoted): \(SystemCallError(call: call, errno: errno).reason)"
        case .keyring(_, let reason): return "the system keyring could not be used for \(quoted): \(reason)"
        case .keyringLocked(_, let vault): return "the keyring (\(vault)) is locked"
        }
    }

    package var details: [String: ErrorDetail] {
        var details: [String: ErrorDetail] = ["path": .string(path)]
        switch self {
        case .insecurePermissions(_, let mode, let fix):
            details["mode"] = .string(Self.octal(mode))
            details["fix"] = .string(fix)
        case .newerVersion(_, let found, let supported):
            details["version"] = .int(found)
            details["supportedVersion"] = .int(supported)
        default:
            break
        }
        return details
    }

    /// The failed call `error` on `path`.
    static func io(_ path: String, _ error: SystemCallError) -> KeystoreError {
        .io(path: path, call: error.call, errno: error.errno)
    }
}

extension KeystoreError {
    /// `value` as a four-digit octal mode, for example `0755`.
    static func octal(_ value: UInt32) -> String {
        let digits = String(value, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `text` in single quotes for a POSIX shell, so that a fix can be pasted as it is.
    package static func shellQuoted(_ text: String) -> String {
        var quoted = "'"
        for character in text {
            if character == "'" { quoted += "'\\''" } else { quoted.append(character) }
        }
        return quoted + "'"
    }
}
