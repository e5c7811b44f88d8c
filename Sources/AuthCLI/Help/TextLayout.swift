/// Word wrapping for help text: plain, greedy, never a trailing space.
enum TextLayout {
    /// Joins words that must stay on one line (`(env: AUTHCTL_HOME)`); printed as a space.
    static let glue: Character = "\u{1F}"

    /// `text` reflowed into lines of at most `width` characters (a word longer than `width`
    /// gets a line of its own). Runs of spaces and newlines collapse.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { String($0.map { $0 == glue ? " " : $0 }) }
    }

    /// `text` wrapped to `width` with `indent` spaces before every line.
    static func indented(_ text: String, indent: Int, width: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        return wrap(text, width: max(1, width - indent)).map { pad + $0 }
    }

    /// A help paragraph: each of its lines is wrapped on its own, keeping its leading spaces
    /// as the indent, plus two more for the continuation of a `- ` list item.
    static func paragraph(_ text: String, indent: Int, width: Int) -> [String] {
        var lines: [String] = []
        for sourceLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let leading = sourceLine.prefix { $0 == " " }.count
            let body = sourceLine.dropFirst(leading)
            let hanging = body.hasPrefix("- ") ? 2 : 0
            let wrapped = wrap(String(body), width: max(1, width - indent - leading - hanging))
            for (number, line) in wrapped.enumerated() {
                let pad = indent + leading + (number == 0 ? 0 : hanging)
                lines.append(String(repeating: " ", count: pad) + line)
            }
        }
        return lines
    }

    /// Two columns: `label` at `indent`, `text` wrapped from `column`; when the label reaches
    /// into the text column, the text starts on the next line.
    static func row(label: String, text: String, indent: Int, column: Int, width: Int) -> [String] {
        let labelLine = String(repeating: " ", count: indent) + label
        let wrapped = wrap(text, width: max(1, width - column))
        let pad = String(repeating: " ", count: column)
        guard let first = wrapped.first else { return [labelLine] }
        if labelLine.count + 2 <= column {
            let firstLine = labelLine + String(repeating: " ", count: column - labelLine.count) + first
            return [firstLine] + wrapped.dropFirst().map { pad + $0 }
        }
        return [labelLine] + wrapped.map { pad + $0 }
    }
}
