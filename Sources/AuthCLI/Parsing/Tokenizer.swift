/// One argv element, classified before any command spec is consulted.
///
/// Tokenizing first and matching second (as swift-argument-parser's `SplitArguments` does) keeps
/// the syntax rules (`--opt=value`, `--`, a lone `-`) in one small pure function, and lets the
/// matcher report errors by the original argv index.
struct ArgumentToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `--name` or `--name=value` (`value` is everything after the first `=`).
        case long(name: String, value: String?)
        /// `-x` or a cluster `-xyz` (only single letters are defined; clusters are rejected later).
        case short(letters: String)
        /// A word that is not an option: a command name, a positional, or an option's value.
        /// `afterTerminator` is true for words after `--`, which are always positionals.
        case word(String, afterTerminator: Bool)
        /// `--`: everything after it is positional.
        case terminator
    }

    /// The position in argv (0 is the first argument after the program name).
    var index: Int
    var kind: Kind
    /// The argv element as typed, for messages.
    var raw: String

    /// True for tokens that may not be taken as an option's value (`--x`, `-x`, `--`).
    var looksLikeOption: Bool {
        switch kind {
        case .long, .short, .terminator: return true
        case .word: return false
        }
    }
}

enum Tokenizer {
    static func tokenize(_ arguments: [String]) -> [ArgumentToken] {
        var tokens: [ArgumentToken] = []
        tokens.reserveCapacity(arguments.count)
        var afterTerminator = false
        for (index, argument) in arguments.enumerated() {
            let kind: ArgumentToken.Kind
            if afterTerminator {
                kind = .word(argument, afterTerminator: true)
            } else if argument == "--" {
                afterTerminator = true
                kind = .terminator
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    kind = .long(name: String(body[..<equals]), value: String(body[body.index(after: equals)...]))
                } else {
                    kind = .long(name: String(body), value: nil)
                }
            } else if argument.hasPrefix("-"), argument.count > 1 {
                kind = .short(letters: String(argument.dropFirst()))
            } else {
                // Includes "" and a lone "-" (conventionally stdin/stdout).
                kind = .word(argument, afterTerminator: false)
            }
            tokens.append(ArgumentToken(index: index, kind: kind, raw: argument))
        }
        return tokens
    }
}
