// libFuzzer targets for every parser of untrusted bytes (Docs/Decisions/0015). `make fuzz` builds
// this with `-sanitize=fuzzer,address -D FUZZING` and runs one target per process, chosen by
// AUTHCTL_FUZZ_TARGET; a plain build gets a `main` that says how to run them. The targets reach
// internals through `@testable import`, which only a module built with `-enable-testing` allows
// (the fuzz build's flags, never `swift build -c release`): they are compiled with FUZZING only.
#if FUZZING || DEBUG
@testable import AuthCLI
import AuthCore
import AuthJOSE
@testable import AuthOAuth
import AuthPlatform
@testable import AuthStorage
import AuthTestSupport
#endif
import Foundation

/// One fuzz target: takes any bytes, must never crash, hang or leak whatever they are.
enum FuzzTarget: String, CaseIterable {
    case loopbackRequest = "loopback-request"
    case json
    case jws
    case pastedRedirect = "pasted-redirect"
    case keystore
    case argv
}

#if FUZZING || DEBUG
extension FuzzTarget {
    func run(_ bytes: [UInt8]) {
        switch self {
        case .loopbackRequest: Self.loopbackRequest(bytes)
        case .json: Self.json(bytes)
        case .jws: Self.jws(bytes)
        case .pastedRedirect: Self.pastedRedirect(bytes)
        case .keystore: Self.keystore(bytes)
        case .argv: Self.argv(bytes)
        }
    }

    /// The listener's request head parser: request line, header fields, query decoding.
    static func loopbackRequest(_ bytes: [UInt8]) {
        guard case .complete(let head)? = try? LoopbackRequestParser.parse(bytes) else { return }
        let request = CallbackRequest(path: head.path, parameters: head.parameters)
        _ = request.values(named: "state")
    }

    /// The strict JSON parser; what parses must serialise and parse back to the same value.
    static func json(_ bytes: [UInt8]) {
        guard let value = try? JSONValue.parse(bytes) else { return }
        let again = try? JSONValue.parse(value.serialized())
        precondition(again == value, "JSON did not survive a round trip")
    }

    /// The first byte picks the parser: compact JWS (then verified against a fixed key set), one
    /// JWK (then used to verify a fixed signature with every algorithm), or a JWK set.
    static func jws(_ bytes: [UInt8]) {
        guard let mode = bytes.first else { return }
        let rest = Array(bytes.dropFirst())
        switch mode % 3 {
        case 0:
            guard let jws = try? CompactJWS(parsingUnverified: String(decoding: rest, as: UTF8.self)) else { return }
            if case .found(let keys) = fixedKeys.select(algorithm: jws.algorithm, keyID: jws.keyID) {
                for key in keys { _ = key.isValidSignature(jws.signature, for: jws.signingInput, algorithm: jws.algorithm) }
            }
        case 1:
            guard let key = try? JWK.parse(json: rest) else { return }
            for algorithm in [JWSAlgorithm.rs256, .ps256, .es256] {
                _ = key.isValidSignature(Array(rest.suffix(256)), for: Array(rest.prefix(64)), algorithm: algorithm)
            }
        default:
            guard let set = try? JWKSet.parse(rest) else { return }
            _ = set.select(algorithm: .rs256, keyID: nil)
        }
    }

    static let fixedKeys: JWKSet = try! JWKSet.parse(Array(TestTokenFactory.standardJWKS.serialized().utf8))

    /// What a person pastes after a sign-in in another browser.
    static func pastedRedirect(_ bytes: [UInt8]) {
        _ = try? PastedRedirect.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// The keystore, pending-credential and providers decoders (strict JSON, version, schema).
    static func keystore(_ bytes: [UInt8]) {
        let home = HomeDirectory(path: "/nonexistent-fuzz-home")
        _ = try? SecureFileStore<KeystoreDocument>(home: home, fileName: KeystoreDocument.fileName).decode(bytes)
        _ = try? SecureFileStore<PendingDocument>(home: home, fileName: "pending.json").decode(bytes)
        _ = try? SecureFileStore<RefreshJournal>(home: home, fileName: RefreshJournal.fileName).decode(bytes)
    }

    /// argv split at NUL bytes: parsed, each command's options read, and errors rendered.
    static func argv(_ bytes: [UInt8]) {
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        do {
            switch try CommandLineParser.parse(arguments) {
            case .help(let path): _ = HelpGenerator.help(for: path)
            case .version: break
            case .run(let invocation):
                _ = try CommandList.command(at: invocation.commandPath)?.init(invocation)
            }
        } catch let error as UsageError {
            _ = UsageErrorRenderer.render(error)
        } catch {
            _ = ErrorFunnel.report(for: error, json: true, color: false)
        }
    }
}

#endif

#if FUZZING
/// Read once: the target this process fuzzes.
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["AUTHCTL_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("set AUTHCTL_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget.run(bytes)
    return 0
}

/// libFuzzer's driver (LLVM >= 11), for an executable whose `main` SwiftPM points elsewhere.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's `main` to `<module>_main`; here that is libFuzzer's driver.
@_cdecl("authctl_fuzz_main")
package func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzOneInput)
}
#elseif DEBUG
/// The debug build (every `swift build --build-tests`, so `make test`): no libFuzzer, the targets
/// run on the committed seeds and on `MUTATIONS` seeded mutations of each (bytes flipped, cut,
/// repeated, inserted): `authctl-fuzz replay Tests/Fuzz/Corpus [MUTATIONS]` (Docs/Decisions/0049).
/// A crash or a failed check stops it; coverage-guided fuzzing is `make fuzz`'s.
@main
enum FuzzReplay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard (2...3).contains(arguments.count), arguments[0] == "replay",
            let mutations = arguments.count == 3 ? Int(arguments[2]) : 0, mutations >= 0
        else {
            FileHandle.standardError.write(Data("usage: authctl-fuzz replay CORPUS-DIRECTORY [MUTATIONS] (libFuzzer: make fuzz)\n".utf8))
            exit(2)
        }
        let corpus = arguments[1]
        for target in FuzzTarget.allCases {
            let directory = URL(filePath: corpus).appending(path: target.rawValue)
            let files = ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
                .sorted { $0.path < $1.path }
            guard !files.isEmpty else {
                FileHandle.standardError.write(Data("authctl-fuzz: no seeds for \(target.rawValue) in \(directory.path)\n".utf8))
                exit(1)
            }
            let seeds = files.compactMap { try? Array(Data(contentsOf: $0)) }
            for seed in seeds { target.run(seed) }
            let random = SeededRandomSource(seed: UInt64(truncatingIfNeeded: target.rawValue.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
            for round in 0..<mutations {
                target.run(mutate(seeds[round % seeds.count], with: random))
            }
            print("\(target.rawValue): \(seeds.count) seeds and \(mutations) mutations of them")
        }
    }

    /// One to four of libFuzzer's simplest mutations: a byte changed, a run cut out, a run
    /// repeated, a byte inserted.
    static func mutate(_ seed: [UInt8], with random: SeededRandomSource) -> [UInt8] {
        var bytes = seed
        for _ in 0...(random.next() % 4) {
            let at = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
            switch random.next() % 4 {
            case 0 where !bytes.isEmpty: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1 where !bytes.isEmpty: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 16)))
            case 2 where !bytes.isEmpty: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 1 + Int(random.next() % 16))], at: at)
            default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
            }
        }
        return bytes
    }
}

extension SeededRandomSource {
    /// The next 64 bits of the seeded sequence (AuthTestSupport's SplitMix64), so a replay that
    /// fails fails again with the same bytes.
    func next() -> UInt64 { bytes(count: 8).reduce(0) { $0 << 8 | UInt64($1) } }
}
#else
@main
enum FuzzUsage {
    static func main() {
        print("authctl-fuzz: build and run with 'make fuzz' (libFuzzer); targets: "
            + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))
    }
}
#endif
