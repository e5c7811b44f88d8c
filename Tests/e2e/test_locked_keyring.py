"""A locked keyring, as an SSH login meets it (issue 39): gnome-keyring on a private session bus
(secret_service.py), its login collection locked through D-Bus, no desktop to prompt. libsecret
gives no secret for a locked item and removes none, which authctl used to report as an item
"removed outside authctl". Every command names it locked (exit 11 with the unlock remedy), and
`signout` still forgets the local session, listing the items it could not remove and the
command that removes them. Run in tmux at 80x24, as a person at that terminal reads it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import time

import pytest

import secret_service as service_module
from conftest import SHORT_LIFETIME
from e2e_helpers import KEYSTORE_ERROR, OK, need
from secret_service import SecretService
from terminal_session import TmuxSession

pytestmark = pytest.mark.dot

LOCKED = "The keyring is locked"
UNLOCK = "Unlock the keyring (log in to the desktop, or in this session run gnome-keyring-daemon --replace --unlock, type its password and Ctrl-D)"


@pytest.fixture
def locked_service(tmp_path):
    reason = service_module.missing()
    need(reason is None, reason or "")
    service = SecretService(tmp_path / "own-secret-service")
    yield service
    service.stop()


def _signed_in_then_locked(cli, idp, service: SecretService) -> None:
    cli.env.update(service.env)
    assert cli.run("config", "set", "storage", "keyring").returncode == OK
    cli.signed_in(idp)
    assert cli.run("token").returncode == OK
    service.lock_all()


def _on_screen(cli, *args: str, columns: int = 80, rows: int = 24) -> tuple[int, str]:
    """`authctl args` in a tmux window: its exit status and what it wrote there (stderr, lines
    joined), then its stdout (data, which the window does not show)."""
    session = TmuxSession(cli, list(args), {**cli.env}, columns, rows)
    try:
        status = session.wait_for_exit(timeout=60)
        return status, session.text().replace("\n", "") + session.stdout
    finally:
        session.close()


def test_token_and_status_name_a_locked_keyring(cli, short_dot_idp, locked_service):
    _signed_in_then_locked(cli, short_dot_idp, locked_service)
    time.sleep(SHORT_LIFETIME + 0.5)  # the token must be refreshed: the refresh token is in the keyring
    keystore = cli.keystore().read_bytes()
    status, screen = _on_screen(cli, "token", "--min-valid", "1")
    assert status == KEYSTORE_ERROR, screen
    assert LOCKED in screen and UNLOCK in screen, screen
    assert "removed outside authctl" not in screen, screen
    assert cli.keystore().read_bytes() == keystore, "a locked keyring changed the keystore"

    status, screen = _on_screen(cli, "status")
    assert status == OK, screen
    assert "secrets: keyring (locked: a refresh needs it unlocked)" in screen, screen
    assert cli.run("status", "--json").json()["users"][0]["keyringLocked"] is True

    # The remedy, as a person in that session would run it: the running daemon unlocks.
    subprocess.run(["gnome-keyring-daemon", "--replace", "--unlock"], input=service_module.PASSWORD, capture_output=True, timeout=30,
                   env={**os.environ, **locked_service.env, "HOME": str(locked_service.home)}, check=True)
    assert cli.run("token").returncode == OK, "the unlocked keyring did not give the refresh token back"
    status, screen = _on_screen(cli, "status")
    assert "locked" not in screen and "secrets: keyring" in screen, screen
    assert cli.run("status", "--json").json()["users"][0]["keyringLocked"] is False


def test_signout_finishes_past_a_locked_keyring_and_says_what_stayed(cli, short_dot_idp, locked_service):
    _signed_in_then_locked(cli, short_dot_idp, locked_service)
    items = locked_service.items(cli.home)
    assert len(items) == 2, "the refresh token and the client secret"
    status, screen = _on_screen(cli, "signout")
    assert status == OK, screen
    assert "Signed out; the local session is gone." in screen and "The keyring is locked" in screen, screen
    left = re.findall(r"secret-tool clear authctl-home \S+ authctl-document keystore\.json authctl-id ([0-9a-f]{32})", screen)
    refresh_token_items = [item for item in items if locked_service.attributes(item).get("authctl-document") == "keystore.json"]
    assert [locked_service.attributes(item)["authctl-id"] for item in refresh_token_items] == left, screen
    assert "refreshToken" not in json.dumps(json.loads(cli.keystore().read_text())["accounts"][0]["sessions"]), \
        "the session stayed in the keystore"
    assert cli.run("token").returncode == 3, "signed out, token must say not signed in"
    again = cli.run("signout")
    assert (again.returncode, again.stderr.strip()) == (OK, "Nobody was signed in."), str(again)

    # Unlocked (the daemon started again with its password), the item is removed by the command shown.
    locked_service.kill_daemon()
    locked_service.start_daemon()
    assert len(locked_service.items(cli.home)) == 2, "the locked item was lost rather than left"
