import AuthctlKit
import Foundation

// https://firebase.google.com/docs/emulator-suite/connect_auth ("Connect your app to the
// Authentication Emulator", Swift) and
// https://cloud.google.com/identity-platform/docs/multi-tenancy-authentication (signing in to a
// tenant, iOS Swift): point Auth at the emulator, pick a tenant, read the user's tenant; the
// project's languages and custom domain on the way.

func connectToEmulator() {
    Auth.auth().useEmulator(withHost: "127.0.0.1", port: 9099)
}

func signInToTenant(email: String, password: String) {
    let tenantId = "TENANT_ID1"
    Auth.auth().tenantID = tenantId
    Auth.auth().signIn(withEmail: email, password: password) { authResult, error in
        if let error = error as NSError? {
            if error.code == AuthErrorCode.tenantIDMismatch.rawValue || error.code == AuthErrorCode.unsupportedTenantOperation.rawValue {
                print("wrong tenant")
            }
            return
        }
        // The user's tenant ID is the one set on Auth.
        print(authResult?.user.tenantID ?? "")
    }
    // Back to the project's own users.
    Auth.auth().tenantID = nil
}

func switchTenantKeepingUser(_ user: User) {
    // Tenants' users are separate: updating the current user to another tenant's fails.
    Auth.auth().tenantID = user.tenantID
    Auth.auth().updateCurrentUser(user) { error in
        if let error = error { print(error.localizedDescription) }
    }
}

func configuredAsync(email: String, password: String) async {
    let auth = Auth.auth()
    auth.useEmulator(withHost: "localhost", port: 9099)
    auth.tenantID = "tenant-a"
    auth.languageCode = "es"
    auth.customAuthDomain = "auth.example.com"
    print(auth.languageCode ?? "", auth.customAuthDomain ?? "")
    do {
        let result = try await auth.signIn(withEmail: email, password: password)
        try await auth.updateCurrentUser(result.user)
        print(result.user.tenantID ?? "")
    } catch let error as NSError {
        print(error.localizedDescription)
    }
}
