#!/usr/bin/env python3
"""Rewrite Tests/AuthCLITests/Help/HelpGolden.swift from a built authctl:

    python3 Tests/Tools/regenerate-help-golden.py .build/debug/authctl


Walks the "Commands:" sections of `authctl help [path]` depth first, in the order help lists them,
then `help` itself. Review the diff before committing: the golden texts pin what users read.
"""
import pathlib
import re
import subprocess
import sys

binary = sys.argv[1]
golden = pathlib.Path(__file__).resolve().parent.parent / "AuthCLITests" / "Help" / "HelpGolden.swift"


def help_text(path):
    return subprocess.run([binary, "help", *path], check=True, capture_output=True, text=True).stdout


def walk(path):
    text = help_text(path)
    yield path, text
    section = re.search(r"^Commands:\n((?:  .*\n)+)", text, re.M)
    if section:
        for line in section.group(1).splitlines():
            if line.startswith("   "):  # an abstract wrapped onto the next line
                continue
            name = line.split()[0]
            if name != "help":
                yield from walk(path + [name])


# Hidden commands are not listed under "Commands:" but have help (and a golden text) all the same.
HIDDEN = [["provider-ids"]]
entries = list(walk([])) + [(path, help_text(path)) for path in HIDDEN] + [(["help"], help_text(["help"]))]
header = golden.read_text().split("    static let texts")[0]
body = "".join(f'        "{" ".join(p)}": #"""\n{t.rstrip(chr(10))}\n"""#,\n' for p, t in entries)
golden.write_text(header + "    static let texts: [String: String] = [\n" + body + "    ]\n}\n")
print(f"{len(entries)} help texts written to {golden}")
