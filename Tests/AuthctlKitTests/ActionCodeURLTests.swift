import AuthctlKit
import Foundation
import Testing

/// `ActionCodeURL(link:)` reads a pasted link as the SDK does (issue 36): every field, the
/// operation by `mode`, a Dynamic Link's inner link, and nil for text with no query.
@Suite struct ActionCodeURLTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let link: String
        let operation: ActionCodeOperation
        let code: String?
        let apiKey: String?
        let continueURL: String?
        let languageCode: String?
        var testDescription: String { link }
    }

    @Test(arguments: [
        Row(link: "https://p.firebaseapp.com/__/auth/action?apiKey=AIza1&mode=resetPassword&oobCode=c1&continueUrl=https%3A%2F%2Fexample.com%2Fdone&lang=fr",
            operation: .passwordReset, code: "c1", apiKey: "AIza1", continueURL: "https://example.com/done", languageCode: "fr"),
        Row(link: "https://p.firebaseapp.com/__/auth/action?mode=signIn&oobCode=c2", operation: .emailLink, code: "c2", apiKey: nil, continueURL: nil, languageCode: nil),
        Row(link: "https://p.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode=c3", operation: .verifyEmail, code: "c3", apiKey: nil, continueURL: nil, languageCode: nil),
        Row(link: "https://p.firebaseapp.com/__/auth/action?mode=recoverEmail&oobCode=c4", operation: .recoverEmail, code: "c4", apiKey: nil, continueURL: nil, languageCode: nil),
        Row(link: "https://p.firebaseapp.com/__/auth/action?mode=verifyAndChangeEmail&oobCode=c5", operation: .verifyAndChangeEmail, code: "c5", apiKey: nil, continueURL: nil, languageCode: nil),
        Row(link: "https://p.firebaseapp.com/__/auth/action?mode=revertSecondFactorAddition&oobCode=c6", operation: .revertSecondFactorAddition, code: "c6", apiKey: nil, continueURL: nil, languageCode: nil),
        Row(link: "https://p.firebaseapp.com/__/auth/action?mode=somethingNew&oobCode=c7", operation: .unknown, code: "c7", apiKey: nil, continueURL: nil, languageCode: nil),
        Row(link: "  https://x.page.link/?link=https%3A%2F%2Fp.firebaseapp.com%2F__%2Fauth%2Faction%3Fmode%3DsignIn%26oobCode%3Dc8&ibi=com.example\n",
            operation: .emailLink, code: "c8", apiKey: nil, continueURL: nil, languageCode: nil),
    ])
    func readsEveryField(row: Row) throws {
        let url = try #require(ActionCodeURL(link: row.link))
        #expect(url.operation == row.operation)
        #expect(url.code == row.code)
        #expect(url.apiKey == row.apiKey)
        #expect(url.continueURL?.absoluteString == row.continueURL)
        #expect(url.languageCode == row.languageCode)
    }

    @Test(arguments: ["", "not a link", "https://p.firebaseapp.com/__/auth/action"])
    func textWithoutAQueryIsNoLink(text: String) {
        #expect(ActionCodeURL(link: text) == nil)
    }
}
