import Foundation
import Testing
import AuthJOSE
import AuthPlatform
import AuthTestSupport

/// Step (2) for a multi-tenant issuer: `iss` must be the discovery template with `{tenantid}`
/// replaced by the token's `tid` (Microsoft identity platform, `common` / `organizations` /
/// `consumers`); a fixed tenant stays an exact comparison.
@Suite("Multi-tenant issuer ({tenantid} and tid)")
struct TenantIssuerTests {
    typealias Factory = TestTokenFactory
    static let template = "https://login.microsoftonline.com/{tenantid}/v2.0"
    static let contoso = "72f988bf-86f1-41af-91ab-2d7cd011db47"
    static let fabrikam = "0b3a5f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
    static let consumers = "9188040d-6c67-4c5b-b112-36a304b66dad"

    static func issuer(_ tenant: String) -> JSONValue { .string("https://login.microsoftonline.com/\(tenant)/v2.0") }

    static func validator(_ rule: TenantIssuer?, exact: String = Factory.issuer) -> IDTokenValidator {
        IDTokenValidator(
            issuer: exact, clientID: Factory.clientID, keys: JOSETest.standardKeys, clock: Factory.clock, tenantIssuer: rule)
    }

    static func outcome(_ rule: TenantIssuer?, exact: String = Factory.issuer, claims: [String: JSONValue?]) async -> String {
        do {
            let token = try await validator(rule, exact: exact)
                .validate(Factory.idToken(claims: claims), expectedNonce: Factory.nonce, accessToken: Factory.accessToken)
            return "ok " + token.issuer
        } catch let error as JOSEError {
            return error.kind
        } catch {
            return "other \(error)"
        }
    }

    static let anyTenant = TenantIssuer(template: template)!
    static let consumerTenant = TenantIssuer(template: template, requiredTenantID: consumers)!

    @Test(arguments: [
        ("good tid: iss is the template filled with it", anyTenant, ["iss": issuer(contoso), "tid": .string(contoso)],
         "ok https://login.microsoftonline.com/\(contoso)/v2.0"),
        ("another tenant's good tid", anyTenant, ["iss": issuer(fabrikam), "tid": .string(fabrikam)],
         "ok https://login.microsoftonline.com/\(fabrikam)/v2.0"),
        ("wrong tid: iss names another tenant", anyTenant, ["iss": issuer(contoso), "tid": .string(fabrikam)], "issuerMismatch"),
        ("missing tid", anyTenant, ["iss": issuer(contoso), "tid": nil], "missingClaim"),
        ("tid that is not a string", anyTenant, ["iss": issuer(contoso), "tid": 7], "invalidClaim"),
        ("tid that is not a GUID", anyTenant, ["iss": issuer("common"), "tid": "common"], "invalidClaim"),
        ("upper-case GUID is not how Microsoft writes tid", anyTenant,
         ["iss": issuer(contoso.uppercased()), "tid": .string(contoso.uppercased())], "invalidClaim"),
        ("tid with a different issuer host", anyTenant,
         ["iss": .string("https://sts.windows.net/\(contoso)/"), "tid": .string(contoso)], "issuerMismatch"),
        ("tid with the template itself as iss", anyTenant, ["iss": .string(template), "tid": .string(contoso)], "issuerMismatch"),
        ("tid with no iss", anyTenant, ["iss": nil, "tid": .string(contoso)], "missingClaim"),
        ("consumers: the consumer tenant", consumerTenant, ["iss": issuer(consumers), "tid": .string(consumers)],
         "ok https://login.microsoftonline.com/\(consumers)/v2.0"),
        ("consumers: a work tenant is refused", consumerTenant, ["iss": issuer(contoso), "tid": .string(contoso)], "tenantMismatch"),
    ] as [(String, TenantIssuer, [String: JSONValue?], String)])
    func multiTenantIssuer(name: String, rule: TenantIssuer, claims: [String: JSONValue?], expected: String) async {
        #expect(await Self.outcome(rule, claims: claims) == expected, "\(name)")
    }

    /// A fixed tenant (a GUID in the authority) has an exact issuer: `tid` plays no part.
    @Test(arguments: [
        ("its own issuer", ["iss": issuer(contoso), "tid": .string(contoso)], "ok https://login.microsoftonline.com/\(contoso)/v2.0"),
        ("another tenant's issuer and tid", ["iss": issuer(fabrikam), "tid": .string(fabrikam)], "issuerMismatch"),
        ("its issuer without tid", ["iss": issuer(contoso), "tid": nil], "ok https://login.microsoftonline.com/\(contoso)/v2.0"),
    ] as [(String, [String: JSONValue?], String)])
    func fixedTenantIsExact(name: String, claims: [String: JSONValue?], expected: String) async {
        let exact = "https://login.microsoftonline.com/\(Self.contoso)/v2.0"
        #expect(await Self.outcome(nil, exact: exact, claims: claims) == expected, "\(name)")
    }

    @Test(arguments: [
        (template, true), ("https://login.microsoftonline.com/common/v2.0", false),
        ("https://{tenantid}.example/{tenantid}/v2.0", false), ("", false),
    ])
    func templateNeedsOnePlaceholder(template: String, valid: Bool) {
        #expect((TenantIssuer(template: template) != nil) == valid)
    }

    @Test func validatorReportsTheTemplateAsItsIssuer() {
        #expect(Self.validator(Self.anyTenant).issuer == Self.template)
        #expect(Self.anyTenant.issuer(forTenantID: Self.contoso) == "https://login.microsoftonline.com/\(Self.contoso)/v2.0")
    }

    @Test(arguments: [
        (contoso, true), (consumers, true), ("72f988bf86f141af91ab2d7cd011db47", false), ("72f988bf-86f1-41af-91ab-2d7cd011db4", false),
        ("72f988bg-86f1-41af-91ab-2d7cd011db47", false), ("common", false), ("", false),
    ])
    func tenantIDIsALowercaseGUID(text: String, valid: Bool) {
        #expect(TenantIssuer.isTenantID(text) == valid)
    }
}
