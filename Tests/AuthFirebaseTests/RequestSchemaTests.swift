import Foundation
import Testing
@testable import AuthFirebase
import AuthPlatform

/// No request authctl sends to a project names a field outside its method's published request
/// message, or a value of another JSON type: production refuses such a request with `400
/// INVALID_ARGUMENT "Invalid JSON payload received. Unknown name ..."`. The schema is the table the
/// e2e stand-in checks every request with (`Tests/e2e/firebase_request_schemas.json`, derived from
/// Google's discovery documents by `Tests/Tools/firebase-request-schemas.py`). Each request is
/// built by ``IdentityToolkit/request(for:)`` with a tenant, as it goes on the wire.
@Suite struct RequestSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let table: [String: JSONValue] = {
        let data = try! Data(contentsOf: root.appendingPathComponent("Tests/e2e/firebase_request_schemas.json"))
        return try! JSONValue.parse(Array(data)).objectValue!
    }()
    static let toolkit = IdentityToolkit(
        project: FirebaseProject(apiKey: "AIza-k", projectID: "demo", tenantID: "tenant-1"),
        endpoints: try! FirebaseEndpoints(emulatorHost: "127.0.0.1:9099"), transport: FakeNoTransport())

    /// Every call authctl makes, in each of its shapes.
    static let calls: [any IdentityToolkitCall] = [
        LookupRequest(idToken: "i"),
        DeleteAccountRequest(idToken: "i"),
        SignInMethodsRequest(email: "a@b.c"),
        AccountUpdateRequest(idToken: "i", change: .email("a@b.c")),
        AccountUpdateRequest(idToken: "i", change: .password("pw")),
        AccountUpdateRequest(idToken: "i", change: .deleteProviders(["github.com"])),
        AccountUpdateRequest(idToken: "i", change: .profile(displayName: "Alice", photoURL: "https://x.example/a.png")),
        AccountUpdateRequest(idToken: "i", change: .profile(displayName: nil, photoURL: nil)),
        SendOOBCodeRequest(kind: .passwordReset(email: "a@b.c")),
        SendOOBCodeRequest(kind: .emailSignIn(email: "a@b.c", continueURL: nil)),
        SendOOBCodeRequest(kind: .emailSignIn(email: "a@b.c", continueURL: "https://app.example/done")),
        SendOOBCodeRequest(kind: .verifyEmail(idToken: "i")),
        SendOOBCodeRequest(kind: .verifyAndChangeEmail(idToken: "i", newEmail: "n@b.c", continueURL: nil)),
        SendOOBCodeRequest(kind: .verifyAndChangeEmail(idToken: "i", newEmail: "n@b.c", continueURL: "https://app.example/done")),
        SignInWithEmailLinkRequest(email: "a@b.c", oobCode: "c", idToken: nil),
        SignInWithEmailLinkRequest(email: "a@b.c", oobCode: "c", idToken: "i"),
        ResetPasswordRequest(oobCode: "c", newPassword: nil),
        ResetPasswordRequest(oobCode: "c", newPassword: "new"),
        ApplyActionCodeRequest(oobCode: "c"),
        SignUpRequest(link: nil),
        SignUpRequest(link: .init(idToken: "i", email: "a@b.c", password: "pw")),
        PasswordSignInRequest(email: "a@b.c", password: "pw", create: false),
        PasswordSignInRequest(email: "a@b.c", password: "pw", create: true),
        CustomTokenSignInRequest(token: "t"),
        SignInWithIdpRequest(proof: .postBody("id_token=x&providerId=google.com")),
        SignInWithIdpRequest(proof: .pendingToken("p"), idToken: "i", autoCreate: false),
        SignInWithIdpRequest(proof: .providerAnswer(requestURI: "http://localhost:1/cb?code=c", sessionID: "s", postBody: "SAMLResponse=x")),
        SignInWithIdpRequest(proof: .providerAnswer(requestURI: "http://localhost:1/cb?code=c", sessionID: "s", postBody: nil)),
        CreateAuthURIRequest(providerID: "oidc.corp", continueURI: "http://localhost:1/cb", scopes: ["email"], customParameters: ["prompt": "login"]),
        CreateAuthURIRequest(providerID: "github.com", continueURI: "http://localhost:1/cb", scopes: [], customParameters: [:]),
        StartTOTPEnrollmentRequest(idToken: "i"),
        FinalizeTOTPEnrollmentRequest(idToken: "i", sessionInfo: "s", code: "123456", displayName: "Phone"),
        FinalizeTOTPEnrollmentRequest(idToken: "i", sessionInfo: "s", code: "123456", displayName: nil),
        WithdrawMultiFactorRequest(idToken: "i", enrollmentID: "e"),
        FinalizeTOTPSignInRequest(pendingCredential: "p", enrollmentID: "e", code: "123456"),
        SecureTokenRequest(refreshToken: "AMf-r"),
    ]

    @Test(arguments: calls.indices)
    func eachRequestNamesOnlyFieldsOfItsMethodsSchema(index: Int) throws {
        let call = Self.calls[index]
        let request = try Self.toolkit.request(for: call)
        let methods = try #require(Self.table["methods"]?.objectValue)
        let method = try #require(methods[request.url.path]?.objectValue, "\(request.url.path) is not a published method")
        let message = try #require(method["request"]?.stringValue)
        let text = String(decoding: request.body ?? [], as: UTF8.self)
        if request.headers.contains(where: { $0.name == "Content-Type" && $0.value == "application/x-www-form-urlencoded" }) {
            var form = URLComponents()
            form.percentEncodedQuery = text
            let names = (form.queryItems ?? []).map(\.name)
            #expect(!names.isEmpty)
            let problems = names.compactMap { Self.field($0, of: message) == nil ? "\(message) has no field \($0)" : nil }
            #expect(problems.isEmpty, "\(type(of: call)): \(problems)")
        } else {
            let body = try #require(JSONValue.parse(text).objectValue)
            #expect(body["tenantId"] == "tenant-1")
            let problems = Self.problems(in: body, message: message, at: "")
            #expect(problems.isEmpty, "\(type(of: call)) \(text): \(problems)")
        }
    }

    /// The project's configuration is a GET: no body, nothing to name.
    @Test func theConfigurationCallHasNoBody() throws {
        #expect(try Self.toolkit.request(for: GetProjectConfigRequest()).body == nil)
    }

    /// Every call type in `Sources/AuthFirebase` is in the table above, so a new call cannot skip this test.
    @Test func everyCallTypeIsChecked() throws {
        let sources = Self.root.appendingPathComponent("Sources/AuthFirebase")
        let paths = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        let declaration = try NSRegularExpression(pattern: #"struct (\w+): IdentityToolkitCall"#)
        var declared = Set<String>()
        for path in paths {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                declared.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        let checked = Set(Self.calls.map { String(describing: type(of: $0)) })
        #expect(declared.count > 10)
        #expect(declared.subtracting(["GetProjectConfigRequest"]).subtracting(checked).isEmpty, "\(declared.subtracting(checked))")
    }

    /// A wrong field or type is caught: the check itself refuses what production refuses.
    @Test(arguments: [
        ("GoogleCloudIdentitytoolkitV1SignInWithEmailLinkRequest", ["email": "a", "oobCode": "c", "returnSecureToken": true] as JSONValue, 1),
        ("GoogleCloudIdentitytoolkitV1SignInWithPasswordRequest", ["email": "a", "returnSecureToken": "yes"], 1),
        ("GoogleCloudIdentitytoolkitV2FinalizeMfaSignInRequest", ["totpVerificationInfo": ["code": "1"]], 1),
        ("GoogleCloudIdentitytoolkitV1GetOobCodeRequest", ["requestType": "NOT_A_TYPE"], 1),
        ("GoogleCloudIdentitytoolkitV1SignUpRequest", ["returnSecureToken": true, "email": "a"], 0),
        ("GoogleCloudIdentitytoolkitV1SetAccountInfoRequest", ["deleteAttribute": ["DISPLAY_NAME", "PHOTO_URL"]], 0),
    ] as [(String, JSONValue, Int)])
    func theCheckRefusesWhatProductionRefuses(message: String, body: JSONValue, expected: Int) throws {
        #expect(Self.problems(in: try #require(body.objectValue), message: message, at: "").count == expected)
    }

    /// The type of `name` in `message`: its JSON name or its proto (snake_case) name, or a field
    /// production takes beyond the published schema (the table's `unpublished`).
    static func field(_ name: String, of message: String) -> JSONValue? {
        var fields = table["messages"]?.objectValue?[message]?.objectValue ?? [:]
        for (key, value) in table["unpublished"]?.objectValue?[message]?.objectValue ?? [:] { fields[key] = value }
        return fields[name] ?? fields.first { snakeCase($0.key) == name }?.value
    }

    static func snakeCase(_ name: String) -> String {
        name.reduce(into: "") { out, c in
            if c.isUppercase { out += "_" + c.lowercased() } else { out.append(c) }
        }
    }

    static func problems(in body: [String: JSONValue], message: String, at path: String) -> [String] {
        body.sorted { $0.key < $1.key }.flatMap { name, value -> [String] in
            guard let kind = field(name, of: message)?.objectValue else { return ["\(path)\(name): not a field of \(message)"] }
            return problems(in: value, kind: kind, at: path + name)
        }
    }

    static func problems(in value: JSONValue, kind: [String: JSONValue], at path: String) -> [String] {
        let wrong = ["\(path): not a \(kind["type"]?.stringValue ?? "?")"]
        switch (kind["type"]?.stringValue ?? "", value) {
        case (_, .null): return []
        case ("string", .string), ("bool", .bool), ("double", .number), ("object", .object): return []
        case ("int32", .number(let n)), ("int64", .number(let n)): return n.rounded() == n ? [] : wrong
        case ("int64", .string(let s)): return Int(s) == nil ? wrong : []
        case ("enum", .string(let s)):
            return (kind["values"]?.arrayValue ?? []).contains(.string(s)) ? [] : wrong
        case ("message", .object(let fields)):
            return problems(in: fields, message: kind["message"]?.stringValue ?? "", at: path + ".")
        case ("array", .array(let items)):
            let item = kind["items"]?.objectValue ?? [:]
            return items.enumerated().flatMap { problems(in: $1, kind: item, at: "\(path)[\($0)]") }
        case ("map", .object(let entries)):
            let item = kind["values"]?.objectValue ?? [:]
            return entries.flatMap { problems(in: $1, kind: item, at: "\(path)[\($0)]") }
        default: return wrong
        }
    }
}
