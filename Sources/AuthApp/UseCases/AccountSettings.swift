import AuthCore
import AuthPlatform
import AuthStorage

/// The home's account rules and storage policy (`config`): a setting changed, and for `storage`,
/// every secret of the home moved where the policy now keeps it, in an order a kill -9 at any
/// point cannot lose (Decisions/0024); if the move fails, the setting goes back with the secrets.
package struct AccountSettings: Sendable {
    package struct Change: Sendable {
        package var policy: AccountPolicy
        /// The documents whose secrets moved.
        package var moved: [String]
        /// `AUTHCTL_STORAGE`'s value when it is set to something else and wins over the setting.
        package var overriddenBy: String?
    }

    package let runtime: AuthRuntime

    package init(runtime: AuthRuntime) { self.runtime = runtime }

    /// Every setting's name, in the order `config list` shows them.
    package static var names: [String] { AccountPolicy.keys.map(\.name) }

    package func policy() throws -> AccountPolicy {
        try runtime.localAccounts().policy()
    }

    package func set(_ name: String, to text: String) throws -> Change {
        try runtime.home.ensureExists()
        let accounts = runtime.localAccounts()
        let previous = try accounts.policy()
        let policy = try accounts.setPolicy(name, to: text)
        guard name == "storage" else { return Change(policy: policy, moved: []) }
        let overriding = runtime.environment[AuthRuntime.storageVariable].flatMap { $0 == text ? nil : $0 }
        do {
            return Change(policy: policy, moved: try runtime.migrateSecrets(forgetAutoChoice: true), overriddenBy: overriding)
        } catch {
            _ = try? accounts.setPolicy(name, to: try previous.value(of: name))
            throw error
        }
    }
}
