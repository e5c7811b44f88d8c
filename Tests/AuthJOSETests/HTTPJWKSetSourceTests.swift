import Foundation
import Testing
import AuthJOSE
import AuthPlatform
import AuthTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("JWK set fetching, caching and rotation")
struct HTTPJWKSetSourceTests {
    typealias Factory = TestTokenFactory

    /// A provider whose key set and headers a test can change, and a clock it can move.
    final class World: Sendable {
        let directory = TemporaryDirectory()
        let time = LockedValue(Factory.now)
        let document = LockedValue(Factory.standardJWKS)
        let headers = LockedValue<[String: String]>([:])
        let transport: FakeTransport

        init() {
            let document = document
            let headers = headers
            transport = FakeTransport { request in
                HTTPResponse.json(document.withLock { $0 }, headers: headers.withLock { $0 })
            }
        }

        var clock: Clock {
            let time = time
            return Clock { time.withLock { $0 } }
        }

        func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }

        /// A new source each time, as a new process would build it; only the cache directory is shared.
        func source(transport: (any HTTPTransport)? = nil) -> HTTPJWKSetSource {
            HTTPJWKSetSource(jwksURI: Factory.jwksURI, cacheDirectory: directory.child("cache"), transport: transport ?? self.transport, clock: clock)
        }

        func validate(_ token: String) async throws -> ValidatedIDToken {
            try await IDTokenValidator(issuer: Factory.issuer, clientID: Factory.clientID, keys: source(), clock: clock)
                .validate(token, expectedNonce: nil, accessToken: nil)
        }

        /// A token valid at the world's current time.
        func token(_ signer: TestSigner = .rs256(.primary), kid: TestKeyID = .standard) -> String {
            let now = time.withLock { $0 }.timeIntervalSince1970
            return Factory.idToken(signer, kid: kid, claims: ["exp": .number(now + 600), "iat": .number(now)])
        }

        var requests: Int { transport.requests.count }
    }

    @Test func firstUseFetchesThenTheCacheAnswers() async throws {
        let world = World()
        _ = try await world.validate(world.token())
        #expect(world.requests == 1)
        let request = try #require(world.transport.requests.first)
        #expect(request.method == "GET")
        #expect(request.url == Factory.jwksURI)
        #expect(request.maxResponseBytes == 256 * 1024)
        // A later process within the default hour: no request.
        world.advance(3000)
        _ = try await world.validate(world.token())
        #expect(world.requests == 1)
        // After the hour: fetched again.
        world.advance(601)
        _ = try await world.validate(world.token())
        #expect(world.requests == 2)
    }

    @Test func cacheFileIsPrivate() async throws {
        let world = World()
        _ = try await world.validate(world.token())
        let files = try FileManager.default.contentsOfDirectory(atPath: world.directory.child("cache"))
        #expect(files.count == 1)
        let file = try #require(files.first)
        #expect(file.hasPrefix("jwks-") && file.hasSuffix(".json"))
        var status = stat()
        #expect(stat(world.directory.child("cache/" + file), &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        // A cache file others could have written is not trusted: it is fetched again.
        #expect(chmod(world.directory.child("cache/" + file), 0o644) == 0)
        _ = try await world.validate(world.token())
        #expect(world.requests == 2)
    }

    @Test func maxAgeIsHonoured() async throws {
        let world = World()
        world.headers.withLock { $0 = ["Cache-Control": "public, max-age=120"] }
        _ = try await world.validate(world.token())
        world.advance(100)
        _ = try await world.validate(world.token())
        #expect(world.requests == 1)
        world.advance(30)
        _ = try await world.validate(world.token())
        #expect(world.requests == 2)
    }

    @Test func noStoreIsNeverReused() async throws {
        let world = World()
        world.headers.withLock { $0 = ["Cache-Control": "no-store"] }
        _ = try await world.validate(world.token())
        _ = try await world.validate(world.token())
        #expect(world.requests == 2)
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: world.directory.child("cache")).first)
        let text = try String(contentsOfFile: world.directory.child("cache/" + file), encoding: .utf8)
        #expect(!text.contains("keys"))
    }

    @Test func noCacheRevalidatesWithTheETag() async throws {
        let world = World()
        let seenETags = LockedValue<[String?]>([])
        let document = world.document
        let transport = FakeTransport { request in
            let tag = request.headers.first { $0.name == "If-None-Match" }?.value
            seenETags.withLock { $0.append(tag) }
            if tag == "\"v1\"" { return HTTPResponse(status: 304, headers: ["Cache-Control": "no-cache", "ETag": "\"v1\""]) }
            return HTTPResponse.json(document.withLock { $0 }, headers: ["Cache-Control": "no-cache", "ETag": "\"v1\""])
        }
        for _ in 0..<3 {
            let keys = try await world.source(transport: transport).keySet(.cached)
            #expect(keys.keys.count == 3)
        }
        #expect(seenETags.withLock { $0 } == [nil, "\"v1\"", "\"v1\""])
    }

    @Test func unknownKidRefreshesOnceThenIsRateLimited() async throws {
        let world = World()
        _ = try await world.validate(world.token())
        #expect(world.requests == 1)
        // The provider rotates: a new key appears; the cached set does not have it yet.
        world.advance(600)
        world.document.withLock {
            $0 = Factory.jwks([Factory.jwk(TestRSAKey.primary, kid: "rsa-1", alg: "RS256"), Factory.jwk(TestRSAKey.large, kid: "rsa-new")])
        }
        _ = try await world.validate(world.token(.rs256(.large), kid: "rsa-new"))
        #expect(world.requests == 2)
        // Another unknown kid 30 s later (another process): no request, a clear error.
        world.advance(30)
        let error = await JOSETest.joseError { _ = try await world.validate(world.token(kid: "made-up")) }
        #expect(error == .noMatchingKey(kid: "made-up", algorithm: "RS256"))
        #expect(world.requests == 2)
        // A flood of made-up kids inside the window: still no request.
        for index in 0..<20 {
            _ = await JOSETest.joseError { _ = try await world.validate(world.token(kid: .named("flood-\(index)"))) }
        }
        #expect(world.requests == 2)
        // After the interval, one more refresh is allowed.
        world.advance(31)
        _ = await JOSETest.joseError { _ = try await world.validate(world.token(kid: "made-up-2")) }
        #expect(world.requests == 3)
    }

    @Test func freshFetchIsNotFollowedByAForcedOne() async throws {
        let world = World()
        let error = await JOSETest.joseError { _ = try await world.validate(world.token(kid: "unknown")) }
        #expect(error?.kind == "noMatchingKey")
        #expect(world.requests == 1)
    }

    /// A provider that rotates its keys soon after an ordinary fetch is seen at once: only
    /// unknown-kid refetches are rate-limited.
    @Test func rotationSoonAfterAnOrdinaryFetchIsSeen() async throws {
        let world = World()
        _ = try await world.validate(world.token())
        #expect(world.requests == 1)
        world.advance(5)
        _ = await JOSETest.joseError { _ = try await world.validate(world.token(kid: "rotated")) }
        #expect(world.requests == 2)
    }

    @Test(arguments: [
        ("unreachable", 0, "keySetUnavailable"), ("HTTP 500", 500, "keySetUnavailable"), ("HTTP 404", 404, "keySetUnavailable"),
        ("not JSON", 1, "invalidKeySet"), ("no keys", 2, "invalidKeySet"), ("too large", 3, "invalidKeySet"),
    ])
    func fetchFailuresAreProviderErrors(name: String, mode: Int, kind: String) async {
        let world = World()
        let transport = FakeTransport { request in
            switch mode {
            case 0: throw HTTPTransportError.unreachable(url: request.url.absoluteString, reason: "connection refused")
            case 1: return HTTPResponse(status: 200, body: Array("<html>".utf8))
            case 2: return HTTPResponse.json(["issuer": "x"])
            case 3: return HTTPResponse(status: 200, body: Array(repeating: 0x20, count: JWKSet.maximumBytes + 1))
            default: return HTTPResponse(status: mode)
            }
        }
        let error = await JOSETest.joseError { _ = try await world.source(transport: transport).keySet(.cached) }
        #expect(error?.kind == kind)
        #expect(error?.code == .providerError)
        #expect(error?.message.contains("idp.example.com") == true)
    }

    @Test(arguments: [
        (nil, nil, JWKSetCachePolicy.Lifetime.seconds(3600)),
        ("max-age=600", nil, .seconds(600)),
        ("public, max-age=\"600\"", nil, .seconds(600)),
        ("max-age=600", "100", .seconds(500)),
        ("max-age=600", "700", .revalidate),
        ("max-age=10", nil, .seconds(60)),
        ("max-age=31536000", nil, .seconds(86_400)),
        ("max-age=0", nil, .revalidate),
        ("no-cache", nil, .revalidate),
        ("max-age=600, no-cache", nil, .revalidate),
        ("no-store, max-age=600", nil, .noStore),
        ("NO-STORE", nil, .noStore),
        ("max-age=abc", nil, .revalidate),
        ("max-age=-5", nil, .revalidate),
        ("must-revalidate, private", nil, .seconds(3600)),
        ("max-age=900, max-age=300", nil, .seconds(300)),
    ] as [(String?, String?, JWKSetCachePolicy.Lifetime)])
    func cacheControl(header: String?, age: String?, expected: JWKSetCachePolicy.Lifetime) {
        #expect(JWKSetCachePolicy.lifetime(cacheControl: header, age: age) == expected)
    }

    /// Two processes meeting the same unknown kid: one refetches, the other waits for it and uses
    /// what it stored. The first fetch is held open (at most a second) to see whether a second
    /// fetch arrives meanwhile, as it would without the cache lock.
    @Test func concurrentUnknownKidRefetchesHappenOnce() async throws {
        let world = World()
        let fetches = LockedValue(0)
        let transport = FakeTransport { _ in
            let count = fetches.withLock { $0 += 1; return $0 }
            if count == 1 {
                for _ in 0..<100 where fetches.withLock({ $0 }) == 1 { Thread.sleep(forTimeInterval: 0.01) }
            }
            return .json(Factory.standardJWKS)
        }
        async let first = world.source(transport: transport).keySet(.refreshBecauseOfUnknownKey(kid: "new"))
        let second = try await world.source(transport: transport).keySet(.refreshBecauseOfUnknownKey(kid: "new"))
        #expect(try await first.keys.count == second.keys.count)
        #expect(fetches.withLock { $0 } == 1)
    }
}
