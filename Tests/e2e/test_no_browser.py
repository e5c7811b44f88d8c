"""Signing in where no browser can reach the loopback listener, or no browser may be opened.

- Paste mode (`signin --no-browser --paste`): authctl prints the authorization URL on stderr and
  reads ONE line on stdin: the redirected URL, its query, or the bare code. The test plays the
  person: browser.py walks the provider's pages and stops at the redirect (`--no-deliver
  --save-callback FILE`), and the test pastes what it saved.
- A registered non-loopback redirect URI (`providers add ... --redirect-uri URI`): no listener
  at all, paste implied.
- The device flow (`--device`, RFC 8628 / GitHub's device flow) against the GitHub fake, which
  is told to approve, deny, expire or slow down through its control API.
- Non-interactive refusal: without a terminal (pytest's stdin is not one), or under CI=true, a
  plain `signin` exits 3 and starts no browser.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from e2e_helpers import (
    CANCELLED,
    CONFIGURATION_ERROR,
    E2E,
    INVALID_CREDENTIAL,
    NOT_SIGNED_IN,
    OK,
    PROVIDER_ERROR,
    PROVIDER_NAME,
    TIMED_OUT,
    free_port,
    port_is_free,
    run_on_a_terminal,
    user_of,
)
from fakes import GITHUB_ID, YAHOO_ID, add_github, add_yahoo, github_fake, yahoo_fake  # noqa: F401 (fixtures)

URL_LINE = re.compile(r"^  (https?://\S+)$", re.MULTILINE)
USER_CODE = re.compile(r"enter the code ([A-Z0-9]{4}-[A-Z0-9]{4})")


# --- a running authctl whose stdin the test writes ---------------------------------------------


class Running:
    """authctl in the background: stdin a pipe, stdout/stderr collected by threads."""

    def __init__(self, cli, *args: str, env: dict | None = None):
        self.cli = cli
        self.args = [str(cli.binary), "--home", str(cli.home), *map(str, args)]
        self.process = subprocess.Popen(self.args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env={**cli.env, **(env or {})}, cwd=cli.tmp)
        self._stdout, self._stderr = b"", b""
        self._threads = [threading.Thread(target=self._pump, args=(name,), daemon=True)
                         for name in ("stdout", "stderr")]
        for thread in self._threads:
            thread.start()

    def _pump(self, name: str) -> None:
        stream = getattr(self.process, name)
        while chunk := stream.read1(4096):
            setattr(self, "_" + name, getattr(self, "_" + name) + chunk)

    @property
    def stdout(self) -> str:
        return self._stdout.decode(errors="replace")

    @property
    def stderr(self) -> str:
        return self._stderr.decode(errors="replace")

    def wait_for(self, pattern: re.Pattern, timeout: float = 20) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            match = pattern.search(self.stderr)
            if match:
                return match
            if self.process.poll() is not None:
                time.sleep(0.1)  # let the readers drain
                match = pattern.search(self.stderr)
                if match:
                    return match
                break
            time.sleep(0.05)
        self.kill()
        raise AssertionError(f"{pattern.pattern!r} never appeared on stderr\n{self.describe()}")

    def paste(self, line: str) -> None:
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def finish(self, timeout: float = 30) -> int:
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"authctl did not finish within {timeout}s\n{self.describe()}") from None
        for thread in self._threads:
            thread.join(timeout=5)
        if self.process.stdin and not self.process.stdin.closed:
            try:
                self.process.stdin.close()
            except BrokenPipeError:
                pass
        return code

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=5)

    def describe(self) -> str:
        return (f"$ {' '.join(self.args)}\nexit {self.process.poll()}\n--- stdout ---\n{self.stdout}\n"
                f"--- stderr ---\n{self.stderr}\n{self.cli.diagnostics()}")


def cli_json(running: Running) -> dict:
    try:
        return json.loads(running.stdout)
    except json.JSONDecodeError as error:
        raise AssertionError(f"stdout is not JSON ({error})\n{running.describe()}") from None


@pytest.fixture
def running_list():
    started: list[Running] = []
    yield started
    for running in started:
        running.kill()


def listening_ports(pid: int) -> set[int]:
    """TCP ports process `pid` listens on (Linux /proc): its socket inodes in LISTEN state."""
    inodes = set()
    fd_dir = Path(f"/proc/{pid}/fd")
    for fd in fd_dir.iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A = LISTEN
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def run_browser(cli, url: str, *options: str) -> str:
    """browser.py signs in at `url` and stops at the redirect; the URL it would have called back."""
    saved = cli.tmp / f"callback-{time.monotonic_ns()}.txt"
    subprocess.run([cli.python, str(E2E / "browser.py"), "--log", str(cli.browser_log), "--no-deliver",
                    "--save-callback", str(saved), *options, url],
                   stdin=subprocess.DEVNULL, capture_output=True, timeout=30, check=False)
    assert saved.exists(), f"browser.py saved no callback\n{cli.browser_text()}"
    return saved.read_text().strip()


# --- the providers ---------------------------------------------------------------------------------


@pytest.fixture(params=["github", "yahoo", pytest.param("dot", marks=pytest.mark.dot)])
def paste_provider(request, cli):
    """(provider id, fake or None) registered in `cli`: the GitHub fake, the Yahoo fake, or DOT."""
    if request.param == "github":
        fake = request.getfixturevalue("github_fake")
        add_github(cli, fake)
        return GITHUB_ID, fake
    if request.param == "yahoo":
        fake = request.getfixturevalue("yahoo_fake")
        add_yahoo(cli, fake)
        return YAHOO_ID, fake
    cli.add_provider(request.getfixturevalue("dot_idp"))
    return PROVIDER_NAME, None


def _start_paste(cli, running_list, provider: str, *extra: str) -> tuple[Running, str]:
    running = Running(cli, "signin", "--provider", provider, "--no-browser", "--paste", "--timeout", "60",
                      "--json", *extra)
    running_list.append(running)
    url = running.wait_for(URL_LINE).group(1)
    return running, url


# --- paste mode ------------------------------------------------------------------------------------


def test_paste_the_redirected_url(cli, paste_provider, running_list):
    provider, fake = paste_provider
    running, url = _start_paste(cli, running_list, provider)
    redirect_uri = parse_qs(urlsplit(url).query)["redirect_uri"][0]
    callback = run_browser(cli, url)
    assert callback.startswith(redirect_uri + "?"), callback
    running.paste(callback)
    assert running.finish() == OK, running.describe()
    user = user_of(cli_json(running))
    assert user["email"] == "alice@example.com", user
    assert cli.run("whoami", "--check").returncode == OK
    if fake is not None:
        assert fake.counts()["grant_authorization_code"] == 1


@pytest.mark.parametrize("form", ["query", "bare-code"])
@pytest.mark.parametrize("kind", ["github", "yahoo"])
def test_paste_the_query_or_the_bare_code(cli, running_list, request, kind, form):
    fake = request.getfixturevalue(f"{kind}_fake")
    (add_github if kind == "github" else add_yahoo)(cli, fake)
    running, url = _start_paste(cli, running_list, GITHUB_ID if kind == "github" else YAHOO_ID)
    callback = urlsplit(run_browser(cli, url))
    pasted = callback.query if form == "query" else parse_qs(callback.query)["code"][0]
    running.paste(pasted)
    assert running.finish() == OK, running.describe()
    assert user_of(cli_json(running))["email"] == "alice@example.com"
    warned = "warning" in running.stderr.lower() and "state" in running.stderr.lower()
    if form == "bare-code":
        assert warned, f"a bare code cannot have its state checked: authctl must warn\n{running.describe()}"
    else:
        assert "warning" not in running.stderr.lower(), running.describe()


def test_paste_with_tampered_state_is_refused(cli, paste_provider, running_list):
    provider, fake = paste_provider
    before = cli.snapshot()
    running, url = _start_paste(cli, running_list, provider)
    callback = run_browser(cli, url, "--tamper-state")
    assert "tampered with state" in cli.browser_text()
    running.paste(callback)
    assert running.finish() == INVALID_CREDENTIAL, running.describe()
    assert running.stdout == "", running.describe()
    assert cli.snapshot() == before, "nothing stored after a state mismatch"
    if fake is not None:
        assert fake.counts()["token_requests"] == 0, "the code must not be exchanged"


# --- a registered, non-loopback redirect URI ---------------------------------------------------------


def _registered_yahoo(cli, fake, redirect_uri: str) -> None:
    add_yahoo(cli, fake, "--redirect-uri", redirect_uri)


def test_registered_redirect_uri_starts_no_listener_and_implies_paste(cli, yahoo_fake, running_list):
    """The Yahoo fake accepts any http://127.0.0.1:PORT/callback/...: a "registered" redirect URI on a
    port nobody listens on stands in for https://example.com/cb, which the fake refuses (its
    redirect_uri check is loopback-only), so a real code can only be had this way."""
    port = free_port()
    registered = f"http://127.0.0.1:{port}/callback/registered"
    _registered_yahoo(cli, yahoo_fake, registered)
    saved = cli.tmp / "registered-callback.txt"
    # No --paste, no --no-browser: a browser is opened (browser.py, which stops at the redirect).
    running = Running(cli, "signin", "--provider", YAHOO_ID, "--timeout", "60", "--json", "--browser",
                      cli.browser("--no-deliver", "--save-callback", str(saved)))
    running_list.append(running)
    url = running.wait_for(URL_LINE).group(1)
    assert parse_qs(urlsplit(url).query)["redirect_uri"] == [registered], url
    assert listening_ports(running.process.pid) == set(), "no listener with a registered redirect URI"
    assert port_is_free(port)
    assert "done status=0" in cli.wait_for_browser(30), cli.browser_text()
    callback = saved.read_text().strip()
    assert callback.startswith(registered + "?"), callback
    running.paste(callback)
    assert running.finish() == OK, running.describe()
    assert user_of(cli_json(running))["email"] == "alice@example.com"


def test_registered_https_redirect_uri(cli, yahoo_fake, running_list):
    """`--redirect-uri https://example.com/cb`: the URL carries it, nothing listens, and the pasted
    `https://example.com/cb?...` is checked (state) and exchanged (the fake refuses the made-up code)."""
    registered = "https://example.com/cb"
    _registered_yahoo(cli, yahoo_fake, registered)
    before = cli.snapshot()
    outcomes = {}
    for case in ("tampered", "unknown-code"):
        running, url = _start_paste(cli, running_list, YAHOO_ID)
        query = parse_qs(urlsplit(url).query)
        assert query["redirect_uri"] == [registered], url
        assert listening_ports(running.process.pid) == set(), f"no listener\n{running.describe()}"
        state = "not-the-state" if case == "tampered" else query["state"][0]
        running.paste(f"{registered}?{urlencode({'code': 'never-issued-code', 'state': state})}")
        outcomes[case] = running.finish()
        assert running.stdout == "", running.describe()
        assert cli.snapshot() == before
        if case == "tampered":
            assert outcomes[case] == INVALID_CREDENTIAL, running.describe()
            assert yahoo_fake.counts()["token_requests"] == 0
        else:
            assert outcomes[case] == PROVIDER_ERROR, running.describe()
            assert yahoo_fake.counts()["token_requests"] == 1
            assert yahoo_fake.errors().get("invalid_grant") == 1, yahoo_fake.errors()


# --- the device flow (GitHub) ------------------------------------------------------------------------


def _start_device(cli, fake, running_list, *extra: str, timeout: int = 60) -> tuple[Running, str]:
    add_github(cli, fake)
    running = Running(cli, "signin", "--provider", GITHUB_ID, "--device", "--timeout", str(timeout), "--json", *extra)
    running_list.append(running)
    user_code = running.wait_for(USER_CODE).group(1)
    assert f"{fake.base}/login/device" in running.stderr, f"the verification URL is shown\n{running.describe()}"
    return running, user_code


def _fast_device(fake, **settings) -> None:
    fake.configure(device_interval=1, slow_down_increment=1, **settings)


def test_device_flow_approved(cli, github_fake, running_list):
    _fast_device(github_fake)
    running, user_code = _start_device(cli, github_fake, running_list)
    assert github_fake.control("device/approve", {"user_code": user_code, "user": "alice"})["approved"] is True
    assert running.finish() == OK, running.describe()
    user = user_of(cli_json(running))
    assert user["email"] == "alice@example.com"
    assert [e.get("uid") for e in user["providerData"] if e.get("providerId") == GITHUB_ID] == ["1001"]
    counts = github_fake.counts()
    assert (counts["device_codes_issued"], counts["grant_device_code"]) == (1, 1), counts
    assert counts["device_polls"] >= 1
    assert cli.run("whoami", "--check").returncode == OK
    token = cli.run("token")
    assert token.returncode == OK and token.stdout.strip().startswith("gho_"), str(token)
    assert not cli.browser_ran(), "the device flow opens no browser"


def test_device_flow_honours_slow_down(cli, github_fake, running_list):
    # The fake enforces the interval: a poll sooner than the (raised) interval is answered
    # slow_down again, so exactly one slow_down proves authctl waited longer after it.
    _fast_device(github_fake, enforce_device_interval=True, device_script=["pending", "slow_down", "pending"])
    running, user_code = _start_device(cli, github_fake, running_list)
    deadline = time.monotonic() + 30
    while github_fake.counts()["device_polls"] < 3 and time.monotonic() < deadline and running.process.poll() is None:
        time.sleep(0.1)
    github_fake.control("device/approve", {"user_code": user_code, "user": "alice"})
    assert running.finish(timeout=45) == OK, running.describe()
    counts, errors = github_fake.counts(), github_fake.errors()
    assert errors.get("slow_down") == 1, f"polled faster than the interval after slow_down: {errors}"
    assert counts["device_polls"] >= 4 and counts["grant_device_code"] == 1, counts


def test_device_flow_expired_code(cli, github_fake, running_list):
    _fast_device(github_fake, device_script=["expire"])
    before = cli.snapshot()
    running, _ = _start_device(cli, github_fake, running_list)
    assert running.finish() == TIMED_OUT, running.describe()
    assert running.stdout == "" and cli.snapshot() == before, running.describe()
    assert "expire" in running.stderr.lower(), running.describe()


def test_device_flow_denied(cli, github_fake, running_list):
    _fast_device(github_fake)
    before = cli.snapshot()
    running, user_code = _start_device(cli, github_fake, running_list)
    assert github_fake.control("device/deny", {"user_code": user_code})["denied"] is True
    assert running.finish() == CANCELLED, running.describe()
    assert running.stdout == "" and cli.snapshot() == before, running.describe()


def test_device_flow_times_out(cli, github_fake, running_list):
    _fast_device(github_fake)
    running, _ = _start_device(cli, github_fake, running_list, timeout=3)
    started = time.monotonic()
    assert running.finish(timeout=30) == TIMED_OUT, running.describe()
    assert time.monotonic() - started < 20
    assert running.stdout == "", running.describe()


@pytest.mark.parametrize("kind", ["yahoo", pytest.param("mock", marks=pytest.mark.mock)])
def test_device_flow_without_a_device_endpoint(cli, request, kind):
    if kind == "yahoo":
        add_yahoo(cli, request.getfixturevalue("yahoo_fake"))
        provider = YAHOO_ID
    else:
        cli.add_provider(request.getfixturevalue("mock_idp"))
        provider = PROVIDER_NAME
    before = cli.snapshot()
    result = cli.run("signin", "--provider", provider, "--device", "--timeout", "10")
    assert result.returncode == CONFIGURATION_ERROR, str(result)
    assert result.stdout == "" and cli.snapshot() == before, str(result)
    assert "device" in result.stderr.lower(), str(result)


# --- non-interactive refusal ---------------------------------------------------------------------------


def _fake_openers(cli) -> tuple[dict, Path]:
    """PATH with xdg-open (and friends) that only touch a marker file: proof a browser was started."""
    bin_dir = cli.tmp / "fake-bin"
    bin_dir.mkdir(exist_ok=True)
    marker = cli.tmp / "browser-was-opened"
    for name in ("xdg-open", "open", "sensible-browser", "x-www-browser", "www-browser", "gio"):
        script = bin_dir / name
        script.write_text(f"#!/bin/sh\necho \"$0 $*\" >> '{marker}'\n")
        script.chmod(0o755)
    return {"PATH": f"{bin_dir}{os.pathsep}{cli.env.get('PATH', '/usr/bin:/bin')}"}, marker


def _assert_refused(result_code: int, stdout: str, stderr: str, context: str) -> None:
    assert result_code == NOT_SIGNED_IN, context
    assert stdout == "", context
    text = stderr.lower()
    assert "interactive sign-in required" in text, context
    assert "--device" in stderr and "--id-token-stdin" in stderr, context


@pytest.mark.mock
@pytest.mark.parametrize("ci", [None, "true"])
def test_no_terminal_refuses_and_opens_no_browser(cli, mock_idp, ci):
    cli.add_provider(mock_idp)
    env, marker = _fake_openers(cli)
    cli.env.pop("CI", None)
    if ci:
        env["CI"] = ci
    before = cli.snapshot()
    result = cli.run("signin", "--provider", PROVIDER_NAME, "--timeout", "5", env=env, timeout=30)
    _assert_refused(result.returncode, result.stdout, result.stderr, str(result))
    assert cli.snapshot() == before
    time.sleep(0.5)  # a browser would have been spawned in the background
    assert not marker.exists(), f"a browser was started: {marker.read_text()}"


@pytest.mark.mock
def test_ci_refuses_even_on_a_terminal(cli, mock_idp):
    cli.add_provider(mock_idp)
    env, marker = _fake_openers(cli)
    env = {**cli.env, **env, "CI": "true", "TERM": "dumb"}
    before = cli.snapshot()
    code, output = run_on_a_terminal(cli, ["signin", "--provider", PROVIDER_NAME, "--timeout", "5"], env)
    context = f"exit {code}\n--- terminal ---\n{output}"
    assert code == NOT_SIGNED_IN, context
    assert "interactive sign-in required" in output.lower(), context
    assert "--device" in output and "--id-token-stdin" in output, context
    assert cli.snapshot() == before
    time.sleep(0.5)
    assert not marker.exists(), f"a browser was started under CI: {marker.read_text()}"


@pytest.mark.mock
def test_a_terminal_without_ci_opens_the_system_browser(cli, mock_idp):
    """The control for the two tests above: the fake xdg-open does get run when a browser is allowed
    (on a desktop: with a display; without one, test_headless.py shows that none is started)."""
    cli.add_provider(mock_idp)
    env, marker = _fake_openers(cli)
    env = {key: value for key, value in {**cli.env, **env, "TERM": "dumb", "DISPLAY": ":0"}.items() if key != "CI"}
    code, output = run_on_a_terminal(cli, ["signin", "--provider", PROVIDER_NAME, "--timeout", "3"], env)
    assert code == TIMED_OUT, f"exit {code}\n{output}"
    assert marker.exists(), f"the system browser (xdg-open on PATH) was not started\n{output}"
    assert mock_idp.issuer in marker.read_text()


def test_listening_ports_helper_sees_a_listener():
    """listening_ports() must see a real listener, or 'no listener' above would prove nothing."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        assert server.getsockname()[1] in listening_ports(os.getpid())
