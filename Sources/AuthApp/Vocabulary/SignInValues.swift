import AuthCore
import AuthOAuth

// The values a front door names when it asks for a sign-in, a link or a reauthentication and
// renders what comes back (issue 35): structs and enums without effects, the core's own types
// under their names, so `import AuthApp` is all a door needs. The work behind them is the use
// cases' (``SignIn``, ``SignInMethods``, ``EmailAndPassword``, ``SignInClient``).

/// What a federated sign-in is for: sign in, link, or reauthenticate.
package typealias FederatedPurpose = AuthCore.FederatedPurpose
/// What a sign-in, a link or a reauthentication returns: the user and what the provider said.
package typealias SignInResult = AuthCore.SignInResult
/// A provider's answer to a project's flow, obtained for a credential used later (its session and
/// the address the provider returned to).
package typealias ProviderAnswer = AuthCore.ProviderAnswer
/// How one provider of an account can sign in here (the account-exists hint's routes).
package typealias SignInRoute = AuthCore.SignInRoute
/// Where a CI job's own ID token comes from (`--ci SOURCE`), kept to fetch a new one on expiry.
package typealias CITokenSource = AuthOAuth.CITokenSource
