import AuthPlatform

/// The fields of a link a project emails (`…/__/auth/action?apiKey=…&mode=…&oobCode=…&continueUrl=…&lang=…`),
/// as the SDK's `ActionCodeURL(link:)` reads them: from the link's query, or from the link a
/// Dynamic Link carries in its `link` (or `deep_link_id`) parameter. Reading a link sends nothing.
package struct ActionLinkFields: Sendable, Equatable {
    package var apiKey: String?
    /// `mode`: `signIn`, `verifyEmail`, `recoverEmail`, `resetPassword`, `verifyAndChangeEmail`, `revertSecondFactorAddition`.
    package var mode: String?
    package var oobCode: String?
    package var continueURL: String?
    package var languageCode: String?

    /// Nil when the text has no query to read.
    package init?(link: String) {
        guard let components = URLComponents(string: link.trimmingWhitespace()), let items = components.queryItems, !items.isEmpty else {
            return nil
        }
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 } }
        if value("oobCode") == nil, value("mode") == nil, let inner = value("link") ?? value("deep_link_id"), let fields = ActionLinkFields(link: inner) {
            self = fields
            return
        }
        apiKey = value("apiKey")
        mode = value("mode")
        oobCode = value("oobCode")
        continueURL = value("continueUrl")
        languageCode = value("lang")
    }
}
