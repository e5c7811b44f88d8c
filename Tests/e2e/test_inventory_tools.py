"""The FirebaseAuth inventory's tools on their own, without authctl (Docs/Decisions/0043).

The declaration reader of Tests/Tools/firebaseauth-inventory.py decides which rows are
`implemented`; Tests/Tools/firebaseauth-compile-test.py writes the calls that prove it. Both are
checked here on small Swift texts with known answers, and the committed inventory on its shape
(columns, statuses, a note wherever one is owed). Whether the rows still match AuthctlKit's code is
the inventory check's job (`python3 Tests/Tools/firebaseauth-inventory.py`), not this file's.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "Tools"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


inventory = load("firebaseauth-inventory")
compile_test = load("firebaseauth-compile-test")


@pytest.mark.parametrize("decl, owner, key", [
    ("@objc open func signIn(withEmail email: String, password: String, completion: ((AuthDataResult?, Error?) -> Void)? = nil)",
     "Auth", "Auth.signIn(withEmail:password:completion:)(String,String,((AuthDataResult?,Error?)->Void)?)->Void"),
    ("public func signIn(withEmail email: String, password: String, completion: (@MainActor (AuthDataResult?, Error?) -> Void)? = nil)",
     "Auth", "Auth.signIn(withEmail:password:completion:)(String,String,(@MainActor(AuthDataResult?,Error?)->Void)?)->Void"),
    ("@discardableResult open func signIn(with credential: AuthCredential) async throws -> AuthDataResult",
     "Auth", "Auth.signIn(with:)(AuthCredential)->AuthDataResult async throws"),
    ("public func signIn(with credential: any AuthCredential) async throws -> AuthDataResult",
     "Auth", "Auth.signIn(with:)(AuthCredential)->AuthDataResult async throws"),
    ("@objc(assertionForSignInWithEnrollmentID:oneTimePassword:) open class func assertionForSignIn(withEnrollmentID enrollmentID: String, oneTimePassword: String) -> TOTPMultiFactorAssertion",
     "TOTPMultiFactorGenerator", "TOTPMultiFactorGenerator.assertionForSignIn(withEnrollmentID:oneTimePassword:)(String,String)->TOTPMultiFactorAssertion static"),
    ("static func custom(_ value: String) -> Self", "AuthProviderID", "AuthProviderID.custom(_:)(String)->AuthProviderID static"),
    ("@objc public static let id = \"password\"", "EmailAuthProvider", "EmailAuthProvider.id:String static"),
    ("public var enrolledFactors: [MultiFactorInfo] { get async throws }", "MultiFactor", "MultiFactor.enrolledFactors:[MultiFactorInfo] async throws"),
    ("@objc open var enrolledFactors: [MultiFactorInfo] { get set }", "MultiFactor", "MultiFactor.enrolledFactors:[MultiFactorInfo]"),
    ("@objc(actionCodeURLWithLink:) public init?(link: String)", "ActionCodeURL", "ActionCodeURL.init(link:)(String)->Optional"),
    ("case invalidEmail = 17008", "AuthErrorCode", "case AuthErrorCode.invalidEmail"),
])
def test_a_declaration_reads_as_its_shape(decl, owner, key):
    assert inventory.full_key(inventory.shape(decl, owner)) == key


def test_the_reader_finds_public_members_in_types_and_public_extensions(tmp_path):
    (tmp_path / "A.swift").write_text('''
// public func commented() {}
@objc(FIRThing) open class Thing: NSObject {
  @objc open var name: String?
  private let hidden = "}"
  open class func make(
    label value: String
  ) -> Thing {
    let inner = "{"
    return Thing()
  }
  func internalOne() {}
}
public extension Thing {
  static var shared: Thing { Thing() }
  struct Nested: Sendable {
    public init(_ x: Int) {}
  }
}
public enum Code: Int {
  case a = 1, b, c
}
''')
    found = [inventory.full_key(inventory.shape(d["decl"], d["owner"]))
             for d in inventory.public_declarations(tmp_path)]
    assert found == [
        "class Thing", "Thing.name:String?", "Thing.make(label:)(String)->Thing static",
        "Thing.shared:Thing static", "struct Thing.Nested", "Thing.Nested.init(_:)(Int)->",
        "enum Code", "case Code.a", "case Code.b", "case Code.c",
    ]


def test_a_completion_is_passed_as_a_value_of_the_sdks_closure_type():
    compile_test._handlers.clear()
    row = {"id": "Auth.signIn(withEmail:password:completion:)", "type": "Auth", "kind": "func",
           "member": "signIn(withEmail:password:completion:)",
           "signature": "open func signIn(withEmail email: String, password: String, completion: ((AuthDataResult?, Error?) -> Void)? = nil)"}
    assert compile_test.statement(row) == ['    auth.signIn(withEmail: "text", password: "text", completion: handler1)']
    assert list(compile_test._handlers.values()) == ["    let handler1: (AuthDataResult?, Error?) -> Void = { _, _ in }"]


@pytest.mark.parametrize("row, lines", [
    ({"id": "User.getIDToken(forcingRefresh:)", "type": "User", "kind": "func", "member": "getIDToken(forcingRefresh:)",
      "signature": "open func getIDToken(forcingRefresh forceRefresh: Bool = false) async throws -> String"},
     ["    let _: String = try await user.getIDToken(forcingRefresh: false)"]),
    ({"id": "OAuthProvider.scopes", "type": "OAuthProvider", "kind": "var", "member": "scopes",
      "signature": "open var scopes: [String]? { get set }"},
     ["    do { let value: [String]? = provider.scopes; provider.scopes = value }"]),
    ({"id": "AuthTokenResult.token", "type": "AuthTokenResult", "kind": "var", "member": "token",
      "signature": "open var token: String { get set }"},
     ["    let _: String = tokenResult.token"]),
    ({"id": "FirebaseOptions.init(contentsOfFile:)", "type": "FirebaseOptions", "kind": "init", "member": "init(contentsOfFile:)",
      "signature": "init?(contentsOfFile plistPath: String)"},
     ['    let _: FirebaseOptions? = FirebaseOptions(contentsOfFile: "text")']),
    ({"id": "AuthErrorDomain", "type": "", "kind": "constant", "member": "AuthErrorDomain",
      "signature": "let AuthErrorDomain: String"},
     ["    let _: String = AuthErrorDomain"]),
])
def test_each_kind_of_row_becomes_a_statement_from_the_sdks_declaration(row, lines):
    assert compile_test.statement(row) == lines


def test_the_committed_inventory_has_its_shape():
    header, rows = inventory.load()
    assert any("eed63a35a90dbd46184ca1a6afeb144ee783b5fd" in line for line in header)
    assert len(rows) > 400
    problems = [p for p in inventory.problems_of(rows, ({}, {}), update=False)
                if "implemented, but AuthctlKit" not in p and "cannot be read" not in p]
    assert problems == []
    assert {row["status"] for row in rows} <= set(inventory.STATUSES)


def _row(id_, kind, member, signature, type_=""):
    return {"id": id_, "family": "Auth", "type": type_ or id_.split(".")[0], "member": member, "kind": kind,
            "signature": signature, "platforms": "all", "status": "implemented", "note": "", "test": "", "line": 1}


def _kit(*decls_by_owner):
    """A kit as kit_api() returns it, from (owner, declaration) pairs."""
    by_key, by_name = {}, {}
    for owner, decl in decls_by_owner:
        s = inventory.shape(decl, owner)
        by_key.setdefault(inventory.full_key(s), []).append(decl)
        by_name.setdefault(inventory.name_key(s), []).append(decl)
        if s["kind"] == "class":
            by_name.setdefault(s["name"], []).append(decl)
    return by_key, by_name


def test_a_class_that_is_not_the_sdks_nsobject_is_a_problem():
    row = _row("AuthTokenResult", "class", "", "open class AuthTokenResult: NSObject")
    plain = inventory.problems_of([row], _kit(("", "public final class AuthTokenResult: @unchecked Sendable")), update=False)
    assert plain == ["line 1 (AuthTokenResult): the SDK's class inherits from NSObject, AuthctlKit's does not"]
    assert inventory.problems_of([row], _kit(("", "public final class AuthTokenResult: NSObject, Sendable")), update=False) == []
    # (a name AuthctlKit's sources have no `extension ...: NSCopying` for)
    copying = _row("CopiedOptions", "class", "", "class CopiedOptions: NSObject, NSCopying")
    found = inventory.problems_of([copying], _kit(("", "public final class CopiedOptions: NSObject, Sendable")), update=False)
    assert found == ["line 1 (CopiedOptions): the SDK's class conforms to NSCopying, AuthctlKit's does not"]


def test_a_result_the_sdk_lets_drop_must_be_droppable_in_every_overload():
    row = _row("Auth.signIn(with:uiDelegate:)", "func", "signIn(with:uiDelegate:)",
               "@discardableResult open func signIn(with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?) async throws -> AuthDataResult")
    sdk_shaped = ("Auth", "@discardableResult public func signIn(with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?) async throws -> AuthDataResult")
    overload = ("Auth", "public func signIn(with provider: OAuthProvider, uiDelegate: BrowserPresenter?) async throws -> AuthDataResult")
    assert inventory.problems_of([row], _kit(sdk_shaped), update=False) == []
    problems = inventory.problems_of([row], _kit(sdk_shaped, overload), update=False)
    assert problems == [f"line 1 (Auth.signIn(with:uiDelegate:)): the SDK's result is discardable, but not in AuthctlKit's {overload[1]}"]
