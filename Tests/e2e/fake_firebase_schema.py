"""What Google's front end checks of a request to a Firebase project before Identity Toolkit sees
it (fake_firebase.py's `answer` asks this first): every field named in the body must be a field of
the method's request message, with a value of its JSON type, as the API's published schema has it
(firebase_request_schemas.json, derived from Google's discovery documents by
Tests/Tools/firebase-request-schemas.py). A request that names anything else answers 400
INVALID_ARGUMENT, worded as production words it:

    Invalid JSON payload received. Unknown name "returnSecureToken": Cannot find field.
    Invalid value at 'return_secure_token' (TYPE_BOOL), "yes"

The proto3 JSON mapping accepts a field by its JSON name (`returnSecureToken`) or its proto name
(`return_secure_token`); `null` is any field's default; int64 values may be strings; an enum's value
may be its name or its number. A form body (the Secure Token API's) names fields the same way; its
values are all strings, as form values are.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

SCHEMAS = json.loads((Path(__file__).resolve().parent / "firebase_request_schemas.json").read_text())

# Fields production takes that the published schema does not list (each with why: every SDK sends it).
UNPUBLISHED = SCHEMAS["unpublished"]

PROTO_TYPES = {"string": "TYPE_STRING", "bool": "TYPE_BOOL", "int32": "TYPE_INT32", "int64": "TYPE_INT64",
               "double": "TYPE_DOUBLE"}


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def fields_of(message: str) -> dict:
    fields = dict(SCHEMAS["messages"][message])
    fields.update(UNPUBLISHED.get(message, {}))
    return fields


class Invalid(Exception):
    pass


def refusal(message: str) -> dict:
    return {"error": {"code": 400, "message": message, "status": "INVALID_ARGUMENT",
                      "details": [{"@type": "type.googleapis.com/google.rpc.BadRequest",
                                   "fieldViolations": [{"description": message}]}]}}


def check_request(path: str, body, *, form: bool = False) -> dict | None:
    """Google's 400 answer for a request to `path` (e.g. /identitytoolkit.googleapis.com/v1/accounts:update)
    whose body does not fit the method's request message, or None when it fits. A path that is not
    a published method is not checked here (the stand-in answers it 404)."""
    method = SCHEMAS["methods"].get(path)
    if method is None:
        return None
    if not isinstance(body, dict):
        return refusal("Invalid JSON payload received. Expected an object.")
    try:
        check_message(method["request"], body, "", form)
    except Invalid as invalid:
        return refusal(str(invalid))
    return None


def check_message(message: str, value: dict, at: str, form: bool) -> None:
    fields = fields_of(message)
    by_name = {name: (name, kind) for name, kind in fields.items()} | {snake(name): (name, kind) for name, kind in fields.items()}
    for key, item in value.items():
        if key not in by_name:
            where = f" at '{at}'" if at else ""
            if form:
                raise Invalid(f"Invalid JSON payload received. Unknown name \"{key}\": Cannot bind query parameter. "
                              f"Field '{key}' could not be found in request message.")
            raise Invalid(f"Invalid JSON payload received. Unknown name \"{key}\"{where}: Cannot find field.")
        name, kind = by_name[key]
        path = f"{at}.{snake(name)}" if at else snake(name)
        if item is None or form:
            continue
        check_value(kind, item, path)


def check_value(kind: dict, item, path: str) -> None:
    type_ = kind["type"]
    if type_ == "message":
        if not isinstance(item, dict):
            raise Invalid(f"Invalid JSON payload received. Unknown name \"{path.rsplit('.', 1)[-1]}\": "
                          f"Proto field is not repeating, cannot start list." if isinstance(item, list)
                          else f"Invalid value at '{path}' (type.googleapis.com/{kind['message']}), {json.dumps(item)}")
        check_message(kind["message"], item, path, False)
    elif type_ == "array":
        if not isinstance(item, list):
            raise Invalid(f"Invalid value at '{path}' ({describe(kind['items'])}), {json.dumps(item)}")
        for index, element in enumerate(item):
            check_value(kind["items"], element, f"{path}[{index}]")
    elif type_ == "map":
        if not isinstance(item, dict):
            raise Invalid(f"Invalid value at '{path}' (map), {json.dumps(item)}")
        for key, element in item.items():
            check_value(kind["values"], element, f"{path}[{key}]")
    elif type_ == "object":
        if not isinstance(item, dict):
            raise Invalid(f"Invalid value at '{path}' (type.googleapis.com/google.protobuf.Struct), {json.dumps(item)}")
    elif not fits(kind, item):
        raise Invalid(f"Invalid value at '{path}' ({describe(kind)}), {json.dumps(item)}")


def fits(kind: dict, item) -> bool:
    type_ = kind["type"]
    if isinstance(item, bool):
        return type_ == "bool"
    if type_ == "string":
        return isinstance(item, str)
    if type_ in ("int32", "int64"):
        return (isinstance(item, int) or (isinstance(item, float) and item.is_integer())
                or (isinstance(item, str) and re.fullmatch(r"-?\d+", item) is not None))
    if type_ == "double":
        return isinstance(item, (int, float)) or (isinstance(item, str) and re.fullmatch(r"-?\d+(\.\d+)?([eE]-?\d+)?", item) is not None)
    if type_ == "enum":
        return (isinstance(item, str) and item in kind["values"]) or (isinstance(item, int) and 0 <= item < len(kind["values"]))
    return False


def describe(kind: dict) -> str:
    if kind["type"] == "enum":
        return "TYPE_ENUM"
    if kind["type"] == "message":
        return "type.googleapis.com/" + kind["message"]
    return PROTO_TYPES.get(kind["type"], kind["type"])


def json_names(path: str, body: dict) -> dict:
    """`body` with each field under its JSON name (`oob_code` -> `oobCode`), as production reads a
    request; the methods of the stand-in then read one name only."""
    method = SCHEMAS["methods"].get(path)
    if method is None or not isinstance(body, dict):
        return body
    return renamed(method["request"], body)


def renamed(message: str, value: dict) -> dict:
    fields = fields_of(message)
    by_snake = {snake(name): name for name in fields}
    out = {}
    for key, item in value.items():
        name = key if key in fields else by_snake.get(key, key)
        kind = fields.get(name, {})
        if kind.get("type") == "message" and isinstance(item, dict):
            item = renamed(kind["message"], item)
        out[name] = item
    return out
