import AuthApp
import AuthPlatform

extension Render {
    /// A provider of ``ProviderSettings`` (`providers add/list/show --json`), its secret never shown.
    static func json(_ entry: ProviderSettings.Entry) -> JSONValue {
        json(entry.configuration, kind: entry.kindName)
    }
}
