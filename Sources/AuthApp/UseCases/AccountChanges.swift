import AuthCore
import AuthPlatform
import AuthStorage

/// What a listener compares to notice a sign-in, sign-out or new tokens, made by this process or
/// another (`authctl` in a terminal) in the same home: the change stamp of the keystore the
/// backend in use keeps (``DocumentStorage/changeStamp(of:)``: the file's modification time and
/// size, through whatever layers the runtime's storage has) and, when it changed, who is signed
/// in. Portable file watching does not exist, so the library polls this (Docs/Decisions/0033);
/// reading a file's attributes is cheap.
package struct AccountChanges: Sendable {
    /// One look at the home.
    package struct Snapshot: Sendable, Equatable {
        /// The keystore's change stamp (nil: the backend could not be found, or its storage cannot tell).
        package var stamp: String?
        /// Who is signed in (nil: nobody, or the keystore could not be read).
        package var uid: String?
    }

    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// The home now; the signed-in user is read again only when the stamp changed since
    /// `previous` (always, for a storage that cannot tell).
    package func snapshot(after previous: Snapshot?) -> Snapshot {
        let stamp = (try? runtime.accountStorage())?.changeStamp(of: KeystoreDocument.fileName)
        if let previous, let stamp, previous.stamp == stamp { return previous }
        return Snapshot(stamp: stamp, uid: (try? runtime.accounts().currentUser())?.flatMap { $0.uid })
    }
}
