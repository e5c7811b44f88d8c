import AuthCrypto
import AuthPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a verifier asks of a key source.
package enum JWKSetRequest: Sendable, Equatable {
    /// The current set: from the cache while it is fresh, fetched otherwise.
    case cached
    /// A token names a key the current set lacks (or, without a `kid`, no key fits): fetch again
    /// if the rate limit allows, else answer the set we have.
    case refreshBecauseOfUnknownKey(kid: String?)
}

/// Where a verifier gets the provider's public keys.
package protocol JWKSetSource: Sendable {
    func keySet(_ request: JWKSetRequest) async throws -> JWKSet
}

/// A fixed key set, for tests and for keys given on the command line.
package struct StaticJWKSetSource: JWKSetSource {
    package let set: JWKSet

    package init(_ set: JWKSet) {
        self.set = set
    }

    /// A source holding the set parsed from `json`.
    package init<Bytes: Collection<UInt8>>(json: Bytes) throws(JOSEError) {
        set = try JWKSet.parse(json)
    }

    package func keySet(_ request: JWKSetRequest) async throws -> JWKSet { set }
}

/// How long a fetched key set may be reused, from its response headers (RFC 9111 §5.2.2).
package enum JWKSetCachePolicy {
    /// Reuse without asking when the provider says nothing: one hour.
    package static let defaultLifetime: TimeInterval = 3600
    /// Shortest reuse granted for a positive `max-age` (shorter values are raised to it).
    package static let minimumLifetime: TimeInterval = 60
    /// Longest reuse, whatever `max-age` says: bounds how long a withdrawn key stays trusted.
    package static let maximumLifetime: TimeInterval = 86_400
    /// At most one refresh for an unknown `kid` per this many seconds per `jwks_uri` (across processes).
    package static let forcedRefreshInterval: TimeInterval = 60
    /// A set fetched less than this long ago is current: an unknown kid does not refetch it.
    package static let justFetchedInterval: TimeInterval = 1

    /// The reuse a response allows.
    package enum Lifetime: Sendable, Equatable {
        /// `no-store`: never written to disk.
        case noStore
        /// `no-cache`, `max-age=0` or unusable freshness: stored, but revalidated before each use.
        case revalidate
        /// Reuse for this many seconds (already clamped).
        case seconds(TimeInterval)
    }

    /// The lifetime from `Cache-Control` and `Age` header values (either may be absent).
    package static func lifetime(cacheControl: String?, age: String?) -> Lifetime {
        guard let cacheControl else { return .seconds(defaultLifetime) }
        var maxAge: Int?
        var invalid = false
        var revalidate = false
        for rawDirective in cacheControl.split(separator: ",") {
            let parts = rawDirective.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
            guard let name = parts.first?.lowercased(), !name.isEmpty else { continue }
            switch name {
            case "no-store":
                return .noStore
            case "no-cache":
                revalidate = true
            case "max-age":
                // RFC 9111 §1.2.2: delta-seconds, possibly quoted; invalid freshness means stale.
                var value = parts.count == 2 ? parts[1] : ""
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                if let seconds = Int(value), seconds >= 0, value.allSatisfy(\.isASCII) {
                    maxAge = min(maxAge ?? Int.max, seconds)
                } else {
                    invalid = true
                }
            default:
                continue
            }
        }
        if revalidate || invalid { return .revalidate }
        guard let maxAge else { return .seconds(defaultLifetime) }
        let ageSeconds = age.flatMap { Int($0.trimmingSpaces()) }.map { max(0, $0) } ?? 0
        let remaining = TimeInterval(maxAge) - TimeInterval(ageSeconds)
        guard remaining > 0 else { return .revalidate }
        return .seconds(min(max(remaining, minimumLifetime), maximumLifetime))
    }
}

/// The provider's key set from its `jwks_uri`, cached on disk between runs.
///
/// The cache honours `Cache-Control` (see ``JWKSetCachePolicy``) and revalidates with
/// `If-None-Match` when the provider gave an `ETag`. A refresh for an unknown `kid` happens at
/// most once per ``JWKSetCachePolicy/forcedRefreshInterval`` per `jwks_uri`; the time is kept in
/// the cache file, so separate processes respect it too and a flood of tokens with made-up key
/// ids cannot hammer the provider. Cache files are private (0600, owned by us, written to a
/// temporary file and renamed); a cache file that is not is ignored. Cache failures are never
/// fatal: the set is fetched again.
package struct HTTPJWKSetSource: JWKSetSource {
    package let jwksURI: URL
    package let cacheDirectory: String
    package let transport: any HTTPTransport
    package let clock: Clock

    /// Largest key set response accepted.
    package static let maximumResponseBytes = JWKSet.maximumBytes

    package init(jwksURI: URL, cacheDirectory: String, transport: any HTTPTransport, clock: Clock) {
        self.jwksURI = jwksURI
        self.cacheDirectory = cacheDirectory
        self.transport = transport
        self.clock = clock
    }

    package func keySet(_ request: JWKSetRequest) async throws -> JWKSet {
        switch request {
        case .cached:
            let now = clock.now()
            let entry = readEntry()
            if let entry, let body = entry.body, entry.fetchedAt <= now, now < entry.expiresAt,
                let set = try? JWKSet.parse(Array(body.utf8), source: source)
            {
                return set
            }
            return try await fetch(previous: entry, now: now, forced: false)
        case .refreshBecauseOfUnknownKey:
            // One process refetches at a time: the others wait, then find the set it stored and
            // the rate limit it set, so two processes never both refetch.
            let cache = PrivateFileCache(directory: cacheDirectory)
            return try await cache.withExclusiveLock(for: cachePath, timeout: Self.refreshLockTimeout) {
                let now = clock.now()
                let entry = readEntry()
                if let set = rateLimitedSet(entry, now: now) { return set }
                return try await fetch(previous: entry, now: now, forced: true)
            }
        }
    }

    /// How long a process waits for another's refetch before fetching anyway.
    static let refreshLockTimeout: Duration = .seconds(10)

    /// The cached set, when an unknown kid may not refetch it: the rate limit is in force, or the
    /// set was fetched a moment ago (in this same validation). A provider that rotated its keys
    /// after our last ordinary fetch is still seen at once.
    private func rateLimitedSet(_ entry: CacheEntry?, now: Date) -> JWKSet? {
        guard let entry, let body = entry.body else { return nil }
        let sinceFetch = now.timeIntervalSince(entry.fetchedAt)
        let sinceForced = entry.lastForcedRefreshAt.map { now.timeIntervalSince($0) } ?? .infinity
        let justFetched = sinceFetch >= 0 && sinceFetch < JWKSetCachePolicy.justFetchedInterval
        let rateLimited = sinceForced >= 0 && sinceForced < JWKSetCachePolicy.forcedRefreshInterval
        guard justFetched || rateLimited else { return nil }
        return try? JWKSet.parse(Array(body.utf8), source: source)
    }

    private var source: String { jwksURI.redactedForDisplay }

    private func fetch(previous: CacheEntry?, now: Date, forced: Bool) async throws -> JWKSet {
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        if let etag = previous?.etag, previous?.body != nil { headers.append(("If-None-Match", etag)) }
        let response: HTTPResponse
        do {
            response = try await transport.send(
                HTTPRequest(url: jwksURI, headers: headers, maxResponseBytes: Self.maximumResponseBytes)
            )
        } catch let error as any AuthCoreError {
            throw JOSEError.keySetUnavailable(url: source, reason: error.message)
        } catch {
            throw JOSEError.keySetUnavailable(url: source, reason: "\(error)")
        }
        let body: String
        let set: JWKSet
        if response.status == 304, let previousBody = previous?.body {
            body = previousBody
            set = try JWKSet.parse(Array(body.utf8), source: source)
        } else if response.status == 200 {
            set = try JWKSet.parse(response.body, source: source)
            guard let text = String(bytes: response.body, encoding: .utf8) else {
                throw JOSEError.invalidKeySet(source: source, reason: "it is not UTF-8")
            }
            body = text
        } else {
            throw JOSEError.keySetUnavailable(url: source, reason: "HTTP \(response.status)")
        }
        let lifetime = JWKSetCachePolicy.lifetime(cacheControl: response.header("cache-control"), age: response.header("age"))
        var entry = CacheEntry(
            uri: jwksURI.absoluteString, fetchedAt: now, expiresAt: now, lastForcedRefreshAt: previous?.lastForcedRefreshAt,
            etag: response.header("etag") ?? (response.status == 304 ? previous?.etag : nil), body: body
        )
        if forced { entry.lastForcedRefreshAt = now }
        switch lifetime {
        case .noStore: entry.body = nil; entry.etag = nil
        case .revalidate: break
        case .seconds(let seconds): entry.expiresAt = now.addingTimeInterval(seconds)
        }
        writeEntry(entry)
        return set
    }

    // MARK: Cache file

    /// One cached fetch. `body` is nil under `no-store`; the times still rate-limit refreshes.
    struct CacheEntry: Equatable {
        var uri: String
        var fetchedAt: Date
        var expiresAt: Date
        var lastForcedRefreshAt: Date?
        var etag: String?
        var body: String?

        static let version = 1

        var json: JSONValue {
            var members: [String: JSONValue] = [
                "version": .number(Double(Self.version)), "uri": .string(uri),
                "fetchedAt": .number(fetchedAt.timeIntervalSince1970), "expiresAt": .number(expiresAt.timeIntervalSince1970),
            ]
            if let lastForcedRefreshAt { members["lastForcedRefreshAt"] = .number(lastForcedRefreshAt.timeIntervalSince1970) }
            if let etag { members["etag"] = .string(etag) }
            if let body { members["body"] = .string(body) }
            return .object(members)
        }

        init(uri: String, fetchedAt: Date, expiresAt: Date, lastForcedRefreshAt: Date?, etag: String?, body: String?) {
            self.uri = uri
            self.fetchedAt = fetchedAt
            self.expiresAt = expiresAt
            self.lastForcedRefreshAt = lastForcedRefreshAt
            self.etag = etag
            self.body = body
        }

        init?(json: JSONValue) {
            guard json["version"]?.intValue == Self.version, let uri = json["uri"]?.stringValue,
                let fetchedAt = json["fetchedAt"]?.numberValue, let expiresAt = json["expiresAt"]?.numberValue
            else { return nil }
            self.uri = uri
            self.fetchedAt = Date(timeIntervalSince1970: fetchedAt)
            self.expiresAt = Date(timeIntervalSince1970: expiresAt)
            lastForcedRefreshAt = json["lastForcedRefreshAt"]?.numberValue.map { Date(timeIntervalSince1970: $0) }
            etag = json["etag"]?.stringValue
            body = json["body"]?.stringValue
        }
    }

    /// Largest cache file read (the body is escaped JSON text, so allow for growth).
    static let maximumCacheFileBytes = 4 * JWKSet.maximumBytes

    /// `<cache>/jwks-<first 16 bytes of SHA-256(jwks_uri), hex>.json`
    var cachePath: String {
        PrivateFileCache(directory: cacheDirectory).path(prefix: "jwks", key: jwksURI.absoluteString)
    }

    func readEntry() -> CacheEntry? {
        guard let bytes = PrivateFileCache(directory: cacheDirectory).read(cachePath, limit: Self.maximumCacheFileBytes),
            let json = try? JSONValue.parse(bytes), let entry = CacheEntry(json: json),
            entry.uri == jwksURI.absoluteString
        else { return nil }
        return entry
    }

    func writeEntry(_ entry: CacheEntry) {
        PrivateFileCache(directory: cacheDirectory).write(cachePath, bytes: Array(entry.json.serialized().utf8))
    }
}
