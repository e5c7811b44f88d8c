import Foundation
import Testing
@testable import AuthCLI
import AuthOAuth
import AuthPlatform
import AuthTestSupport

/// `signin --ci`: the job's own token, and its renewal on the refresh path only.
@Suite struct CISignInCommandTests {
    static let requestToken = "request-token-never-stored"
    static let base = "https://pipelines.example/_apis/token"
    let cli = TestCommandLine()
    /// The tokens the stand-in token service hands out, in turn; the requests it saw.
    let issued = LockedValue<[String]>([])
    let seen = LockedValue<[HTTPRequest]>([])

    /// An ID token issued `after` seconds past the start, living `lifetime` seconds.
    static func token(after: TimeInterval, lifetime: TimeInterval = 60, subject: String = TestTokenFactory.subject) -> String {
        let start = TestTokenFactory.now.timeIntervalSince1970 + after
        return TestTokenFactory.idToken(claims: [
            "iat": .number(start), "exp": .number(start + lifetime), "sub": .string(subject), "nonce": nil, "at_hash": nil,
        ])
    }

    init() {
        let (issued, seen) = (issued, seen)
        cli.extraRoutes["/_apis/token"] = { request in
            seen.withLock { $0.append(request) }
            guard let next = issued.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return .json([:], status: 500) }
            return .json(["count": 1, "value": .string(next)])
        }
        cli.interactive = false
    }

    var jobEnvironment: [String: String] {
        [CITokenSource.actionsRequestURLVariable: Self.base + "?api-version=2.0", CITokenSource.actionsRequestTokenVariable: Self.requestToken]
    }

    func signIn() async -> ExitStatus {
        issued.withLock { $0 = [Self.token(after: 0)] }
        cli.extraEnvironment = jobEnvironment
        _ = await cli.addProvider()
        return await cli.run(["signin", "--provider", "oidc.test", "--ci", "github-actions"])
    }

    @Test func signsInWithTheJobsTokenAndStoresOnlyWhereItCameFrom() async throws {
        #expect(await signIn() == .success)
        let request = try #require(seen.withLock { $0 }.first)
        #expect(request.url.absoluteString == Self.base + "?api-version=2.0&audience=" + TestTokenFactory.clientID)
        #expect(request.headers.contains { $0.name == "Authorization" && $0.value == "Bearer " + Self.requestToken })
        let stored = String(decoding: try #require(cli.keystoreBytes), as: UTF8.self)
        #expect(!stored.contains(Self.requestToken))
        #expect(stored.contains("\"github-actions\""))
    }

    /// The hot path: a token that lasts is handed out as stored, with no job variables at all.
    @Test(arguments: [0, 20, 29] as [TimeInterval])
    func aTokenThatLastsIsHandedOutWithoutAsking(after: Double) async {
        #expect(await signIn() == .success)
        cli.extraEnvironment = [:]
        cli.advance(after)
        #expect(await cli.run(["token", "--id-token"]) == .success)
        #expect(cli.stdout.withLock { $0 } == Self.token(after: 0) + "\n")
        #expect(seen.withLock { $0.count } == 1)
    }

    /// Past half its lifetime (or expired), a new token is fetched, verified and stored.
    @Test(arguments: [31, 59, 600] as [TimeInterval])
    func anAgingTokenIsRenewed(after: Double) async {
        #expect(await signIn() == .success)
        cli.advance(after)
        let renewed = Self.token(after: after)
        issued.withLock { $0 = [renewed] }
        #expect(await cli.run(["kube-credential", "--id-token"]) == .success)
        #expect(cli.stdout.withLock { $0 }.contains(renewed))
        #expect(await cli.run(["token", "--id-token"]) == .success)
        #expect(cli.stdout.withLock { $0 } == renewed + "\n")
        #expect(seen.withLock { $0.count } == 2)
    }

    /// `status` says where the token is renewed from, and `--check` holds once it has expired.
    @Test func statusKnowsTheSessionRenewsItself() async {
        #expect(await signIn() == .success)
        cli.advance(600)
        #expect(await cli.run(["status", "--check"]) == .success)
        #expect(await cli.run(["status"]) == .success)
        #expect(cli.stdout.withLock { $0 }.contains("ID token only, expired 9m ago, renewed from github-actions"))
        #expect(seen.withLock { $0.count } == 1)
    }

    @Test func aTokenForSomeoneElseIsRefusedAndNotStored() async {
        #expect(await signIn() == .success)
        cli.advance(600)
        issued.withLock { $0 = [Self.token(after: 600, subject: "repo:someone/else")] }
        let before = cli.keystoreBytes
        #expect(await cli.run(["token", "--id-token"]) == .reauthenticationNeeded)
        #expect(cli.stdout.withLock { $0 }.isEmpty)
        #expect(cli.keystoreBytes == before)
    }

    @Test(arguments: [
        (["signin", "--provider", "oidc.test", "--ci", "circleci"], ExitStatus.usage),
        (["signin", "--provider", "oidc.test", "--ci", "github-actions", "--id-token-stdin"], .usage),
        (["signin", "--provider", "oidc.test", "--ci", "github-actions", "--device"], .usage),
        (["signin", "--provider", "oidc.test", "--ci", "github-actions"], .configurationError),  // no job variables
        (["signin", "--provider", "oidc.test", "--ci", "env:JOB_TOKEN"], .configurationError),
    ])
    func refusals(arguments: [String], status: ExitStatus) async {
        _ = await cli.addProvider()
        #expect(await cli.run(arguments) == status)
        #expect(cli.keystoreBytes == nil)
        #expect(seen.withLock { $0 }.isEmpty)
    }

    @Test(arguments: ["gitlab", "env:JOB_TOKEN"])
    func aVariableSourceIsReadAgainWhenTheTokenAges(source: String) async {
        let variable = CITokenSource(parsing: source)?.variable ?? ""
        _ = await cli.addProvider()
        cli.extraEnvironment = [variable: Self.token(after: 0)]
        #expect(await cli.run(["signin", "--provider", "oidc.test", "--ci", source]) == .success)
        cli.advance(45)
        cli.extraEnvironment = [variable: Self.token(after: 45)]
        #expect(await cli.run(["token", "--id-token"]) == .success)
        #expect(cli.stdout.withLock { $0 } == Self.token(after: 45) + "\n")
        #expect(seen.withLock { $0 }.isEmpty)
    }
}
