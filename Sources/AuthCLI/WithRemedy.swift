import AuthPlatform

/// An error with a remedy this door can make concrete where the layer below could not: "not
/// signed in" names the providers configured in the home, which the account layer never reads.
/// Everything else is the error's own.
struct WithRemedy: AuthCoreError {
    let underlying: any AuthCoreError
    let remedy: Remedy?

    init(_ underlying: any AuthCoreError, remedy: Remedy) {
        self.underlying = underlying
        self.remedy = remedy
    }

    var code: ErrorCode { underlying.code }
    var message: String { underlying.message }
    var details: [String: ErrorDetail] { underlying.details }
    var description: String { underlying.description }
}
