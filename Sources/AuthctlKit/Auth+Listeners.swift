internal import AuthApp
internal import AuthPlatform
import Foundation

/// A registered listener's handle, to remove it with ``Auth/removeStateDidChangeListener(_:)``
/// (FirebaseAuth's `AuthStateDidChangeListenerHandle`, an `NSObjectProtocol`, as the SDK's).
public typealias AuthStateDidChangeListenerHandle = NSObjectProtocol

/// A registered ID-token listener's handle (FirebaseAuth's `IDTokenDidChangeListenerHandle`).
public typealias IDTokenDidChangeListenerHandle = NSObjectProtocol

/// ``IDTokenDidChangeListenerHandle`` by this library's earlier name.
public typealias AuthIDTokenDidChangeListenerHandle = NSObjectProtocol

/// The object behind a listener handle: which registration it removes.
final class ListenerHandle: NSObject, Sendable {
    let id: Int

    init(id: Int) { self.id = id }
}

/// A program's listener, as the SDK types it (a plain closure), carried to the main actor and
/// called only there, as the SDK calls its listeners on the main queue (``Completion``'s rule).
struct MainQueueListener: @unchecked Sendable {
    let call: (Auth, User?) -> Void

    @MainActor func callAsFunction(_ auth: Auth, _ user: User?) { call(auth, user) }
}

/// The listeners of one ``Auth`` and the poll that notices changes made by any process in the
/// home, every ``interval`` while at least one listener is registered (Docs/Decisions/0033).
final class AuthListeners: Sendable {
    /// How often the home is looked at.
    static let interval: Duration = .milliseconds(500)

    enum Kind: Sendable { case state, idToken }
    typealias Listener = MainQueueListener

    private struct Registry: Sendable {
        var next = 0
        var listeners: [Int: (kind: Kind, call: Listener)] = [:]
        var last: AccountChanges.Snapshot?
        var polling: Task<Void, Never>?
    }

    private let registry = LockedState(Registry())

    /// Registers `listener`; it is called on the main queue now with the current user, as the SDK does, then on each change.
    func add(_ kind: Kind, _ listener: Listener, auth: Auth) -> ListenerHandle {
        let changes = auth.engine.changes()
        let (id, startPoll, snapshot) = registry.withLock { registry in
            registry.next += 1
            registry.listeners[registry.next] = (kind, listener)
            // A poll running keeps `last` current; otherwise look again.
            let snapshot = (registry.polling == nil ? nil : registry.last) ?? changes.map { $0.snapshot(after: nil) }
            registry.last = snapshot
            let start = registry.polling == nil
            return (registry.next, start, snapshot)
        }
        let user = snapshot?.uid == nil ? nil : auth.currentUser
        Task { @MainActor in listener(auth, user) }
        if startPoll, let changes { start(changes, auth: auth) }
        return ListenerHandle(id: id)
    }

    func remove(_ handle: ListenerHandle) {
        let task = registry.withLock { registry -> Task<Void, Never>? in
            registry.listeners[handle.id] = nil
            guard registry.listeners.isEmpty else { return nil }
            defer { registry.polling = nil }
            return registry.polling
        }
        task?.cancel()
    }

    private func start(_ changes: AccountChanges, auth: Auth) {
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.interval)
                guard let self, !Task.isCancelled else { return }
                self.poll(changes, auth: auth)
            }
        }
        registry.withLock { $0.polling = task }
    }

    /// Looks once: a new signed-in user calls every listener; new tokens of the same user call the ID-token ones.
    private func poll(_ changes: AccountChanges, auth: Auth) {
        let due = registry.withLock { registry -> [Listener]? in
            let before = registry.last
            let now = changes.snapshot(after: before)
            registry.last = now
            guard now != before else { return nil }
            let userChanged = now.uid != before?.uid
            return registry.listeners.values.filter { userChanged || ($0.kind == .idToken && now.uid != nil) }.map(\.call)
        }
        guard let due else { return }
        let user = auth.currentUser
        Task { @MainActor in
            // The SDK posts it on the main queue before its listeners, which observe it.
            NotificationCenter.default.post(name: Auth.authStateDidChangeNotification, object: auth)
            for listener in due { listener(auth, user) }
        }
    }
}

extension Auth {
    /// Calls `listener` on the main queue now and whenever the signed-in user changes: a sign-in
    /// or sign-out here or by another process in the same home (`authctl signin`), noticed within
    /// half a second. Keep the handle to remove it.
    @discardableResult
    public func addStateDidChangeListener(_ listener: @escaping (Auth, User?) -> Void) -> NSObjectProtocol {
        listeners.add(.state, MainQueueListener(call: listener), auth: self)
    }

    /// Stops calling a listener of ``addStateDidChangeListener(_:)``; another object is ignored.
    public func removeStateDidChangeListener(_ listenerHandle: NSObjectProtocol) {
        (listenerHandle as? ListenerHandle).map(listeners.remove)
    }

    /// As ``addStateDidChangeListener(_:)``, and also whenever the signed-in user's tokens change
    /// (a refresh, a reauthentication, a link), here or in another process.
    @discardableResult
    public func addIDTokenDidChangeListener(_ listener: @escaping (Auth, User?) -> Void) -> NSObjectProtocol {
        listeners.add(.idToken, MainQueueListener(call: listener), auth: self)
    }

    /// Stops calling a listener of ``addIDTokenDidChangeListener(_:)``; another object is ignored.
    public func removeIDTokenDidChangeListener(_ listenerHandle: NSObjectProtocol) {
        (listenerHandle as? ListenerHandle).map(listeners.remove)
    }
}
