"""Renewal on demand (`token --force-refresh`, `whoami --refresh`, the library's `forcingRefresh`)
and a renewal that gets no answer (issues 35, 37 and 39; Docs/Decisions/0039).

Single-flight is shown by counting requests, never by timing: the test holds the home's lock (the
one every renewal takes) while twenty callers start, and lets them go once each has said, with
`--verbose`, that it asked, and waits on that lock. Each caller then either renews or, finding a token renewed after it
asked, takes that one: the stand-in sees one renewal.
"""

from __future__ import annotations

import fcntl
import os
import socket
import threading
import time

import pytest

from accounts_helpers import CORP, json_error, signin
from e2e_helpers import OK, jwt_claims, wait_for_stderr
from fakes import actions_fake, firebase_fake  # noqa: F401  (fixtures)
from test_ci_renew import PROVIDER as ACTIONS, actions_job_env, signed_in as ci_signed_in
from test_firebase import EMULATOR, claims, firebase_token, project  # noqa: F401  (fixtures)

CALLERS = 20
ASKED = "renewing the token now, whatever its age, as asked"
TIMED_OUT, PROVIDER_ERROR = 5, 9


def _wait_for_open_file(process, path, timeout: float = 60) -> None:
    """Waits until `process` has `path` open (Linux: /proc/PID/fd)."""
    target = os.path.realpath(path)
    deadline = time.monotonic() + timeout
    while True:
        try:
            links = [os.readlink(f"/proc/{process.pid}/fd/{fd}") for fd in os.listdir(f"/proc/{process.pid}/fd")]
        except (FileNotFoundError, ProcessLookupError):
            links = []
        if target in links:
            return
        assert time.monotonic() < deadline and process.poll() is None, f"the process never opened {target}"
        time.sleep(0.005)


def concurrent(cli, *args: str, env: dict | None = None) -> list[tuple[int, str, str]]:
    """Runs `authctl *args --verbose` CALLERS times at once, all asking before any may renew."""
    lock = open(cli.home / ".lock", "a")
    fcntl.flock(lock, fcntl.LOCK_EX)
    try:
        processes = [cli.popen(*args, "--verbose", env={"AUTHCTL_LOCK_TIMEOUT": "120", **(env or {})}) for _ in range(CALLERS)]
        for process in processes:
            wait_for_stderr(process, ASKED, timeout=60)
            # It has read the session (the snapshot a renewal made meanwhile is told by) and now
            # waits on the lock: the lock file is open in it. Asking alone is not enough, on a
            # loaded machine a caller could read only after the first renewal.
            _wait_for_open_file(process, cli.home / ".lock")
    finally:
        fcntl.flock(lock, fcntl.LOCK_UN)
        lock.close()
    results = []
    for process in processes:
        out, err = process.communicate(timeout=120)
        results.append((process.returncode, out.decode(), err.decode()))
    return results


def one_token(results) -> str:
    """The one token every caller got (the stand-ins' counters say whether it is a renewed one)."""
    assert all(status == OK for status, _, _ in results), [r for r in results if r[0] != OK][:1]
    tokens = {out.strip() for _, out, _ in results}
    assert len(tokens) == 1, "every caller gets the one renewed token"
    return tokens.pop()


# --- one renewal for many callers, whatever the token source -------------------------------------


def test_twenty_forced_refreshes_make_one_secure_token_request(project, firebase_fake):
    signin(project, CORP)
    firebase_token(project)
    grants = firebase_fake.counts()["refresh_grants"]
    renewed = one_token(concurrent(project, "token", "--force-refresh"))
    assert firebase_fake.counts()["refresh_grants"] == grants + 1
    assert firebase_token(project) == renewed, "the renewed token is stored and handed out"
    assert firebase_fake.counts()["refresh_grants"] == grants + 1, "a valid cached token needs no request"


@pytest.mark.dot
def test_twenty_forced_refreshes_of_a_local_openid_session_make_one_refresh(cli, dot_idp):
    cli.signed_in(dot_idp)
    before = cli.run("token").stdout.strip()
    results = concurrent(cli, "token", "--force-refresh")
    renewed = one_token(results)
    assert renewed != before, "the provider's new access token"
    # Each refresh hands its own new token to its caller: one token among twenty is one refresh.
    assert sum("refreshing the oidc.e2e access token at" in err for _, _, err in results) == 1
    assert cli.run("token").stdout.strip() == renewed


def test_twenty_forced_renewals_of_a_ci_session_fetch_one_token(cli, actions_fake):
    ci_signed_in(cli, actions_fake)
    issued = actions_fake.counts()["tokens_issued"]
    results = concurrent(cli, "token", "--provider", ACTIONS, "--id-token", "--force-refresh", env=actions_job_env(actions_fake))
    renewed = one_token(results)
    assert actions_fake.counts()["tokens_issued"] == issued + 1, "the CI renewal runs under the lock every renewal takes"
    assert cli.run("token", "--provider", ACTIONS, "--id-token", env={}).stdout.strip() == renewed


# --- custom claims set by an admin, seen on demand ------------------------------------------------


def test_claims_set_by_an_admin_appear_in_whoami_refresh_and_a_forced_id_token(project, firebase_fake):
    uid = signin(project, CORP)["user"]["uid"]
    cached = firebase_token(project, "--id-token")
    firebase_fake.control("set_claims", {"localId": uid, "claims": {"role": "auditor"}})
    assert "role" not in claims(firebase_token(project, "--id-token")), "the cached token is handed out as it is"
    shown = project.run("whoami", "--refresh", "--json")
    assert shown.returncode == OK and shown.json()["customClaims"] == {"role": "auditor"}, str(shown)
    forced = project.run("token", "--id-token", "--force-refresh", "--verbose")
    assert forced.returncode == OK and ASKED in forced.stderr, str(forced)
    assert claims(forced.stdout.strip())["role"] == "auditor" and forced.stdout.strip() != cached


def test_force_refresh_and_min_valid_are_exclusive(project):
    result = project.run("token", "--force-refresh", "--min-valid", "60")
    assert result.returncode == 2 and result.stdout == "", str(result)


# --- a renewal that gets no answer keeps the session ----------------------------------------------


@pytest.fixture
def silent_server():
    """A loopback port that accepts connections and never answers."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join()
    for connection in accepted:
        connection.close()
    server.close()


def closed_port() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"127.0.0.1:{probe.getsockname()[1]}"


def test_a_project_down_during_a_renewal_keeps_the_session_and_says_try_again(project, firebase_fake):
    signin(project, CORP)
    before = firebase_token(project)
    keystore = {p.name: p.read_bytes() for p in project.home.glob("*keystore*.json")}
    result = project.run("token", "--force-refresh", "--json", env={EMULATOR: closed_port()})
    assert result.returncode == PROVIDER_ERROR and result.stdout == "", str(result)
    error = json_error(result)
    assert "the signed-in session is kept" in error["message"] and error["remedy"]["kind"] == "try-again", error
    text = project.run("token", "--force-refresh", env={EMULATOR: closed_port()})
    assert "session is kept" in text.stderr and "run the command again" in text.stderr, str(text)
    assert {p.name: p.read_bytes() for p in project.home.glob("*keystore*.json")} == keystore
    assert firebase_token(project) == before, "the session still hands out its token"


def test_a_renewal_past_authctl_timeout_names_the_limit_that_applied(project, firebase_fake, silent_server):
    signin(project, CORP)
    result = project.run("token", "--force-refresh", env={EMULATOR: silent_server, "AUTHCTL_TIMEOUT": "2"})
    assert result.returncode == TIMED_OUT and result.stdout == "", str(result)
    assert "deadline (2 s, AUTHCTL_TIMEOUT)" in result.stderr and "session is kept" in result.stderr, str(result)
    assert project.run("whoami", "--check").returncode == OK
    assert jwt_claims(firebase_token(project))["user_id"]


# --- the library's forcingRefresh takes the same path ---------------------------------------------

from test_library import example_bin, library  # noqa: E402,F401  (fixtures)


def test_the_librarys_forcing_refresh_carries_claims_set_since_the_sign_in(project, firebase_fake, library):
    uid = signin(project, CORP)["user"]["uid"]
    firebase_fake.control("set_claims", {"localId": uid, "claims": {"role": "auditor"}})
    grants = firebase_fake.counts()["refresh_grants"]
    assert "role" not in claims(library.ok("token")["token"]), "getIDToken() hands out the cached token"
    assert claims(library.ok("token", "force")["token"])["role"] == "auditor", "getIDToken(forcingRefresh: true)"
    assert "role" in library.block("token-result", "force")["claims"], "getIDTokenResult(forcingRefresh: true)"
    assert firebase_fake.counts()["refresh_grants"] == grants + 2
