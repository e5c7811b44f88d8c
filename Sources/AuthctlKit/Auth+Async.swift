import Foundation

/// FirebaseAuth 12.12's asynchronous sequences of the listeners: `for await user in
/// Auth.auth().authStateChanges { ... }`. Each iteration registers its own listener and removes
/// it when the iteration ends or its task is cancelled; the first element is the current user.
extension Auth {
    /// The signed-in user now, then at each sign-in or sign-out (here or in another process in the
    /// same home): ``addStateDidChangeListener(_:)`` as a sequence.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public var authStateChanges: AuthStateChangesSequence { AuthStateChangesSequence(self) }

    /// The signed-in user now, then at each change of user or of their tokens:
    /// ``addIDTokenDidChangeListener(_:)`` as a sequence.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public var idTokenChanges: IDTokenChangesSequence { IDTokenChangesSequence(self) }

    /// The sequence of ``Auth/authStateChanges``.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public struct AuthStateChangesSequence: AsyncSequence, Sendable {
        public typealias Element = User?
        public typealias Failure = Never
        public typealias AsyncIterator = Iterator

        private let auth: Auth

        public init(_ auth: Auth) { self.auth = auth }

        public func makeAsyncIterator() -> Iterator { Iterator(ListenerStream(auth, kind: .state)) }

        /// Yields each change; ends only when the iterating task is cancelled.
        public struct Iterator: AsyncIteratorProtocol {
            private var changes: AsyncStream<User?>.Iterator

            init(_ stream: ListenerStream) { changes = stream.stream.makeAsyncIterator() }

            public mutating func next() async -> User?? { await changes.next() }
        }
    }

    /// The sequence of ``Auth/idTokenChanges``.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public struct IDTokenChangesSequence: AsyncSequence, Sendable {
        public typealias Element = User?
        public typealias Failure = Never
        public typealias AsyncIterator = Iterator

        private let auth: Auth

        public init(_ auth: Auth) { self.auth = auth }

        public func makeAsyncIterator() -> Iterator { Iterator(ListenerStream(auth, kind: .idToken)) }

        /// Yields each change; ends only when the iterating task is cancelled.
        public struct Iterator: AsyncIteratorProtocol {
            private var changes: AsyncStream<User?>.Iterator

            init(_ stream: ListenerStream) { changes = stream.stream.makeAsyncIterator() }

            public mutating func next() async -> User?? { await changes.next() }
        }
    }
}

/// One listener of an ``Auth`` as a stream: registered when the stream is made, removed when it terminates.
struct ListenerStream: Sendable {
    let stream: AsyncStream<User?>

    init(_ auth: Auth, kind: AuthListeners.Kind) {
        stream = AsyncStream { continuation in
            let handle = auth.listeners.add(kind, MainQueueListener { _, user in continuation.yield(user) }, auth: auth)
            continuation.onTermination = { _ in auth.listeners.remove(handle) }
        }
    }
}

// An iterator belongs to the task that iterates, as the SDK says of its own.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
@available(*, unavailable)
extension Auth.AuthStateChangesSequence.Iterator: Sendable {}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
@available(*, unavailable)
extension Auth.IDTokenChangesSequence.Iterator: Sendable {}
