"""The URL for another device, drawn as a QR code on a terminal (Decision 0020).

The device flow against the GitHub fake, told to send a `verification_uri_complete` of 20 to 400
bytes; authctl runs on a pseudo-terminal of 40 rows; the test renders each half-block drawing it
finds to a PNG and decodes it with zbarimg. Done when: every printed QR code decodes to the exact
URL and fits the terminal's width; a code that would not fit the window with the text under it is
said, not drawn (Decisions/0029: the smallest version at level L; what fits is tested on a real
screen in test_terminal_wait.py).
"""

from __future__ import annotations

import re
import subprocess
import threading
import time

import pytest

from e2e_helpers import OK
from fakes import GITHUB_ID, add_github, github_fake  # noqa: F401 (fixture)
from terminal_session import TerminalSession, decode_drawing, qr_blocks

USER_CODE = re.compile(r"enter the code ([A-Z0-9]{4}-[A-Z0-9]{4})")
WAITING = re.compile(r"Waiting for the code|No QR code")


def _terminal_env(cli) -> dict:
    return {key: value for key, value in {**cli.env, "TERM": "dumb"}.items() if key != "CI"}


def _url_of_length(length: int) -> str:
    """An https URL of exactly `length` bytes, with the user code in it when there is room."""
    head = "https://qr.example/d?code={user_code}&p=" if length >= 60 else "https://qr.example/"
    return head + "x" * (length - len(head.replace("{user_code}", "ABCD-EFGH")))


# 20 bytes, then the byte capacity at level L of versions 2 to 6 (ISO/IEC 18004 Table 7), then
# longer URLs, up to one whose code (version 13, 77x39) cannot fit 40 rows with the text under it.
CAPACITIES = [32, 53, 78, 106, 134]
ALWAYS_DRAWN = 134
NEVER_DRAWN = 400


@pytest.mark.parametrize("length,columns", [(20, 80), *[(c, 80) for c in CAPACITIES], (200, 80), (NEVER_DRAWN, 80),
                                            (200, 100), (NEVER_DRAWN, 100)])
def test_every_drawn_code_decodes_to_the_exact_url(cli, github_fake, tmp_path, length, columns):
    github_fake.configure(device_interval=1, verification_uri_complete=_url_of_length(length))
    add_github(cli, github_fake)
    session = TerminalSession(cli, ["signin", "--provider", GITHUB_ID, "--device", "--timeout", "60"], _terminal_env(cli),
                              columns=columns)
    try:
        user_code = session.wait_for(USER_CODE).group(1)
        session.wait_for(WAITING)
        expected = _url_of_length(length).replace("{user_code}", user_code)
        assert len(expected.encode()) == length
        assert f"(or open {expected})" in session.output, session.describe()
        github_fake.control("device/approve", {"user_code": user_code, "user": "alice"})
        assert session.finish() == OK, session.describe()
        drawings = qr_blocks(session.output)
        if length <= ALWAYS_DRAWN:
            assert len(drawings) == 1, session.describe()
        if length >= NEVER_DRAWN:
            assert drawings == [], session.describe()
        if drawings:
            assert len(drawings) == 1 and max(len(line) for line in drawings[0]) <= columns
            assert decode_drawing(drawings[0], tmp_path) == expected
        else:
            assert "(No QR code: this URL's code is" in session.output, session.describe()
        assert session.stdout == "", "stdout carries data only"
    finally:
        session.close()


def test_without_verification_uri_complete_the_plain_uri_is_drawn(cli, github_fake, tmp_path):
    github_fake.configure(device_interval=1)
    add_github(cli, github_fake)
    session = TerminalSession(cli, ["signin", "--provider", GITHUB_ID, "--device", "--timeout", "60"], _terminal_env(cli))
    try:
        user_code = session.wait_for(USER_CODE).group(1)
        session.wait_for(WAITING)
        github_fake.control("device/approve", {"user_code": user_code, "user": "alice"})
        assert session.finish() == OK, session.describe()
        drawings = qr_blocks(session.output)
        assert len(drawings) == 1, session.describe()
        assert decode_drawing(drawings[0], tmp_path) == f"{github_fake.base}/login/device"
    finally:
        session.close()


@pytest.mark.parametrize("flag", ["--no-qr", None])
def test_no_qr_and_no_terminal_draw_nothing(cli, github_fake, flag):
    """--no-qr on a terminal; and without a terminal (a pipe), nothing by default."""
    github_fake.configure(device_interval=1, verification_uri_complete=_url_of_length(100))
    add_github(cli, github_fake)
    args = ["signin", "--provider", GITHUB_ID, "--device", "--timeout", "60"]
    if flag:
        session = TerminalSession(cli, args + [flag], _terminal_env(cli))
        try:
            user_code = session.wait_for(USER_CODE).group(1)
            github_fake.control("device/approve", {"user_code": user_code, "user": "alice"})
            assert session.finish() == OK, session.describe()
            output = session.output
        finally:
            session.close()
    else:
        process = subprocess.Popen([str(cli.binary), "--home", str(cli.home), *args], stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_terminal_env(cli), cwd=cli.tmp)
        chunks: list[bytes] = []
        reader = threading.Thread(target=lambda: chunks.extend(iter(lambda: process.stderr.read(1), b"")), daemon=True)
        reader.start()
        try:
            seen = ""
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline and not USER_CODE.search(seen):
                time.sleep(0.05)
                seen = b"".join(chunks).decode(errors="replace")
            user_code = USER_CODE.search(seen).group(1)
            github_fake.control("device/approve", {"user_code": user_code, "user": "alice"})
            assert process.wait(timeout=30) == OK
        finally:
            if process.poll() is None:
                process.kill()
        reader.join(timeout=5)
        output = b"".join(chunks).decode(errors="replace")
    assert "https://qr.example/" in output
    assert qr_blocks(output) == [] and "█" not in output, output
