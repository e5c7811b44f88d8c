import Foundation
import AuthCrypto
import AuthPlatform

/// A deterministic random source (SplitMix64), so tests can predict state, nonce and uid.
package struct SeededRandomSource: RandomSource {
    private let counter: LockedValue<UInt64>

    package init(seed: UInt64) {
        counter = LockedValue(seed)
    }

    package func bytes(count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count + 8)
        while out.count < count {
            var z = counter.withLock { value -> UInt64 in
                value &+= 0x9E37_79B9_7F4A_7C15
                return value
            }
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            withUnsafeBytes(of: z.littleEndian) { out += $0 }
        }
        return Array(out.prefix(count))
    }
}

/// A transport that answers from a handler and records every request.
package final class FakeTransport: HTTPTransport, Sendable {
    private let recorded = LockedValue<[HTTPRequest]>([])
    private let handler: @Sendable (HTTPRequest) throws -> HTTPResponse

    package init(handler: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) {
        self.handler = handler
    }

    /// Answers each URL (without query) from a table; anything else is a 404.
    package convenience init(routes: [String: HTTPResponse]) {
        self.init { request in
            var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
            components.query = nil
            return routes[components.string!] ?? HTTPResponse(status: 404)
        }
    }

    package var requests: [HTTPRequest] { recorded.withLock { $0 } }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        recorded.withLock { $0.append(request) }
        return try handler(request)
    }
}

extension HTTPResponse {
    /// A 200 response with a JSON body.
    package static func json(_ value: JSONValue, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.merging(["content-type": "application/json"]) { a, _ in a },
                     body: Array(value.serialized().utf8))
    }
}

/// A value behind a lock, for test fakes.
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A fresh private directory under /tmp, removed when the value is released.
package final class TemporaryDirectory: @unchecked Sendable {
    package let path: String

    package init() {
        let template = NSTemporaryDirectory() + "authctl-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let result = mkdtemp(&bytes) else { fatalError("mkdtemp failed") }
        path = String(cString: result)
    }

    package func child(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Where the shared test vectors live: `../shared/vectors` beside the package root, the folder
/// of the `Package.swift` above this file (links resolved). Nothing else is searched.
package enum TestVectors {
    package static let directory: String = {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        repeat {
            url.deleteLastPathComponent()
        } while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
        return url.deletingLastPathComponent().appendingPathComponent("shared/vectors").path
    }()

    /// True when the vectors are present; under CI=true a missing folder is a failure, not a skip.
    package static var available: Bool {
        FileManager.default.fileExists(atPath: directory) || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    package static func load(_ relativePath: String) throws -> JSONValue {
        let path = directory + "/" + relativePath
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        return try JSONValue.parse(Array(data))
    }
}
