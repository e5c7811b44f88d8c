#!/usr/bin/env python3
"""One call of every `implemented` row of Docs/FirebaseAuthAPI.tsv, compiled as a client of AuthctlKit.

    python3 Tests/Tools/firebaseauth-compile-test.py           write Tests/InventoryCompile/Sources/InventoryCalls/Calls.swift
    python3 Tests/Tools/firebaseauth-compile-test.py --check   exit 1 if the written file is not what the inventory gives
    python3 Tests/Tools/firebaseauth-compile-test.py --build   write it, build the package, name the rows that fail

Each row becomes one statement written from the SDK's declaration, not from AuthctlKit's: the
arguments with the SDK's labels and types, the result assigned to a constant of the SDK's result
type, `try`/`await` where the SDK's method has them, and a completion handler passed as a *value* of
the SDK's closure type (a plain closure), so a renamed label, a missing overload, another result type
or a handler AuthctlKit types differently (`@MainActor`) fails the build. A property is read into
the SDK's type; one a program configures (a provider's scopes, ActionCodeSettings, FirebaseOptions,
Auth's settings) is also written. Nothing runs the calls: the package only has to compile (Swift 6
language mode). --build runs the same `swift build` as `make library-example`, in this package's
.build, and maps each compiler error to the row whose statement it is in.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "Tests" / "InventoryCompile"
OUTPUT = PACKAGE / "Sources" / "InventoryCalls" / "Calls.swift"

_spec = importlib.util.spec_from_file_location("inventory", Path(__file__).with_name("firebaseauth-inventory.py"))
inventory = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(inventory)

# The instances a statement calls members of: the generated function's parameters.
INSTANCES = {
    "Auth": "auth", "User": "user", "MultiFactor": "multiFactor", "MultiFactorResolver": "resolver",
    "MultiFactorInfo": "factorInfo", "MultiFactorAssertion": "assertion", "MultiFactorSession": "session",
    "TOTPSecret": "secret", "TOTPMultiFactorAssertion": "totpAssertion", "AuthDataResult": "result",
    "AuthTokenResult": "tokenResult", "AdditionalUserInfo": "additionalUserInfo", "OAuthCredential": "oauthCredential",
    "AuthCredential": "credential", "OAuthProvider": "provider", "ActionCodeSettings": "actionCodeSettings",
    "ActionCodeInfo": "actionCodeInfo", "ActionCodeURL": "actionCodeURL", "UserMetadata": "userMetadata",
    "UserInfo": "userInfo", "UserProfileChangeRequest": "changeRequest", "FirebaseApp": "app",
    "FirebaseOptions": "options", "AuthProviderID": "providerID", "AuthErrorCode": "errorCode",
    "AuthSettings": "authSettings", "PersonNameComponents": "nameComponents", "FederatedAuthProvider": "federatedProvider",
}
# Instances a statement mutates or that only exist inside the function (a sequence's iterator): local
# variables declared at the top, in this order, each from an expression of the ones before it.
LOCALS = {
    "Auth.AuthStateChangesSequence": ("let", "authStateSequence", "auth.authStateChanges"),
    "Auth.AuthStateChangesSequence.Iterator": ("var", "authStateIterator", "authStateSequence.makeAsyncIterator()"),
    "Auth.IDTokenChangesSequence": ("let", "idTokenSequence", "auth.idTokenChanges"),
    "Auth.IDTokenChangesSequence.Iterator": ("var", "idTokenIterator", "idTokenSequence.makeAsyncIterator()"),
}
# Properties a program sets (configuration); other settable ones of the SDK (a result's fields) are read.
WRITTEN = {"OAuthProvider", "ActionCodeSettings", "FirebaseOptions", "FirebaseApp", "UserProfileChangeRequest"}
WRITTEN_MEMBERS = {"Auth.languageCode", "Auth.tenantID", "Auth.customAuthDomain"}
# An argument of each type the SDK's parameters have.
VALUES = {
    "String": '"text"', "Bool": "false", "Int": "9099", "URL": 'URL(string: "https://example.com/finish")!',
    "[String]": '["email"]', "[String: String]": '["prompt": "consent"]', "Data": "Data()",
    "NSObjectProtocol": "NSObject()",  # a listener handle: any object is one, as the SDK's type says
}


def argument(type_text: str, owner: str) -> str:
    text = re.sub(r"@escaping\s*", "", type_text).strip()
    if "->" in text:  # a closure: a value of exactly the SDK's closure type
        return closure_value(text)
    optional = text.endswith("?") or text.endswith("!")
    bare = text.rstrip("?!")
    bare = owner if bare == "Self" else bare
    if bare in VALUES:
        return VALUES[bare]
    if bare in INSTANCES:
        return INSTANCES[bare] if bare != "AuthProviderID" else ".gitHub"
    if optional:
        return "nil"
    raise ValueError(f"no value for a parameter of type {type_text}")


_handlers: dict[str, str] = {}


def closure_value(text: str) -> str:
    """The name of a handler constant of the closure type text (declared once per type)."""
    optional = text.endswith(")?")
    core = text[1:-2] if optional and text.startswith("(") else text
    core = core.strip()
    params = core[: core.index("->")].strip()
    arity = len(inventory._split_top(params.strip()[1:-1])) if params.strip() != "()" else 0
    name = f"handler{len(_handlers) + 1}"
    key = re.sub(r"\s+", " ", core)
    if key not in _handlers:
        body = "{ " + (", ".join("_" for _ in range(arity)) + " in " if arity else "") + "}"
        _handlers[key] = f"    let {name}: {key} = {body}"
    return re.search(r"let (\w+):", _handlers[key]).group(1)


def declared_type(signature: str) -> str:
    """The SDK's type of a property, from `var name: Type { get }` (or its `= "literal"`, or its
    `= Type(...)` initialiser)."""
    text = re.sub(r"\{[^}]*\}\s*$", "", signature)
    text = re.sub(r"^(@\w+(\([^)]*\))?\s*)*", "", text)
    head, _, default = text.partition("=")
    if ":" in head:
        return head.split(":", 1)[1].strip()
    literal = default.strip()
    initialiser = re.match(r"([A-Z][\w.]*)\(", literal)
    if initialiser:
        return initialiser.group(1)
    return "String" if literal.startswith('"') else "Bool" if literal in ("true", "false") else ""


def qualified(type_text: str, owner: str, ids: set[str]) -> str:
    """A type the SDK names inside its owner (`-> Iterator` in a sequence) as a client spells it."""
    bare = type_text.rstrip("?!")
    return f"{owner}.{type_text}" if f"{owner}.{bare}" in ids else type_text


def statement(row: dict, ids: set[str] = frozenset()) -> list[str]:
    owner, kind, member, sig = row["type"], row["kind"], row["member"], row["signature"]
    shape = inventory.row_shape(row, {})
    if kind in ("class", "struct", "enum"):
        return [f"    _ = {row['id']}.self"]
    if kind in ("protocol",):
        return [f"    let _: (any {row['id']})? = nil"]
    if kind == "typealias":
        return [f"    _ = {row['id']}.self"]
    if kind == "constant":
        sdk_type = sig.split(":", 1)[1].strip()
        return [f"    let _: {sdk_type} = {member}"]
    if kind == "case":
        return [f"    let _: {owner} = .{shape['name']}"]
    receiver = owner if shape.get("static") or kind == "init" else LOCALS[owner][1] if owner in LOCALS else INSTANCES[owner]
    if kind in ("var", "let"):
        sdk_type = qualified(declared_type(sig).replace("Self", owner), owner, ids)
        if "{ get set }" in sig and (owner in WRITTEN or f"{owner}.{shape['name']}" in WRITTEN_MEMBERS):
            return [f"    do {{ let value: {sdk_type} = {receiver}.{shape['name']}; {receiver}.{shape['name']} = value }}"]
        return [f"    let _: {sdk_type} = {receiver}.{shape['name']}"]
    # a function or an initialiser: the SDK's parameters, each given a value
    text = inventory._MODIFIERS.sub("", inventory._ATTRIBUTE.sub("", sig))
    open_at = text.index("(")
    close_at = inventory._matching_paren(text, open_at)
    arguments = []
    for parameter, label in zip(inventory._split_top(text[open_at + 1:close_at]), shape["labels"]):
        type_text, _ = inventory._split_default(parameter.partition(":")[2])
        value = argument(type_text, owner)
        arguments.append(value if label == "_" else f"{label}: {value}")
    after = text[close_at + 1:]
    effects = after.split("->")[0]
    prefix = ("try " if "throws" in effects else "") + ("await " if "async" in effects else "")
    if kind == "init":
        failable = bool(re.match(r"\s*(\w+\s+)*init\?", text))
        return [f"    let _: {owner}{'?' if failable else ''} = {prefix}{owner}({', '.join(arguments)})"]
    call = f"{receiver}.{shape['name']}({', '.join(arguments)})"
    result = after.split("->", 1)[1].strip() if "->" in after else ""
    result = re.sub(r"\s*where\s.*$", "", result).replace("Self", owner)
    result = qualified(result, owner, ids)
    return [f"    let _: {result} = {prefix}{call}" if result and result != "Void" else f"    {prefix}{call}"]


def generate() -> tuple[str, dict[int, str]]:
    _, rows = inventory.load()
    _handlers.clear()
    body, line_of = [], {}
    ids = {row["id"] for row in rows}
    for row in rows:
        if row["status"] != "implemented":
            continue
        body.append(f"    // {row['id']}")
        for line in statement(row, ids):
            body.append(line)
    used = lambda name: any(re.search(rf"\b{name}\b", line) for line in body if not line.lstrip().startswith("//"))
    parameters = ", ".join(f"{name}: {type_}" for type_, name in INSTANCES.items() if used(name))
    header = [
        "// Generated by Tests/Tools/firebaseauth-compile-test.py from Docs/FirebaseAuthAPI.tsv: do not edit.",
        "// One statement per `implemented` row, written from FirebaseAuth 12's declaration of it.",
        "import AuthctlKit",
        "import Foundation",
        "",
        "/// Never called: it only has to compile.",
        f"func everyImplementedRow({parameters}) async throws {{",
    ]
    handlers = list(_handlers.values())
    needed = {name for _, name, _ in LOCALS.values() if used(name)}
    for _, name, expression in reversed(LOCALS.values()):  # a local the needed ones are made from
        if name in needed:
            needed |= {other for _, other, _ in LOCALS.values() if re.search(rf"\b{other}\b", expression)}
    handlers += [f"    {keyword} {name} = {expression}" for keyword, name, expression in LOCALS.values() if name in needed]
    lines = header + handlers + body + ["}", ""]
    for number, line in enumerate(lines, 1):
        found = re.match(r"    // (.+)$", line)
        if found:
            current = found.group(1)
        elif number > len(header) + len(handlers) and line.startswith("    "):
            line_of[number] = current
    return "\n".join(lines), line_of


def main() -> int:
    text, line_of = generate()
    if "--check" in sys.argv:
        if not OUTPUT.exists() or OUTPUT.read_text() != text:
            print(f"firebaseauth-compile-test: {OUTPUT.relative_to(REPO)} is not what the inventory gives: "
                  "run python3 Tests/Tools/firebaseauth-compile-test.py", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text)
    print(f"firebaseauth-compile-test: wrote {OUTPUT.relative_to(REPO)} ({len(set(line_of.values()))} rows)")
    if "--build" not in sys.argv:
        return 0
    (REPO / ".build" / "debug.yaml").unlink(missing_ok=True)
    done = subprocess.run(["swift", "build", "--package-path", str(PACKAGE), "--scratch-path", str(REPO / ".build")],
                          capture_output=True, text=True)
    (REPO / ".build" / "debug.yaml").unlink(missing_ok=True)
    failing = {}
    for match in re.finditer(rf"{re.escape(str(OUTPUT))}:(\d+):\d+: error: (.*)", done.stdout + done.stderr):
        failing.setdefault(line_of.get(int(match.group(1)), f"line {match.group(1)}"), match.group(2))
    for row_id, error in failing.items():
        print(f"firebaseauth-compile-test: {row_id}: {error}", file=sys.stderr)
    if done.returncode != 0 and not failing:
        print(done.stdout[-4000:] + done.stderr[-4000:], file=sys.stderr)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
