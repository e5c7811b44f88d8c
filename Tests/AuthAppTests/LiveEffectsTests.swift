import Testing

import Foundation

/// Live effects are built in one place: `Sources/AuthApp/Runtime/LiveEffects.swift`
/// (``AppEffects/live(environment:holdsSignals:)``). Any other file of `Sources` that constructs a
/// live transport, vault, generator, clock or signal hold is a second wiring, and fails this test.
@Suite struct LiveEffectsTests {
    /// The constructions of the live effects, as they are written.
    static let liveConstructions = [
        "CurlTransport(", "URLSessionTransport(", "SecretServiceVault(", "KeychainVault(", "SystemRandomSource()",
        "SignalInterruptShield()", "clock: .system", "Clock.system",
    ]
    static let home = "Sources/AuthApp/Runtime/LiveEffects.swift"

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
    }

    @Test func liveEffectsAreBuiltOnlyByTheRuntime() throws {
        let root = Self.sources
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50, "the source tree was not found at \(root.path)")
        var offenders: [String] = []
        for file in files where "Sources/" + file != Self.home {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for construction in Self.liveConstructions where code.contains(construction) {
                    offenders.append("\(file): \(code)")
                }
            }
        }
        #expect(offenders.isEmpty, "live effects built outside \(Self.home):\n\(offenders.joined(separator: "\n"))")
    }
}
