"""`make hot-path-order`: writes the symbol ordering file the release link uses (Decision 0017).

The release binary is 10 MB of code; `authctl token` runs about 300 KB of it and writes about 160
KB of its data, scattered over the whole image, and on a small VM every page it touches first is a
page fault (each ~3 us). lld's --symbol-ordering-file puts the named functions first in .text and
the named data first in theirs, so the hot path touches a few dozen pages instead of a few hundred.

This script signs a fresh home in against oidc-provider-mock (as `make bench` does), then runs the
hot-path commands under valgrind: callgrind names every function the binary executes, lackey every
address it reads or writes (mapped to data symbols with nm). Functions come first, then data, each
in the order first touched. The file only orders the layout: a stale or missing name changes where
code lands, never what it does; `Tests/release/check-order.sh` says when it has gone stale.

    python Tests/release/hot-path-order.py .build/release/authctl Tests/release/hot-path.order
"""

import bisect
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "e2e"))

import bench  # noqa: E402

#: The commands whose start-up the order serves: the hot path of Decision 0017.
HOT_COMMANDS = [["token"], ["whoami"], ["whoami", "--check"], ["status"], ["status", "--check"], ["token", "--json"]]
#: nm's letters for symbols in writable or read-only data and zero-filled storage.
DATA_SYMBOL_TYPES = set("bBdDrRvV")


def executed_functions(binary: str, home: Path, command: list[str]) -> list[str]:
    """The binary's own functions `command` executes, in the order callgrind first names them."""
    out = home.parent / "callgrind.out"
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no", "--compress-pos=no",
                    f"--callgrind-out-file={out}", binary, "--home", str(home), *command],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    names, current_object = [], None
    for line in out.read_text().splitlines():
        if line.startswith("ob="):
            current_object = line[3:].strip()
        elif line.startswith("fn=") and current_object == binary:
            name = line[3:].strip()
            # callgrind's own labels: recursion levels ('2), unnamed code (0x...), "(below main)".
            if "'" not in name and not name.startswith(("0x", "(")):
                names.append(name)
    return names


def touched_data(binary: str, home: Path, command: list[str], symbols: list[tuple[int, int, str]]) -> list[str]:
    """The binary's data symbols `command` reads or writes, in the order first touched."""
    starts = [start for start, _, _ in symbols]
    log = home.parent / "lackey.log"
    subprocess.run(["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={log}", binary, "--home", str(home),
                    *command], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    names, seen = [], set()
    access = re.compile(r"^ [LSM] ([0-9a-f]+),")
    with open(log) as lines:
        for line in lines:
            match = access.match(line)
            if not match:
                continue
            address = int(match.group(1), 16)
            index = bisect.bisect_right(starts, address) - 1
            if index >= 0:
                start, size, name = symbols[index]
                if address < start + size and name not in seen:
                    seen.add(name)
                    names.append(name)
    return names


def data_symbols(binary: str) -> list[tuple[int, int, str]]:
    """(address, size, name) of every sized data symbol, sorted by address."""
    listing = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    symbols = []
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in DATA_SYMBOL_TYPES and int(fields[1], 16) > 0:
            symbols.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    return sorted(symbols)


def main() -> None:
    release, order_file = sys.argv[1], Path(sys.argv[2])
    scratch = Path(tempfile.mkdtemp(prefix="authctl-order-"))
    try:
        home = scratch / "home"
        # valgrind cannot read the toolchain's split debug information; the symbol table is enough.
        binary = str(scratch / "authctl")
        subprocess.run(["strip", "--strip-debug", "-o", binary, release], check=True)
        bench.sign_in(binary, home)
        symbols = data_symbols(binary)
        functions, data = [], []
        for command in HOT_COMMANDS:
            functions += executed_functions(binary, home, command)
            data += touched_data(binary, home, command, symbols)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    header = ["# The release link's symbol ordering (lld --symbol-ordering-file): what `authctl "
              + "` / `authctl ".join(" ".join(c) for c in HOT_COMMANDS) + "` touch,",
              "# functions then data, in the order first touched. Generated by `make hot-path-order`",
              "# (Tests/release/hot-path-order.py); Docs/Decisions/0017 says why."]
    names = list(dict.fromkeys(functions + data))
    order_file.write_text("\n".join(header + names) + "\n")
    print(f"hot-path-order: {len(dict.fromkeys(functions))} functions, {len(dict.fromkeys(data))} data symbols -> {order_file}")


if __name__ == "__main__":
    main()
