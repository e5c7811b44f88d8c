// swift-tools-version: 6.2
// A separate package that uses authctl's library as any other package would: by path here, by URL
// and version elsewhere. `make test` builds it; Tests/e2e/test_library.py runs it against the
// end-to-end suite's providers and Firebase fake.
import PackageDescription

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
    ],
    swiftLanguageModes: [.v6]
)
