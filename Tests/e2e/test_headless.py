"""Where no browser can be seen: over SSH, without a display, with only text browsers (Decision 0020).

authctl runs on a pseudo-terminal (a person at it) with a fake `w3m` and a fake `xdg-open` first
on PATH, scripts that only write a marker file. Done when: with SSH_CONNECTION set and no
display, `signin` starts no process and accepts the paste; the person pastes the redirect that
browser.py (the harness's scripted browser) stops at. `--browser` still wins over the rules.
"""

from __future__ import annotations

import re
import time

import pytest

from e2e_helpers import E2E, OK, PROVIDER_NAME
from terminal_session import TerminalSession, decode_drawing, qr_blocks
from test_no_browser import run_browser

URL_LINE = re.compile(r"^  (https?://\S+)$", re.MULTILINE)
PASTE_PROMPT = re.compile(r"paste the address your browser was sent to")


def _fake_browsers(cli, names=("w3m", "xdg-open")):
    """A directory of scripts that record that they ran, and the marker they write."""
    bin_dir = cli.tmp / "fake-browsers"
    bin_dir.mkdir(exist_ok=True)
    marker = cli.tmp / "a-browser-ran"
    for name in names:
        script = bin_dir / name
        script.write_text(f"#!/bin/sh\necho \"$0 $*\" >> '{marker}'\n")
        script.chmod(0o755)
    return bin_dir, marker


def _env(cli, bin_dir, only_fakes: bool, **extra) -> dict:
    env = {key: value for key, value in cli.env.items() if key not in ("CI", "DISPLAY", "WAYLAND_DISPLAY", "BROWSER")}
    env["PATH"] = str(bin_dir) if only_fakes else f"{bin_dir}:{cli.env.get('PATH', '/usr/bin:/bin')}"
    env["TERM"] = "dumb"
    env.update(extra)
    return env


MACHINES = {
    # The done-when line: SSH without a display; xdg-open is there and must not run.
    "ssh": ({"SSH_CONNECTION": "10.0.0.1 50022 10.0.0.2 22"}, False, "this is an SSH session (SSH_CONNECTION is set)"),
    "no display": ({}, False, "there is no display"),
    # A display, but only w3m on PATH (no xdg-open at all).
    "only w3m": ({"DISPLAY": ":0"}, True, "the only browsers installed are text browsers (w3m)"),
}


@pytest.mark.mock
@pytest.mark.parametrize("machine", list(MACHINES))
def test_no_browser_runs_and_the_paste_signs_in(cli, mock_idp, tmp_path, machine):
    extra, only_fakes, reason = MACHINES[machine]
    cli.add_provider(mock_idp)
    bin_dir, marker = _fake_browsers(cli, ("w3m",) if only_fakes else ("w3m", "xdg-open"))
    session = TerminalSession(cli, ["signin", "--provider", PROVIDER_NAME, "--timeout", "60", "--json"],
                              _env(cli, bin_dir, only_fakes, **extra))
    try:
        url = session.wait_for(URL_LINE).group(1)
        session.wait_for(PASTE_PROMPT)
        assert f"No browser is opened: {reason}" in session.output, session.describe()
        session.type_line(run_browser(cli, url))
        assert session.finish() == OK, session.describe()
        assert '"email"' in session.stdout and '"schema"' in session.stdout, session.describe()
        assert cli.run("whoami", "--check").returncode == OK
        time.sleep(0.5)  # a browser would have been spawned in the background by now
        assert not marker.exists(), f"a browser was started: {marker.read_text()}"
        # --json is on: the URL is not drawn, only printed.
        assert qr_blocks(session.output) == []
    finally:
        session.close()


@pytest.mark.mock
def test_verbose_says_which_rule_chose(cli, mock_idp):
    cli.add_provider(mock_idp)
    bin_dir, marker = _fake_browsers(cli)
    env = _env(cli, bin_dir, False, SSH_TTY="/dev/pts/7")
    session = TerminalSession(cli, ["--verbose", "signin", "--provider", PROVIDER_NAME, "--timeout", "60"], env)
    try:
        url = session.wait_for(URL_LINE).group(1)
        session.wait_for(PASTE_PROMPT)
        assert "authctl: browser: none: this is an SSH session (SSH_TTY is set)" in session.output, session.describe()
        session.type_line(run_browser(cli, url))
        assert session.finish() == OK, session.describe()
        assert not marker.exists()
    finally:
        session.close()


@pytest.mark.mock
def test_the_paste_urls_drawing_decodes_when_it_fits(cli, mock_idp, tmp_path):
    """Without --json, on a terminal, the paste flow's URL is drawn, or said not to fit the window."""
    cli.add_provider(mock_idp)
    bin_dir, marker = _fake_browsers(cli)
    session = TerminalSession(cli, ["signin", "--provider", PROVIDER_NAME, "--timeout", "60"],
                              _env(cli, bin_dir, False, SSH_CONNECTION="10.0.0.1 50022 10.0.0.2 22"))
    try:
        url = session.wait_for(URL_LINE).group(1)
        session.wait_for(PASTE_PROMPT)
        drawings = qr_blocks(session.output)
        if drawings:
            assert len(drawings) == 1 and decode_drawing(drawings[0], tmp_path) == url, session.describe()
        else:
            # A terminal that does not say its size is taken as 80x24 (Decisions/0029).
            assert "(No QR code: this URL's code is" in session.output and "80×24 window" in session.output
        session.type_line(run_browser(cli, url))
        assert session.finish() == OK, session.describe()
        assert not marker.exists()
    finally:
        session.close()


@pytest.mark.mock
def test_an_explicit_browser_still_wins_over_ssh(cli, mock_idp):
    """--browser is a decision: it runs even over SSH with no display (browser.py signs in)."""
    cli.add_provider(mock_idp)
    bin_dir, marker = _fake_browsers(cli)
    env = _env(cli, bin_dir, False, SSH_CONNECTION="10.0.0.1 50022 10.0.0.2 22")
    browser = f"{cli.python} {E2E / 'browser.py'} --log {cli.browser_log}"
    session = TerminalSession(cli, ["signin", "--provider", PROVIDER_NAME, "--timeout", "60", "--browser", browser], env)
    try:
        assert session.finish(timeout=60) == OK, session.describe()
        assert "No browser is opened" not in session.output
        assert not marker.exists()
    finally:
        session.close()
