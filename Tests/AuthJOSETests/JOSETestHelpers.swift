import Foundation
import Testing
import AuthJOSE
import AuthPlatform
import AuthTestSupport

/// Shared helpers for the JOSE tests.
enum JOSETest {
    /// Bytes from hex (test data only; traps on bad input).
    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8)
        precondition(digits.count % 2 == 0, "odd hex length")
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    /// Loads `shared/vectors/<path>`; under CI=true a missing file is a failure (the trait lets the test run).
    static func vectors(_ path: String) throws -> JSONValue {
        try TestVectors.load(path)
    }

    /// The standard key set as a static source.
    static var standardKeys: StaticJWKSetSource {
        try! StaticJWKSetSource(json: Array(TestTokenFactory.standardJWKS.serialized().utf8))
    }

    static func validator(
        keys: any JWKSetSource = standardKeys, leeway: TimeInterval = 60, hmacSecret: [UInt8]? = nil, now: Date = TestTokenFactory.now
    ) -> IDTokenValidator {
        IDTokenValidator(
            issuer: TestTokenFactory.issuer, clientID: TestTokenFactory.clientID, keys: keys, clock: .fixed(now),
            leeway: leeway, hmacSecret: hmacSecret
        )
    }

    /// Runs `body` and returns the JOSEError it threw (nil if it threw nothing or something else).
    static func joseError(_ body: () async throws -> Void) async -> JOSEError? {
        do {
            try await body()
            return nil
        } catch let error as JOSEError {
            return error
        } catch {
            return nil
        }
    }
}

/// True when the shared vectors are present (or CI=true, where their absence must fail).
let vectorsAvailable = TestVectors.available

extension JOSEError {
    /// The case name, so tables can expect a case without spelling out its payload.
    var kind: String {
        switch self {
        case .invalidBase64URL: "invalidBase64URL"
        case .tokenTooLarge: "tokenTooLarge"
        case .malformedToken: "malformedToken"
        case .unsupportedCriticalHeader: "unsupportedCriticalHeader"
        case .unsupportedHeader: "unsupportedHeader"
        case .unsecuredToken: "unsecuredToken"
        case .unsupportedAlgorithm: "unsupportedAlgorithm"
        case .hmacNotConfigured: "hmacNotConfigured"
        case .hmacSecretTooShort: "hmacSecretTooShort"
        case .noMatchingKey: "noMatchingKey"
        case .ambiguousKey: "ambiguousKey"
        case .keyAlgorithmMismatch: "keyAlgorithmMismatch"
        case .invalidSignature: "invalidSignature"
        case .unusableKey: "unusableKey"
        case .invalidKeySet: "invalidKeySet"
        case .keySetUnavailable: "keySetUnavailable"
        case .missingClaim: "missingClaim"
        case .invalidClaim: "invalidClaim"
        case .issuerMismatch: "issuerMismatch"
        case .tenantMismatch: "tenantMismatch"
        case .audienceMismatch: "audienceMismatch"
        case .missingAuthorizedParty: "missingAuthorizedParty"
        case .authorizedPartyMismatch: "authorizedPartyMismatch"
        case .expired: "expired"
        case .notYetValid: "notYetValid"
        case .issuedInFuture: "issuedInFuture"
        case .missingNonce: "missingNonce"
        case .nonceMismatch: "nonceMismatch"
        case .accessTokenHashMismatch: "accessTokenHashMismatch"
        case .invalidSubject: "invalidSubject"
        case .subjectChanged: "subjectChanged"
        }
    }
}
