import Foundation
import Testing
import AuthStorage

@Suite struct KeystoreErrorTests {
    static let errors: [KeystoreError] = [
        .insecurePermissions(path: "/h", mode: 0o755, fix: "chmod 700 '/h'"),
        .wrongOwner(path: "/h", owner: 1001, expected: 1000),
        .symbolicLink(path: "/h"),
        .wrongFileType(path: "/h", expected: "directory"),
        .locked(lockFile: "/h"),
        .corrupt(path: "/h", reason: "the file is empty"),
        .newerVersion(path: "/h", found: 3, supported: 1),
        .unencodable(path: "/h", reason: "EncodingError"),
        .io(path: "/h", call: "open", errno: EACCES),
    ]

    @Test(arguments: errors)
    func everyCaseIsAKeystoreErrorNamingItsPath(error: KeystoreError) {
        #expect(error.code == .keystoreError)
        #expect(error.path == "/h")
        #expect(error.message.contains("'/h'"))
        #expect(error.details["path"] == .string("/h"))
        #expect(error.description == error.message)
    }

    @Test(arguments: [
        ("/plain/path", "'/plain/path'"),
        ("/it's here", "'/it'\\''s here'"),
        ("/$HOME `x`", "'/$HOME `x`'"),
    ])
    func pathsInFixesAreShellQuoted(path: String, quoted: String) {
        let error = KeystoreError.symbolicLink(path: path)
        #expect(error.message.hasPrefix(quoted + " is a symbolic link"))
    }

    @Test func insecureModeIsShownInOctal() {
        let error = KeystoreError.insecurePermissions(path: "/h/k", mode: 0o44, fix: "chmod 600 '/h/k'")
        #expect(error.message.contains("mode 0044"))
        #expect(error.message.hasSuffix("Fix: chmod 600 '/h/k'"))
    }
}
