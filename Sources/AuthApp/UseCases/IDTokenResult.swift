import AuthCore
import AuthJOSE
import AuthPlatform

/// The signed-in user's ID token with its claims read (the SDK's `getIDTokenResult`): the token
/// ``GetToken`` gives, taken apart but not verified (it came from the provider or the project
/// over TLS; a service that receives it verifies it).
package struct IDTokenResult: Sendable {
    package struct Output: Sendable {
        package var token: String
        /// The payload's members.
        package var claims: [String: JSONValue]
        /// `firebase.sign_in_provider`, else the provider the user last signed in with.
        package var signInProvider: String
        /// `firebase.sign_in_second_factor`, when there is one.
        package var signInSecondFactor: String?
        package var expirationDate: Date
        package var issuedAtDate: Date
        /// `auth_time` (OpenID Connect Core §2), else `iat`.
        package var authDate: Date
    }

    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    package func run(expectedUID: String, minimumValidity: TimeInterval) async throws -> Output {
        let accounts = try AccountOperations(runtime: runtime).checked(expectedUID)
        let token = try await GetToken(runtime: runtime).run(GetToken.Input(providerID: nil, kind: .id, minimumValidity: minimumValidity)).value
        let claims: [String: JSONValue]
        do {
            guard case .object(let members) = try CompactJWS(parsingUnverified: token).payload else { throw NotAJWT() }
            claims = members
        } catch {
            throw NotAJWT()
        }
        let date = { (name: String) in claims[name]?.numberValue.map(Date.init(timeIntervalSince1970:)) }
        let firebase = claims["firebase"]
        let lastProvider = try accounts.currentAccount()?.signInProviderID
        return Output(
            token: token, claims: claims,
            signInProvider: firebase?["sign_in_provider"]?.stringValue ?? lastProvider ?? "",
            signInSecondFactor: firebase?["sign_in_second_factor"]?.stringValue,
            expirationDate: date("exp") ?? .distantPast, issuedAtDate: date("iat") ?? .distantPast,
            authDate: date("auth_time") ?? date("iat") ?? .distantPast)
    }
}

/// The ID token is not a JWT, so it has no claims to read.
package struct NotAJWT: AuthCoreError, Equatable {
    package var code: ErrorCode { .invalidCredential }
    package var message: String { "the user's ID token is not a JWT, so it has no claims to read" }
}
