// swift-tools-version: 6.2
// One call of every `implemented` row of Docs/FirebaseAuthAPI.tsv, written by
// Tests/Tools/firebaseauth-compile-test.py into Sources/InventoryCalls/Calls.swift and built as a
// client of the library product: a renamed parameter or a missing overload fails the build.
// Nothing runs it; it only has to compile (Swift 6 language mode, as a Firebase developer's tool).
import PackageDescription

let package = Package(
    name: "InventoryCompile",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "authctl", path: "../..")],
    targets: [
        .target(name: "InventoryCalls", dependencies: [.product(name: "AuthctlKit", package: "authctl")]),
    ],
    swiftLanguageModes: [.v6]
)
