import AuthCore

// The error values a front door matches and words (issue 35, Decision 0048): enums without
// effects, each with its code and typed ``Remedy`` (AuthPlatform), given under the core's names.

/// The account rules' refusals (not signed in, already linked, no such provider, ...).
package typealias AccountError = AuthCore.AccountError
