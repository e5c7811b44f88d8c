import Testing
@testable import AuthCLI

@Suite struct TokenizerTests {
    typealias Kind = ArgumentToken.Kind

    static let cases: [([String], [Kind])] = [
        (["whoami"], [.word("whoami", afterTerminator: false)]),
        (["--json"], [.long(name: "json", value: nil)]),
        (["--param=a=b"], [.long(name: "param", value: "a=b")]),
        (["--param="], [.long(name: "param", value: "")]),
        (["-h"], [.short(letters: "h")]),
        (["-abc"], [.short(letters: "abc")]),
        (["-"], [.word("-", afterTerminator: false)]),
        ([""], [.word("", afterTerminator: false)]),
        (
            ["a", "--", "--json", "--", "-"],
            [
                .word("a", afterTerminator: false), .terminator, .word("--json", afterTerminator: true),
                .word("--", afterTerminator: true), .word("-", afterTerminator: true),
            ]
        ),
    ]

    @Test(arguments: cases)
    func classifies(_ argv: [String], _ expected: [Kind]) {
        let tokens = Tokenizer.tokenize(argv)
        #expect(tokens.map(\.kind) == expected)
        #expect(tokens.map(\.index) == Array(argv.indices))
        #expect(tokens.map(\.raw) == argv)
    }
}
