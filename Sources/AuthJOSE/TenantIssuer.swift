import AuthPlatform

/// The issuer rule of a multi-tenant authority (the Microsoft identity platform's `common`,
/// `organizations` and `consumers`): discovery names a template,
/// `https://login.microsoftonline.com/{tenantid}/v2.0`, and each ID token's `iss` must be that
/// template with `{tenantid}` replaced by the token's own `tid` claim, as Microsoft documents for
/// validating multi-tenant tokens. It replaces step (2) of ``IDTokenValidator`` when the validator
/// is given one; an exact issuer stays an exact comparison.
package struct TenantIssuer: Sendable, Equatable {
    /// The placeholder Microsoft's discovery documents put where the tenant goes.
    package static let placeholder = "{tenantid}"
    /// The claim that names the tenant that issued the token.
    package static let tenantClaim = "tid"

    /// The issuer with exactly one ``placeholder``.
    package let template: String
    /// The only tenant whose tokens are accepted (the consumer tenant for `consumers`); nil: any.
    package let requiredTenantID: String?

    /// Nil unless `template` holds ``placeholder`` exactly once.
    package init?(template: String, requiredTenantID: String? = nil) {
        guard template.ranges(of: Self.placeholder).count == 1 else { return nil }
        self.template = template
        self.requiredTenantID = requiredTenantID
    }

    /// The issuer of the tokens of tenant `tenantID`.
    package func issuer(forTenantID tenantID: String) -> String {
        template.replacing(Self.placeholder, with: tenantID)
    }

    /// The tenant the claims name (`tid`, a GUID), the one required if any, and the issuer it
    /// implies, which `iss` must equal exactly.
    package func check(_ claims: JSONValue) throws(JOSEError) -> (issuer: String, tenantID: String) {
        guard let member = claims[Self.tenantClaim] else { throw .missingClaim(Self.tenantClaim) }
        guard let tenantID = member.stringValue else { throw .invalidClaim(name: Self.tenantClaim, reason: "it is not a string") }
        guard Self.isTenantID(tenantID) else {
            throw .invalidClaim(name: Self.tenantClaim, reason: "'\(JOSEError.short(tenantID, 64))' is not a tenant id (a GUID)")
        }
        if let requiredTenantID, tenantID != requiredTenantID {
            throw .tenantMismatch(expected: requiredTenantID, received: tenantID)
        }
        guard let iss = claims["iss"] else { throw .missingClaim("iss") }
        guard let received = iss.stringValue else { throw .invalidClaim(name: "iss", reason: "it is not a string") }
        let expected = issuer(forTenantID: tenantID)
        guard received == expected else { throw .issuerMismatch(expected: expected, received: received) }
        return (received, tenantID)
    }

    /// A tenant id as Microsoft issues them: a GUID, 8-4-4-4-12 lowercase hexadecimal digits.
    package static func isTenantID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return groups.allSatisfy { $0.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) } }
    }
}
