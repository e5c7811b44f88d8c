import AuthCore

// The values the library door (AuthctlKit) names, given by the application layer so the door
// imports no core target (issue 35): structs and enums without effects, each the core's own type.

/// A user as the account backend keeps them (uid, email, profile, linked identities, dates):
/// what the library's `User` is made from.
package typealias AccountRecord = AuthCore.AccountRecord
/// One provider identity linked to a user: what the library's `UserInfo` is made from.
package typealias LinkedIdentity = AuthCore.LinkedIdentity
