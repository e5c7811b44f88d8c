"""Fixtures for authctl's end-to-end tests: real providers, the real binary, a scripted browser.

- The binary: $AUTHCTL_BIN, else <repo>/.build/debug/authctl.
- Providers (session-scoped, started on first use): ``dot_idp`` (django-oauth-toolkit, strict)
  and ``mock_idp`` (oidc-provider-mock, lax); ``idp`` runs a test against both.
- ``cli``: runs authctl with a fresh ``--home`` per test and the scripted browser.

When CI=true a missing prerequisite fails the test; elsewhere it skips it.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from e2e_helpers import E2E, REPO, Authctl, need  # noqa: E402
from providers import Provider, start_provider  # noqa: E402


# The tests press Ctrl-C as a person at a terminal does: authctl starts with SIGINT's default
# action even when make runs as a background job, which starts everything with SIGINT ignored
# (and authctl leaves an ignored signal ignored). A handler here is reset to the default at exec.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_configure(config):
    for marker, text in [
        ("dot", "needs the django-oauth-toolkit provider"),
        ("mock", "needs the oidc-provider-mock provider"),
        ("harness", "checks the harness itself (providers, browser) without authctl"),
        ("authctl", "drives the authctl binary"),
        ("slow", "runs for minutes on purpose (a CI job outliving its tokens): run it beside the others, e.g. -m slow"),
        ("serial", "measures waiting or races processes against a clock: runs alone, in the serial pass"),
    ]:
        config.addinivalue_line("markers", f"{marker}: {text}")


# Each test's timing class, in one place (Decisions/0022): `make test`'s passes select by it.
# - serial: races processes against a clock; runs alone, after the parallel pass.
# - slow: minutes of sleeping on purpose, little work; runs beside the other passes.
# - waits: checks a deadline with seconds of slack; one at a time on one worker of the parallel
#   pass (xdist_group "waits"), while the other workers go on.
# Everything else only waits on processes and servers: any worker, any time. A key is a file
# (every test in it) or file::test (every parametrisation).
TIMING_CLASSES = {
    "test_refresh_contention.py": "serial",  # 20 processes inside a 3-second window
    "test_refresh_interrupted.py": "serial",  # kills authctl at chosen moments of a refresh
    # Kills at held moments (AUTHCTL_TEST_HOLD_REFRESH) or at random ones, judged by what is lost,
    # not by when: load moves where a kill lands, not the outcome.
    "test_refresh_interrupted.py::test_with_a_reuse_interval_no_refresh_killed_in_flight_loses_the_session": "slow",
    "test_refresh_interrupted.py::test_kill_9_after_the_answer_arrived_loses_nothing": "slow",
    "test_firebase.py::test_twenty_processes_refresh_an_expired_firebase_token_exactly_once": "serial",
    "test_waiting.py::test_a_terminal_shows_the_time_left_and_erases_the_line": "serial",  # reads its countdown
    "test_ci_renew.py::test_a_three_minute_job_with_sixty_second_tokens_gets_a_valid_token_every_ten_seconds": "slow",
    "test_network.py::test_a_stalled_endpoint_ends_the_signin_at_its_deadline": "waits",  # 15 s + 2 s slack
    "test_network.py::test_other_commands_have_a_deadline_of_their_own": "waits",  # 3 s + 2 s slack
    "test_waiting.py::test_an_authorization_endpoint_that_does_not_answer_fails_before_the_browser": "waits",
    "test_github_yahoo_fakes.py::test_fakes_exit_on_sigterm": "waits",  # the stop, under 5 s
    "test_hostile.py::test_timeout_when_the_browser_never_comes_back": "waits",  # 2 s, under 20
    "test_keystore.py::test_locked_keystore_fails_fast": "waits",  # the lock wait, 1 s under 15
    "test_no_browser.py::test_device_flow_times_out": "waits",  # 3 s, under 20
    "test_terminal_wait.py::test_the_deadline_ends_the_paste_prompt": "waits",  # --timeout 4, within 7 s of the prompt
}
TIMING_MARKS = {"serial": pytest.mark.serial, "slow": pytest.mark.slow, "waits": pytest.mark.xdist_group("waits")}


def timing_class(item) -> str | None:
    file = Path(str(item.fspath)).name
    return TIMING_CLASSES.get(f"{file}::{item.originalname}") or TIMING_CLASSES.get(file)


# First: the marks must be there before -m deselects and xdist groups.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        if "cli" in getattr(item, "fixturenames", ()) or "authctl_bin" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.authctl)
        if timing := timing_class(item):
            item.add_marker(TIMING_MARKS[timing])
    stale = [key for key in TIMING_CLASSES if not _names_a_test(key)]
    assert not stale, f"TIMING_CLASSES names tests that do not exist: {stale}"


def _names_a_test(key: str) -> bool:
    file, _, test = key.partition("::")
    path = Path(__file__).resolve().parent / file
    return path.is_file() and (not test or f"def {test}(" in path.read_text())


# --- the binary ------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def authctl_bin() -> Path:
    path = Path(os.environ.get("AUTHCTL_BIN") or REPO / ".build" / "debug" / "authctl")
    need(path.is_file() and os.access(path, os.X_OK),
         f"authctl binary not found at {path} (build it, or set AUTHCTL_BIN)")
    return path.resolve()


@pytest.fixture(scope="session")
def browser_python() -> str:
    python = sys.executable
    # authctl splits the browser command on spaces.
    need(" " not in python and " " not in str(E2E), f"paths with spaces cannot be a browser command: {python}")
    return python


# --- providers -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def _idp_logs(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("idp-logs")


def _start(kind: str, logs: Path, *args: str) -> Provider:
    try:
        return start_provider(kind, args=list(args), log_dir=logs / f"{kind}{'-'.join(args)}")
    except Exception as error:  # noqa: BLE001
        pytest.fail(f"could not start the {kind} provider: {error}", pytrace=False)


@pytest.fixture(scope="session")
def dot_idp(_idp_logs):
    provider = _start("dot", _idp_logs)
    yield provider
    provider.stop()


@pytest.fixture(scope="session")
def mock_idp(_idp_logs):
    provider = _start("mock", _idp_logs)
    yield provider
    provider.stop()


@pytest.fixture(scope="session")
def expired_mock_idp(_idp_logs):
    """A mock whose ID and access tokens expired an hour before they were issued."""
    provider = _start("mock", _idp_logs, "--token-max-age", "-3600")
    yield provider
    provider.stop()


SHORT_LIFETIME = 4  # seconds: access and ID tokens of the short_* providers


@pytest.fixture(scope="session")
def short_dot_idp(_idp_logs):
    """django-oauth-toolkit whose access and ID tokens live SHORT_LIFETIME seconds (refresh tests)."""
    provider = _start("dot", _idp_logs, "--access-token-seconds", str(SHORT_LIFETIME))
    yield provider
    provider.stop()


@pytest.fixture(scope="session")
def short_mock_idp(_idp_logs):
    """oidc-provider-mock whose tokens, refresh tokens included, live SHORT_LIFETIME seconds."""
    provider = _start("mock", _idp_logs, "--token-max-age", str(SHORT_LIFETIME))
    yield provider
    provider.stop()


@pytest.fixture(params=[pytest.param("dot", marks=pytest.mark.dot), pytest.param("mock", marks=pytest.mark.mock)])
def idp(request) -> Provider:
    provider = request.getfixturevalue(f"{request.param}_idp")
    assert provider.alive(), f"{provider.kind} provider died:\n{provider.log_tail()}"
    return provider


@pytest.fixture
def cli(authctl_bin, browser_python, tmp_path) -> Authctl:
    return Authctl(authctl_bin, tmp_path, browser_python)


@pytest.fixture
def cli_factory(authctl_bin, browser_python, tmp_path):
    """Another authctl with its own fresh home (under this test's tmp directory), as a second
    machine or a second user of the same provider."""

    def make(name: str) -> Authctl:
        directory = tmp_path / name
        directory.mkdir()
        return Authctl(authctl_bin, directory, browser_python)

    return make
