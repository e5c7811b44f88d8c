import Foundation
import AuthStorage

/// Documents kept in memory instead of the home's files: the storage seam's fake.
///
/// Each document is kept as the bytes its file would hold (``VersionedDocumentCodec``), so a
/// document can be read back as another type, as a file can (the sealing layer does).
/// Synchronous updates are atomic under a lock; asynchronous ones are serialised among themselves
/// by an async mutex, as the file lock serialises processes. ``writes(to:)`` counts what changed,
/// so a test can prove a refused operation stored nothing.
package final class InMemoryDocumentStorage: DocumentStorage, Sendable {
    private let documents = LockedValue<[String: [UInt8]]>([:])
    private let writeCounts = LockedValue<[String: Int]>([:])
    private let asyncMutex = AsyncMutex()
    private let synchronousUpdates = NSLock()

    package init() {}

    package func store<Document: VersionedDocument>(_ fileName: String, of type: Document.Type) -> any DocumentStore<Document> {
        InMemoryDocumentStore<Document>(fileName: fileName, storage: self)
    }

    package func documentNames() throws -> [String] {
        documents.withLock { $0.keys.sorted() }
    }

    /// How many times `fileName` was written with a changed document.
    package func writes(to fileName: String) -> Int {
        writeCounts.withLock { $0[fileName] ?? 0 }
    }

    /// The count of writes: it changes with every write.
    package func changeStamp(of fileName: String) -> String? { "\(fileName):\(writes(to: fileName))" }

    fileprivate func read<Document: VersionedDocument>(_ fileName: String) throws -> Document {
        guard let bytes = documents.withLock({ $0[fileName] }) else { return Document() }
        return try VersionedDocumentCodec<Document>(path: fileName).decode(bytes)
    }

    /// Serialised by their own lock, which (like the home's file lock) is not the documents' lock:
    /// the body may read other documents, as the real stores' updates do.
    fileprivate func update<Document: VersionedDocument, Result>(
        _ fileName: String, _ body: (inout Document) throws -> Result
    ) throws -> Result {
        try synchronousUpdates.withLock {
            var document: Document = try read(fileName)
            let before = try Self.encoded(document, fileName)
            let result = try body(&document)
            try store(document, fileName, unless: before)
            return result
        }
    }

    fileprivate func update<Document: VersionedDocument, Result>(
        _ fileName: String, _ body: (inout Document) async throws -> Result
    ) async throws -> Result {
        await asyncMutex.lock()
        do {
            var document: Document = try read(fileName)
            let before = try Self.encoded(document, fileName)
            let result = try await body(&document)
            try store(document, fileName, unless: before)
            await asyncMutex.unlock()
            return result
        } catch {
            await asyncMutex.unlock()
            throw error
        }
    }

    fileprivate func replace<Document: VersionedDocument>(_ fileName: String, with document: Document) throws {
        try store(document, fileName, unless: nil)
    }

    /// Keeps `document` when its bytes differ from `before`: equal bytes, unchanged document (as the file store decides).
    private func store<Document: VersionedDocument>(_ document: Document, _ fileName: String, unless before: [UInt8]?) throws {
        let after = try Self.encoded(document, fileName)
        guard after != before else { return }
        documents.withLock { $0[fileName] = after }
        writeCounts.withLock { $0[fileName, default: 0] += 1 }
    }

    private static func encoded<Document: VersionedDocument>(_ document: Document, _ fileName: String) throws -> [UInt8] {
        try VersionedDocumentCodec<Document>(path: fileName).encode(document)
    }
}

/// One document of an ``InMemoryDocumentStorage``.
struct InMemoryDocumentStore<Document: VersionedDocument>: DocumentStore {
    let fileName: String
    let storage: InMemoryDocumentStorage

    var location: String { fileName }

    func read() throws -> Document {
        try storage.read(fileName)
    }

    func update<Result>(_ body: (inout Document) throws -> Result) throws -> Result {
        try storage.update(fileName, body)
    }

    func update<Result>(_ body: (inout Document) async throws -> Result) async throws -> Result {
        try await storage.update(fileName, body)
    }

    func replaceWhileLocked(_ document: Document) throws {
        try storage.replace(fileName, with: document)
    }
}

/// A mutual-exclusion lock for async code: waiters resume one at a time, in order.
actor AsyncMutex {
    private var isLocked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func lock() async {
        guard isLocked else {
            isLocked = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func unlock() {
        if waiters.isEmpty {
            isLocked = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
