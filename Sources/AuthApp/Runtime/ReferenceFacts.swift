import AuthCore
import AuthOAuth
import AuthProviders
import AuthStorage

/// What a front door's reference pages (the manual's ENVIRONMENT and FILES) show of the engine:
/// the names of the home's files and of the variables the engine reads, and the limits it keeps,
/// each the constant the code itself uses, so the pages cannot drift from it. Values only. A backend
/// kind's files and variables are its own rows (``AccountBackendKind/homeFiles``, Decision 0047).
package enum ReferenceFacts {
    /// The files of a home, by the name each document is stored under.
    package enum HomeFiles {
        /// Configured providers (`providers.json`).
        package static let providers = ProviderRegistry.fileName
        /// Users, their identities and the current session (`keystore.json`).
        package static let keystore = KeystoreDocument.fileName
        /// The credential an account-exists sign-in saved (`pending.json`).
        package static let pending = PendingDocument.fileName
        /// The account rules and the storage policy (`config.json`).
        package static let policy = AccountPolicy.fileName
        /// A refresh in flight (`refresh-journal.json`).
        package static let refreshJournal = RefreshJournal.fileName
        /// What `storage auto` chose for the home (`storage.json`).
        package static let storageChoice = StorageChoiceDocument.fileName
        /// The advisory lock every change holds.
        package static let lock = HomeDirectory.lockFileName
    }

    /// How long a pending credential (an account-exists sign-in's) is kept, in seconds.
    package static let pendingCredentialLifetime = PendingCredential.lifetime

    /// Variables the engine reads, by what they do.
    package enum Variables {
        /// The home directory (`AUTHCTL_HOME`).
        package static let home = AuthRuntime.homeVariable
        /// GitHub Actions: where the job's ID token is handed out, and the bearer to ask with.
        package static let actionsRequestURL = CITokenSource.actionsRequestURLVariable
        package static let actionsRequestToken = CITokenSource.actionsRequestTokenVariable
        /// GitLab CI: the job's ID token, unless `env:VAR` names another.
        package static let gitLabToken = CITokenSource.gitLabDefaultVariable
    }
}
