import AuthCore
import AuthJOSE
import AuthPlatform
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The second factor of a sign-in, as Identity Platform asks for it: a first-factor answer with
/// `mfaPendingCredential` and the enrolled factors (`mfaInfo`) instead of tokens, then
/// `v2/accounts/mfaSignIn:finalize` with a factor's proof. authctl proves TOTP factors (an
/// authenticator app's code); SMS factors need a reCAPTCHA that only a browser can solve.
extension FirebaseAccountBackend {
    /// `answer`, or, when it asks for a second factor, the answer with the finalized session.
    func passSecondFactor(_ answer: JSONValue) async throws -> JSONValue {
        guard let pending = answer["mfaPendingCredential"]?.stringValue else { return answer }
        let factors = (answer["mfaInfo"]?.arrayValue ?? []).compactMap(Self.factor)
        guard let totp = factors.first(where: { $0.factorID == MultiFactorInfo.totp }), let code = await secondFactor.code(totp) else {
            throw SecondFactorRequired(
                reason: FirebaseError.multiFactorRequired(factors: factors),
                pending: PendingSecondFactorSignIn(factors: factors, pendingCredential: pending, firstFactorAnswer: answer))
        }
        return try await finalizeSecondFactor(answer, pendingCredential: pending, enrollmentID: totp.enrollmentID, code: code)
    }

    /// `mfaSignIn:finalize` with the factor's code: `answer` (the first factor's) with the session it gives.
    func finalizeSecondFactor(_ answer: JSONValue, pendingCredential pending: String, enrollmentID: String, code: String) async throws -> JSONValue {
        let request = FinalizeTOTPSignInRequest(pendingCredential: pending, enrollmentID: enrollmentID, code: code, tenantID: project.tenantID)
        let finalized: JSONValue
        do {
            finalized = try await toolkit.call(url: endpoints.multiFactorSignInFinalize(apiKey: project.apiKey), method: request.method, request.body)
        } catch let failure as IdentityToolkitFailure {
            throw failure.named(during: .signIn, tenantID: project.tenantID)
        }
        guard var merged = answer.objectValue, let idToken = finalized["idToken"]?.stringValue,
            let refreshToken = finalized["refreshToken"]?.stringValue
        else { throw FirebaseError.invalidResponse(method: request.method, reason: "no idToken and refreshToken") }
        merged["idToken"] = .string(idToken)
        merged["refreshToken"] = .string(refreshToken)
        let lifetime = Auth.expiry(ofJWT: idToken).map { Int($0.timeIntervalSince(clock.now())) } ?? 3600
        merged["expiresIn"] = .string(String(max(lifetime, 0)))
        merged["mfaPendingCredential"] = nil
        // The finalize answer names no user; its ID token does (`sub` is the uid).
        if merged["localId"] == nil, let uid = (try? CompactJWS(parsingUnverified: idToken))?.payload["sub"]?.stringValue {
            merged["localId"] = .string(uid)
        }
        return .object(merged)
    }

    /// One `mfaInfo` entry: `totpInfo` or `phoneInfo` says which kind.
    static func factor(_ json: JSONValue) -> MultiFactorInfo? {
        guard let id = json["mfaEnrollmentId"]?.stringValue else { return nil }
        let kind = json["totpInfo"] != nil ? MultiFactorInfo.totp : json["phoneInfo"] != nil ? MultiFactorInfo.phone : "unknown"
        return MultiFactorInfo(enrollmentID: id, displayName: json["displayName"]?.stringValue, factorID: kind)
    }
}

/// `v2/accounts/mfaSignIn:finalize` with a TOTP code (Identity Platform, FinalizeMfaSignInRequest).
struct FinalizeTOTPSignInRequest: IdentityToolkitCall, Equatable {
    var method: String { "mfaSignIn:finalize" }

    var pendingCredential: String
    var enrollmentID: String
    var code: String
    var tenantID: String?

    var body: [String: JSONValue] {
        var body: [String: JSONValue] = [
            "mfaPendingCredential": .string(pendingCredential), "mfaEnrollmentId": .string(enrollmentID),
            "totpVerificationInfo": ["verificationCode": .string(code)],
        ]
        if let tenantID { body["tenantId"] = .string(tenantID) }
        return body
    }
}
