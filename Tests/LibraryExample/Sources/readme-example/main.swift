// .product(name: "AuthctlKit", package: "authctl")
import AuthctlKit

let provider = OAuthProvider(providerID: "github.com")
provider.scopes = ["user:email"]
let result = try await Auth.auth().signIn(with: provider, uiDelegate: .systemBrowser)
let token = result.credential?.accessToken ?? ""
print(result.user.email ?? result.user.uid, token)
