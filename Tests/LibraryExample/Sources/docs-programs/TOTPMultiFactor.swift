import AuthctlKit
import Foundation

// https://firebase.google.com/docs/auth/ios/totp-mfa
// "Add TOTP multi-factor authentication to your iOS app": enrol a TOTP factor (session, secret,
// QR code URL, assertion, enrol), sign in through the resolver, unenrol; with the sign-in error
// handling of https://firebase.google.com/docs/auth/ios/multi-factor (the resolver in `userInfo`,
// the hints' factor ids).
// Left out, as the inventory marks them not applicable:
// - TOTPSecret.openInOTPApp(withQRCodeURL:) (UIKit): a terminal prints the otpauth URL instead;
// - PhoneMultiFactorGenerator, PhoneAuthProvider.verifyPhoneNumber(with:uiDelegate:multiFactorSession:)
//   and PhoneMultiFactorInfo (phone numbers and SMS): the SMS factor's branches of the pages.

/// Enrolment in async form, as the TOTP page prints it.
func enrollTOTP(readCode: () -> String) async {
    guard let currentUser = Auth.auth().currentUser else { return }
    // Generate a TOTP secret.
    guard let mfaSession = try? await currentUser.multiFactor.session() else { return }
    guard let totpSecret = try? await TOTPMultiFactorGenerator.generateSecret(with: mfaSession) else { return }

    // Store the secret.
    let secret = totpSecret.sharedSecretKey()

    // Generate a QR code URL.
    let otpAuthUri = totpSecret.generateQRCodeURL(withAccountName: currentUser.email ?? "default account", issuer: "Your App Name")
    print(secret, otpAuthUri)

    // Ask the user for a verification code from the authenticator app.
    let verificationCode = readCode()

    // Finalize the enrollment.
    let multiFactorAssertion = TOTPMultiFactorGenerator.assertionForEnrollment(with: totpSecret, oneTimePassword: verificationCode)
    do {
        try await currentUser.multiFactor.enroll(with: multiFactorAssertion, displayName: "TOTP")
    } catch {
        // Wrong or expired OTP. Re-prompt the user.
        print(error.localizedDescription)
    }
}

/// Enrolment with completion handlers.
func enrollTOTP(code: String) {
    guard let user = Auth.auth().currentUser else { return }
    user.multiFactor.getSessionWithCompletion { session, error in
        guard let session = session else {
            print(error?.localizedDescription ?? "")
            return
        }
        TOTPMultiFactorGenerator.generateSecret(with: session) { secret, error in
            guard let secret = secret else {
                print(error?.localizedDescription ?? "")
                return
            }
            print(secret.generateQRCodeURL(withAccountName: user.email ?? "", issuer: "Example"))
            let assertion = TOTPMultiFactorGenerator.assertionForEnrollment(with: secret, oneTimePassword: code)
            user.multiFactor.enroll(with: assertion, displayName: "TOTP") { error in
                if let error = error as NSError?, error.code == AuthErrorCode.requiresRecentLogin.rawValue {
                    print("re-authenticate first")
                }
            }
        }
    }
}

/// Sign-in that meets a second factor, with the async call and `catch let error as NSError`.
func signInWithSecondFactor(email: String, password: String, readCode: () -> String) async {
    do {
        let authResult = try await Auth.auth().signIn(withEmail: email, password: password)
        // User is not enrolled with a second factor and is successfully signed in.
        print(authResult.user.uid)
    } catch let error as NSError where error.code == AuthErrorCode.secondFactorRequired.rawValue {
        // The user is a multi-factor user. Second factor challenge is required.
        let mfaKey = AuthErrorUserInfoMultiFactorResolverKey
        guard let resolver = error.userInfo[mfaKey] as? MultiFactorResolver else { return }
        let enrolledFactors = resolver.hints.map(\.displayName)
        print(enrolledFactors, resolver.auth.app?.name ?? "")
        // Ask the user which second factor to use; TOTP here.
        guard let selectedHint = resolver.hints.first(where: { $0.factorID == TOTPMultiFactorID }) else { return }
        // Ask the user for a verification code from the authenticator app.
        let verificationCode = readCode()
        let multiFactorAssertion = TOTPMultiFactorGenerator.assertionForSignIn(withEnrollmentID: selectedHint.uid, oneTimePassword: verificationCode)
        do {
            let authResult = try await resolver.resolveSignIn(with: multiFactorAssertion)
            print(authResult.user.uid)
        } catch {
            // Wrong or expired OTP. Re-prompt the user.
            print(error.localizedDescription)
        }
    } catch {
        print(error.localizedDescription)
    }
}

/// The multi-factor page's completion form: the resolver out of the `NSError`'s `userInfo`.
func signInWithSecondFactor(email: String, password: String, code: String) {
    Auth.auth().signIn(withEmail: email, password: password) { result, error in
        let authError = error as NSError?
        if authError == nil || authError!.code != AuthErrorCode.secondFactorRequired.rawValue {
            // User is not enrolled with a second factor and is successfully signed in.
            print(result?.user.uid ?? "")
        } else {
            let resolver = authError!.userInfo[AuthErrorUserInfoMultiFactorResolverKey] as! MultiFactorResolver
            // Ask user which second factor to use.
            for hint in resolver.hints {
                print(hint.displayName ?? "", hint.factorID, hint.enrollmentDate)
            }
            let selectedHint = resolver.hints[0]
            if selectedHint.factorID == TOTPMultiFactorID {
                let assertion = TOTPMultiFactorGenerator.assertionForSignIn(withEnrollmentID: selectedHint.uid, oneTimePassword: code)
                resolver.resolveSignIn(with: assertion) { authResult, error in
                    if let error = error {
                        print(error.localizedDescription)
                        return
                    }
                    print(authResult?.user.uid ?? "", resolver.session)
                }
            } else if selectedHint.factorID == PhoneMultiFactorID {
                // The SMS factor: not applicable (PhoneMultiFactorGenerator, phone numbers and SMS).
                print("use another factor")
            }
        }
    }
}

/// Unenrolment, as the TOTP page prints it, re-authenticating when the sign-in is too old.
func unenroll(email: String, password: String) async {
    guard let currentUser = Auth.auth().currentUser else { return }
    // Prompt the user to select a factor to unenroll, from this list.
    let factors = currentUser.multiFactor.enrolledFactors
    guard let multiFactorInfo = factors.first else { return }
    do {
        try await currentUser.multiFactor.unenroll(with: multiFactorInfo)
    } catch let error as NSError {
        if error.code == AuthErrorCode.invalidUserToken.rawValue || error.code == AuthErrorCode.requiresRecentLogin.rawValue {
            let credential = EmailAuthProvider.credential(withEmail: email, password: password)
            _ = try? await currentUser.reauthenticate(with: credential)
        }
    }
    currentUser.multiFactor.unenroll(withFactorUID: multiFactorInfo.uid) { error in
        if let error = error { print(error.localizedDescription) }
    }
}
