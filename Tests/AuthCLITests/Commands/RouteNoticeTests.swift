import Testing
@testable import AuthApp
@testable import AuthCLI

/// The notice of a project's sign-in names what chose the project's handler page: the person's
/// --paste, their --no-browser, or the headless rule, never "--paste or --no-browser" (issue 39).
@Suite struct RouteNoticeTests {
    static let handler = "https://demo.firebaseapp.com/__/auth/handler"

    static func notice(_ reason: SignIn.RouteNotice.Reason) -> String {
        SignInRunner.explain(SignIn.RouteNotice(providerID: "github.com", returning: .handler, handler: handler, reason: reason))
    }

    @Test(arguments: [
        (SignIn.RouteNotice.Reason.pasteAsked, "(--paste)"),
        (.noBrowser(why: nil), "(--no-browser)"),
        (.noBrowser(why: "this is an SSH session"), "(no browser opens here: this is an SSH session)"),
    ])
    func theNoticeNamesWhatChoseThePaste(reason: SignIn.RouteNotice.Reason, named: String) {
        let text = Self.notice(reason)
        #expect(text.contains("returns to the project's page \(Self.handler) \(named), whose address you paste here."), "\(text)")
        #expect(!text.contains("--paste or --no-browser"))
    }
}
