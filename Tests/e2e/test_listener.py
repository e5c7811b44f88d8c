"""The loopback listener, poked with raw sockets while `signin --no-browser` waits.

The test plays the browser itself: it reads the authorization URL from stderr, takes the port
from its redirect_uri, and talks to it directly.
"""

from __future__ import annotations

import signal
import socket
import threading
import time
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from e2e_helpers import (
    CANCELLED,
    CONFIGURATION_ERROR,
    OK,
    PROVIDER_ERROR,
    PROVIDER_NAME,
    authorization_url,
    free_port,
    port_is_free,
)


class RunningSignin:
    def __init__(self, cli, *extra: str):
        self.cli = cli
        self.process = cli.popen("signin", "--provider", PROVIDER_NAME, "--no-browser", "--timeout", "60", *extra)
        self.stderr = b""
        self.stdout = b""
        self._readers = [
            threading.Thread(target=self._pump, args=("stderr",), daemon=True),
            threading.Thread(target=self._pump, args=("stdout",), daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    def _pump(self, name: str) -> None:
        stream = getattr(self.process, name)
        while True:
            chunk = stream.read1(4096) if hasattr(stream, "read1") else stream.read(4096)
            if not chunk:
                return
            setattr(self, name, getattr(self, name) + chunk)

    def wait_for_url(self, timeout: float = 20) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            url = authorization_url(self.stderr.decode(errors="replace"))
            if url:
                return url
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        self.kill()
        raise AssertionError(f"no authorization URL on stderr (exit {self.process.poll()}):\n"
                             f"{self.stderr.decode(errors='replace')}")

    def finish(self, timeout: float = 20) -> int:
        try:
            code = self.process.wait(timeout=timeout)
        except Exception:
            self.kill()
            raise AssertionError(f"signin did not finish:\n{self.stderr.decode(errors='replace')}") from None
        for reader in self._readers:
            reader.join(timeout=5)
        return code

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=5)

    def alive(self) -> bool:
        return self.process.poll() is None

    def describe(self) -> str:
        return (f"exit {self.process.poll()}\n--- stdout ---\n{self.stdout.decode(errors='replace')}\n"
                f"--- stderr ---\n{self.stderr.decode(errors='replace')}")


def _send(port: int, payload: bytes, *, read: bool = True) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        try:
            sock.sendall(payload)
        except OSError:
            return b""
        if not read:
            return b""
        answer = b""
        try:
            while len(answer) < 65536:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except OSError:
            pass
        return answer


@pytest.fixture
def waiting(cli, request):
    """A `signin --no-browser` waiting on its loopback port (with the chosen provider)."""
    idp = request.getfixturevalue("idp") if "idp" in request.fixturenames else request.getfixturevalue("mock_idp")
    cli.add_provider(idp)
    before = cli.snapshot()
    running = RunningSignin(cli)
    running.before = before
    url = running.wait_for_url()
    query = parse_qs(urlsplit(url).query)
    redirect_uri = query["redirect_uri"][0]
    running.url = url
    running.state = query["state"][0]
    running.redirect_uri = redirect_uri
    running.port = urlsplit(redirect_uri).port
    running.idp = idp
    yield running
    running.kill()


@pytest.mark.mock
def test_garbage_does_not_end_the_wait_and_ctrl_c_cancels(waiting):
    port = waiting.port
    assert urlsplit(waiting.redirect_uri).hostname == "127.0.0.1"
    favicon = _send(port, f"GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    assert favicon.startswith(b"HTTP/1.1 4") or favicon.startswith(b"HTTP/1.0 4"), favicon[:200]
    _send(port, b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 64)  # a TLS ClientHello
    _send(port, b"GARBAGE\r\n\r\n")
    _send(port, b"GET /callback HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (20 * 1024) + b"\r\n\r\n")
    _send(port, b"GET /callback?state=" + b"s" * 70000 + b" HTTP/1.1\r\n\r\n")
    _send(port, b"GET /callback HTTP/1.1\r\n", read=False)  # half a request, then hang up
    time.sleep(0.5)
    assert waiting.alive(), f"the listener gave up on garbage\n{waiting.describe()}"
    # Still answers afterwards.
    again = _send(port, f"GET /other HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    assert again.startswith(b"HTTP/1."), again[:200]
    waiting.process.send_signal(signal.SIGINT)
    code = waiting.finish()
    assert code == CANCELLED, waiting.describe()
    assert waiting.cli.snapshot() == waiting.before
    assert port_is_free(port), f"port {port} still taken after Ctrl-C"


def test_a_callback_with_a_code_the_provider_never_issued(idp, waiting):
    params = {"code": "never-issued-code", "state": waiting.state}
    if waiting.idp.kind == "dot":
        params["iss"] = waiting.idp.issuer
    request = f"GET /callback?{urlencode(params)} HTTP/1.1\r\nHost: 127.0.0.1:{waiting.port}\r\n\r\n"
    answer = _send(waiting.port, request.encode())
    assert answer.startswith(b"HTTP/1."), answer[:200]
    code = waiting.finish()
    # The provider refuses the exchange (invalid_grant): a provider error, nothing stored.
    assert code == PROVIDER_ERROR, waiting.describe()
    assert waiting.cli.snapshot() == waiting.before


@pytest.mark.mock
def test_a_callback_without_state_is_not_accepted(waiting):
    request = f"GET /callback?code=abc HTTP/1.1\r\nHost: 127.0.0.1:{waiting.port}\r\n\r\n"
    _send(waiting.port, request.encode())
    time.sleep(0.5)
    if waiting.alive():  # ignored as noise: fine, cancel it
        waiting.process.send_signal(signal.SIGINT)
        assert waiting.finish() == CANCELLED, waiting.describe()
    else:  # or refused outright
        assert waiting.finish() not in (OK,), waiting.describe()


@pytest.mark.mock
def test_redirect_port_is_honoured(cli, mock_idp):
    cli.add_provider(mock_idp)
    port = free_port()
    running = RunningSignin(cli, "--redirect-port", str(port))
    try:
        url = running.wait_for_url()
        redirect_uri = parse_qs(urlsplit(url).query)["redirect_uri"][0]
        assert urlsplit(redirect_uri).port == port, str(url)
        assert not port_is_free(port)
        running.process.send_signal(signal.SIGINT)
        assert running.finish() == CANCELLED, running.describe()
        assert port_is_free(port)
    finally:
        running.kill()


def _held_port() -> socket.socket:
    """A port on 127.0.0.1 that another program holds (listening) for the test's length."""
    held = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    held.bind(("127.0.0.1", 0))
    held.listen()
    return held


@pytest.mark.mock
def test_a_busy_redirect_port_gives_way_to_the_next_of_the_list(cli, mock_idp):
    """--redirect-port 8000,18000 (stored by providers add too): the first free port wins; when
    every one is held, the sign-in stops at once with exit 12, naming them and the fix."""
    first, second = _held_port(), _held_port()
    busy = first.getsockname()[1]
    try:
        cli.providers.append(mock_idp)
        port = free_port()
        added = cli.run("providers", "add", PROVIDER_NAME, "--issuer", mock_idp.issuer, "--client-id", mock_idp.client_id,
                        "--client-secret-stdin", "--redirect-port", f"{busy},{port}", input=mock_idp.client_secret + "\n")
        assert added.returncode == OK, str(added)
        shown = cli.run("providers", "show", PROVIDER_NAME, "--json").json()
        assert (shown["redirectPort"], shown["redirectPorts"]) == (busy, [busy, port]), shown

        signed = cli.signin("--verbose")
        assert signed.returncode == OK, str(signed)
        assert f"port {busy} on 127.0.0.1 is in use; trying the next one" in signed.stderr, str(signed)
        assert f"listening on http://127.0.0.1:{port}/callback" in signed.stderr, str(signed)

        taken = second.getsockname()[1]
        refused = cli.run("signin", "--provider", PROVIDER_NAME, "--no-browser", "--redirect-port", f"{busy},{taken}")
        assert (refused.returncode, refused.stdout) == (CONFIGURATION_ERROR, ""), str(refused)
        assert f"ports {busy}, {taken} on 127.0.0.1 are all in use" in refused.stderr, str(refused)
        assert "give --redirect-port more ports" in refused.stderr, str(refused)
    finally:
        first.close()
        second.close()


@pytest.mark.mock
def test_no_browser_then_the_test_plays_the_browser(cli, mock_idp, browser_python):
    """--no-browser prints the URL; any browser (here browser.py, started by hand) finishes it."""
    import subprocess

    from e2e_helpers import E2E

    cli.add_provider(mock_idp)
    running = RunningSignin(cli, "--json")
    try:
        url = running.wait_for_url()
        subprocess.run([browser_python, str(E2E / "browser.py"), "--log", str(cli.browser_log), url],
                       timeout=30, check=False)
        assert running.finish() == OK, running.describe()
        assert b"alice@example.com" in running.stdout
    finally:
        running.kill()
