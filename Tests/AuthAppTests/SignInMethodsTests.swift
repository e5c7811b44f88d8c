import AuthApp
import AuthCore
import AuthPlatform
import AuthTestSupport
import Foundation
import Testing

/// The use case of the Firebase sign-in methods on local accounts: each is the one typed
/// CapabilityUnavailable with the project remedy, and nothing is asked of the network.
@Suite struct SignInMethodsTests {
    static func runtime(directory: String) throws -> AuthRuntime {
        let effects = AppEffects(
            transport: FakeTransport { _ in HTTPResponse(status: 500) }, clock: .fixed(Date(timeIntervalSince1970: 1_800_000_000)),
            random: SeededRandomSource(seed: 7))
        return try AuthRuntime(environment: ["HOME": directory], effects: effects, options: .init(home: directory + "/home"))
    }

    @Test(arguments: [
        BackendCapability.anonymousAccounts, .emailLinks, .actionCodes, .multiFactorEnrollment,
    ])
    func localAccountsLackEachMethod(capability: BackendCapability) async throws {
        let directory = InMemoryBackendTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let methods = SignInMethods(runtime: try Self.runtime(directory: directory))
        let error = await #expect(throws: CapabilityUnavailable.self) {
            switch capability {
            case .anonymousAccounts: _ = try await methods.signInAnonymously()
            case .emailLinks: try await methods.sendSignInLink(toEmail: "a@b.c", continueURL: nil)
            case .actionCodes: _ = try await methods.checkActionCode("code")
            default: _ = try await methods.enrolledFactors()
            }
        }
        #expect(error?.capability == capability && error?.remedy == .configureProject(.project) && error?.code == .configurationError)
    }

    @Test func onlyTheClaimsAProjectsAdminCodeSetAreCustom() {
        let claims: JSONValue = ["iss": "https://securetoken.google.com/p", "sub": "u", "firebase": ["sign_in_provider": "password"],
                                 "email": "a@b.c", "admin": true, "tier": "gold"]
        #expect(SignInMethods.customClaims(of: claims) == ["admin": true, "tier": "gold"])
    }
}
