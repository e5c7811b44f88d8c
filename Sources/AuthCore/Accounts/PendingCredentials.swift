import AuthOAuth
import AuthProviders
import AuthPlatform
import AuthStorage

/// The credential an account-exists sign-in keeps for `link --pending` (the SDK's updated
/// credential): kept for ``PendingCredential/lifetime``, taken once, gone when expired. One
/// component for every backend, so the rule is the same wherever the accounts live.
package struct PendingCredentials: Sendable {
    let store: any DocumentStore<PendingDocument>
    let clock: Clock

    package init(storage: any DocumentStorage, clock: Clock) {
        store = storage.store(PendingDocument.fileName, of: PendingDocument.self)
        self.clock = clock
    }

    /// Keeps `pending` (replacing any other), to expire ``PendingCredential/lifetime`` from now.
    package func keep(
        _ credential: ProviderCredential, profile: FederatedProfile, accountUID: String?, email: String, pendingToken: String? = nil
    ) throws {
        let pending = PendingCredential(
            credential: credential, profile: profile, accountUID: accountUID, email: email,
            expiresAt: clock.now().addingTimeInterval(PendingCredential.lifetime), pendingToken: pendingToken)
        try store.update { $0.pending = pending }
    }

    /// The kept credential while it lasts; an expired one is removed and refused.
    package func current() throws -> PendingCredential {
        guard let pending = try store.read().pending else { throw AccountError.noPendingCredential }
        guard pending.expiresAt > clock.now() else {
            try forget()
            throw AccountError.pendingCredentialExpired(providerID: pending.credential.providerID)
        }
        return pending
    }

    /// Forgets the kept credential (once linked).
    package func forget() throws {
        try store.update { $0.pending = nil }
    }
}
