"""Keep a provider subprocess from outliving whoever started it."""

import os
import threading
import time


def exit_with_parent(on_orphaned, interval: float = 0.5) -> None:
    """Call `on_orphaned()` once our parent process is gone (we were re-parented).

    The providers run in their own session (so a terminal's Ctrl-C reaches only the harness,
    which stops them in order); if the harness dies without stopping them (SIGKILL, a CI
    timeout), this makes them stop by themselves instead of lingering on their ports.
    """
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(interval)
        on_orphaned()

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()
