import Foundation
import Testing
import AuthPlatform

/// The environment a command sees: the process's, a variable at a time, or a fixed table.
@Suite struct EnvironmentVariablesTests {
    /// Every variable the process has reads the same through getenv as through the whole table
    /// (which is what `exec` hands a child), and the whole table is Foundation's.
    @Test func theProcessEnvironmentReadsAsFoundationSeesIt() throws {
        let foundation = ProcessInfo.processInfo.environment
        try #require(!foundation.isEmpty)
        for (name, value) in foundation {
            #expect(EnvironmentVariables.process[name] == value, "\(name)")
        }
        #expect(EnvironmentVariables.process.all == foundation)
        #expect(EnvironmentVariables.process["AUTHCTL_TEST_SURELY_UNSET_\(UInt64.random(in: 0...UInt64.max))"] == nil)
    }

    @Test func aTableAnswersFromItself() {
        let table: EnvironmentVariables = ["HOME": "/h", "EMPTY": ""]
        #expect(table["HOME"] == "/h")
        #expect(table["EMPTY"] == "")
        #expect(table["PATH"] == nil)
        #expect(table.all == ["HOME": "/h", "EMPTY": ""])
        #expect(EnvironmentVariables(["A": "1"]).all == ["A": "1"])
    }

    /// A name given twice keeps its first value, as getenv(3) does with a doubled `environ` entry.
    @Test func aRepeatedNameKeepsItsFirstValue() {
        let table: EnvironmentVariables = ["A": "first", "A": "second"]
        #expect(table["A"] == "first")
    }
}
