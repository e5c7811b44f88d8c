"""The keystore under attack: another process holds the lock, the file is corrupt, the
permissions are loose. Each is exit 11 and leaves the file as it was.

Provider-independent, so these run against oidc-provider-mock (the faster one to sign in with).
"""

from __future__ import annotations

import os
import stat
import time

import pytest

from e2e_helpers import KEYSTORE_ERROR, OK, HeldLock

pytestmark = pytest.mark.mock

LOCK_ENV = {"AUTHCTL_LOCK_TIMEOUT": "1"}


def _write_in_place(path, data: bytes) -> None:
    """Overwrite the file's bytes, keeping its inode and mode (0600)."""
    with open(path, "r+b") as handle:
        handle.seek(0)
        handle.truncate()
        handle.write(data)


def test_locked_keystore_fails_fast(cli, mock_idp):
    cli.signed_in(mock_idp)
    before = cli.snapshot()
    with HeldLock(cli.home):
        for args in (["signout"], ["signin", "--provider", "oidc.e2e", "--browser", cli.browser(), "--timeout", "20"]):
            started = time.monotonic()
            result = cli.run(*args, env=LOCK_ENV, timeout=30)
            elapsed = time.monotonic() - started
            assert result.returncode == KEYSTORE_ERROR, str(result)
            assert elapsed < 15, f"AUTHCTL_LOCK_TIMEOUT=1 but it waited {elapsed:.1f}s\n{result}"
            assert "lock" in result.stderr.lower(), str(result)
            assert cli.snapshot() == before
    # Once the other process lets go, everything works again.
    assert cli.run("whoami", "--check", env=LOCK_ENV).returncode == OK
    assert cli.run("signout", env=LOCK_ENV).returncode == OK


def test_lock_released_by_the_other_process_in_time(cli, mock_idp):
    """A lock held briefly is waited for, not failed on."""
    cli.signed_in(mock_idp)
    import threading

    lock = HeldLock(cli.home)
    threading.Timer(0.5, lock.release).start()
    result = cli.run("signout", env={"AUTHCTL_LOCK_TIMEOUT": "10"}, timeout=30)
    lock.release()
    assert result.returncode == OK, str(result)


@pytest.mark.parametrize("garbage", [
    b'{"version": 1, "accounts": [',  # truncated JSON
    b"\x00\xff\xfe not json at all",
    b"[]",  # JSON, but not a keystore
], ids=["truncated-json", "binary", "json-array"])
def test_corrupt_keystore_is_reported_and_left_alone(cli, mock_idp, garbage):
    cli.signed_in(mock_idp)
    _write_in_place(cli.keystore(), garbage)
    for args in (["whoami"], ["whoami", "--check"], ["token"],
                 ["signin", "--provider", "oidc.e2e", "--browser", cli.browser(), "--timeout", "20"]):
        result = cli.run(*args)
        assert result.returncode == KEYSTORE_ERROR, str(result)
        assert result.stdout == "", str(result)
        assert cli.keystore().read_bytes() == garbage, f"authctl touched the corrupt keystore\n{result}"
    assert not cli.browser_ran() or cli.browser_text().count("browser started") == 1


def test_keystore_readable_by_others_is_refused(cli, mock_idp):
    cli.signed_in(mock_idp)
    keystore = cli.keystore()
    assert stat.S_IMODE(keystore.stat().st_mode) & 0o077 == 0, "authctl writes the keystore 0600"
    before = cli.snapshot()
    keystore.chmod(0o644)
    result = cli.run("whoami")
    assert result.returncode == KEYSTORE_ERROR, str(result)
    assert "chmod" in result.stderr, str(result)
    assert cli.snapshot() == before
    token = cli.run("token")
    assert token.returncode == KEYSTORE_ERROR and token.stdout == "", str(token)


def test_home_open_to_others_is_refused(cli, mock_idp):
    cli.signed_in(mock_idp)
    assert stat.S_IMODE(cli.home.stat().st_mode) & 0o077 == 0, "authctl creates its home 0700"
    before = cli.snapshot()
    cli.home.chmod(0o755)
    result = cli.run("whoami")
    assert result.returncode == KEYSTORE_ERROR, str(result)
    assert "chmod" in result.stderr, str(result)
    browser_runs = cli.browser_text().count("browser started")
    signin = cli.signin()
    assert signin.returncode == KEYSTORE_ERROR, str(signin)
    assert cli.browser_text().count("browser started") == browser_runs, \
        "an insecure home must fail before the browser opens"
    assert cli.snapshot() == before


def test_keystore_file_is_private_after_signin(cli, mock_idp):
    cli.signed_in(mock_idp)
    for path in [cli.home, *cli.home.rglob("*")]:
        mode = stat.S_IMODE(os.lstat(path).st_mode)
        assert mode & 0o077 == 0, f"{path} is mode {oct(mode)}"
