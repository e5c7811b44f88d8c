// swift-tools-version: 6.2
// A separate package that uses authctl's library as any other package would: by path here, by URL
// and version elsewhere. `make test` builds it; Tests/e2e/test_library.py runs it against the
// end-to-end suite's providers and Firebase fake.
import PackageDescription

let kit: [Target.Dependency] = [.product(name: "AuthctlKit", package: "authctl")]

/// Every Swift block of the five Firebase pages the project follows (../shared/seeds), each in its
/// own target, compiled as printed but where FirebaseAuth itself would refuse the text (each file
/// says what changed and why). Library targets: compiled separately, linked once into `seed-blocks`.
let seedBlocks = [
    "YahooArabic1CreateProvider",
    "YahooArabic2CustomParameters",
    "YahooArabic3Scopes",
    "YahooArabic4SignIn",
    "YahooArabic5Link",
    "YahooArabic6Reauthenticate",
    "YahooArabic7AccountExists",
    "YahooArabic8SignOut",
    "GitHubArabic1CreateProvider",
    "GitHubArabic2CustomParameters",
    "GitHubArabic3Scopes",
    "GitHubArabic4SignIn",
    "GitHubArabic5Link",
    "GitHubArabic6Reauthenticate",
    "GitHubArabic7AccountExists",
    "GitHubArabic8SignOut",
    "YahooTurkish1CreateProvider",
    "YahooTurkish2CustomParameters",
    "YahooTurkish3Scopes",
    "YahooTurkish4SignIn",
    "YahooTurkish5Link",
    "YahooTurkish6Reauthenticate",
    "YahooTurkish7SignOut",
    "OpenIDArabic1CreateProvider",
    "OpenIDArabic2CustomParameters",
    "OpenIDArabic3Scopes",
    "OpenIDArabic4SignIn",
    "OpenIDArabic5Link",
    "OpenIDArabic6Reauthenticate",
    "OpenIDArabic7IDToken",
    "OpenIDArabic8SignOut",
    "YahooThai1CreateProvider",
    "YahooThai2CustomParameters",
    "YahooThai3Scopes",
    "YahooThai4SignIn",
    "YahooThai5Link",
    "YahooThai6Reauthenticate",
    "YahooThai7AccountExists",
    "YahooThai8SignOut",
]

let package = Package(
    name: "LibraryExample",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "authctl", path: "../..")],
    targets: [
        // The dozen lines of Docs/Library.md: sign in, print the user and a token.
        .executableTarget(name: "authctl-example", dependencies: [.product(name: "AuthctlKit", package: "authctl")]),
        // README.md's example, as written there (test_readme.py checks the text is the same).
        .executableTarget(name: "readme-example", dependencies: [.product(name: "AuthctlKit", package: "authctl")]),
        // The Firebase docs' Swift snippets, ported as little as possible (Docs/Library.md).
        .executableTarget(name: "docs-snippets", dependencies: [.product(name: "AuthctlKit", package: "authctl")]),
        // Programs written from Firebase's Authentication pages for Apple platforms (one file per
        // page): compiled, never run; a page's call the inventory says is implemented must compile.
        .executableTarget(name: "docs-programs", dependencies: kit),
        // The same blocks in the SDK's current async style (async/await, `credential(with:)`,
        // `catch let error as NSError`).
        .target(name: "SeedBlocksAsync", dependencies: kit),
        // Runs the blocks against the end-to-end suite's providers and Firebase fake (test_library.py).
        .executableTarget(name: "seed-blocks", dependencies: kit + ["SeedBlocksAsync"] + seedBlocks.map { .target(name: $0) }),
    ] + seedBlocks.map { .target(name: $0, dependencies: kit) },
    swiftLanguageModes: [.v6]
)
