#!/usr/bin/env python3
"""FirebaseAuth's public Swift API, row by row, against AuthctlKit's (Docs/FirebaseAuthAPI.tsv).

    python3 Tests/Tools/firebaseauth-inventory.py            check the file, print counts by status
    python3 Tests/Tools/firebaseauth-inventory.py --update   also rewrite the status of the rows the
                                                             reader decides (implemented / missing)
    python3 Tests/Tools/firebaseauth-inventory.py --sdk DIR  list DIR's public declarations (a
                                                             firebase-ios-sdk checkout's
                                                             FirebaseAuth/Sources/Swift) with no row
    python3 Tests/Tools/firebaseauth-inventory.py --missing  the `missing` rows, by family
    python3 Tests/Tools/firebaseauth-inventory.py --extras   AuthctlKit's public declarations no row names

The file has one row per public declaration of the pinned release (its header comment names the
commit), with the SDK's declaration as written there. Its status is
  implemented     AuthctlKit declares the same name and signature (checked here: same argument
                  labels and types, same result, async/throws, static; completion handlers as the
                  SDK types them, so an `@MainActor` handler is not the SDK's plain closure);
  differently     AuthctlKit has it in another shape: the note says how;
  missing         applicable, not built yet;
  not applicable  with the reason in the note (UIKit, phone numbers and SMS, Game Center,
                  reCAPTCHA, APNs, keychain sharing, Apple-only, Objective-C only).
The check fails when an `implemented` row has no declaration of the same shape in AuthctlKit
(Sources/AuthctlKit, read as source: public declarations and members of public extensions), when
a row lacks a note it needs, or when the file's shape is wrong. --update rewrites only what the
reader can decide: an implemented or missing row becomes implemented when the same declaration
exists, missing when nothing of that name does, and differently (with the declaration found) when
only the name does; `differently` and `not applicable` are judgements and stay as written.

The reader is a small declaration scanner, not a Swift parser: comments and string literals are
blanked, braces are counted, and a declaration is what stands at type level before its `{` or the
end of its line. Tests/Tools/firebaseauth-compile-test.py builds the rows' calls, which is the
stricter check.
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
INVENTORY = REPO / "Docs" / "FirebaseAuthAPI.tsv"
KIT = REPO / "Sources" / "AuthctlKit"
COLUMNS = ["id", "family", "type", "member", "kind", "signature", "platforms", "status", "note", "test"]
STATUSES = ("implemented", "differently", "missing", "not applicable")
KINDS = ("class", "struct", "enum", "protocol", "typealias", "init", "func", "var", "let", "case", "constant")

# ---------------------------------------------------------------------------------------------
# Reading Swift declarations


def _blank(src: str) -> str:
    """The source with comments removed and string literals emptied of braces (lines kept)."""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
            continue
        if src.startswith("/*", i):
            depth = 0
            while i < n:
                if src.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif src.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    out.append("\n" if src[i] == "\n" else "")
                    i += 1
                if depth == 0:
                    break
            continue
        if src.startswith('"""', i):
            j = src.find('"""', i + 3)
            j = n - 3 if j < 0 else j
            out.append('""' + "\n" * src[i:j + 3].count("\n"))
            i = j + 3
            continue
        if src[i] == '"':
            j, depth = i + 1, 0
            while j < n:
                if src.startswith("\\(", j):
                    depth, j = depth + 1, j + 2
                elif src[j] == "\\":
                    j += 2
                elif depth:
                    depth += {"(": 1, ")": -1}.get(src[j], 0)
                    j += 1
                elif src[j] in '"\n':
                    break
                else:
                    j += 1
            literal = src[i + 1:j]
            out.append('"' + ("" if "\\(" in literal else re.sub(r'[{}"]', "", literal)) + '"')
            i = j + 1
            continue
        out.append(src[i])
        i += 1
    return "".join(out)


_TYPE_HEADER = re.compile(r"\b(class|struct|enum|protocol|extension|actor)\s+(?!(?:func|var|let|subscript|override|final)\b)([A-Za-z_][\w.]*)")
_CONTINUES = re.compile(r"(->|where\b|throws\b|async\b|rethrows\b|=(?!=)|&&|\|\||\.)")


def _is_public(text: str) -> bool:
    return re.search(r"(^|[\s)])(public|open)(\s|$)", " " + text) is not None


def declarations(path: Path) -> list[dict]:
    """Every declaration at type level of a Swift file: its text, owner, #if condition, line."""
    lines = _blank(path.read_text()).split("\n")
    found, conditions, scopes, buffer, start = [], [], [], "", 0

    def record(text: str, line: int, body: bool, is_type: bool) -> None:
        found.append({"decl": " ".join(text.split()), "line": line, "condition": " && ".join(conditions),
                      "scopes": [s[2] for s in scopes if s[3]] if not is_type else [s[2] for s in scopes[:-1]],
                      "owner": ".".join(s[1] for s in (scopes if not is_type else scopes[:-1]) if s[3]),
                      "is_type": is_type, "file": path.name})

    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("#if"):
            conditions.append(stripped[3:].strip())
            continue
        if stripped.startswith("#elseif"):
            conditions[-1] = f"!({conditions[-1]}) && {stripped[7:].strip()}"
            continue
        if stripped.startswith("#else"):
            conditions[-1] = f"!({conditions[-1]})"
            continue
        if stripped.startswith("#endif"):
            conditions.pop()
            continue
        if stripped.startswith("#"):
            continue
        at_type_level = not scopes or scopes[-1][3]
        for column, char in enumerate(line + "\n"):
            if char == "{":
                if at_type_level and buffer.strip():
                    header = " ".join(buffer.split())
                    match = _TYPE_HEADER.search(re.sub(r"@\w+(\([^)]*\))?", "", header))
                    before = header.split(match.group(1))[0] if match else ""
                    if match and not re.search(r"\b(func|var|let|init|case|subscript)\b", before):
                        scopes.append((match.group(1), match.group(2), header, True))
                        record(header, start, True, True)
                    else:
                        # A property's effectful getter (`var x: T { get async throws {`) is part of its shape.
                        getter = re.match(r"\s*get\s+((?:async|throws)(?:\s+(?:async|throws))?)",
                                          line[column + 1:] + " " + (lines[number] if number < len(lines) else ""))
                        record(header + (f" {{ get {getter.group(1)} }}" if getter else ""), start, True, False)
                        scopes.append(("body", "", header, False))
                else:
                    scopes.append(("body", "", buffer, False))
                buffer = ""
                at_type_level = scopes[-1][3]
                continue
            if char == "}":
                if scopes:
                    scopes.pop()
                at_type_level = not scopes or scopes[-1][3]
                buffer = ""
                continue
            if not at_type_level:
                continue
            if char == "\n":
                text = buffer.strip()
                if not text:
                    buffer = ""
                    continue
                following = next((l.strip() for l in lines[number:] if l.strip()), "")
                open_brackets = text.count("(") > text.count(")") or text.count("[") > text.count("]")
                if (open_brackets or _CONTINUES.match(following)
                        or re.search(r"(=|->|,|:|&&|\|\|)$", text)
                        or re.fullmatch(r"(@\w+(\([^)]*\))?\s*)+", text)):
                    buffer += " "
                    continue
                record(text, start, False, False)
                buffer = ""
                continue
            if not buffer.strip():
                start = number
            buffer += char
    return found


def public_declarations(root: Path) -> list[dict]:
    """The public API of the Swift files under root: what a client module can name."""
    result = []
    for directory, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            for decl in declarations(Path(directory) / name):
                text, scopes = decl["decl"], decl["scopes"]
                if any(not (_is_public(s) or "extension" in s.split(":")[0]
                            or (k and "public extension" in scopes[k - 1])) for k, s in enumerate(scopes)):
                    continue
                outer = scopes[-1] if scopes else ""
                public = (_is_public(text)
                          or "public extension" in outer
                          or (re.search(r"\bprotocol\b", outer) and _is_public(outer) and not decl["is_type"])
                          or (text.startswith("case ") and re.search(r"\benum\b", outer) and _is_public(outer)))
                if decl["is_type"] and "extension" in text.split(":")[0].split():
                    continue
                if not public or re.search(r"\b(private|fileprivate)\b(?!\(set\))", text):
                    continue
                if re.match(r"(@\w+(\([^)]*\))?\s*)*(public\s+|open\s+)?(import|deinit)\b", text):
                    continue
                if text.startswith("case ") and "(" not in text and "," in text:  # case a = 0, b, c
                    for part in text[5:].split(","):
                        result.append(dict(decl, decl="case " + part.strip()))
                    continue
                result.append(decl)
    return result


# ---------------------------------------------------------------------------------------------
# Normalising a declaration to a comparable shape

_ATTRIBUTE = re.compile(r"@(objc|available|discardableResult|preconcurrency|NSCopying|inlinable|usableFromInline|"
                        r"_disfavoredOverload|backDeployed|nonobjc)(\((?:[^()]|\([^()]*\))*\))?\s*")
_MODIFIERS = re.compile(r"\b(public|open|final|override|required|convenience|nonisolated|dynamic|weak|"
                        r"(?:public|private|internal|fileprivate)\(set\)|mutating)\s+")


def _split_top(text: str, separator: str = ",") -> list[str]:
    parts, depth, current = [], 0, ""
    for char in text:
        if char in "([<":
            depth += 1
        elif char in ")]>" and not current.endswith("-"):
            depth -= 1
        if char == separator and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current)
    return parts


def _matching_paren(text: str, start: int) -> int:
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
            if depth == 0:
                return index
    return len(text) - 1


def canonical_type(text: str, owner: str = "", aliases: dict[str, str] | None = None) -> str:
    text = re.sub(r"@escaping\s*|\bany\s+|\b(Swift|Foundation|FoundationEssentials|AuthctlKit|FirebaseCore)\.", "", text)
    text = re.sub(r"\bSelf\b", owner.split(".")[-1] if owner else "Self", text)
    for alias, target in (aliases or {}).items():
        text = re.sub(rf"\b{re.escape(alias)}\b", target, text)
    text = re.sub(r"\s+", "", text)
    text = re.sub(r"\(([\w.]+)\)\?", r"\1?", text)  # (Error)? is Error?
    text = re.sub(r"->\(\)", "->Void", text)
    return text


def shape(decl: str, owner: str, aliases: dict[str, str] | None = None) -> dict | None:
    """kind, name, argument labels, types, effects of a declaration; None if it is not API."""
    text = _MODIFIERS.sub("", _ATTRIBUTE.sub("", decl)).strip()
    text = re.sub(r"^(@\w+\s+)*", "", text)  # @MainActor etc. on the declaration itself
    static = bool(re.match(r"(static|class)\s+(func|var|let)\b", text))
    text = re.sub(r"^(static|class)\s+(?=(func|var|let)\b)", "", text)
    match = re.match(r"(init\?|(?:func|init|var|let|case|typealias|class|struct|enum|protocol|actor)\b)\s*([^\s(:=<{]*)", text)
    if not match:
        return None
    kind, name = match.group(1), match.group(2)
    rest = text[match.end():]
    result = {"kind": kind.rstrip("?"), "owner": owner, "name": name, "static": static}
    if kind.startswith("init") or kind == "func":
        name = "init" if kind.startswith("init") else name
        open_at = rest.find("(")
        close_at = _matching_paren(rest, open_at)
        labels, types, defaults = [], [], []
        for parameter in _split_top(rest[open_at + 1:close_at]):
            head, _, tail = parameter.partition(":")
            words = head.split()
            labels.append(words[0] if words else "_")
            type_text, default = _split_default(tail)
            types.append(canonical_type(type_text, owner, aliases))
            defaults.append(bool(default))
        after = rest[close_at + 1:]
        effects = [e for e in ("async", "throws") if re.search(rf"\b{e}\b", after.split("->")[0])]
        result_type = canonical_type(after.split("->", 1)[1], owner, aliases) if "->" in after else "Void"
        result_type = re.sub(r"where.*$", "", result_type)
        if kind.startswith("init"):
            result_type = "Optional" if kind == "init?" else ""
        result.update(name=name, labels=labels, types=types, defaults=defaults, effects=effects, result=result_type)
    elif kind in ("var", "let"):
        type_text = rest.split(":", 1)[1] if ":" in rest.split("=")[0] else ""
        type_text = type_text.split("=")[0] if "{" not in type_text else type_text.split("{")[0]
        if not type_text:  # inferred from the literal, as the SDK's `static let id = "password"`
            literal = rest.split("=", 1)[1].strip() if "=" in rest else ""
            type_text = "String" if literal.startswith('"') else "Bool" if literal in ("true", "false") else ""
        getter = re.search(r"\{\s*get\s+([^}]*)\}", rest)
        result.update(kind="var", type=canonical_type(type_text, owner, aliases) if type_text else "?",
                      effects=[e for e in ("async", "throws") if getter and e in getter.group(1)])
    elif kind == "case":
        raw = re.search(r"=\s*(-?\d+)", rest)
        result.update(raw=int(raw.group(1)) if raw else None)
    return result


def _split_default(tail: str) -> tuple[str, str]:
    depth = 0
    for index, char in enumerate(tail):
        if char in "([<":
            depth += 1
        elif char in ")]>" and tail[index - 1:index + 1] != "->":
            depth -= 1
        elif char == "=" and depth == 0 and tail[index - 1:index + 1] != "->":
            return tail[:index], tail[index + 1:].strip()
    return tail, ""


def name_key(s: dict) -> str:
    labels = "(" + "".join(f"{l}:" for l in s.get("labels", [])) + ")" if "labels" in s else ""
    return f"{s['owner']}.{s['name']}{labels}" if s["owner"] else f"{s['name']}{labels}"


def full_key(s: dict) -> str:
    if "labels" in s:
        return (f"{name_key(s)}({','.join(s['types'])})->{s['result']}"
                f"{' async' if 'async' in s['effects'] else ''}{' throws' if 'throws' in s['effects'] else ''}"
                f"{' static' if s['static'] else ''}")
    if s["kind"] == "var":
        effects = "".join(f" {e}" for e in s.get("effects", []))
        return f"{name_key(s)}:{s['type']}{effects}{' static' if s['static'] else ''}"
    return f"{s['kind'] if s['kind'] != 'actor' else 'class'} {name_key(s)}"


def kit_api(root: Path = KIT) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """AuthctlKit's public declarations: full key -> declarations, name key -> declarations."""
    decls = public_declarations(root)
    aliases = {}
    for decl in decls:
        found = re.match(r".*\btypealias\s+(\w+)\s*=\s*(.+)$", decl["decl"])
        if found and not decl["owner"]:
            aliases[found.group(1)] = found.group(2).strip()
    by_key, by_name = defaultdict(list), defaultdict(list)
    for decl in decls:
        s = shape(decl["decl"], decl["owner"], aliases)
        if s is None:
            continue
        by_key[full_key(s)].append(decl["decl"])
        by_name[name_key(s)].append(decl["decl"])
        if s["kind"] == "case" and s.get("raw") is not None:
            by_key[f"raw {name_key(s)}={s['raw']}"].append(decl["decl"])
        if s["kind"] == "var" and s["type"] == "?":  # `static let id = EmailAuthProviderID`: any type
            by_key[f"{name_key(s)}:?{' static' if s['static'] else ''}"].append(decl["decl"])
        if s["kind"] in ("class", "struct", "enum", "protocol", "actor", "typealias"):
            by_name[s["name"] if not s["owner"] else f"{s['owner']}.{s['name']}"].append(decl["decl"])
    by_key["__aliases__"] = [f"{k}={v}" for k, v in aliases.items()]
    return by_key, by_name


def row_shape(row: dict, aliases: dict[str, str]) -> dict | None:
    if row["kind"] == "constant":  # an Objective-C constant: a global `let` in Swift
        declared = row["signature"].split(":", 1)[1].strip() if ":" in row["signature"] else "String"
        return {"kind": "var", "owner": "", "name": row["member"], "static": False, "type": declared}
    owner = row["type"]
    if row["kind"] in ("class", "struct", "enum", "protocol", "typealias"):  # a type: its owner is the enclosing type
        owner = row["id"].rsplit(".", 1)[0] if "." in row["id"] else ""
    return shape(row["signature"], owner, aliases)


# ---------------------------------------------------------------------------------------------
# The file


def load(path: Path = INVENTORY) -> tuple[list[str], list[dict]]:
    header, rows = [], []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.startswith("#") or not line.strip():
            header.append(line)
            continue
        cells = line.split("\t")
        if cells == COLUMNS:
            continue
        if len(cells) != len(COLUMNS):
            sys.exit(f"firebaseauth-inventory: {path.name}:{number}: {len(cells)} columns, want {len(COLUMNS)}")
        rows.append(dict(zip(COLUMNS, cells), line=number))
    return header, rows


def save(header: list[str], rows: list[dict], path: Path = INVENTORY) -> None:
    text = "\n".join(header) + "\n" + "\t".join(COLUMNS) + "\n"
    text += "".join("\t".join(row[c] for c in COLUMNS) + "\n" for row in rows)
    path.write_text(text)


# What a client relies on in a class's inheritance: the superclass (an `NSObject` is compared,
# hashed, described and kept in sets and arrays as one) and the protocols a client calls through.
# NSSecureCoding (the keychain's archiving) and Sendable are not checked here.
_CLIENT_PROTOCOLS = ("NSCopying", "UserInfo", "FederatedAuthProvider")


def _kit_conformances(name: str, root: Path = KIT) -> set[str]:
    """What AuthctlKit's sources declare `extension Name: ...` for."""
    found: set[str] = set()
    for path in sorted(root.glob("*.swift")):
        for match in re.finditer(rf"^\s*(?:public\s+)?extension\s+{re.escape(name)}\s*:\s*([^{{]+)\{{", path.read_text(), re.M):
            found.update(p.strip().removeprefix("@unchecked").strip() for p in match.group(1).split(","))
    return found


def missing_inheritance(row: dict, named: list[str]) -> list[str]:
    """The SDK class's superclass and client-facing protocols that AuthctlKit's class lacks."""
    name = row["member"] or row["id"].rsplit(".", 1)[-1]
    sdk = re.search(rf"\bclass\s+{re.escape(name)}\s*:\s*(.+)$", row["signature"])
    if not sdk:
        return []
    wanted = [p.strip().removeprefix("@unchecked").strip() for p in sdk.group(1).split(",") if p.strip()]
    declared: set[str] = set()
    for decl in named:
        kit = re.search(rf"\bclass\s+{re.escape(name)}\s*:\s*([^{{]+)", decl)
        if kit:
            declared.update(p.strip().removeprefix("@unchecked").strip() for p in kit.group(1).split(","))
    declared |= _kit_conformances(name)
    problems = []
    if wanted and wanted[0] not in _CLIENT_PROTOCOLS and wanted[0] not in ("Sendable", "NSSecureCoding") \
            and wanted[0] not in declared:
        problems.append(f"the SDK's class inherits from {wanted[0]}, AuthctlKit's does not")
    problems += [f"the SDK's class conforms to {p}, AuthctlKit's does not"
                 for p in wanted[1:] if p in _CLIENT_PROTOCOLS and p not in declared]
    return problems


def problems_of(rows: list[dict], kit: tuple[dict, dict], update: bool) -> list[str]:
    by_key, by_name = kit
    aliases = dict(a.split("=", 1) for a in by_key.get("__aliases__", []))
    problems, seen = [], set()
    for row in rows:
        where = f"line {row['line']} ({row['id']})"
        if row["id"] in seen:
            problems.append(f"{where}: the id is used twice")
        seen.add(row["id"])
        if row["status"] not in STATUSES:
            problems.append(f"{where}: status {row['status']!r} is not one of {', '.join(STATUSES)}")
        if row["kind"] not in KINDS:
            problems.append(f"{where}: kind {row['kind']!r} is not one of {', '.join(KINDS)}")
        if row["status"] in ("differently", "not applicable") and not row["note"].strip():
            problems.append(f"{where}: a {row['status']} row says how or why in its note")
        if row["status"] == "not applicable" and re.search(r"\b(not yet|later|todo)\b", row["note"], re.I):
            problems.append(f"{where}: 'not yet' is not a reason for not applicable")
        if row["status"] not in ("implemented", "missing") and not update:
            continue
        s = row_shape(row, aliases)
        if s is None:
            problems.append(f"{where}: the signature cannot be read")
            continue
        exact = full_key(s) in by_key or (s["kind"] == "var" and f"{name_key(s)}:?{' static' if s['static'] else ''}" in by_key)
        named = by_name.get(name_key(s)) or by_name.get(s["name"] if s["kind"] in ("class", "struct", "enum", "protocol") else "")
        if s["kind"] in ("class", "struct", "enum", "protocol", "typealias"):
            exact = bool(named) and any(re.search(rf"\b{s['kind']}\s+{re.escape(s['name'])}\b", d) for d in named)
        if update and row["status"] in ("implemented", "missing"):
            if exact:
                row["status"] = "implemented"
            elif named:
                row["status"] = "differently"
                row["note"] = "AuthctlKit declares " + " | ".join(sorted(set(named)))[:400]
            else:
                row["status"] = "missing"
        if exact and s["kind"] == "case" and s.get("raw") is not None and f"raw {name_key(s)}={s['raw']}" not in by_key \
                and any(k.startswith(f"raw {name_key(s)}=") for k in by_key):
            problems.append(f"{where}: AuthctlKit's raw value is not the SDK's {s['raw']}")
        if row["status"] == "implemented" and not exact:
            problems.append(f"{where}: implemented, but AuthctlKit has " +
                            (" | ".join(sorted(set(named))) if named else "nothing of that name"))
        if row["status"] == "implemented" and exact and s["kind"] == "class":
            problems += [f"{where}: {missing}" for missing in missing_inheritance(row, named or [])]
        if row["status"] == "implemented" and exact and s["kind"] == "func" and "@discardableResult" in row["signature"]:
            # The SDK lets a caller drop the result (`try await Auth.auth().signIn(...)` as the
            # docs write it); an overload of the same labels and effects without the attribute
            # (a more specific parameter type wins) makes that line warn.
            is_async = "async" in s["effects"]
            for decl in sorted(set(named or [])):
                if "->" in decl and (re.search(r"\basync\b", decl) is not None) == is_async \
                        and "@discardableResult" not in decl:
                    problems.append(f"{where}: the SDK's result is discardable, but not in AuthctlKit's {decl}")
    return problems


def kit_extras(rows: list[dict]) -> list[str]:
    """AuthctlKit's public declarations that no row names: its own API beside FirebaseAuth's."""
    _, by_name = kit_api()
    covered = {name_key(s) for s in (row_shape(row, {}) for row in rows) if s}
    covered |= {row["id"].split("<")[0] for row in rows}
    return sorted(key for key in by_name if key and key not in covered and "(lhs:rhs:)" not in key)


def sdk_coverage(sdk: Path, rows: list[dict]) -> list[str]:
    """The SDK's public declarations under sdk that no row names (by owner, name and labels)."""
    covered = set()
    for row in rows:
        s = row_shape(row, {})
        if s:
            covered.add(name_key(s))
    missing = []
    for decl in public_declarations(sdk):
        s = shape(decl["decl"], decl["owner"])
        if s and name_key(s) not in covered:
            missing.append(f"{decl['file']}:{decl['line']}: {decl['decl']}")
    return missing


def main() -> int:
    arguments = sys.argv[1:]
    header, rows = load()
    if "--sdk" in arguments:
        gaps = sdk_coverage(Path(arguments[arguments.index("--sdk") + 1]), rows)
        print("\n".join(gaps) or "firebaseauth-inventory: every public declaration of the SDK has a row")
        return 1 if gaps else 0
    if "--extras" in arguments:
        print("\n".join(kit_extras(rows)))
        return 0
    update = "--update" in arguments
    problems = problems_of(rows, kit_api(), update)
    if update:
        save(header, rows)
    if "--missing" in arguments:
        families = defaultdict(list)
        for row in rows:
            if row["status"] == "missing":
                families[row["family"]].append(row["id"])
        for family, ids in families.items():
            print(f"{family} ({len(ids)}): {', '.join(ids)}")
    counts = Counter(row["status"] for row in rows)
    print(f"firebaseauth-inventory: {len(rows)} rows: " + ", ".join(f"{counts[s]} {s}" for s in STATUSES))
    for problem in problems:
        print(f"firebaseauth-inventory: {INVENTORY.name} {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
