import Foundation
import AuthStorage

/// Documents kept in memory instead of the home's files: the storage seam's fake.
///
/// Synchronous updates are atomic under a lock; asynchronous ones are serialised among themselves
/// by an async mutex, as the file lock serialises processes. ``writes(to:)`` counts what changed,
/// so a test can prove a refused operation stored nothing.
public final class InMemoryDocumentStorage: DocumentStorage, Sendable {
    private let documents = LockedValue<[String: any VersionedDocument]>([:])
    private let writeCounts = LockedValue<[String: Int]>([:])
    private let asyncMutex = AsyncMutex()
    private let synchronousUpdates = NSLock()

    public init() {}

    public func store<Document: VersionedDocument>(_ fileName: String, of type: Document.Type) -> any DocumentStore<Document> {
        InMemoryDocumentStore<Document>(fileName: fileName, storage: self)
    }

    /// How many times `fileName` was written with a changed document.
    public func writes(to fileName: String) -> Int {
        writeCounts.withLock { $0[fileName] ?? 0 }
    }

    fileprivate func read<Document: VersionedDocument>(_ fileName: String) -> Document {
        documents.withLock { $0[fileName] as? Document } ?? Document()
    }

    /// Serialised by their own lock, which (like the home's file lock) is not the documents' lock:
    /// the body may read other documents, as the real stores' updates do.
    fileprivate func update<Document: VersionedDocument, Result>(
        _ fileName: String, _ body: (inout Document) throws -> Result
    ) throws -> Result {
        try synchronousUpdates.withLock {
            var document: Document = read(fileName)
            let before = try Self.encoded(document)
            let result = try body(&document)
            if try Self.encoded(document) != before {
                documents.withLock { $0[fileName] = document }
                writeCounts.withLock { $0[fileName, default: 0] += 1 }
            }
            return result
        }
    }

    fileprivate func update<Document: VersionedDocument, Result>(
        _ fileName: String, _ body: (inout Document) async throws -> Result
    ) async throws -> Result {
        await asyncMutex.lock()
        do {
            var document: Document = read(fileName)
            let before = try Self.encoded(document)
            let result = try await body(&document)
            if try Self.encoded(document) != before {
                documents.withLock { $0[fileName] = document }
                writeCounts.withLock { $0[fileName, default: 0] += 1 }
            }
            await asyncMutex.unlock()
            return result
        } catch {
            await asyncMutex.unlock()
            throw error
        }
    }

    fileprivate func replace<Document: VersionedDocument>(_ fileName: String, with document: Document) {
        documents.withLock { $0[fileName] = document }
        writeCounts.withLock { $0[fileName, default: 0] += 1 }
    }

    /// The document's JSON with sorted keys: equal bytes, unchanged document (as the file store decides).
    private static func encoded(_ document: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(document)
    }
}

/// One document of an ``InMemoryDocumentStorage``.
struct InMemoryDocumentStore<Document: VersionedDocument>: DocumentStore {
    let fileName: String
    let storage: InMemoryDocumentStorage

    func read() throws -> Document {
        storage.read(fileName)
    }

    func update<Result>(_ body: (inout Document) throws -> Result) throws -> Result {
        try storage.update(fileName, body)
    }

    func update<Result>(_ body: (inout Document) async throws -> Result) async throws -> Result {
        try await storage.update(fileName, body)
    }

    func replaceWhileLocked(_ document: Document) throws {
        storage.replace(fileName, with: document)
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
