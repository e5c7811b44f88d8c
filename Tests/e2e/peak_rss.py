"""Runs a command and writes its peak RSS (KiB) and exit status to a file: `peak_rss.py OUT CMD...`.

A separate, small process on purpose: Linux counts the memory of the process that forked into a
child's peak RSS, so measuring from pytest (50+ MiB) would report pytest. This launcher is started
with `python -S` and forks while it is small; the command's own peak is above it.
"""

import json
import os
import sys


def main() -> int:
    output, command = sys.argv[1], sys.argv[2:]
    pid = os.fork()
    if pid == 0:
        try:
            os.execv(command[0], command)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    with open(output, "w") as file:
        json.dump({"peak_rss_kib": usage.ru_maxrss, "status": code}, file)
    return code if code >= 0 else 128 - code


if __name__ == "__main__":
    sys.exit(main())
