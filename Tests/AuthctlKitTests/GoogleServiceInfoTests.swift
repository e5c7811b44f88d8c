import AuthFirebase
import Testing

/// `GoogleService-Info.plist` as the Firebase console writes it, and what is refused.
struct GoogleServiceInfoTests {
    static let console = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>API_KEY</key>
        \t<string>AIzaSyExample</string>
        \t<key>GCM_SENDER_ID</key>
        \t<string>1234567890</string>
        \t<key>PLIST_VERSION</key>
        \t<string>1</string>
        \t<key>BUNDLE_ID</key>
        \t<string>com.example.app</string>
        \t<key>PROJECT_ID</key>
        \t<string>my-app-1234</string>
        \t<key>IS_ADS_ENABLED</key>
        \t<false></false>
        \t<key>IS_SIGNIN_ENABLED</key>
        \t<true/>
        \t<!-- a comment -->
        \t<key>GOOGLE_APP_ID</key>
        \t<string>1:1234567890:ios:abc&amp;def</string>
        \t<key>EXTRA</key>
        \t<dict><key>nested</key><array><string>x</string><integer>2</integer></array></dict>
        </dict>
        </plist>
        """

    @Test func theConsolesFileNamesTheProjectAndTheApp() throws {
        let info = try GoogleServiceInfo(bytes: Array(Self.console.utf8))
        #expect(info.values["GOOGLE_APP_ID"] == "1:1234567890:ios:abc&def")
        #expect(info.values["IS_SIGNIN_ENABLED"] == "true" && info.values["IS_ADS_ENABLED"] == "false")
        #expect(info.values["EXTRA"] == nil, "nested values are skipped")
        let project = try info.project()
        #expect(project.apiKey == "AIzaSyExample" && project.projectID == "my-app-1234")
        #expect(project.clientIdentity?.iosBundleID == "com.example.app")
    }

    @Test(arguments: [
        ("bplist00\u{1}", "binary property list"),
        ("<plist><array></array></plist>", "top level is not a <dict>"),
        ("<dict></dict>", "does not start with <plist>"),
        ("<plist><dict><key>A</key></dict></plist>", "has no value"),
        ("<plist><dict><key>A</key><string>x</string><key>A</key><string>y</string></dict></plist>", "there twice"),
        ("<plist><dict><key>A</key><string>x &bogus; y</string></dict></plist>", "not an entity"),
        ("<plist><dict><key>A</key><script>x</script></dict></plist>", "not a property list element"),
        ("<plist><dict></dict></plist> trailing", "follows </plist>"),
        ("<plist><dict><key>A</key><string>x", "not closed"),
    ])
    func malformedFilesAreRefusedWithTheReason(text: String, reason: String) {
        #expect {
            try GoogleServiceInfo(bytes: Array(text.utf8))
        } throws: { error in
            (error as? GoogleServiceInfoError).map { "\($0.message)".contains(reason) } ?? false
        }
    }

    @Test func deepNestingAndHugeFilesAreRefused() {
        let deep = "<plist><dict><key>A</key>" + String(repeating: "<array>", count: 40) + "</dict></plist>"
        #expect(throws: GoogleServiceInfoError.self) { try GoogleServiceInfo(bytes: Array(deep.utf8)) }
        let huge = Array(repeating: UInt8(ascii: " "), count: GoogleServiceInfo.maximumBytes + 1)
        #expect(throws: GoogleServiceInfoError.malformed("it is larger than \(GoogleServiceInfo.maximumBytes) bytes")) { try GoogleServiceInfo(bytes: huge) }
    }

    @Test(arguments: [("API_KEY", "<key>PROJECT_ID</key><string>p</string>"), ("PROJECT_ID", "<key>API_KEY</key><string>k</string>")])
    func aFileWithoutTheKeyOrProjectSaysWhichIsMissing(missing: String, members: String) throws {
        let info = try GoogleServiceInfo(bytes: Array("<plist><dict>\(members)</dict></plist>".utf8))
        #expect(throws: GoogleServiceInfoError.missing(missing)) { try info.project() }
    }
}
