import AuthCore
import AuthProviders

// The account values a front door names when it renders what a use case returns (issue 35):
// structs without effects, the core's own types under their names, so `import AuthApp` is all a
// door needs. The work behind them is the use cases'.

/// A user as the account backend keeps them (uid, email, profile, linked identities, dates).
package typealias AccountRecord = AuthCore.AccountRecord
/// One provider identity linked to a user.
package typealias LinkedIdentity = AuthCore.LinkedIdentity
/// A second factor enrolled on a project's user (its id, kind and name).
package typealias EnrolledFactor = AuthCore.EnrolledFactor
/// The home's account rules and storage policy (`config.json`).
package typealias AccountPolicy = AuthCore.AccountPolicy

// shared: may also be in SignInValues.swift at merge
/// What a sign-in, a link or a reauthentication returns: the user and what the provider said.
package typealias SignInResult = AuthCore.SignInResult
/// One configured provider as providers.json keeps it (issuer, client, scopes, ports).
package typealias ProviderConfiguration = AuthProviders.ProviderConfiguration
