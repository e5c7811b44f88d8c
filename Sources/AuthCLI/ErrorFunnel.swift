import AuthPlatform

/// The one place that turns any error into stderr text and an exit status. Pure, so it is tested
/// directly (swift-argument-parser's `MessageInfo` plays the same part).
package enum ErrorFunnel {
    package struct Report: Equatable, Sendable {
        package var standardError: String
        package var status: ExitStatus
    }

    /// The report for `error`; `json` selects the machine shape
    /// `{"error": {"code": ..., "message": ..., "remedy": {"kind": ..., ...}, ...details}}`. The
    /// message is the error's, with its ``Remedy`` worded as `authctl` commands after it.
    package static func report(for error: any Error, json: Bool, color: Bool = false) -> Report {
        if let usage = error as? UsageError {
            if json {
                // The same help as the text form: what it probably meant, and how to fix the line.
                var details: [String: ErrorDetail] = [:]
                if let suggestion = usage.suggestion { details["suggestion"] = .string(suggestion) }
                if let hint = usage.hint { details["hint"] = .string(hint) }
                return Report(standardError: jsonText(code: ErrorCode.invalidArgument.rawValue, message: usage.message, details: details), status: .usage)
            }
            return Report(standardError: UsageErrorRenderer.render(usage, color: color), status: .usage)
        }
        let code: ErrorCode
        let message: String
        var details: [String: ErrorDetail]
        var remedy: Remedy?
        switch error {
        case let error as any AuthCoreError:
            (code, message, details, remedy) = (error.code, RemedyWording.message(error.message, remedy: error.remedy), error.details, error.remedy)
        case is CancellationError:
            (code, message, details) = (.cancelled, "cancelled", [:])
        default:
            (code, message, details) = (.internalError, "unexpected failure: \(error)", [:])
        }
        if json {
            if let remedy, case .linkPendingCredential = remedy, let next = RemedyWording.nextCommand(remedy) {
                details["next"] = .string(next)
            }
            return Report(
                standardError: jsonText(code: code.rawValue, message: message, details: details, remedy: remedy), status: ExitStatus(code))
        }
        // The message carries a provider's or a project's words (error_description, a project's
        // message): neutralised for the terminal; --json above keeps them exactly (Decisions/0041).
        let text = TerminalText(trusted: prefix(color: color)) + TerminalText(untrusted: message) + "\n"
        return Report(standardError: text.text, status: ExitStatus(code))
    }

    static func prefix(color: Bool) -> String {
        color ? "\u{1B}[1;31merror:\u{1B}[0m " : "error: "
    }

    private static func jsonText(code: String, message: String, details: [String: ErrorDetail], remedy: Remedy? = nil) -> String {
        var fields: [String: JSONValue] = ["code": .string(code), "message": .string(message)]
        if let remedy { fields["remedy"] = RemedyWording.json(remedy) }
        for (key, detail) in details {
            switch detail {
            case .string(let value): fields[key] = .string(value)
            case .strings(let values): fields[key] = .array(values.map { .string($0) })
            case .int(let value): fields[key] = .number(Double(value))
            }
        }
        return JSONSchema.stamped(.object(["error": .object(fields)])).serialized() + "\n"
    }
}
