"""Adds up the closing lines of the e2e passes (pytest's "N passed, M failed, K errors in ...") into
one plain line, `e2e: N passed, M failed`, so the last line of `make e2e-test` counts every pass.
Exits 1 when a test failed or a pass did not finish (its log has no closing line).

    python Tests/e2e/summarize_passes.py LOG...
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped)")


def main(paths: list[str]) -> int:
    totals = {"passed": 0, "failed": 0, "skipped": 0}
    for path in paths:
        lines = [line for line in Path(path).read_text(errors="replace").splitlines() if " in " in line and COUNT.search(line)]
        if not lines:
            totals["failed"] += 1  # a pass that printed no summary did not finish
            continue
        for number, kind in COUNT.findall(lines[-1]):
            totals["failed" if kind.startswith("error") else kind] += int(number)
    skipped = f", {totals['skipped']} skipped" if totals["skipped"] else ""
    print(f"e2e: {totals['passed']} passed, {totals['failed']} failed{skipped}")
    return 1 if totals["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
