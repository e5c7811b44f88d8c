import AuthStorage
import CSecret
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The freedesktop Secret Service (gnome-keyring, KeePassXC, KWallet's bridge) over the session
/// D-Bus, through the system's libsecret, loaded with dlopen at the first call: a command that
/// stores no secret never loads it (Decisions/0024).
///
/// Items use the schema `dev.authctl.Secret` with the attributes `authctl-home` (the home's
/// path), `authctl-document`, `authctl-id`, `authctl-provider` and `authctl-account`, in the
/// default collection. Every call runs on a thread of its own and is given up after ``deadline``
/// with the reason: a keyring that waits for a password prompt or hangs cannot hang authctl.
package struct SecretServiceVault: SecretVault {
    package static let libraryName = "libsecret-1.so.0"
    /// Debian's and Ubuntu's package for ``libraryName``.
    package static let package = "libsecret-1-0"

    package let name = "the Secret Service (libsecret)"
    package let home: String
    /// `DBUS_SESSION_BUS_ADDRESS` and `XDG_RUNTIME_DIR`, from the injected environment.
    package let sessionBus: String?
    package let runtimeDirectory: String?
    package let deadline: Duration
    /// `storage auto`'s question "does a keyring answer?" gets less time than a real call.
    package let probeDeadline: Duration

    package init(
        home: String, sessionBus: String?, runtimeDirectory: String?, deadline: Duration = .seconds(5), probeDeadline: Duration = .seconds(2)
    ) {
        self.home = home
        self.sessionBus = sessionBus
        self.runtimeDirectory = runtimeDirectory
        self.deadline = deadline
        self.probeDeadline = probeDeadline
    }

    package func probe() throws(SecretVaultError) {
        _ = try call(Int32(CSECRET_PROBE), document: nil, id: nil, within: probeDeadline)
    }

    package func store(_ secret: String, as item: SecretItem) throws(SecretVaultError) {
        _ = try call(Int32(CSECRET_STORE), document: item.document, id: item.id, item: item, secret: secret)
    }

    package func secret(id: String, document: String) throws(SecretVaultError) -> String? {
        try call(Int32(CSECRET_LOOKUP), document: document, id: id)
    }

    package func remove(id: String, document: String) throws(SecretVaultError) {
        _ = try call(Int32(CSECRET_CLEAR), document: document, id: id)
    }

    package func ids(document: String) throws(SecretVaultError) -> [String] {
        let lines = try call(Int32(CSECRET_SEARCH), document: document, id: nil) ?? ""
        return lines.split(separator: "\n").map(String.init)
    }

    /// What is missing before libsecret is even loaded: a session bus to talk to.
    func checkSession() throws(SecretVaultError) {
        let bus = sessionBus.map { !$0.isEmpty } ?? false
        let runtime = runtimeDirectory.map { !$0.isEmpty } ?? false
        guard bus || runtime else {
            throw SecretVaultError("no D-Bus session (DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR are not set)")
        }
    }

    private func call(
        _ operation: Int32, document: String?, id: String?, item: SecretItem? = nil, secret: String? = nil, within limit: Duration? = nil
    ) throws(SecretVaultError) -> String? {
        let deadline = limit ?? self.deadline
        try checkSession()
        var reason = [CChar](repeating: 0, count: 512)
        guard csecret_load(Self.libraryName, &reason, reason.count) == 0 else {
            throw SecretVaultError("\(Self.libraryName) could not be loaded (\(Self.text(reason))); install it: apt install \(Self.package)")
        }
        let fields: [String?] = [home, document, id, item?.provider, item?.account, item?.label]
        var result: UnsafeMutablePointer<CChar>?
        let milliseconds = Int32(clamping: deadline.components.seconds * 1000 + deadline.components.attoseconds / 1_000_000_000_000_000)
        let status = Self.withCStrings(fields) { pointers in
            csecret_run(operation, pointers, secret, milliseconds, &result, &reason, reason.count)
        }
        defer { csecret_free(result) }
        switch status {
        case Int32(CSECRET_OK): return result.map { String(cString: $0) }
        case Int32(CSECRET_LOCKED): throw .locked(Self.text(reason))
        case Int32(CSECRET_TIMED_OUT):
            throw SecretVaultError("\(name) did not answer within \(deadline) (a locked keyring waiting for its password, or a service that hangs)")
        default:
            let message = Self.text(reason)
            throw SecretVaultError(Self.describe(message), isLocked: Self.saysLocked(message))
        }
    }

    /// libsecret's and D-Bus's messages, with what they mean for a person.
    static func describe(_ message: String) -> String {
        if message.hasPrefix("Could not connect") {
            return "the D-Bus session bus does not answer (\(message))"
        }
        if message.contains("org.freedesktop.secrets") || message.contains("ServiceUnknown") {
            return "no Secret Service on the session bus (\(message)); start gnome-keyring or KeePassXC's Secret Service"
        }
        if saysLocked(message) {
            return "the keyring is locked (\(message))"
        }
        return message.isEmpty ? "the Secret Service refused the call" : message
    }

    /// libsecret's or the service's word for a locked collection (or a prompt to unlock it).
    static func saysLocked(_ message: String) -> Bool {
        message.lowercased().contains("locked") || message.contains("prompt")
    }

    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func withCStrings<Result>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        let copies = strings.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { $0.map { UnsafePointer($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
