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
