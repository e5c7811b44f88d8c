"""A real freedesktop Secret Service for the keyring tests: Debian's gnome-keyring-daemon on a
private session bus started with dbus-run-session, its login keyring unlocked with a test password.

The bus has no service directories, so nothing is activated behind the tests' backs: a daemon the
test kills stays gone, as on a desktop whose keyring crashed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

PASSWORD = b"authctl-test-password"
SERVICE = "org.freedesktop.secrets"

BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def missing() -> str | None:
    """What is not installed (make system-deps installs it), or None."""
    for tool in ("dbus-run-session", "gnome-keyring-daemon", "dbus-send"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (make system-deps)"
    if not any(Path(d, "libsecret-1.so.0").exists() for d in ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib")):
        return "libsecret-1.so.0 is not installed (make system-deps)"
    return None


class SecretService:
    """dbus-run-session holding a private bus, and gnome-keyring-daemon on it."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.home = directory / "keyring-home"  # the daemon keeps its keyrings in ~/.local/share/keyrings
        # The daemon's sockets live here, and a UNIX socket path holds at most 107 bytes: pytest's
        # per-test directories (deeper still under xdist workers) are too long, so a short one.
        self.runtime = Path(tempfile.mkdtemp(prefix="authctl-ks-"))
        for path in (self.home, self.runtime):
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
        config = directory / "session.conf"
        config.write_text(BUS_CONFIG)
        self.bus = subprocess.Popen(
            ["dbus-run-session", f"--config-file={config}", "--", "sh", "-c", 'echo "$DBUS_SESSION_BUS_ADDRESS"; exec cat'],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.address = self.bus.stdout.readline().decode().strip()
        assert self.address.startswith("unix:"), f"dbus-run-session gave no address: {self.address!r}"
        self.daemon: subprocess.Popen | None = None
        self.start_daemon()

    @property
    def env(self) -> dict:
        """What authctl needs to reach this service."""
        return {"DBUS_SESSION_BUS_ADDRESS": self.address, "XDG_RUNTIME_DIR": str(self.runtime)}

    def start_daemon(self) -> None:
        # A daemon killed with SIGKILL leaves its control socket behind, and a new one started on a
        # loaded machine can find it still bound ("Address already in use"): nothing else of ours
        # runs here, so the stale socket goes first.
        (self.runtime / "keyring" / "control").unlink(missing_ok=True)
        env = {**os.environ, **self.env, "HOME": str(self.home)}
        env.pop("DISPLAY", None)
        self.daemon = subprocess.Popen(
            ["gnome-keyring-daemon", "--unlock", "--components=secrets", "--foreground"],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=open(self.directory / "daemon.log", "ab"), env=env)
        self.daemon.stdin.write(PASSWORD)
        self.daemon.stdin.close()
        deadline = time.monotonic() + 20
        while not self.has_owner():
            assert self.daemon.poll() is None, f"gnome-keyring-daemon ended: {(self.directory / 'daemon.log').read_text()}"
            assert time.monotonic() < deadline, "gnome-keyring-daemon did not take org.freedesktop.secrets"
            time.sleep(0.05)

    def kill_daemon(self) -> None:
        if self.daemon is not None and self.daemon.poll() is None:
            self.daemon.kill()
            self.daemon.wait(timeout=10)
        deadline = time.monotonic() + 10
        while self.has_owner() and time.monotonic() < deadline:
            time.sleep(0.05)

    def send(self, *arguments: str, destination: str = SERVICE) -> str:
        result = subprocess.run(["dbus-send", "--session", "--print-reply", f"--dest={destination}", *arguments],
                                env={**os.environ, **self.env}, capture_output=True, text=True, timeout=20)
        assert result.returncode == 0, f"dbus-send {arguments}: {result.stderr}"
        return result.stdout

    def has_owner(self) -> bool:
        reply = self.send("/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", f"string:{SERVICE}",
                          destination="org.freedesktop.DBus")
        return "boolean true" in reply

    def items(self, authctl_home: Path) -> list[str]:
        """The object paths of the items authctl keeps for `authctl_home` (unlocked and locked)."""
        reply = self.send("/org/freedesktop/secrets", "org.freedesktop.Secret.Service.SearchItems",
                          f"dict:string:string:authctl-home,{authctl_home}")
        return [line.split('"')[1] for line in reply.splitlines() if "object path" in line]

    def label(self, item: str) -> str:
        """An item's label, as Seahorse shows it."""
        reply = self.send(item, "org.freedesktop.DBus.Properties.Get", "string:org.freedesktop.Secret.Item", "string:Label")
        return reply.split('"')[1]

    def attributes(self, item: str) -> dict[str, str]:
        """An item's attributes (readable while its collection is locked)."""
        reply = self.send(item, "org.freedesktop.DBus.Properties.Get", "string:org.freedesktop.Secret.Item", "string:Attributes")
        strings = [line.split('"')[1] for line in reply.splitlines() if line.strip().startswith('string "')]
        return dict(zip(strings[0::2], strings[1::2]))

    def lock_all(self) -> None:
        self.send("/org/freedesktop/secrets", "org.freedesktop.Secret.Service.Lock",
                  "array:objpath:/org/freedesktop/secrets/collection/login")

    def stop(self) -> None:
        self.kill_daemon()
        if self.bus.poll() is None:
            self.bus.stdin.close()
            try:
                self.bus.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.bus.kill()
        shutil.rmtree(self.runtime, ignore_errors=True)
