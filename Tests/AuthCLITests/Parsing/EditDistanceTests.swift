import Testing
@testable import AuthCLI

@Suite struct EditDistanceTests {
    static let distances: [(String, String, Int)] = [
        ("", "", 0),
        ("abc", "", 3),
        ("", "abc", 3),
        ("abc", "abc", 0),
        ("whoam", "whoami", 1),
        ("sigin", "signin", 1),
        ("singin", "signin", 1),  // one swap of adjacent letters
        ("signni", "signin", 1),
        ("kitten", "sitting", 3),
        ("ca", "abc", 3),  // optimal string alignment: no edit of a swapped pair
        ("é", "e", 1),  // characters, not bytes
        ("providers", "provider", 1),
    ]

    @Test(arguments: distances)
    func distance(_ a: String, _ b: String, _ expected: Int) {
        #expect(EditDistance.distance(a, b) == expected)
        #expect(EditDistance.distance(b, a) == expected)
    }

    static let commands = ["signin", "signout", "link", "unlink", "reauth", "whoami", "token", "verify", "providers", "help"]

    static let suggestions: [(String, String?)] = [
        ("whoam", "whoami"),
        ("whomai", "whoami"),
        ("sigin", "signin"),
        ("signot", "signout"),
        ("sign", "signin"),  // prefix of two; the closer one wins
        ("prov", "providers"),  // prefix
        ("provider", "providers"),
        ("tokn", "token"),
        ("Token", "token"),
        ("lnk", "link"),
        ("x", nil),
        ("", nil),
        ("pr", nil),  // too short for a prefix match
        ("frobnicate", nil),
        ("tokens-please", nil),
    ]

    @Test(arguments: suggestions)
    func suggestion(_ typed: String, _ expected: String?) {
        #expect(EditDistance.suggestion(for: typed, among: Self.commands) == expected)
    }

    @Test func exactMatchIsNotSuggested() {
        #expect(EditDistance.suggestion(for: "help", among: ["help"]) == nil)
    }

    @Test func tiesGoToTheFirstCandidate() {
        #expect(EditDistance.suggestion(for: "ad", among: ["add", "and"]) == "add")
        #expect(EditDistance.suggestion(for: "ad", among: ["and", "add"]) == "and")
    }
}
