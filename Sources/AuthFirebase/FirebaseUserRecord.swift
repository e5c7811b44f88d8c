import AuthCore

/// A user as `accounts:lookup` describes it (``LookupResponse``), turned into a ``User``: with its
/// enrolled second factors (`mfaInfo`), which every stored record of a project's user therefore
/// carries (a sign-in, with or without its second factor, a reload, an enrolment, a withdrawal).
enum FirebaseUserRecord {
    /// The looked-up user, with `lastAuthenticatedAt` as given (the project does not return when
    /// the person last proved who they are; the caller knows).
    static func user(from lookup: LookupResponse, lastAuthenticatedAt: Date, now: Date) -> AccountRecord {
        let identities = lookup.identities.map {
            LinkedIdentity(
                providerID: $0.providerID, uid: $0.subject, email: $0.email, displayName: $0.displayName, photoURL: $0.photoURL,
                username: $0.screenName)
        }
        return AccountRecord(
            uid: lookup.localID, email: lookup.email, emailVerified: lookup.emailVerified, displayName: lookup.displayName,
            photoURL: lookup.photoURL, createdAt: lookup.createdAt ?? now, lastSignInAt: lookup.lastLoginAt ?? now,
            lastAuthenticatedAt: lastAuthenticatedAt, providerData: identities, enrolledFactors: lookup.factors
        )
    }
}
