import AuthCore
import AuthPlatform
import Foundation
import Testing

@testable import AuthctlKit

/// FirebaseAuth 12's shapes that carry behaviour of their own (issue 36): a program's own
/// `FederatedAuthProvider`, the `AuthProviderID` overloads and Apple's credential, the action
/// code's `ActionCodeInfo`. The calls' shapes are compiled from the inventory (Tests/InventoryCompile);
/// the project's side of them runs end to end (test_signin_methods.py, test_library.py).
struct SDKShapesTests {
    /// A program's provider: hands out the credential it was given and notes the presenter it got.
    final class ProgramProvider: NSObject, FederatedAuthProvider, @unchecked Sendable {
        let credential: OAuthCredential
        private(set) var presenters: [BrowserPresenter?] = []

        init(_ credential: OAuthCredential) { self.credential = credential }

        func credential(with uiDelegate: AuthUIDelegate?) async throws -> AuthCredential {
            presenters.append(uiDelegate)
            return credential
        }
    }

    let auth = Auth(home: FileManager.default.temporaryDirectory.appendingPathComponent("sdk-shapes-\(UUID())").path, backend: .local, environment: [:])

    @Test func aProgramsFederatedProviderSignsInWithTheCredentialItReturns() async throws {
        // The tokens of a finished sign-in cannot sign in again: the engine's answer to this very
        // credential shows it got the one the program's provider returned.
        let provider = ProgramProvider(OAuthCredential(provider: "oidc.corp", kind: .issued))
        let refused = await #expect(throws: AuthError.self) { try await auth.signIn(with: provider, uiDelegate: .printURL) }
        #expect(refused?.authErrorCode == .invalidCredential && refused?.localizedDescription.contains("finished sign-in") == true)
        #expect(provider.presenters.count == 1 && provider.presenters[0] != nil)
        _ = await #expect(throws: AuthError.self) { try await auth.signIn(with: provider, uiDelegate: nil) }
        #expect(provider.presenters.count == 2 && provider.presenters[1] == nil)
    }

    @Test func anOAuthProviderIsAFederatedProviderOfItsID() {
        let federated: FederatedAuthProvider = OAuthProvider.provider(providerID: AuthProviderID.gitHub, auth: auth)
        #expect((federated as? OAuthProvider)?.providerID == "github.com")
        #expect(OAuthProvider.provider(providerID: "oidc.corp", auth: auth).providerID == "oidc.corp")
    }

    @Test func theIDTokenOverloadsKeepTheNonceOnlyWhenGiven() {
        let plain = OAuthProvider.credential(providerID: .google, idToken: "id-1")
        #expect(plain.provider == "google.com" && plain.idToken == "id-1" && plain.rawNonce == nil && plain.accessToken == nil)
        let nonced = OAuthProvider.credential(providerID: .google, idToken: "id-2", rawNonce: "n-2", accessToken: "at-2")
        #expect(nonced.rawNonce == "n-2" && nonced.accessToken == "at-2")
        let absent: String? = nil
        #expect(OAuthProvider.credential(providerID: .custom("oidc.corp"), idToken: "id-3", rawNonce: absent).rawNonce == nil)
        guard case .idToken("id-2", rawNonce: "n-2") = nonced.kind else {
            Issue.record("an ID-token credential is checked when used: \(nonced.kind)")
            return
        }
    }

    @Test func appleCredentialIsAnIDTokenOfAppleWithTheName() {
        var name = PersonNameComponents()
        name.givenName = "Ada"
        name.familyName = "Lovelace"
        let credential = OAuthProvider.appleCredential(withIDToken: "apple-id", rawNonce: "raw", fullName: name)
        #expect(credential.provider == AuthProviderID.apple.rawValue && credential.idToken == "apple-id" && credential.rawNonce == "raw")
        #expect(credential.fullName?.givenName == "Ada" && credential.fullName?.familyName == "Lovelace")
        guard case .idToken("apple-id", rawNonce: "raw") = credential.kind else {
            Issue.record("Apple's credential is used as an ID token: \(credential.kind)")
            return
        }
        #expect(OAuthProvider.appleCredential(withIDToken: "apple-id", rawNonce: nil, fullName: nil).fullName == nil)
    }

    @Test func theProviderTypesAreTheSDKsNSObjectClasses() {
        let classes: [AnyClass] = [
            GitHubAuthProvider.self, GoogleAuthProvider.self, EmailAuthProvider.self, FacebookAuthProvider.self,
            TwitterAuthProvider.self, TOTPMultiFactorGenerator.self, AuthErrors.self, ActionCodeInfo.self,
        ]
        #expect(classes.allSatisfy { $0 is NSObject.Type })
        #expect(GitHubAuthProvider.credential(withToken: "gh").provider == GitHubAuthProvider.id)
        #expect((TwitterAuthProvider.credential(withToken: "t", secret: "s") as? OAuthCredential)?.secret == "s")
    }

    @Test func aCredentialIsTheSDKsOpenNSObjectClassThatTheCredentialsSubclass() {
        // The SDK's AuthCredential is an open NSObject class: a credential is an NSObject, the
        // OAuth and email credentials are its subclasses, and `as? OAuthCredential` reads the same.
        let credentials: [AuthCredential] = [
            OAuthProvider.credential(providerID: .gitHub, accessToken: "gh"),
            EmailAuthProvider.credential(withEmail: "a@example.com", password: "pw"),
            EmailAuthProvider.credential(withEmail: "a@example.com", link: "https://example.com/?oobCode=x"),
        ]
        let objects: [NSObject] = credentials
        #expect(objects.count == 3)
        #expect(credentials.map(\.provider) == ["github.com", "password", "password"])
        #expect(credentials.map { $0 is OAuthCredential } == [true, false, false])
        #expect(type(of: credentials[1]) != AuthCredential.self && credentials[1] is EmailAuthCredential)
        #expect(credentials[2] is EmailLinkAuthCredential)
    }

    @Test func aUsersMetadataIsTheSDKsNSObjectClassWithTheTwoDates() {
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        let signedIn = Date(timeIntervalSince1970: 1_700_000_500)
        let user = User(AccountRecord(uid: "u-meta", email: nil, createdAt: created, lastSignInAt: signedIn, lastAuthenticatedAt: signedIn, providerData: []), auth: auth)
        let metadata: NSObject = user.metadata
        #expect(metadata is UserMetadata)
        #expect(user.metadata.creationDate == created && user.metadata.lastSignInDate == signedIn)
        #expect(user.metadata == UserMetadata(withCreationDate: created, lastSignInDate: signedIn))
        #expect(user.metadata != UserMetadata(withCreationDate: created, lastSignInDate: created))
    }

    @Test func aUserAndItsProviderDataAreTheSDKsUserInfo() {
        let now = Date()
        let identity = LinkedIdentity(providerID: "github.com", uid: "42", email: "gh@example.com", displayName: "Octo", photoURL: "https://example.com/p.png")
        let user = User(AccountRecord(uid: "u-info", email: "gh@example.com", createdAt: now, lastSignInAt: now, lastAuthenticatedAt: now, providerData: [identity]), auth: auth)
        // The SDK's code hands a User where a UserInfo is taken, and reads providerData's elements as UserInfo.
        let infos: [any UserInfo] = [user] + user.providerData
        #expect(infos.map(\.providerID) == ["Firebase", "github.com"])
        #expect(infos.map(\.uid) == ["u-info", "42"])
        #expect(infos[1].displayName == "Octo" && infos[1].email == "gh@example.com" && infos[1].photoURL?.absoluteString == "https://example.com/p.png")
        #expect(infos.allSatisfy { $0.phoneNumber == nil })
        #expect(user.providerData[0].isEqual(ProviderUserInfo(identity)) && !user.providerData[0].isEqual(user))
    }

    @Test func aTokensClaimsAreTheSDKsAnyDictionary() {
        let now = Date()
        let result = AuthTokenResult(
            token: "t", claims: ["sub": .string("u1"), "admin": .bool(true), "level": .number(3), "firebase": .object(["sign_in_provider": .string("github.com")]), "gone": .null],
            signInProvider: "github.com", signInSecondFactor: nil, expirationDate: now, issuedAtDate: now, authDate: now)
        let claims: [String: Any] = result.claims
        #expect(claims["sub"] as? String == "u1" && claims["admin"] as? Bool == true && claims["level"] as? Double == 3)
        #expect((claims["firebase"] as? [String: Any])?["sign_in_provider"] as? String == "github.com")
        #expect(claims["gone"] == nil && claims.count == 4)
    }

    @Test func theUIDelegateIsTheBrowserPresenterInTheSDKsParameters() {
        // Not applicable (UIKit): the presenter takes the SDK's view-controller delegate's place.
        #expect(AuthUIDelegate.self == BrowserPresenter.self)
        let presenter: AuthUIDelegate? = .printURL
        #expect(presenter != nil)
    }

    @Test func anActionCodesInfoNamesItsOperationAndEmails() {
        #expect(ActionCodeOperation(.emailSignIn) == .emailLink && ActionCodeOperation(.passwordReset) == .passwordReset)
        let info = ActionCodeInfo(operation: ActionCodeOperation(.verifyAndChangeEmail), email: "new@example.com", previousEmail: "old@example.com")
        #expect(info.operation == .verifyAndChangeEmail && info.email == "new@example.com" && info.previousEmail == "old@example.com")
    }

    @Test func aSessionIsOnlyForTheSignedInUser() async throws {
        // session() (the SDK's name of getSession()) checks the user is still the signed-in one.
        let now = Date()
        let user = User(AccountRecord(uid: "u-gone", email: "gone@example.com", createdAt: now, lastSignInAt: now, lastAuthenticatedAt: now, providerData: []), auth: auth)
        let refused = await #expect(throws: AuthError.self) { try await user.multiFactor.session() }
        #expect(refused?.authErrorCode == .nullUser)
    }

    /// FirebaseCore's options are `NSCopying`: a copy has the same values, and changing it leaves
    /// the original as it was (a program configures a second app from a copy).
    @Test func optionsCopyIsTheSameValuesApart() throws {
        let options = FirebaseOptions(googleAppID: "1:27992087142:ios:2a4732a34787067a", gcmSenderID: "27992087142")
        options.apiKey = "key-1"
        options.projectID = "project-1"
        let copy = try #require(options.copy() as? FirebaseOptions)
        copy.projectID = "project-2"
        #expect(copy.apiKey == "key-1" && copy.googleAppID == options.googleAppID && copy.gcmSenderID == "27992087142")
        #expect(options.projectID == "project-1" && copy.projectID == "project-2")
        #expect(copy !== options && copy != options)
        // FirebaseApp.configure(options:) keeps its own copy: a later change to the caller's object is not the app's.
        let name = "options-copy-\(UUID().uuidString)"
        FirebaseApp.configure(name: name, options: options)
        options.projectID = "project-3"
        let app = try #require(FirebaseApp.app(name: name))
        #expect(app.options !== options && app.options.projectID == "project-1" && app.options.apiKey == "key-1")
        app.delete { _ in }
    }

    /// The SDK's classes are `NSObject`s, so a program compares, hashes and finds them as objects:
    /// the same object is equal to itself, another one with the same values is not (`isEqual` is
    /// identity, as the SDK leaves it for these classes).
    @Test func theSDKsObjectsCompareAsNSObjects() {
        let settings = ActionCodeSettings()
        let other = ActionCodeSettings()
        #expect(settings == settings && settings != other && settings.isEqual(settings))
        #expect(Set([settings, settings, other]).count == 2 && [other, settings].firstIndex(of: settings) == 1)
        let objects: [NSObject] = [auth, settings, FirebaseOptions(googleAppID: "a", gcmSenderID: "b")]
        #expect(objects.allSatisfy { $0.isEqual($0) && $0.hash == $0.hash } && auth == auth)
    }
}
