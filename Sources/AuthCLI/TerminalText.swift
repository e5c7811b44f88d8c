import AuthPlatform

/// Text on its way to a person (stderr, or stdout's text form), safe to write to a terminal
/// (Decisions/0041). The only thing the command line's text writers take (``CommandEnvironment``'s
/// `output`, `notice`, `log`, and the error funnel), so no string reaches the terminal without
/// passing the rule:
///
/// - the literal parts of `"Signed in as \(name)"` are authctl's own words, kept as written;
/// - every interpolated value (a `String`, a number, anything `CustomStringConvertible`) is
///   neutralised by ``TerminalSafety/neutralised(_:limit:)``: control characters made visible,
///   long text cut;
/// - a `String` variable does not convert: say what it is, ``init(untrusted:)`` (anything from
///   outside) or ``init(trusted:)`` (text authctl built itself, such as its colour codes or help).
package struct TerminalText: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The text as written to the terminal.
    package private(set) var text: String

    /// authctl's own words (a literal in the source).
    package init(stringLiteral value: String) { text = value }

    package init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    /// Text from outside authctl (a provider, a project, the keystore, a file, the environment),
    /// neutralised.
    package init(untrusted value: some StringProtocol) { text = TerminalSafety.neutralised(value) }

    /// Text authctl composed itself from its own words and neutralised parts (its colour codes,
    /// help, the QR code's blocks): written as it is.
    package init(trusted value: String) { text = value }

    package var description: String { text }

    package static func + (left: TerminalText, right: TerminalText) -> TerminalText { TerminalText(trusted: left.text + right.text) }

    package static func += (left: inout TerminalText, right: TerminalText) { left.text += right.text }

    package struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        package init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }

        /// authctl's own words.
        package mutating func appendLiteral(_ literal: String) { text += literal }

        /// Text from anywhere: neutralised.
        package mutating func appendInterpolation(_ value: some StringProtocol) { text += TerminalSafety.neutralised(value) }

        /// Text that already passed the rule.
        package mutating func appendInterpolation(_ value: TerminalText) { text += value.text }

        /// Numbers, enumerations' descriptions, durations: neutralised like any other text.
        package mutating func appendInterpolation(_ value: some CustomStringConvertible) { text += TerminalSafety.neutralised(value.description) }

        /// Text authctl composed itself (colour codes): written as it is.
        package mutating func appendInterpolation(trusted value: String) { text += value }
    }
}

extension Sequence<TerminalText> {
    /// The texts with `separator` between them.
    package func joined(separator: TerminalText = "") -> TerminalText {
        TerminalText(trusted: map(\.text).joined(separator: separator.text))
    }
}
