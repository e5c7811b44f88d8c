import Foundation
import Testing

@testable import AuthCLI

/// Below the two front doors an error names the problem and a ``Remedy``; only the front doors
/// word the remedy (Decisions/0032). So no string literal of a target under `Sources/` other than
/// the front doors names an `authctl` command or an option: a Swift program using the library
/// must never be told to "run 'authctl signin …'". A new target is covered as soon as it exists.
@Suite struct NoCommandTextBelowTheAdaptersTests {
    /// The front doors and the executable: the only targets that may word commands and options.
    static let frontDoors: Set<String> = ["AuthCLI", "AuthctlKit", "authctl"]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every command and group name of the command line, and `help`.
    static let commandNames: Set<String> = Set(CommandList.entries.map(\.name) + ["help"])

    /// The Swift files of every target below the front doors.
    static func filesBelowTheAdapters() throws -> [URL] {
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !frontDoors.contains($0) }
        return targets.flatMap { target -> [URL] in
            let root = sources.appendingPathComponent(target)
            let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            return paths.filter { $0.hasSuffix(".swift") }.map { root.appendingPathComponent($0) }
        }
    }

    @Test func noStringLiteralBelowTheAdaptersNamesACommandOrAnOption() throws {
        let files = try Self.filesBelowTheAdapters()
        // The walk found the tree: the layers that used to word commands are in it.
        let targets = Set(files.map { $0.path.replacingOccurrences(of: Self.sources.path + "/", with: "").split(separator: "/")[0] })
        #expect(targets.isSuperset(of: ["AuthPlatform", "AuthStorage", "AuthOAuth", "AuthProviders", "AuthCore", "AuthFirebase", "AuthKeyring"]))
        #expect(files.count > 100, "only \(files.count) files under \(Self.sources.path)")
        var found: [String] = []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for literal in SwiftStringLiterals.scan(source) {
                for offence in CommandText.offences(in: literal.text, commands: Self.commandNames) {
                    found.append("\(file.path):\(literal.line): \(offence) in \"\(literal.text)\"")
                }
            }
        }
        #expect(found.isEmpty, "command text below the front doors (name a Remedy instead):\n\(found.joined(separator: "\n"))")
    }

    // MARK: The check can fail: what it finds, and what it leaves alone

    static let names: Set<String> = ["signin", "link", "providers", "firebase"]

    @Test(arguments: [
        ("run 'authctl signin --provider x'", ["authctl signin", "--provider"]),
        ("add it with: authctl providers add x", ["authctl providers"]),
        ("use --id-token", ["--id-token"]),
        ("(--device)", ["--device"]),
        ("gnome-keyring-daemon --unlock", ["--unlock"]),
        // Not commands or options: the product's name, a variable, a reference prefix, CSS, dashes.
        ("authctl needs libcurl; authctl refuses to keep credentials there", []),
        ("AUTHCTL_HOME is not absolute", []),
        ("authctl-keyring:abc", []),
        (":root{--fg:#1f2328}body{color:var(--fg)}", []),
        ("ss -ltnp names it -- or not", []),
        ("authctl: storage auto:", []),
    ] as [(String, [String])])
    func commandText(text: String, offences: [String]) {
        #expect(CommandText.offences(in: text, commands: Self.names) == offences)
    }

    @Test func literalsAreFoundAndCommentsAreNot() {
        let source = ##"""
            // run 'authctl signin'
            /// Use `--home` to choose.
            /* nested /* "in a comment" */ still */
            let a = "plain --flag"
            let b = "with \(value("inner --inner")) interpolation"
            let c = #"raw "quoted" \#(x) --raw"#
            let d = """
                multi
                line --multi
                """
            let e = "escaped \" quote --after"
            """##
        let texts = SwiftStringLiterals.scan(source).map(\.text)
        #expect(texts == [
            "plain --flag", "inner --inner", "with \u{FFFC} interpolation", "raw \"quoted\" \u{FFFC} --raw",
            "    multi\n    line --multi\n    ", "escaped \" quote --after",
        ])
        #expect(SwiftStringLiterals.scan(source).map(\.line) == [4, 5, 5, 6, 7, 11])
    }
}

/// The `authctl <command>` phrases and `--option`s in a text.
enum CommandText {
    static func offences(in text: String, commands: Set<String>) -> [String] {
        var found: [String] = []
        let characters = Array(text)
        // `authctl <command>`: the product's name followed by one of its command words.
        var searchStart = text.startIndex
        while let range = text.range(of: "authctl ", range: searchStart..<text.endIndex) {
            let word = text[range.upperBound...].prefix { $0.isLetter || $0 == "-" }
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            if commands.contains(String(word)), before.map({ !$0.isLetter && $0 != "_" && $0 != "-" }) ?? true {
                found.append("authctl \(word)")
            }
            searchStart = range.upperBound
        }
        // `--option`: two dashes at a word's start, then a lower-case name; not a CSS custom
        // property (`--fg:`, `var(--fg)`).
        var index = 0
        while index + 2 < characters.count {
            defer { index += 1 }
            guard characters[index] == "-", characters[index + 1] == "-", characters[index + 2].isLowercase,
                characters[index + 2].isASCII
            else { continue }
            if index > 0, characters[index - 1].isLetter || characters[index - 1].isNumber || characters[index - 1] == "-" { continue }
            if index >= 4, String(characters[(index - 4)..<index]) == "var(" { continue }
            var end = index + 2
            while end < characters.count, characters[end].isASCII, characters[end].isLowercase || characters[end].isNumber || characters[end] == "-" {
                end += 1
            }
            if end < characters.count, characters[end] == ":" { continue }
            found.append(String(characters[index..<end]))
            index = end - 1
        }
        return found
    }
}

/// The string literals of Swift source, with the line each starts on; comments skipped, an
/// interpolation's code scanned for its own literals and marked U+FFFC in the outer text.
enum SwiftStringLiterals {
    struct Literal: Equatable {
        var line: Int
        var text: String
    }

    static func scan(_ source: String) -> [Literal] {
        var scanner = Scanner(characters: Array(source))
        scanner.code(untilClosingParenthesis: false)
        return scanner.literals
    }

    private struct Scanner {
        let characters: [Character]
        var position = 0
        var line = 1
        var literals: [Literal] = []

        init(characters: [Character]) { self.characters = characters }

        func peek(_ offset: Int = 0) -> Character? {
            position + offset < characters.count ? characters[position + offset] : nil
        }

        mutating func advance() {
            if characters[position] == "\n" { line += 1 }
            position += 1
        }

        func starts(with text: String) -> Bool {
            var offset = 0
            for character in text {
                guard peek(offset) == character else { return false }
                offset += 1
            }
            return true
        }

        /// Code up to the end (or the `)` that closes an interpolation).
        mutating func code(untilClosingParenthesis: Bool) {
            var depth = 0
            while let character = peek() {
                if starts(with: "//") {
                    while let next = peek(), next != "\n" { advance() }
                } else if starts(with: "/*") {
                    blockComment()
                } else if character == "\"" || (character == "#" && rawStringHashes() != nil) {
                    stringLiteral()
                } else if character == "(" {
                    depth += 1
                    advance()
                } else if character == ")" {
                    if untilClosingParenthesis && depth == 0 {
                        advance()
                        return
                    }
                    depth -= 1
                    advance()
                } else {
                    advance()
                }
            }
        }

        mutating func blockComment() {
            var depth = 0
            repeat {
                if starts(with: "/*") {
                    depth += 1
                    advance()
                    advance()
                } else if starts(with: "*/") {
                    depth -= 1
                    advance()
                    advance()
                } else {
                    advance()
                }
            } while depth > 0 && peek() != nil
        }

        /// The number of `#`s before a `"` at the position, or nil if none follows them.
        func rawStringHashes() -> Int? {
            var count = 0
            while peek(count) == "#" { count += 1 }
            return peek(count) == "\"" ? count : nil
        }

        mutating func stringLiteral() {
            let hashes = rawStringHashes() ?? 0
            for _ in 0..<hashes { advance() }
            let multiline = starts(with: "\"\"\"")
            let startLine = line
            for _ in 0..<(multiline ? 3 : 1) { advance() }
            if multiline, peek() == "\n" { advance() }
            let delimiter = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            var text = ""
            while let character = peek() {
                if starts(with: delimiter) {
                    for _ in 0..<delimiter.count { advance() }
                    break
                }
                if starts(with: escape) {
                    for _ in 0..<escape.count { advance() }
                    guard let escaped = peek() else { break }
                    advance()
                    if escaped == "(" {
                        text.append("\u{FFFC}")
                        code(untilClosingParenthesis: true)
                    } else if escaped == "n" {
                        text.append("\n")
                    } else if escaped == "t" {
                        text.append("\t")
                    } else {
                        text.append(escaped)
                    }
                    continue
                }
                text.append(character)
                advance()
            }
            literals.append(Literal(line: startLine, text: text))
        }
    }
}
