import Foundation
import Testing
@testable import AuthCLI
import AuthTestSupport

/// Every number authctl reads from argv or the environment is checked against its range before
/// any arithmetic: a bad value is a usage error (2) that names the option or variable and the
/// range, never a trap.
@Suite struct NumberRangeTests {
    static let hostileValues = ["inf", "nan", "-1", "1e20", "9223372036854775808", "", "abc", "-inf", "0x7fffffffffffffff1", " "]

    /// (where the number goes, the range the message names)
    static let numbers: [(place: String, range: String)] = [
        ("--timeout", "from 1 to 86400"), ("--redirect-port", "from 1 to 65535"), ("--min-valid", "from 0 to 86400"),
        ("AUTHCTL_LOCK_TIMEOUT", "from 0 to 3600"),
    ]

    @Test(arguments: numbers, hostileValues)
    func hostileNumbersAreUsageErrors(number: (place: String, range: String), value: String) async {
        let cli = TestCommandLine()
        var arguments: [String]
        switch number.place {
        case "--min-valid": arguments = ["token", "--min-valid=\(value)"]
        case "AUTHCTL_LOCK_TIMEOUT":
            cli.extraEnvironment = ["AUTHCTL_LOCK_TIMEOUT": value]
            arguments = ["whoami"]
        default: arguments = ["signin", "--provider", "oidc.test", "\(number.place)=\(value)"]
        }
        #expect(await cli.run(arguments + ["--json"]) == .usage)
        let message = cli.jsonError?["message"]?.stringValue ?? ""
        #expect(message.contains(number.place) && message.contains(number.range), "\(message)")
    }

    @Test(arguments: [("0.25", 250), ("10", 10_000), ("3600", 3_600_000), ("0", 0)])
    func lockTimeoutsInRangeAreTaken(text: String, milliseconds: Int64) throws {
        #expect(try CommandEnvironment.seconds(text, variable: "V", in: 0...3600, command: []) == .milliseconds(milliseconds))
    }
}
