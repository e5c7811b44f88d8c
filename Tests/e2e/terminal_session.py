"""authctl on a pseudo-terminal the test types into, and QR codes read back from what it drew.

- `TerminalSession`: stdin and stderr on a pty (so authctl sees a person at a terminal), stdout
  in a file (data only); the test waits for text and types lines, as a person would.
- `drawn_qr_codes(text)`: the half-block drawings (▀ ▄ █ and space, light modules drawn) found in
  terminal output, each rendered to a PNG (written here with zlib, scaled) and decoded by
  `zbarimg` (Debian's zbar-tools, installed by `make system-deps`).
"""

from __future__ import annotations

import os
import pty
import re
import select
import shlex
import shutil
import signal
import struct
import subprocess
import threading
import time
import zlib
from pathlib import Path

BLOCKS = set("▀▄█ ")


class TerminalSession:
    def __init__(self, cli, args: list[str], env: dict, columns: int | None = None):
        self.master, slave = pty.openpty()
        if columns is not None:  # the terminal's size, as a terminal emulator sets it (TIOCSWINSZ)
            import fcntl
            import struct
            import termios
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        self.stdout_path = cli.tmp / f"stdout-{time.monotonic_ns()}.txt"
        with open(self.stdout_path, "wb") as stdout:
            self.process = subprocess.Popen([str(cli.binary), "--home", str(cli.home), *args], stdin=slave,
                                            stdout=stdout, stderr=slave, env=env, cwd=cli.tmp, start_new_session=True)
        os.close(slave)
        self._output = b""
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if not ready:
                if self.process.poll() is not None:
                    return
                continue
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # EIO: the other side is closed
                return
            if not chunk:
                return
            with self._lock:
                self._output += chunk

    @property
    def output(self) -> str:
        """What authctl wrote on the terminal, with the pty's CR LF made LF."""
        with self._lock:
            return self._output.decode(errors="replace").replace("\r\n", "\n")

    @property
    def stdout(self) -> str:
        return self.stdout_path.read_text()

    def wait_for(self, pattern: re.Pattern, timeout: float = 20) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            match = pattern.search(self.output)
            if match:
                return match
            if self.process.poll() is not None:
                self._reader.join(timeout=5)
                match = pattern.search(self.output)
                if match:
                    return match
                break
            time.sleep(0.05)
        self.kill()
        raise AssertionError(f"{pattern.pattern!r} never appeared on the terminal\n{self.describe()}")

    def type_line(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\n")

    def finish(self, timeout: float = 30) -> int:
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"authctl did not finish within {timeout}s\n{self.describe()}") from None
        self._reader.join(timeout=5)
        return code

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=5)

    def close(self) -> None:
        self.kill()
        self._reader.join(timeout=5)
        os.close(self.master)

    def describe(self) -> str:
        return f"exit {self.process.poll()}\n--- terminal ---\n{self.output}\n--- stdout ---\n{self.stdout}"


def qr_blocks(text: str) -> list[list[str]]:
    """Each run of consecutive lines drawn only with ▀ ▄ █ and space (and at least one block)."""
    blocks, current = [], []
    for line in text.split("\n"):
        if line and set(line) <= BLOCKS and set(line) != {" "}:
            current.append(line)
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def render_png(lines: list[str], path: Path, scale: int = 6) -> None:
    """The drawing as a grayscale PNG: each character two pixels high, drawn halves white (the
    light modules, as a light-on-dark terminal shows them), the rest black; scaled up."""
    width = max(len(line) for line in lines)
    rows = []
    for line in lines:
        line = line.ljust(width)
        for half in ("▀", "▄"):
            pixels = bytes(255 if char == "█" or char == half else 0 for char in line)
            row = b"".join(bytes([value]) * scale for value in pixels)
            rows.extend([row] * scale)
    raw = b"".join(b"\x00" + row for row in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width * scale, len(rows), 8, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def decode_drawing(lines: list[str], directory: Path) -> str:
    """What zbarimg reads in the drawing (exactly, as bytes decoded UTF-8)."""
    zbarimg = shutil.which("zbarimg")
    assert zbarimg, "zbarimg is missing: run `make system-deps` (zbar-tools)"
    image = directory / f"qr-{time.monotonic_ns()}.png"
    render_png(lines, image)
    # QR codes only: with every symbology on, zbar now and then also reads a stripe of the drawing
    # as a linear barcode and appends its text (an extra "S" after a correct URL, seen once in 50).
    result = subprocess.run([zbarimg, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", "-Sbinary", str(image)],
                            capture_output=True, timeout=30)
    assert result.returncode == 0, f"zbarimg found no code in {image}: {result.stderr.decode(errors='replace')}"
    return result.stdout.decode()


class TmuxSession:
    """authctl in a tmux window of a given size, as a person at a terminal sees it (Decisions/0029).

    tmux (Debian's) emulates the screen: `screen()` is the visible pane only (`capture-pane`
    without -S, never the scrollback), so a QR code half scrolled away is what the test sees,
    as a phone would. stdin and stderr are the pane's terminal; stdout goes to a file (data only).
    The pane and its screen stay after authctl exits, until `close()`.
    """

    def __init__(self, cli, args: list[str], env: dict, columns: int, rows: int, then: str = "exec sleep 3600"):
        self.tmux = shutil.which("tmux")
        assert self.tmux, "tmux is missing: run `make system-deps`"
        self.cli = cli
        # A short socket path: the tests' temporary directories can pass the 108-byte limit of sun_path.
        self.socket = f"/tmp/authctl-e2e-tmux-{os.getpid()}-{time.monotonic_ns()}"
        self.stdout_path = cli.tmp / f"stdout-{time.monotonic_ns()}.txt"
        script = cli.tmp / f"run-{time.monotonic_ns()}.sh"
        exports = "".join(f"export {key}={shlex.quote(value)}\n" for key, value in env.items())
        unsets = "".join(f"unset {key}\n" for key in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER", "CI", "AUTHCTL_BROWSER")
                         if key not in env)
        command = " ".join(shlex.quote(part) for part in [str(cli.binary), "--home", str(cli.home), *args])
        self.status_path = cli.tmp / f"status-{time.monotonic_ns()}.txt"
        # The shell waits for authctl and keeps its exit status (tmux's own pane status proved
        # unreliable under load: a pane's process left unreaped); then it keeps the pane, and
        # the screen, until close() (`then`: another command on the same terminal, such as
        # `exec cat` to see whether the terminal echoes). Its trap lets Ctrl-C reach authctl alone,
        # with the default action.
        script.write_text(f"#!/bin/sh\n{unsets}{exports}cd {shlex.quote(str(cli.tmp))}\ntrap : INT TERM\n"
                          f"{command} > {shlex.quote(str(self.stdout_path))}\n"
                          f"echo $? > {shlex.quote(str(self.status_path))}\n{then}\n")
        script.chmod(0o755)
        self.started = time.monotonic()
        self._tmux("-f", "/dev/null", "new-session", "-d", "-x", str(columns), "-y", str(rows), "-s", "authctl", str(script))
        self.target = "authctl:0.0"

    def _tmux(self, *args: str) -> str:
        result = subprocess.run([self.tmux, "-u", "-S", self.socket, *args], capture_output=True, timeout=20,
                                env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
        return result.stdout.decode(errors="replace")

    def screen(self) -> str:
        """The visible pane, line by line (trailing blanks dropped by tmux)."""
        return self._tmux("capture-pane", "-p", "-t", self.target)

    def text(self) -> str:
        """Everything written so far, the scrollback too, with wrapped lines joined (to read a URL)."""
        return self._tmux("capture-pane", "-p", "-J", "-S", "-", "-t", self.target)

    def exit_status(self) -> int | None:
        text = self.status_path.read_text().strip() if self.status_path.exists() else ""
        return int(text) if text else None

    def wait_for(self, pattern: re.Pattern, timeout: float = 20, visible: bool = False) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            match = pattern.search(self.screen() if visible else self.text())
            if match:
                return match
            if self.exit_status() is not None:
                match = pattern.search(self.screen() if visible else self.text())
                if match:
                    return match
                break
            time.sleep(0.05)
        raise AssertionError(f"{pattern.pattern!r} never appeared on the screen\n{self.describe()}")

    def wait_for_exit(self, timeout: float = 30) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status = self.exit_status()
            if status is not None:
                return status
            time.sleep(0.05)
        raise AssertionError(f"authctl did not finish within {timeout}s\n{self.describe()}")

    def type_line(self, line: str) -> None:
        self._tmux("send-keys", "-t", self.target, "-l", line)
        self._tmux("send-keys", "-t", self.target, "Enter")

    def type_keys(self, text: str) -> None:
        """Types `text` without Enter."""
        self._tmux("send-keys", "-t", self.target, "-l", text)

    def interrupt(self) -> None:
        """Ctrl-C, typed: the terminal sends SIGINT to authctl."""
        self._tmux("send-keys", "-t", self.target, "C-c")

    @property
    def stdout(self) -> str:
        return self.stdout_path.read_text() if self.stdout_path.exists() else ""

    def close(self) -> None:
        self._tmux("kill-server")
        try:
            os.unlink(self.socket)
        except FileNotFoundError:
            pass

    def describe(self) -> str:
        return f"exit {self.exit_status()}\n--- screen ---\n{self.screen()}\n--- all ---\n{self.text()}\n--- stdout ---\n{self.stdout}"


def visible_codes_decode_to(screen: str, url: str, directory: Path) -> int:
    """Asserts that every QR code on the visible screen decodes to exactly `url` and that none is
    cut by the screen's top edge; returns how many there are."""
    drawings = qr_blocks(screen)
    for drawing in drawings:
        # Whole: the light quiet zone on top and at the bottom, not a code cut by the screen's edge.
        assert set(drawing[0]) == {"█"} and set(drawing[-1]) <= {"█", "▀"}, f"a code is cut\n{screen}"
        assert decode_drawing(drawing, directory) == url, f"a code on the screen is not the URL\n{screen}"
    return len(drawings)
