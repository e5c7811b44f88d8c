// swift-tools-version: 6.2
import PackageDescription

/// The crypto primitives live in `Sources/AuthCore/Crypto` but build as their own module,
/// `AuthCrypto`, so that they are optimised even in debug builds: hand-written big-integer and
/// elliptic-curve code runs 50-100x slower at -Onone, which would make the vector suites crawl.
/// See Docs/Decisions/0001-crypto-module.md.
let optimisedInDebug: [SwiftSetting] = [
    .unsafeFlags(["-O"], .when(configuration: .debug)),
]

let package = Package(
    name: "authctl",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "authctl", targets: ["authctl"]),
    ],
    targets: [
        .executableTarget(name: "authctl", dependencies: ["AuthCLI"]),
        .target(name: "AuthCLI", dependencies: ["AuthCore"]),
        .target(name: "AuthCore", dependencies: ["AuthCrypto"], exclude: ["Crypto"]),
        .target(name: "AuthCrypto", path: "Sources/AuthCore/Crypto", swiftSettings: optimisedInDebug),
        .target(
            name: "AuthTestSupport",
            dependencies: ["AuthCore", "AuthCrypto"],
            path: "Tests/AuthTestSupport",
            swiftSettings: optimisedInDebug
        ),
        /// `make bench`: crypto throughput of a release build, printed beside OpenSSL's.
        .executableTarget(name: "authctl-bench", dependencies: ["AuthCrypto", "AuthTestSupport"], path: "Tests/Bench"),
        .testTarget(name: "AuthCryptoTests", dependencies: ["AuthCrypto", "AuthTestSupport"]),
        .testTarget(name: "AuthCoreTests", dependencies: ["AuthCore", "AuthTestSupport"]),
        .testTarget(name: "AuthCLITests", dependencies: ["AuthCLI", "AuthTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
