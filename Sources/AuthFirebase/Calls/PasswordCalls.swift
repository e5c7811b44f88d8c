import AuthPlatform

/// `accounts:signInWithPassword`, or `accounts:signUp` to create the account.
struct PasswordSignInRequest: IdentityToolkitCall, Equatable {
    typealias Response = SignInResponse

    var email: String
    var password: String
    var create: Bool

    var method: String { create ? "signUp" : "signInWithPassword" }
    var body: [String: JSONValue] { ["email": .string(email), "password": .string(password), "returnSecureToken": true] }
}

/// `accounts:signInWithCustomToken` (its answer names no user; the ID token does).
struct CustomTokenSignInRequest: IdentityToolkitCall, Equatable {
    typealias Response = SignInResponse

    var token: String

    var method: String { "signInWithCustomToken" }
    var body: [String: JSONValue] { ["token": .string(token), "returnSecureToken": true] }
}
