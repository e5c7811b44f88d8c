import AuthCore
import AuthOAuth
import AuthProviders

// The value types the doors name for credentials, results, action codes and second factors
// (issue 35): structs and enums without effects, given by the application layer so a door imports
// it alone. The work on them (sign-ins, codes, enrolments) stays behind the use cases.

/// What the provider said about the person in a finished sign-in (`SignInResult`'s details).
package typealias SignInDetails = AuthCore.SignInDetails

/// The provider's tokens, and the profile its flow proved.
package typealias ProviderCredential = AuthOAuth.ProviderCredential
package typealias FederatedProfile = AuthProviders.FederatedProfile
/// A name handed apart from the tokens (Apple's first sign-in), sent with the ID token.
package typealias PersonName = AuthOAuth.PersonName

/// An emailed action code's operation and emails, a pasted link's fields, and the settings a mail is sent with.
package typealias ActionCodeDetails = AuthCore.ActionCodeDetails
package typealias ActionLink = AuthCore.ActionLink
package typealias ActionLinkSettings = AuthCore.ActionLinkSettings

/// Second factors (the enrolled one is `EnrolledFactor`, in Accounts.swift): a TOTP secret being
/// enrolled, and a sign-in stopped at its second factor (the error carries the pending sign-in,
/// which the door hands back without naming it).
package typealias TOTPEnrollmentSecret = AuthCore.TOTPEnrollmentSecret
package typealias SecondFactorRequired = AuthCore.SecondFactorRequired
