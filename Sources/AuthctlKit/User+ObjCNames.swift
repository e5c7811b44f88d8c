/// The SDK's Objective-C getter names of `User`'s flags, which its Swift interface also shows.
extension User {
    /// ``isAnonymous``, by the SDK's Objective-C getter name.
    public func anonymous() -> Bool { isAnonymous }

    /// ``isEmailVerified``, by the SDK's Objective-C getter name.
    public func emailVerified() -> Bool { isEmailVerified }
}
