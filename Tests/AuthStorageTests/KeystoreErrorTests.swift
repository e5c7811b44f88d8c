import Foundation
import Testing
import AuthPlatform
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

    /// A failed system call says what to do where its errno tells: a full disk, a failing device,
    /// a file system that refuses (whose remedy is another home, as an unwritable one's).
    @Test(arguments: [
        (ENOSPC, "free some space", nil), (EDQUOT, "raise the quota", nil), (EIO, "check the disk", nil),
        (EACCES, "use another authctl home", Remedy.chooseHome), (EROFS, "use another authctl home", .chooseHome),
    ] as [(Int32, String, Remedy?)])
    func aFailedSystemCallSaysWhatToDo(errno: Int32, advice: String, remedy: Remedy?) {
        let error = KeystoreError.io(path: "/h/keystore.json", call: "write", errno: errno)
        #expect(error.message.contains(advice))
        #expect(error.remedy == remedy)
    }

    @Test func aSystemCallErrorWithoutAdviceSaysOnlyWhatHappened() {
        let error = KeystoreError.io(path: "/h", call: "open", errno: ENAMETOOLONG)
        #expect(error.message.hasSuffix("(errno \(ENAMETOOLONG))."))
        #expect(error.remedy == nil)
    }
}
