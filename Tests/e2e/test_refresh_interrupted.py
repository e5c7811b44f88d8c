"""A refresh, once sent, is seen through (Docs/Decisions/0014), against django-oauth-toolkit.

DOT rotates refresh tokens and revokes the whole family when a used one comes back, so a refresh
whose answer is lost loses the session: the next refresh sends the dead token and is refused.
This module's DOT answers refresh grants late (serve_dot.py --slow-refresh): it has rotated the
token at once, and the answer waits DELAY seconds, the window in which the tests interrupt or kill
authctl. DOT's refreshes.log gives each refresh's arrival, answer time and status
(time.monotonic, the same clock as this process), so every test checks that its signal really
fell while the request was in flight, and that DOT never saw a dead refresh token (status 400).
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from e2e_helpers import NOT_SIGNED_IN, OK
from providers import start_provider

pytestmark = [pytest.mark.dot, pytest.mark.serial]  # kills authctl at chosen moments

LIFETIME = 1  # seconds: DOT's access tokens; authctl refreshes one older than 10% of its lifetime
REFRESH_DUE = LIFETIME * 0.1 + 0.05
DELAY = 0.2  # seconds DOT holds back each refresh answer
RUNS = int(os.environ.get("AUTHCTL_E2E_INTERRUPTS", "200"))  # per signal, as the issue asks
FORCE = ("token", "--min-valid", "3600")


class SlowRefreshes:
    """The control directory of serve_dot.py --slow-refresh, seen by one client (or all)."""

    def __init__(self, directory: Path, client: str | None = None):
        self.directory = directory
        self.log = directory / "refreshes.log"
        self.client = client

    def for_client(self, client: str) -> "SlowRefreshes":
        return SlowRefreshes(self.directory, client)

    def set_delay(self, seconds: float) -> None:
        (self.directory / "delay").write_text(str(seconds))

    def lines(self) -> list[list[str]]:
        lines = [line.split() for line in self.log.read_text().splitlines()] if self.log.exists() else []
        return [fields for fields in lines if self.client is None or fields[-1] == self.client]

    def arrivals(self) -> list[float]:
        return [float(fields[1]) for fields in self.lines() if fields[0] == "arrived"]

    def wait_for_arrival(self, seen: int, timeout: float = 10) -> float:
        """The monotonic time of the next refresh to arrive after `seen` arrivals."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            arrivals = self.arrivals()
            if len(arrivals) > seen:
                return arrivals[seen]
            time.sleep(0.002)
        raise AssertionError(f"no refresh reached DOT within {timeout} s")

    def answer(self, arrival: float, timeout: float = 10) -> tuple[float, int]:
        """(answer time, HTTP status) of the refresh that arrived at `arrival`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for fields in self.lines():
                if fields[0] == "answered" and abs(float(fields[1]) - arrival) < 1e-6:
                    return float(fields[2]), int(fields[3])
            time.sleep(0.002)
        raise AssertionError("DOT did not answer the refresh")

    def statuses(self) -> list[int]:
        return [int(fields[3]) for fields in self.lines() if fields[0] == "answered"]


@pytest.fixture(scope="module")
def slow_dot(tmp_path_factory):
    control = tmp_path_factory.mktemp("slow-refresh")
    try:
        provider = start_provider("dot", args=["--access-token-seconds", str(LIFETIME), "--slow-refresh", str(control)],
                                  log_dir=tmp_path_factory.mktemp("dot-slow"))
    except Exception as error:  # noqa: BLE001 - a missing prerequisite fails, it never skips
        pytest.fail(f"could not start the django-oauth-toolkit provider: {error}", pytrace=False)
    slow = SlowRefreshes(control)
    slow.set_delay(DELAY)
    yield provider, slow
    provider.stop()


@pytest.fixture
def signed_in(cli, slow_dot):
    provider, slow = slow_dot
    slow.set_delay(DELAY)
    cli.add_provider(provider)
    result = cli.signin()
    assert result.returncode == OK, str(result)
    return cli, slow


def _refresh_works(cli, slow: SlowRefreshes) -> None:
    """One more forced refresh succeeds: the stored refresh token is the live one."""
    time.sleep(REFRESH_DUE)
    before = len(slow.statuses())
    result = cli.run(*FORCE)
    assert result.returncode == OK, str(result)
    assert slow.statuses()[before:] == [200], str(result)
    assert cli.run("whoami", "--check").returncode == OK


def _interrupt_in_flight(cli, slow: SlowRefreshes, signum: int, rng: random.Random) -> tuple[int, str, bool]:
    """One forced refresh, sent `signum` at a random moment after DOT received it.
    Returns (exit status, stderr, whether the signal fell before DOT's answer went out)."""
    time.sleep(REFRESH_DUE)
    seen = len(slow.arrivals())
    process = cli.popen(*FORCE)
    try:
        arrival = slow.wait_for_arrival(seen)
        time.sleep(rng.uniform(0, DELAY * 0.8))
        signalled_at = time.monotonic()
        process.send_signal(signum)
        _, err = process.communicate(timeout=45)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    answered_at, status = slow.answer(arrival)
    assert status == 200, f"DOT refused the refresh (a dead refresh token was sent)\n{err.decode(errors='replace')}"
    return process.returncode, err.decode(errors="replace"), arrival <= signalled_at < answered_at


def test_interrupted_refreshes_lose_no_session(cli, slow_dot, cli_factory):
    """RUNS SIGINTs and RUNS SIGTERMs, each at a random moment while DOT holds the answer, over
    four homes at once: each signal half on a confidential client, half on a public one (DOT's
    twin apps tell the four homes' refreshes apart)."""
    provider, slow = slow_dot
    slow.set_delay(DELAY)
    streams = []  # (signal, home, DOT's log seen by that home's client)
    for signum, public, twin in ((signal.SIGINT, False, False), (signal.SIGINT, True, True),
                                 (signal.SIGTERM, True, False), (signal.SIGTERM, False, True)):
        home = cli if not streams else cli_factory(f"home-{len(streams)}")
        home.add_provider(provider, public=public, twin=twin)
        result = home.signin()
        assert result.returncode == OK, str(result)
        client_id, _ = provider.app(public=public, twin=twin)
        streams.append((signum, home, slow.for_client(client_id)))
    per_stream = -(-RUNS // 2)  # two homes per signal: at least RUNS signals each
    with ThreadPoolExecutor(max_workers=len(streams)) as pool:
        futures = [(signum, pool.submit(_interrupt_many, home, watched, signum, per_stream, index))
                   for index, (signum, home, watched) in enumerate(streams)]
        outcomes = {}
        for signum, future in futures:
            outcomes.setdefault(signum, []).extend(future.result())
    for signum, results in outcomes.items():
        in_flight = sum(1 for _, _, flying in results if flying)
        statuses = {status for status, _, _ in results}
        name = signal.Signals(signum).name
        assert len(results) == 2 * per_stream
        # Every signal reached authctl while its request was in flight (DOT had not answered yet).
        assert in_flight == len(results), f"{name}: only {in_flight} of {len(results)} signals fell while the refresh was in flight"
        # authctl waited for the answer, stored it, then ended as interrupted by that signal.
        assert statuses == {-signum}, f"{name}: exit statuses {statuses}"
        assert all("finishing the token refresh in flight" in err for _, err, _ in results)
    # Each run's refresh used the token the previous one stored: DOT saw no dead token (checked
    # per run), and every session still refreshes.
    for _, home, watched in streams:
        _refresh_works(home, watched)


def _interrupt_many(cli, slow: SlowRefreshes, signum: int, runs: int, stream: int) -> list[tuple[int, str, bool]]:
    rng = random.Random(f"interrupts-{signum}-{stream}")
    return [_interrupt_in_flight(cli, slow, signum, rng) for _ in range(runs)]


def _wait_for_stderr(process, text: str, timeout: float = 15) -> str:
    """Reads the process's stderr until `text` appears."""
    seen = b""
    deadline = time.monotonic() + timeout
    while text.encode() not in seen:
        left = deadline - time.monotonic()
        assert left > 0 and process.poll() is None, f"never printed {text!r}: {seen.decode(errors='replace')}"
        ready, _, _ = select.select([process.stderr], [], [], left)
        if ready:
            seen += os.read(process.stderr.fileno(), 4096)
    return seen.decode(errors="replace")


def test_kill_9_after_the_answer_arrived_loses_nothing(signed_in):
    """The test-only hook holds authctl after the answer is journaled, before it is checked and
    stored; kill -9 there. The next command applies the journaled answer, and the refresh after it
    sends the rotated token, which DOT accepts."""
    cli, slow = signed_in
    before = len(slow.statuses())
    for _ in range(10):
        time.sleep(REFRESH_DUE)
        process = cli.popen(*FORCE, env={"AUTHCTL_TEST_HOLD_REFRESH": "30"})
        _wait_for_stderr(process, "holding the refresh answer")
        process.kill()
        process.wait()
        journal = json.loads((cli.home / "refresh-journal.json").read_text())
        [entry] = journal["entries"]
        assert oct((cli.home / "refresh-journal.json").stat().st_mode & 0o777) == "0o600"
        # The next command takes the journaled answer as a refresh done meanwhile: its token, no request.
        sent = len(slow.arrivals())
        recovered = cli.run(*FORCE)
        assert recovered.returncode == OK, str(recovered)
        assert recovered.stdout.strip() == json.loads(entry["answer"])["access_token"]
        assert len(slow.arrivals()) == sent
        _refresh_works(cli, slow)
        assert json.loads((cli.home / "refresh-journal.json").read_text())["entries"] == []
    assert set(slow.statuses()[before:]) == {200}


def test_signout_after_a_lost_answer_revokes_the_live_tokens_and_keeps_none(signed_in, slow_dot):
    """kill -9 after the answer was journaled, then `signout --revoke`: the refresh token revoked
    is the rotated one from the journal (the stored one is already spent), and no token stays on
    disk."""
    cli, _ = signed_in
    provider, _ = slow_dot
    time.sleep(REFRESH_DUE)
    process = cli.popen(*FORCE, env={"AUTHCTL_TEST_HOLD_REFRESH": "30"})
    _wait_for_stderr(process, "holding the refresh answer")
    process.kill()
    process.wait()
    [entry] = json.loads((cli.home / "refresh-journal.json").read_text())["entries"]
    live = json.loads(entry["answer"])["refresh_token"]
    result = cli.run("signout", "--revoke")
    assert result.returncode == OK, str(result)
    assert json.loads((cli.home / "refresh-journal.json").read_text())["entries"] == []
    assert live not in (cli.home / "keystore.json").read_text()
    refused = requests.post(f"{provider.issuer}/token/", timeout=30, data={
        "grant_type": "refresh_token", "refresh_token": live,
        "client_id": provider.client_id, "client_secret": provider.client_secret})
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant", refused.text


def test_kill_9_before_the_answer_says_what_happened(signed_in):
    """Killed with the request in flight, no answer ever arrives: DOT has rotated the token, so the
    session is lost, and the next command says exactly why instead of a generic "expired"."""
    cli, slow = signed_in
    slow.set_delay(2)
    time.sleep(REFRESH_DUE)
    seen = len(slow.arrivals())
    process = cli.popen(*FORCE)
    arrival = slow.wait_for_arrival(seen)
    process.kill()
    process.wait()
    # DOT handles the killed refresh after it arrived; the next command must not race it there
    # (two refreshes of one token at once both succeed on DOT's SQLite, with mismatched at_hash).
    assert slow.answer(arrival)[1] == 200
    slow.set_delay(0)
    result = cli.run(*FORCE)
    assert result.returncode == NOT_SIGNED_IN, str(result)
    assert "was interrupted after the provider rotated the refresh token" in result.stderr, str(result)
    assert "sign in again" in result.stderr
    assert json.loads((cli.home / "refresh-journal.json").read_text())["entries"] == []


def test_an_answer_after_the_deadline_is_still_stored(signed_in):
    """A provider paused past the command's deadline: the refresh is waited for (up to the 30 s
    hard cap), its rotated token stored, and the next refresh uses it."""
    cli, slow = signed_in
    before = len(slow.statuses())
    slow.set_delay(3)
    time.sleep(REFRESH_DUE)
    started = time.monotonic()
    result = cli.run(*FORCE, env={"AUTHCTL_TIMEOUT": "1"})
    assert result.returncode == OK, str(result)
    assert time.monotonic() - started >= 3
    slow.set_delay(0)
    _refresh_works(cli, slow)
    assert slow.statuses()[before:] == [200, 200]
