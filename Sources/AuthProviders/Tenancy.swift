import AuthJOSE
import AuthPlatform

/// A provider whose issuer names a tenant, as the Microsoft identity platform's does
/// (`https://login.microsoftonline.com/<tenant>/v2.0`): `providers add --tenant` picks the tenant,
/// which is one path segment of the issuer. A shared tenant (`common`, `organizations`,
/// `consumers`) stands for many: its discovery document names the `{tenantid}` template as issuer,
/// and each ID token is checked against its own `tid` (``TenantIssuer``).
package struct Tenancy: Sendable, Equatable {
    /// Where the tenant goes in a preset's issuer.
    package static let placeholder = "{tenant}"
    /// Longest tenant name taken (a DNS name is at most 253 characters).
    package static let maximumTenantLength = 253

    /// A tenant that stands for many; `tenantID` pins the one tenant its tokens come from
    /// (`consumers`: the consumer tenant), nil for any.
    package struct SharedTenant: Sendable, Equatable {
        package var name: String
        package var tenantID: String?

        package init(_ name: String, tenantID: String? = nil) {
            self.name = name
            self.tenantID = tenantID
        }
    }

    /// The tenant `providers add` stores when `--tenant` is not given.
    package var defaultTenant: String
    package var sharedTenants: [SharedTenant]

    package init(defaultTenant: String, sharedTenants: [SharedTenant]) {
        self.defaultTenant = defaultTenant
        self.sharedTenants = sharedTenants
    }

    /// `tenant` as stored: lowercased; a shared tenant's name, a GUID or a domain name
    /// (letters, digits, '-' and '.'); nil when it is none of these.
    package func normalized(_ tenant: String) -> String? {
        let lowered = tenant.lowercased()
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-.")
        guard !lowered.isEmpty, lowered.count <= Self.maximumTenantLength, lowered.allSatisfy(allowed.contains),
            !lowered.hasPrefix("."), !lowered.hasSuffix("."), !lowered.contains("..")
        else { return nil }
        return lowered
    }

    /// The issuer rule for tokens issued through `tenant` at `issuer` (the configured issuer, whose
    /// path names the tenant once): for a shared tenant, the template with `{tenantid}` where the
    /// tenant is; nil for one tenant, whose issuer is exact.
    package func tenantIssuer(issuer: String, tenant: String) throws(ProviderError) -> TenantIssuer? {
        guard let shared = sharedTenants.first(where: { $0.name == tenant }) else { return nil }
        return try Self.template(issuer: issuer, tenant: tenant, pinnedTo: shared.tenantID)
    }

    /// The tenant id a discovery document at a domain tenant's issuer (`contoso.com`) reveals:
    /// `received` is the configured issuer with a tenant id in the domain's place; nil otherwise.
    package func tenantID(namedBy received: String, issuer: String, tenant: String) -> String? {
        guard !sharedTenants.contains(where: { $0.name == tenant }), !TenantIssuer.isTenantID(tenant),
            let rule = try? Self.template(issuer: issuer, tenant: tenant, pinnedTo: nil),
            let placeholder = rule.template.firstRange(of: TenantIssuer.placeholder)
        else { return nil }
        let before = rule.template[..<placeholder.lowerBound], after = rule.template[placeholder.upperBound...]
        guard received.hasPrefix(before), received.hasSuffix(after), received.count > before.count + after.count else { return nil }
        let tenantID = String(received.dropFirst(before.count).dropLast(after.count))
        return TenantIssuer.isTenantID(tenantID) ? tenantID : nil
    }

    /// `issuer` with `{tenantid}` in place of the one path segment that is `tenant`.
    static func template(issuer: String, tenant: String, pinnedTo tenantID: String?) throws(ProviderError) -> TenantIssuer {
        guard let (scheme, rest) = splitScheme(issuer) else { throw .tenantNotInIssuer(issuer: issuer, tenant: tenant) }
        var segments = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let positions = segments.indices.dropFirst().filter { segments[$0] == tenant }
        guard positions.count == 1, let position = positions.first else { throw .tenantNotInIssuer(issuer: issuer, tenant: tenant) }
        segments[position] = TenantIssuer.placeholder
        guard let rule = TenantIssuer(template: scheme + segments.joined(separator: "/"), requiredTenantID: tenantID) else {
            throw .tenantNotInIssuer(issuer: issuer, tenant: tenant)
        }
        return rule
    }

    /// The issuers a discovery document through a shared tenant may name: the template, or, for a
    /// tenant pinned to one tenant id, that tenant's issuer (Microsoft's `consumers` names it).
    package static func discoveredIssuers(_ rule: TenantIssuer) -> [String] {
        [rule.template] + (rule.requiredTenantID.map { [rule.issuer(forTenantID: $0)] } ?? [])
    }

    private static func splitScheme(_ url: String) -> (String, Substring)? {
        guard let range = url.firstRange(of: "://") else { return nil }
        return (String(url[..<range.upperBound]), url[range.upperBound...])
    }
}
