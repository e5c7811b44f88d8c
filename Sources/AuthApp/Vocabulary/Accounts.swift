import AuthCore
import AuthProviders

// The account values both front doors name when they render what a use case returns (issue 35,
// Decision 0048): structs without effects, the core's own types under their names, so
// `import AuthApp` is all a door needs. The work behind them is the use cases'.

/// A user as the account backend keeps them (uid, email, profile, linked identities, dates):
/// whoami's lines and the library's `User`.
package typealias AccountRecord = AuthCore.AccountRecord
/// One provider identity linked to a user: a provider line, the library's `UserInfo`.
package typealias LinkedIdentity = AuthCore.LinkedIdentity
/// A second factor enrolled on a project's user (its id, kind and name).
package typealias EnrolledFactor = AuthCore.EnrolledFactor
/// The home's account rules and storage policy (`config.json`).
package typealias AccountPolicy = AuthCore.AccountPolicy
/// One configured provider as providers.json keeps it (issuer, client, scopes, ports).
package typealias ProviderConfiguration = AuthProviders.ProviderConfiguration
