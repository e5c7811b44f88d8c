import Foundation
import Testing
@testable import AuthCore
@testable import AuthFirebase
import AuthPlatform
import AuthStorage
import AuthTestSupport

/// The calls of anonymous users, email links, action codes and TOTP enrolment: what each sends,
/// how each answer is read, and how each refusal is named.
@Suite struct SignInMethodCallsTests {
    /// Each call's method, API version and body, as the SDKs (and the Auth emulator) shape them.
    @Test(arguments: [
        (SignUpRequest(link: nil) as any IdentityToolkitCall, "signUp", ProjectAPI.identityToolkitV1, ["returnSecureToken": true] as JSONValue),
        (SignUpRequest(link: .init(idToken: "id", email: "a@b.c", password: "pw")), "signUp", .identityToolkitV1,
         ["returnSecureToken": true, "idToken": "id", "email": "a@b.c", "password": "pw"]),
        (SendOOBCodeRequest(kind: .emailSignIn(email: "a@b.c", continueURL: "https://app.example/done")), "sendOobCode", .identityToolkitV1,
         ["requestType": "EMAIL_SIGNIN", "email": "a@b.c", "canHandleCodeInApp": true, "continueUrl": "https://app.example/done"]),
        (SendOOBCodeRequest(kind: .emailSignIn(email: "a@b.c", continueURL: nil)), "sendOobCode", .identityToolkitV1,
         ["requestType": "EMAIL_SIGNIN", "email": "a@b.c", "canHandleCodeInApp": true, "continueUrl": "http://localhost"]),
        (SendOOBCodeRequest(kind: .verifyEmail(idToken: "id")), "sendOobCode", .identityToolkitV1, ["requestType": "VERIFY_EMAIL", "idToken": "id"]),
        (SendOOBCodeRequest(kind: .passwordReset(email: "a@b.c")), "sendOobCode", .identityToolkitV1, ["requestType": "PASSWORD_RESET", "email": "a@b.c"]),
        (SendOOBCodeRequest(kind: .verifyAndChangeEmail(idToken: "id", newEmail: "n@b.c", continueURL: nil)), "sendOobCode", .identityToolkitV1,
         ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": "id", "newEmail": "n@b.c"]),
        (SendOOBCodeRequest(kind: .verifyAndChangeEmail(idToken: "id", newEmail: "n@b.c", continueURL: "https://app.example/done")), "sendOobCode",
         .identityToolkitV1, ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": "id", "newEmail": "n@b.c", "continueUrl": "https://app.example/done"]),
        (AccountUpdateRequest(idToken: "id", change: .profile(displayName: "Alice", photoURL: nil)), "update", .identityToolkitV1,
         ["idToken": "id", "returnSecureToken": true, "displayName": "Alice"]),
        (AccountUpdateRequest(idToken: "id", change: .profile(displayName: "", photoURL: "https://p.example/a.png")), "update", .identityToolkitV1,
         ["idToken": "id", "returnSecureToken": true, "photoUrl": "https://p.example/a.png", "deleteAttribute": ["DISPLAY_NAME"]]),
        (AccountUpdateRequest(idToken: "id", change: .profile(displayName: "", photoURL: "")), "update", .identityToolkitV1,
         ["idToken": "id", "returnSecureToken": true, "deleteAttribute": ["DISPLAY_NAME", "PHOTO_URL"]]),
        // ActionCodeSettings as GetOobCodeRequest's fields: only those set, the booleans only when true (as the SDK)
        (SendOOBCodeRequest(kind: .passwordReset(email: "a@b.c"), settings: ActionLinkSettings(
            continueURL: "https://app.example/reset", iOSBundleID: "com.example.ios", androidPackageName: "com.example.android",
            androidInstallApp: true, androidMinimumVersion: "12", linkDomain: "example.web.app")), "sendOobCode", .identityToolkitV1,
         ["requestType": "PASSWORD_RESET", "email": "a@b.c", "continueUrl": "https://app.example/reset", "iOSBundleId": "com.example.ios",
          "androidPackageName": "com.example.android", "androidInstallApp": true, "androidMinimumVersion": "12", "linkDomain": "example.web.app"]),
        (SendOOBCodeRequest(kind: .verifyEmail(idToken: "id"), settings: ActionLinkSettings(continueURL: "https://app.example/v", handleCodeInApp: true)),
         "sendOobCode", .identityToolkitV1,
         ["requestType": "VERIFY_EMAIL", "idToken": "id", "continueUrl": "https://app.example/v", "canHandleCodeInApp": true]),
        (SendOOBCodeRequest(kind: .emailSignIn(email: "a@b.c", continueURL: "https://app.example/done"), settings: ActionLinkSettings(
            continueURL: "https://app.example/done", linkDomain: "example.web.app")), "sendOobCode", .identityToolkitV1,
         ["requestType": "EMAIL_SIGNIN", "email": "a@b.c", "canHandleCodeInApp": true, "continueUrl": "https://app.example/done",
          "linkDomain": "example.web.app"]),
        (SignInWithEmailLinkRequest(email: "a@b.c", oobCode: "c", idToken: nil), "signInWithEmailLink", .identityToolkitV1,
         ["email": "a@b.c", "oobCode": "c"]),
        (SignInWithEmailLinkRequest(email: "a@b.c", oobCode: "c", idToken: "id"), "signInWithEmailLink", .identityToolkitV1,
         ["email": "a@b.c", "oobCode": "c", "idToken": "id"]),
        (ResetPasswordRequest(oobCode: "c", newPassword: nil), "resetPassword", .identityToolkitV1, ["oobCode": "c"]),
        (ResetPasswordRequest(oobCode: "c", newPassword: "new"), "resetPassword", .identityToolkitV1, ["oobCode": "c", "newPassword": "new"]),
        (ApplyActionCodeRequest(oobCode: "c"), "update", .identityToolkitV1, ["oobCode": "c"]),
        (StartTOTPEnrollmentRequest(idToken: "id"), "mfaEnrollment:start", .identityToolkitV2, ["idToken": "id", "totpEnrollmentInfo": [:]]),
        (FinalizeTOTPEnrollmentRequest(idToken: "id", sessionInfo: "s", code: "123456", displayName: "Phone"), "mfaEnrollment:finalize", .identityToolkitV2,
         ["idToken": "id", "displayName": "Phone", "totpVerificationInfo": ["sessionInfo": "s", "verificationCode": "123456"]]),
        (WithdrawMultiFactorRequest(idToken: "id", enrollmentID: "e"), "mfaEnrollment:withdraw", .identityToolkitV2, ["idToken": "id", "mfaEnrollmentId": "e"]),
    ] as [(any IdentityToolkitCall, String, ProjectAPI, JSONValue)])
    func eachCallSendsWhatTheSDKsSend(call: any IdentityToolkitCall, method: String, version: ProjectAPI, body: JSONValue) {
        #expect(call.method == method && call.api == version)
        #expect(JSONValue.object(call.body) == body)
    }

    @Test func theTOTPSecretIsDecodedWithRFC6238sDefaults() throws {
        let full: JSONValue = ["totpSessionInfo": ["sharedSecretKey": "JBSWY3DP", "verificationCodeLength": 8, "hashingAlgorithm": "SHA256",
                                                   "periodSec": 60, "sessionInfo": "s"]]
        #expect(try StartTOTPEnrollmentResponse(AnswerReader(full, method: "mfaEnrollment:start")).secret == TOTPEnrollmentSecret(
            sharedSecretKey: "JBSWY3DP", codeLength: 8, hashingAlgorithm: "SHA256", periodSeconds: 60, sessionInfo: "s"))
        let bare: JSONValue = ["totpSessionInfo": ["sharedSecretKey": "JBSWY3DP", "sessionInfo": "s"]]
        let secret = try StartTOTPEnrollmentResponse(AnswerReader(bare, method: "mfaEnrollment:start")).secret
        #expect(secret.codeLength == 6 && secret.periodSeconds == 30 && secret.hashingAlgorithm == "SHA1")
        for broken: JSONValue in [[:], ["totpSessionInfo": ["sessionInfo": "s"]], ["totpSessionInfo": ["sharedSecretKey": "K"]]] {
            #expect(throws: FirebaseError.self) { try StartTOTPEnrollmentResponse(AnswerReader(broken, method: "mfaEnrollment:start")) }
        }
        let signUp = SignUpRequest(link: nil)
        #expect(throws: FirebaseError.self) { try signUp.response(to: AnswerReader(["localId": "u", "idToken": "i"], method: "signUp")) }
        let answer: JSONValue = ["localId": "u", "idToken": "i", "refreshToken": "r", "expiresIn": "3600"]
        #expect(try signUp.response(to: AnswerReader(answer, method: "signUp")).tokens?.expiresIn == 3600)
    }

    @Test(arguments: [
        ("PASSWORD_RESET", ActionCodeDetails.Operation.passwordReset), ("VERIFY_EMAIL", .verifyEmail), ("RECOVER_EMAIL", .recoverEmail),
        ("EMAIL_SIGNIN", .emailSignIn), ("SOMETHING_ELSE", .unknown),
    ])
    func anActionCodesRequestTypeIsItsOperation(requestType: String, operation: ActionCodeDetails.Operation) throws {
        let answer: JSONValue = ["requestType": .string(requestType), "email": "a@b.c", "newEmail": "n@b.c"]
        let info = try ActionCodeResponse(AnswerReader(answer, method: "resetPassword")).info()
        #expect(info == ActionCodeDetails(operation: operation, email: "a@b.c", previousEmail: "n@b.c"))
    }

    /// The new refusals: their code (and so the exit status) and, where there is one, their remedy.
    @Test(arguments: [
        ("INVALID_OOB_CODE", ErrorCode.invalidActionCode), ("EXPIRED_OOB_CODE", .expiredActionCode),
        ("MISSING_OOB_CODE", .invalidActionCode), ("UNVERIFIED_EMAIL", .unverifiedEmail),
        ("EMAIL_CHANGE_NEEDS_VERIFICATION", .emailChangeNeedsVerification), ("MISSING_MFA_ENROLLMENT_ID", .missingMultiFactorInfo),
        ("INVALID_SESSION_INFO", .invalidVerificationID), ("MISSING_SESSION_INFO", .missingVerificationID),
        ("MISSING_MFA_PENDING_CREDENTIAL", .missingMultiFactorSession), ("MFA_ENROLLMENT_NOT_FOUND", .multiFactorInfoNotFound),
    ])
    func theNewRefusalsAreNamedOnce(serverCode: String, code: ErrorCode) {
        let error = FirebaseError(serverCode: serverCode, detail: nil, status: 400, during: .other)
        #expect(error.code == code && !error.message.isEmpty)
        #expect(error.code != .providerError, "named, not passed through")
    }

    @Test func aRefusedLinkSaysWhichNewLinkToAskForAndTOTPNeedsAVerifiedEmail() {
        #expect(FirebaseError.actionCodeRefused(code: "EXPIRED_OOB_CODE", purpose: .signIn).remedy == .requestNewLink(.signIn))
        #expect(FirebaseError.actionCodeRefused(code: "INVALID_OOB_CODE", purpose: nil).remedy == nil)
        #expect(FirebaseError.unverifiedEmail.remedy == .requestNewLink(.verifyEmail))
        let off = FirebaseError.methodDisabled(method: "anonymous sign-in", consoleSwitch: "Anonymous > Enable")
        #expect(off.code == .operationNotAllowed && off.message.hasSuffix("Authentication > Sign-in method > Anonymous > Enable"))
    }
}
