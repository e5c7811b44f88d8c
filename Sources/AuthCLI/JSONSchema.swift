import AuthPlatform

/// The version of authctl's `--json` documents. Every top-level object carries it as `"schema"`,
/// errors included; it changes only when a field is removed or changes meaning (adding a field
/// does not), so a script can refuse a shape it does not know. Top-level arrays (`providers list`,
/// `users`, `methods`) are lists of objects of this same version.
enum JSONSchema {
    static let version = 1
    static let field = "schema"

    /// `value` with the version added, when it is an object.
    static func stamped(_ value: JSONValue) -> JSONValue {
        guard case .object(var fields) = value else { return value }
        fields[field] = .number(Double(version))
        return .object(fields)
    }
}
