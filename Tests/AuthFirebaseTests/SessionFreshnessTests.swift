import AuthCore
@testable import AuthFirebase
import Foundation
import Testing

/// When the project's ID token is handed out as it is and when it is renewed first.
@Suite struct SessionFreshnessTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test(arguments: [
        // (seconds since it arrived, minimum validity, handed out as it is?)
        (0.0, 60.0, true),
        (3400.0, 300.0, false),        // 200 s left of 3600
        (0.0, 86_400.0, true),         // as fresh as a refresh gets
        (0.0, TimeInterval.infinity, false),  // forcingRefresh: renewed however fresh
    ])
    func freshness(age: Double, minimumValidity: Double, handedOut: Bool) {
        let obtainedAt = Self.now.addingTimeInterval(-age)
        let session = BackendSession(
            issuer: "firebase:p", idToken: "id", refreshToken: "rt", expiresAt: obtainedAt.addingTimeInterval(3600), obtainedAt: obtainedAt)
        #expect(FirebaseAccountBackend.isFresh(session, for: minimumValidity, at: Self.now) == handedOut)
    }
}
