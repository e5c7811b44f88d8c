"""A person at a terminal over SSH, without a display, signing in (issue 27, Decisions/0029).

authctl runs in a tmux window of 80x24 or 100x40 with SSH_CONNECTION set and DISPLAY unset; the
test reads the visible screen (never the scrollback) and types, as a person would. Done when:
- the deadline ends the paste prompt (exit 5, within a couple of seconds of --timeout), Ctrl-C
  ends it (exit 4), and a redirect reaching the listener (as through `ssh -L`) completes the
  sign-in while the prompt waits; nothing is stored by the first two (finding 1);
- `BROWSER` from dotfiles is not run over SSH, and a browser command that fails falls back to the
  paste prompt and the QR code, its stderr never on the screen (finding 7);
- every QR code on the visible screen decodes with zbarimg to the exact URL, the URL and the
  reason stay visible under it, and a code that would not fit is not drawn: the screen says how
  to get one (finding 8);
- the timeout says what happened and the fix that fits it, not "register the redirect URI" to
  someone who was asked to paste (finding 9).
"""

from __future__ import annotations

import re
import time

import pytest

from e2e_helpers import OK, PROVIDER_NAME
from fakes import GITHUB_ID, add_github, github_fake  # noqa: F401 (fixture)
from terminal_session import TmuxSession, qr_blocks, visible_codes_decode_to
from test_no_browser import run_browser

EXIT_NOT_SIGNED_IN, EXIT_CANCELLED, EXIT_TIMED_OUT = 3, 4, 5
URL_LINE = re.compile(r"^  (https?://\S+)$", re.MULTILINE)
PASTE_PROMPT = re.compile(r"paste the address your browser was sent to")
WINDOWS = [pytest.param((80, 24), id="80x24"), pytest.param((100, 40), id="100x40")]
SSH = {"SSH_CONNECTION": "10.0.0.1 50022 10.0.0.2 22"}


def _env(cli, **extra) -> dict:
    env = {key: value for key, value in cli.env.items() if key not in ("CI", "DISPLAY", "WAYLAND_DISPLAY", "BROWSER", "TMUX")}
    env.update(SSH)
    env.update(extra)
    return env


def _fake_browser(cli, name: str, status: int) -> tuple[str, object]:
    """A browser command that records that it ran, complains on stderr and exits with `status`."""
    marker = cli.tmp / f"{name}-ran"
    script = cli.tmp / name
    script.write_text(f"#!/bin/sh\necho ran >> '{marker}'\necho 'GARBAGE-FROM-THE-BROWSER: cannot open display' >&2\nexit {status}\n")
    script.chmod(0o755)
    return str(script), marker


def _start(cli, mock_idp, window, *flags, env=None, timeout="60") -> TmuxSession:
    cli.add_provider(mock_idp)
    columns, rows = window
    return TmuxSession(cli, ["signin", "--provider", PROVIDER_NAME, "--timeout", timeout, *flags], env or _env(cli), columns, rows)


def _not_signed_in(cli) -> None:
    assert cli.run("whoami", "--check").returncode == EXIT_NOT_SIGNED_IN, "something was stored"


# --- finding 1: one wait ------------------------------------------------------------------------


@pytest.mark.mock
@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("flags", [[], ["--paste"], ["--no-browser"]], ids=["plain", "paste", "no-browser"])
def test_the_deadline_ends_the_paste_prompt(cli, mock_idp, window, flags):
    session = _start(cli, mock_idp, window, *flags, timeout="4")
    try:
        session.wait_for(PASTE_PROMPT, visible=True)
        prompted = time.monotonic()
        status = session.wait_for_exit(timeout=30)
        elapsed = time.monotonic() - prompted
        assert status == EXIT_TIMED_OUT, session.describe()
        # --timeout 4 bounds the whole sign-in, so the prompt has less; 3 s of slack for a loaded
        # machine. Before the one wait it waited for Enter, however long.
        assert elapsed < 4 + 3, f"exit {elapsed:.1f}s after the prompt\n{session.describe()}"
        screen = session.text()
        assert "nothing was pasted" in screen and "paste the whole address" in screen, session.describe()
        assert "register http" not in screen, "the redirect-URI advice is for a browser on this machine"
        assert session.stdout == ""
    finally:
        session.close()
    _not_signed_in(cli)


@pytest.mark.mock
@pytest.mark.parametrize("window", WINDOWS)
def test_ctrl_c_ends_the_paste_prompt(cli, mock_idp, window):
    session = _start(cli, mock_idp, window)
    try:
        session.wait_for(PASTE_PROMPT, visible=True)
        typed = time.monotonic()
        session.interrupt()
        assert session.wait_for_exit(timeout=20) == EXIT_CANCELLED, session.describe()
        assert time.monotonic() - typed < 5, session.describe()
        assert "cancelled" in session.screen(), session.describe()
    finally:
        session.close()
    _not_signed_in(cli)


@pytest.mark.mock
@pytest.mark.parametrize("window", WINDOWS)
def test_a_redirect_to_the_listener_completes_while_the_prompt_waits(cli, mock_idp, window):
    """As through `ssh -L PORT:127.0.0.1:PORT`: the browser elsewhere reaches the listener."""
    session = _start(cli, mock_idp, window)
    try:
        url = session.wait_for(URL_LINE).group(1)
        session.wait_for(PASTE_PROMPT, visible=True)
        callback = run_browser(cli, url)
        import urllib.request
        with urllib.request.urlopen(callback, timeout=30) as page:  # what the browser would have loaded
            assert b"Signed in" in page.read()
        assert session.wait_for_exit(timeout=30) == OK, session.describe()
        assert "Signed in as" in session.screen(), session.describe()
    finally:
        session.close()
    assert cli.run("whoami", "--check").returncode == OK


# --- finding 7: the browser -----------------------------------------------------------------------


@pytest.mark.mock
@pytest.mark.parametrize("window", WINDOWS)
def test_browser_from_dotfiles_is_not_run_over_ssh(cli, mock_idp, window, tmp_path):
    browser, marker = _fake_browser(cli, "firefox", 1)
    session = _start(cli, mock_idp, window, env=_env(cli, BROWSER=browser))
    try:
        url = session.wait_for(URL_LINE).group(1)
        session.wait_for(PASTE_PROMPT, visible=True)
        assert "No browser is opened: this is an SSH session" in session.screen(), session.describe()
        visible_codes_decode_to(session.screen(), url, tmp_path)
        session.type_line(run_browser(cli, url))
        assert session.wait_for_exit() == OK, session.describe()
    finally:
        session.close()
    assert not marker.exists(), "BROWSER ran over SSH without a display"


@pytest.mark.mock
@pytest.mark.parametrize("window", [pytest.param((100, 60), id="100x60"), *WINDOWS])
def test_a_failing_browser_falls_back_to_the_paste_and_the_qr_code(cli, mock_idp, window, tmp_path):
    """AUTHCTL_BROWSER wins over SSH; when it exits with a failure, the paste prompt and the QR
    code come instead of a wait for a redirect that cannot come, and its stderr is not shown."""
    browser, marker = _fake_browser(cli, "sensible-browser", 2)
    session = _start(cli, mock_idp, window, env=_env(cli, AUTHCTL_BROWSER=browser))
    try:
        url = session.wait_for(URL_LINE).group(1)
        session.wait_for(PASTE_PROMPT, visible=True)
        screen = session.screen()
        assert "The browser did not open (" in screen and "exited with status 2)" in screen, session.describe()
        assert "GARBAGE-FROM-THE-BROWSER" not in session.text(), "the browser's stderr reached the terminal"
        drawn = visible_codes_decode_to(screen, url, tmp_path)
        assert drawn == (1 if window in ((100, 60), (120, 50)) else 0), session.describe()
        if not drawn:
            assert "(No QR code: this URL's code is" in screen, session.describe()
        session.type_line(run_browser(cli, url))
        assert session.wait_for_exit() == OK, session.describe()
    finally:
        session.close()
    assert marker.exists()


# --- finding 8: a code that fits or is not drawn ---------------------------------------------------


@pytest.mark.mock
@pytest.mark.parametrize("window", [*WINDOWS, pytest.param((100, 60), id="100x60"), pytest.param((120, 50), id="120x50")])
def test_the_local_flows_code_fits_the_screen_with_the_url_or_is_not_drawn(cli, mock_idp, window, tmp_path):
    session = _start(cli, mock_idp, window)
    try:
        url = session.wait_for(URL_LINE).group(1)
        session.wait_for(PASTE_PROMPT, visible=True)
        screen = session.screen()
        drawn = visible_codes_decode_to(screen, url, tmp_path)
        # The URL (wrapped by the terminal), the reason and the prompt are on the screen with the code.
        unwrapped = screen.replace("\n", "")
        assert url in unwrapped and "No browser is opened: this is an SSH session" in unwrapped, session.describe()
        assert "paste the address your browser was sent to" in unwrapped, session.describe()
        if not drawn:
            assert re.search(r"\(No QR code: this URL's code is \d+×\d+ characters and would not fit this "
                             rf"{window[0]}×{window[1]} window with the text; make the window at least \d+ rows high "
                             r"and run again, or add --qr to draw it anyway\.\)", session.text().replace("\n", "")), session.describe()
        session.type_line(run_browser(cli, url))
        assert session.wait_for_exit() == OK, session.describe()
    finally:
        session.close()
    # The local flow's URL (about 330 bytes) needs version 13 at level L: 77x39 characters, and
    # about a dozen lines of text under it.
    assert drawn == (1 if window in ((100, 60), (120, 50)) else 0)


@pytest.mark.parametrize("window", WINDOWS)
def test_the_device_flows_code_is_on_the_screen_with_the_code_to_enter(cli, github_fake, window, tmp_path):
    github_fake.configure(device_interval=1, verification_uri_complete="https://qr.example/d?code={user_code}")
    add_github(cli, github_fake)
    columns, rows = window
    session = TmuxSession(cli, ["signin", "--provider", GITHUB_ID, "--device", "--timeout", "60"], _env(cli), columns, rows)
    try:
        user_code = session.wait_for(re.compile(r"enter the code ([A-Z0-9]{4}-[A-Z0-9]{4})")).group(1)
        session.wait_for(re.compile(r"Waiting for the code"), visible=True)
        screen = session.screen()
        assert visible_codes_decode_to(screen, f"https://qr.example/d?code={user_code}", tmp_path) == 1, session.describe()
        assert f"(or open https://qr.example/d?code={user_code})" in screen.replace("\n", "")
        github_fake.control("device/approve", {"user_code": user_code, "user": "alice"})
        assert session.wait_for_exit() == OK, session.describe()
    finally:
        session.close()


# --- finding 9: the message fits the cause -------------------------------------------------------


@pytest.mark.mock
def test_a_bare_code_pasted_after_the_deadline_is_not_misdiagnosed(cli, mock_idp):
    """Before the one wait, a paste typed after the deadline was answered with the listener's
    "nothing connected ... register the redirect URI"; now the deadline ends the prompt itself."""
    session = _start(cli, mock_idp, (100, 40), timeout="3")
    try:
        session.wait_for(PASTE_PROMPT, visible=True)
        time.sleep(4)
        session.type_line("some-code")
        assert session.wait_for_exit() == EXIT_TIMED_OUT, session.describe()
        assert "register http" not in session.text() and "nothing was pasted" in session.text(), session.describe()
    finally:
        session.close()
    _not_signed_in(cli)
