#!/usr/bin/env python3
"""AuthctlKit's public API as sorted text lines, compared with the committed baseline.

    python3 Tests/Tools/authctlkit-api.py [--update] [MODULES_DIR]

Dumps the module with `swift api-digester -dump-sdk` (from the debug build's Modules directory,
default .build/debug/Modules; build the AuthctlKit target first), reduces the dump to one line per
public declaration (its kind, qualified name, types, async/throws/static, conformances, raw
values), and compares that with Tests/LibraryExample/AuthctlKit.api. A difference is printed as a
unified diff and exits 1: a change to the public API is a visible diff in review, and says which
part of the version must go up (Docs/Library.md, "Versioning"). --update rewrites the baseline.
"""

from __future__ import annotations

import difflib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BASELINE = REPO / "Tests" / "LibraryExample" / "AuthctlKit.api"
MODULE = "AuthctlKit"
SKIPPED_ATTRIBUTES = {"HasStorage", "HasInitialValue", "Final", "AccessControl", "SetterAccess", "Transparent"}


def dump(modules: Path) -> dict:
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "api.json"
        command = ["swift", "api-digester", "-dump-sdk", "-module", MODULE, "-I", str(modules),
                   # The C targets' module maps, which the live effects' modules need to load.
                   *[arg for target in ("CDynamicLibrary", "CCurl", "CSecret", "CSignals") for arg in ("-I", str(modules.parent / f"{target}.build"))],
                   "-o", str(out),
                   "-abort-on-module-fail"]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0 or not out.exists():
            sys.exit(f"authctlkit-api: api-digester failed ({done.returncode}):\n{done.stderr}")
        return json.loads(out.read_text())


def type_text(node: dict) -> str:
    return node.get("printedName", "?") + ("=default" if node.get("hasDefaultArg") else "")


def flags(node: dict) -> list[str]:
    found = ["static"] if node.get("static") else []
    found += ["throws"] if node.get("throwing") else []
    found += ["async"] if "Ya" in node.get("mangledName", "")[-8:] else []
    found += ["let"] if node.get("isLet") else []
    found += sorted(set(node.get("declAttributes", [])) - SKIPPED_ATTRIBUTES)
    return found


def describe(node: dict, owner: str) -> str | None:
    kind, name = node.get("declKind"), node.get("printedName", "")
    children = node.get("children", [])
    if kind in (None, "Import") or node.get("implicit"):
        return None
    qualified = f"{owner}.{name}" if owner else name
    if kind in ("Func", "Constructor"):
        types = [type_text(child) for child in children if child.get("kind", "").startswith("Type")]
        signature = f"({', '.join(types[1:])}) -> {types[0]}" if types else ""
        return " ".join([kind.lower(), qualified + signature, *flags(node)]).strip()
    if kind in ("Var", "EnumElement"):
        types = [type_text(child) for child in children if child.get("kind", "").startswith("Type")]
        setter = " { get set }" if any(a.get("accessorKind") == "Set" for a in node.get("accessors", [])) else ""
        return " ".join([kind.lower(), f"{qualified}: {', '.join(types)}{setter}", *flags(node)]).strip()
    conformances = sorted(c["printedName"] for c in node.get("conformances", []) if c["printedName"] not in ("Copyable", "Escapable"))
    raw = f" raw {node['enumRawTypeName']}" if node.get("enumRawTypeName") else ""
    return f"{kind.lower()} {qualified}{raw}" + (f": {', '.join(conformances)}" if conformances else "")


def lines(node: dict, owner: str = "") -> list[str]:
    found = []
    for child in node.get("children", []):
        line = describe(child, owner)
        if line is None:
            continue
        found.append(line)
        if child.get("kind") == "TypeDecl":
            found += lines(child, f"{owner}.{child['printedName']}" if owner else child["printedName"])
    return found


def main() -> int:
    arguments = [a for a in sys.argv[1:] if a != "--update"]
    modules = Path(arguments[0]) if arguments else REPO / ".build" / "debug" / "Modules"
    # Linux's URL and Date live in FoundationEssentials, macOS's in Foundation: one baseline for both.
    current = sorted({line.replace("FoundationEssentials.", "Foundation.") for line in lines(dump(modules)["ABIRoot"])})
    text = "\n".join(current) + "\n"
    if "--update" in sys.argv:
        BASELINE.write_text(text)
        print(f"authctlkit-api: wrote {BASELINE.relative_to(REPO)} ({len(current)} declarations)")
        return 0
    baseline = BASELINE.read_text() if BASELINE.exists() else ""
    if baseline == text:
        print(f"authctlkit-api: the public API matches {BASELINE.relative_to(REPO)} ({len(current)} declarations)")
        return 0
    sys.stdout.writelines(difflib.unified_diff(baseline.splitlines(True), text.splitlines(True), "baseline", "current"))
    print("authctlkit-api: the public API changed; if on purpose, run with --update, commit the baseline and "
          "say in the change which part of the version goes up (Docs/Library.md)", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
