#!/usr/bin/env python3
"""Write Tests/e2e/firebase_request_schemas.json: for each method a client sends to a Firebase
project (Identity Toolkit v1 `accounts:*`, v2 `accounts/*`, Secure Token `v1/token`), its request
message's field names and JSON types, from the published API description.

    python3 Tests/Tools/firebase-request-schemas.py FIREBASE_TOOLS_GIT_DIR [COMMIT]

The source is firebase-tools' `src/emulator/auth/apiSpec.ts`, an OpenAPI 3 document generated from
Google's Identity Toolkit and Secure Token discovery documents. Only the derived table is
committed (field names and types; no description text, no code). `node` turns the generated
TypeScript literal into JSON.

A type in the table is one of
    {"type": "string" | "bool" | "int32" | "int64" | "double" | "object"}
    {"type": "enum", "values": [...]}
    {"type": "message", "message": NAME}      (NAME is a key of "messages")
    {"type": "array", "items": TYPE}
    {"type": "map", "values": TYPE}
"unpublished" adds, per message, the fields production takes beyond the published schema (each with why).
"""
import json
import pathlib
import subprocess
import sys
import tempfile

OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "e2e" / "firebase_request_schemas.json"
SPEC_PATH = "src/emulator/auth/apiSpec.ts"
# Fields production takes that the published schema does not list, each with the reason we know it
# does: every Firebase SDK sends it. The stand-in and the unit tests add them to their message.
UNPUBLISHED = {
    "GoogleCloudIdentitytoolkitV1SignUpRequest": {
        "returnSecureToken": {"type": "bool", "why": "every SDK sends it to accounts:signUp (firebase-ios-sdk "
                              "SignUpNewUserRequest, firebase-js-sdk signUp; firebase-tools' own emulator tests)"},
    },
}
HOSTS = {"": "/identitytoolkit.googleapis.com", "https://securetoken.googleapis.com": "/securetoken.googleapis.com"}


def load_spec(git_dir: str, commit: str) -> dict:
    source = subprocess.run(["git", f"--git-dir={git_dir}", "show", f"{commit}:{SPEC_PATH}"],
                            check=True, capture_output=True, text=True).stdout
    with tempfile.TemporaryDirectory() as directory:
        module = pathlib.Path(directory) / "apiSpec.js"
        module.write_text(source.replace("export default", "module.exports =", 1))
        out = subprocess.run(["node", "-e", "process.stdout.write(JSON.stringify(require(process.argv[1])))", str(module)],
                             check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    git_dir = sys.argv[1]
    commit = sys.argv[2] if len(sys.argv) == 3 else "HEAD"
    commit = subprocess.run(["git", f"--git-dir={git_dir}", "rev-parse", commit], check=True,
                            capture_output=True, text=True).stdout.strip()
    spec = load_spec(git_dir, commit)
    schemas = spec["components"]["schemas"]
    bodies = spec["components"]["requestBodies"]
    messages: dict[str, dict] = {}

    def type_of(prop: dict) -> dict:
        if "$ref" in prop:
            return message(ref_name(prop["$ref"]))
        kind, form = prop.get("type"), prop.get("format")
        if kind == "string":
            if "enum" in prop:
                return {"type": "enum", "values": prop["enum"]}
            return {"type": "int64"} if form in ("int64", "uint64") else {"type": "string"}
        if kind == "boolean":
            return {"type": "bool"}
        if kind == "integer":
            return {"type": "int32"}
        if kind == "number":
            return {"type": "double"}
        if kind == "array":
            return {"type": "array", "items": type_of(prop.get("items") or {"type": "object"})}
        if kind == "object":
            if isinstance(prop.get("additionalProperties"), dict):
                return {"type": "map", "values": type_of(prop["additionalProperties"])}
            if "properties" in prop:
                raise SystemExit(f"an inline message is not expected in a request: {prop}")
            return {"type": "object"}
        raise SystemExit(f"a property of no known type: {prop}")

    def message(name: str) -> dict:
        if name not in messages:
            messages[name] = {}  # before the fields: a message may hold itself
            messages[name] = {field: type_of(prop) for field, prop in sorted(schemas[name].get("properties", {}).items())}
        return {"type": "message", "message": name}

    methods = {}
    for path, operations in sorted(spec["paths"].items()):
        if not (path.startswith("/v1/accounts:") or path.startswith("/v2/accounts") or path == "/v1/token"):
            continue
        operation = operations.get("post")
        if not operation or "requestBody" not in operation:
            continue
        body = operation["requestBody"]
        if "$ref" in body:
            body = bodies[ref_name(body["$ref"])]
        schema = next(iter(body["content"].values()))["schema"]
        server = (operations.get("servers") or operation.get("servers") or [{"url": ""}])[0]["url"]
        methods[HOSTS[server] + path] = {"request": message(ref_name(schema["$ref"]))["message"],
                                         "encodings": sorted(body["content"])}
    table = {"source": f"firebase-tools {commit} {SPEC_PATH} (generated from Google's discovery documents)",
             "regenerate": "python3 Tests/Tools/firebase-request-schemas.py FIREBASE_TOOLS_GIT_DIR [COMMIT]",
             "methods": methods, "messages": dict(sorted(messages.items())), "unpublished": UNPUBLISHED}
    OUTPUT.write_text(json.dumps(table, indent=1, sort_keys=False) + "\n")
    print(f"{OUTPUT}: {len(methods)} methods, {len(messages)} messages", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
