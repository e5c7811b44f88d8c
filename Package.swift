// swift-tools-version: 6.2
import PackageDescription

/// The crypto primitives build optimised even in debug builds: hand-written big-integer and
/// elliptic-curve code runs 50-100x slower at -Onone, which would make the vector suites crawl.
/// See Docs/Decisions/0001-crypto-module.md.
let optimisedInDebug: [SwiftSetting] = [
    .unsafeFlags(["-O"], .when(configuration: .debug)),
]

/// The library targets, lowest first. Each depends only on targets above it in this list, so the
/// compiler enforces the architecture's arrows (Docs/Architecture.md, Decisions/0011).
let package = Package(
    name: "authctl",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "authctl", targets: ["authctl"]),
        /// FirebaseAuth's Swift API for Swift programs and servers on Linux and macOS (Docs/Library.md).
        .library(name: "AuthctlKit", targets: ["AuthctlKit"]),
    ],
    targets: [
        // SHA-256, HMAC, RSA and P-256 verification, constant time, randomness. Imports nothing.
        .target(name: "AuthCrypto", swiftSettings: optimisedInDebug),
        // The effect seams (transport, clock, browser), POSIX, strict JSON, the URL policy, the error vocabulary.
        .target(name: "AuthPlatform", dependencies: ["AuthCrypto"]),
        // The home directory, locked atomic files, versioned documents, the document-store seam.
        .target(name: "AuthStorage", dependencies: ["AuthPlatform"]),
        // base64url, JWK and JWK sets, compact JWS, the ID token validator.
        .target(name: "AuthJOSE", dependencies: ["AuthPlatform", "AuthCrypto"]),
        // PKCE, authorization request and response, token client, grants, the loopback listener.
        .target(name: "AuthOAuth", dependencies: ["AuthJOSE", "AuthPlatform", "AuthCrypto"]),
        // Provider kinds (OpenID, GitHub), presets, configuration, discovery, the sign-in flow.
        .target(name: "AuthProviders", dependencies: ["AuthOAuth", "AuthJOSE", "AuthStorage", "AuthPlatform"]),
        // The account model: Auth, User, the account-backend seam and its local backend, token refresh.
        .target(name: "AuthCore", dependencies: ["AuthProviders", "AuthOAuth", "AuthJOSE", "AuthStorage", "AuthPlatform"]),
        // A Firebase / Identity Platform project as the account backend (Identity Toolkit, Secure Token).
        .target(name: "AuthFirebase", dependencies: ["AuthCore", "AuthProviders", "AuthOAuth", "AuthJOSE", "AuthStorage", "AuthPlatform"]),
        // dlopen at first use and dlsym of a table of functions, with the library's name in every error.
        .target(name: "CDynamicLibrary", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux])), .linkedLibrary("pthread", .when(platforms: [.linux]))]),
        // libcurl's functions and constants, declared by us and loaded with dlopen at the first request.
        .target(name: "CCurl", dependencies: ["CDynamicLibrary"]),
        // The live HTTP transports: libcurl (Linux), URLSession (macOS); proxies and CAs from the environment.
        .target(name: "AuthHTTP", dependencies: ["CCurl", "AuthPlatform"]),
        // libsecret's and GLib's few functions, declared by us and loaded with dlopen at the first keyring call.
        .target(name: "CSecret", dependencies: ["CDynamicLibrary"], linkerSettings: [.linkedLibrary("pthread", .when(platforms: [.linux]))]),
        // The keyring vaults: the Secret Service through libsecret (Linux), the Keychain (macOS).
        .target(name: "AuthKeyring", dependencies: ["CSecret", "AuthStorage", "AuthPlatform"]),
        // The signal handler that holds SIGINT and SIGTERM off while a refresh is in flight (C: async-signal-safe).
        .target(name: "CSignals", linkerSettings: [.linkedLibrary("pthread", .when(platforms: [.linux]))]),
        // The application layer under both front doors (Decisions/0028): the one live wiring
        // (AuthRuntime, AppEffects.live), the registry of account-backend kinds, and the use cases.
        .target(
            name: "AuthApp",
            dependencies: ["AuthCore", "AuthFirebase", "AuthHTTP", "AuthKeyring", "CSignals", "AuthProviders", "AuthOAuth", "AuthJOSE", "AuthStorage", "AuthPlatform", "AuthCrypto"]
        ),
        // argv, command specs and help, renderers, the error funnel; the terminal as the use cases' I/O.
        .target(
            name: "AuthCLI",
            dependencies: ["AuthApp", "AuthPlatform"]
        ),
        .executableTarget(name: "authctl", dependencies: ["AuthCLI"]),
        // The library product: FirebaseAuth's Swift API over the application layer's use cases.
        // Its imports are internal: it exports nothing of them.
        .target(
            name: "AuthctlKit",
            dependencies: ["AuthApp", "AuthPlatform"]
        ),

        .target(
            name: "AuthTestSupport",
            dependencies: ["AuthCore", "AuthProviders", "AuthOAuth", "AuthJOSE", "AuthStorage", "AuthPlatform", "AuthCrypto"],
            path: "Tests/AuthTestSupport",
            swiftSettings: optimisedInDebug
        ),
        /// `make bench`: crypto throughput of a release build, printed beside OpenSSL's.
        .executableTarget(name: "authctl-bench", dependencies: ["AuthCrypto", "AuthTestSupport"], path: "Tests/Bench"),
        /// `make fuzz`: libFuzzer targets for the parsers of untrusted bytes (Tests/Fuzz/README.md).
        .executableTarget(
            name: "authctl-fuzz", dependencies: ["AuthCLI", "AuthCore", "AuthJOSE", "AuthOAuth", "AuthStorage", "AuthPlatform", "AuthTestSupport"],
            path: "Tests/Fuzz/Sources"
        ),
        .testTarget(name: "AuthCryptoTests", dependencies: ["AuthCrypto", "AuthTestSupport"]),
        .testTarget(name: "AuthPlatformTests", dependencies: ["AuthPlatform", "AuthTestSupport"]),
        .testTarget(name: "AuthStorageTests", dependencies: ["AuthStorage", "AuthTestSupport"]),
        .testTarget(name: "AuthJOSETests", dependencies: ["AuthJOSE", "AuthTestSupport"]),
        .testTarget(name: "AuthOAuthTests", dependencies: ["AuthOAuth", "AuthTestSupport"]),
        .testTarget(name: "AuthProvidersTests", dependencies: ["AuthProviders", "AuthTestSupport"]),
        .testTarget(name: "AuthCoreTests", dependencies: ["AuthCore", "AuthTestSupport"]),
        .testTarget(name: "AuthFirebaseTests", dependencies: ["AuthFirebase", "AuthTestSupport"]),
        .testTarget(name: "AuthHTTPTests", dependencies: ["AuthHTTP", "AuthTestSupport"]),
        .testTarget(name: "AuthKeyringTests", dependencies: ["AuthKeyring", "AuthStorage"]),
        .testTarget(name: "AuthAppTests", dependencies: ["AuthApp", "AuthTestSupport"]),
        .testTarget(name: "AuthCLITests", dependencies: ["AuthCLI", "AuthApp", "AuthHTTP", "CSignals", "AuthTestSupport"]),
        .testTarget(name: "AuthctlKitTests", dependencies: ["AuthctlKit", "AuthCLI", "AuthCore", "AuthFirebase", "AuthPlatform"]),
    ],
    swiftLanguageModes: [.v6]
)
