import Foundation
import Testing
@testable import AuthCore

/// Emailed links as people paste them, the otpauth URI, and what makes a user anonymous.
@Suite struct ActionLinkTests {
    @Test(arguments: [
        ("https://demo.firebaseapp.com/__/auth/action?mode=signIn&oobCode=ABC&apiKey=K&continueUrl=https%3A%2F%2Fapp.example", "signIn", "ABC", true),
        ("  https://demo.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode=V1&lang=en\n", "verifyEmail", "V1", false),
        ("https://demo.page.link/?link=https%3A%2F%2Fdemo.firebaseapp.com%2F__%2Fauth%2Faction%3Fmode%3DsignIn%26oobCode%3DDL", "signIn", "DL", true),
        ("bare-Code_123", nil, "bare-Code_123", false),
    ] as [(String, String?, String, Bool)])
    func aPastedLinkGivesItsCode(text: String, mode: String?, code: String, isSignIn: Bool) throws {
        let link = try #require(ActionLink(text))
        #expect(link.mode == mode && link.oobCode == code && link.isSignIn == isSignIn)
    }

    @Test(arguments: ["", "   ", "https://example.com/?mode=signIn", "a code with spaces", "https://example.com/?link=nothing"])
    func textWithoutACodeIsNoLink(text: String) {
        #expect(ActionLink(text) == nil)
    }

    @Test func theOTPAuthURINamesTheIssuerTheAccountAndTheParameters() {
        let secret = TOTPEnrollmentSecret(sharedSecretKey: "JBSWY3DP", codeLength: 6, hashingAlgorithm: "SHA1", periodSeconds: 30, sessionInfo: "s")
        #expect(secret.otpauthURI(accountName: "alice@example.com", issuer: "demo-app")
            == "otpauth://totp/demo-app:alice@example.com?secret=JBSWY3DP&issuer=demo-app&algorithm=SHA1&digits=6&period=30")
    }

    @Test func aUserWithNoProviderAndNoEmailIsAnonymous() {
        let now = Date(timeIntervalSince1970: 0)
        let anonymous = AccountRecord(uid: "u", createdAt: now, lastSignInAt: now, lastAuthenticatedAt: now, providerData: [])
        #expect(anonymous.isAnonymous)
        var upgraded = anonymous
        upgraded.providerData = [LinkedIdentity(providerID: "password", uid: "a@b.c", email: "a@b.c")]
        #expect(!upgraded.isAnonymous)
    }
}
