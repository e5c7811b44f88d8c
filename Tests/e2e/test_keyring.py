"""Long-lived secrets in the system keyring (Decisions/0024), against a real Secret Service:
gnome-keyring-daemon on a private session bus (secret_service.py).

Under `storage keyring` the files hold references (`authctl-keyring:<id>`) where refresh tokens,
client secrets and pending credentials were; the secrets are items of the Secret Service. The
checks: sign-in, refresh and sign-out under the keyring; a GitHub OAuth App's token, which never
expires, kept there too, an expiring one left in the file; migration both ways; no file under the
test's directory holds a refresh token or client secret (byte-wise); the fail-closed cases (no
D-Bus session, the daemon killed, a locked collection) with exit 11 and nothing lost; `auto`
falling back and saying so once; 20 processes refreshing at once making one grant; kill -9 at
random points of a migration, 50 times, losing nothing.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

import secret_service as service_module
from accounts_helpers import CORP, browser_flow, two_providers
from conftest import SHORT_LIFETIME
from e2e_helpers import KEYSTORE_ERROR, OK, need
from secret_service import SecretService
from fakes import GITHUB_ID, add_github, firebase_fake, github_fake  # noqa: F401 - fixtures
from test_firebase import configure_idps, password_signin, use_project
from test_refresh_contention import (  # noqa: F401 - contention_dot is a fixture
    REFRESH_DUE_SECONDS, TokenEndpointLog, _all_at_once, _check_one_refresh, contention_dot, refresh_grants)

pytestmark = pytest.mark.dot

REFERENCE = "authctl-keyring:"
KILL_TRIALS = 50


@pytest.fixture(scope="module")
def secret_service(tmp_path_factory):
    reason = service_module.missing()
    need(reason is None, reason or "")
    service = SecretService(tmp_path_factory.mktemp("secret-service"))
    yield service
    service.stop()


@pytest.fixture
def own_service(tmp_path):
    """A Secret Service of the test's own, for tests that kill or lock it."""
    reason = service_module.missing()
    need(reason is None, reason or "")
    service = SecretService(tmp_path / "own-secret-service")
    yield service
    service.stop()


def _use(cli, service: SecretService):
    cli.env.update(service.env)
    result = cli.run("config", "set", "storage", "keyring")
    assert result.returncode == OK, str(result)
    return cli


def _token(cli, *options: str) -> str:
    result = cli.run("token", *options)
    assert result.returncode == OK, str(result)
    return result.stdout.strip()


def _all_bytes(root: Path) -> bytes:
    """Every file under `root`, concatenated: what a backup or a synced directory would take."""
    return b"\0".join(path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file() and not path.is_symlink())


def _session(cli) -> dict:
    return json.loads(cli.keystore().read_text())["accounts"][0]["sessions"][0]


def _client_secret(cli) -> str:
    return json.loads((cli.home / "providers.json").read_text())["providers"][0]["clientSecret"]


def test_signin_refresh_migration_and_signout_keep_secrets_off_the_disk(cli, short_dot_idp, secret_service):
    _use(cli, secret_service)
    cli.signed_in(short_dot_idp)
    assert _session(cli)["refreshToken"].startswith(REFERENCE)
    assert _client_secret(cli).startswith(REFERENCE)
    first = _token(cli)
    time.sleep(SHORT_LIFETIME + 0.5)
    second = _token(cli)
    assert second != first, "the token was not refreshed through the keyring's refresh token"
    cached = cli.run("token", env={"DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent", "XDG_RUNTIME_DIR": "/nonexistent"})
    assert (cached.returncode, cached.stdout.strip()) == (OK, second), f"the hot path asked the keyring\n{cached}"
    loaded = cli.run("token", env={"LD_DEBUG": "libs"})
    assert loaded.returncode == OK and "libsecret" not in loaded.stderr, "the hot path loaded libsecret"
    status = cli.run("status", "--json")
    assert status.json()["users"][0]["secretsIn"] == "keyring", str(status)
    assert len(secret_service.items(cli.home)) == 2, "one item for the refresh token, one for the client secret"
    under_keyring = _all_bytes(cli.tmp)

    moved = cli.run("config", "set", "storage", "file")
    assert moved.returncode == OK, str(moved)
    refresh_token, client_secret = _session(cli)["refreshToken"], _client_secret(cli)
    assert client_secret == short_dot_idp.client_secret
    assert not refresh_token.startswith(REFERENCE)
    assert refresh_token.encode() not in under_keyring, "a refresh token was on the disk under storage keyring"
    assert client_secret.encode() not in under_keyring, "the client secret was on the disk under storage keyring"
    assert secret_service.items(cli.home) == [], "the move to the file left items behind"
    assert cli.run("status", "--json").json()["users"][0]["secretsIn"] == "file"

    back = cli.run("config", "set", "storage", "keyring")
    assert back.returncode == OK, str(back)
    on_disk = _all_bytes(cli.tmp)
    assert refresh_token.encode() not in on_disk and client_secret.encode() not in on_disk
    time.sleep(SHORT_LIFETIME + 0.5)
    assert _token(cli) != second, "the session did not survive the moves"

    signout = cli.run("signout")
    assert signout.returncode == OK, str(signout)
    assert len(secret_service.items(cli.home)) == 1, "signout must remove the refresh token's item (the client secret stays)"


def test_keyring_without_a_session_bus_fails_closed_and_auto_falls_back_once(cli, short_dot_idp):
    for variable in ("DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"):
        cli.env.pop(variable, None)
    refused = cli.run("providers", "add", "oidc.e2e", "--issuer", short_dot_idp.issuer, "--client-id", "x",
                      "--client-secret-stdin", input="client-secret-1\n", env={"AUTHCTL_STORAGE": "keyring"})
    assert refused.returncode == KEYSTORE_ERROR, str(refused)
    assert "no D-Bus session" in refused.stderr, str(refused)
    assert not (cli.home / "providers.json").exists() or b"client-secret-1" not in (cli.home / "providers.json").read_bytes()

    notices = []
    for name in ("oidc.one", "oidc.two"):
        added = cli.run("providers", "add", name, "--issuer", short_dot_idp.issuer, "--client-id", "x",
                        "--client-secret-stdin", input=f"secret-of-{name}\n")
        assert added.returncode == OK, str(added)
        notices.append(added.stderr.count("storage auto:"))
    assert notices == [1, 0], "auto says once which it chose and why"
    assert b"secret-of-oidc.two" in (cli.home / "providers.json").read_bytes()


def test_a_killed_daemon_mid_command_and_a_locked_collection_lose_nothing(cli, short_dot_idp, own_service):
    _use(cli, own_service)
    cli.signed_in(short_dot_idp)
    _token(cli)
    time.sleep(SHORT_LIFETIME + 0.5)

    # Killed while authctl holds a refresh answer: the answer is journaled (in the keyring)
    # before the daemon goes, storing it fails with 11, and the next run recovers it.
    process = cli.popen("token", env={"AUTHCTL_TEST_HOLD_REFRESH": "2"})  # the daemon is killed within it
    line = process.stderr.readline().decode()
    assert "holding the refresh answer" in line, line
    own_service.kill_daemon()
    _, err = process.communicate(timeout=60)
    assert process.returncode == KEYSTORE_ERROR, err.decode()
    keystore = cli.keystore().read_bytes()
    again = cli.run("token")
    assert again.returncode == KEYSTORE_ERROR and "Secret Service" in again.stderr, str(again)
    assert cli.keystore().read_bytes() == keystore
    own_service.start_daemon()
    recovered = _token(cli)
    assert recovered, "the journaled answer was lost"

    own_service.lock_all()
    time.sleep(SHORT_LIFETIME + 0.5)
    keystore = cli.keystore().read_bytes()
    locked = cli.run("token", timeout=60)
    assert locked.returncode == KEYSTORE_ERROR, str(locked)
    assert cli.keystore().read_bytes() == keystore
    own_service.kill_daemon()
    own_service.start_daemon()  # --unlock with the password: the login keyring opens again
    assert _token(cli) != recovered, "the session did not survive the locked keyring"


def test_a_locked_keyring_stops_signin_before_any_browser_opens(cli, short_dot_idp, own_service):
    """Under `storage keyring` a locked collection is found before the browser: exit 11 with the
    fix, the browser never started, nothing stored (not after the person signed in)."""
    _use(cli, own_service)
    cli.add_provider(short_dot_idp)
    own_service.lock_all()
    for command in (["signin", "--provider", "oidc.e2e"], ["link", "--provider", "oidc.e2e"], ["reauth"]):
        result = cli.run(*command, "--browser", cli.browser(), "--timeout", "30", timeout=60)
        assert result.returncode == KEYSTORE_ERROR, str(result)
        assert "keyring" in result.stderr and "authctl config set storage file" in result.stderr, str(result)
        assert not cli.browser_ran(), "the browser opened before the keyring was checked"
        assert not cli.keystore().exists()


def test_twenty_processes_refresh_once_under_keyring(cli, contention_dot, secret_service):
    _use(cli, secret_service)
    cli.add_provider(contention_dot)
    result = cli.signin()
    assert result.returncode == OK, str(result)
    old = _token(cli, "--min-valid", "0")
    time.sleep(REFRESH_DUE_SECONDS)
    log, grants_before = TokenEndpointLog(contention_dot), refresh_grants(contention_dot)
    results = _all_at_once(cli, "--min-valid", "3600")
    _check_one_refresh(cli, contention_dot, old, results, log, grants_before)
    assert _session(cli)["refreshToken"].startswith(REFERENCE)


def test_kill_9_at_random_points_of_a_migration_loses_nothing(cli, mock_idp, secret_service):
    cli.env.update(secret_service.env)
    assert cli.run("config", "set", "storage", "file").returncode == OK
    cli.signed_in(mock_idp)
    refresh_token, client_secret = _session(cli)["refreshToken"], _client_secret(cli)
    assert refresh_token and client_secret and not refresh_token.startswith(REFERENCE)
    rng = random.Random(20)
    for trial in range(KILL_TRIALS):
        target = "keyring" if trial % 2 == 0 else "file"
        if target == "file":
            assert cli.run("config", "set", "storage", "keyring").returncode == OK
        process = cli.popen("config", "set", "storage", target)
        time.sleep(rng.uniform(0, 0.06))
        process.kill()
        process.wait(timeout=10)
        finished = cli.run("config", "set", "storage", "file")
        assert finished.returncode == OK, f"trial {trial}: {finished}"
        assert (_session(cli)["refreshToken"], _client_secret(cli)) == (refresh_token, client_secret), f"trial {trial} lost a secret"
        assert secret_service.items(cli.home) == [], f"trial {trial} left items no file names"
    assert _token(cli, "--min-valid", "0")


def _strings(value) -> list[str]:
    """Every string inside a JSON value."""
    if isinstance(value, dict):
        return [s for member in value.values() for s in _strings(member)]
    if isinstance(value, list):
        return [s for member in value for s in _strings(member)]
    return [value] if isinstance(value, str) else []


def test_two_providers_and_a_firebase_project_leave_no_secret_in_the_home(cli, secret_service, firebase_fake, dot_idp, mock_idp):
    """The issue's "done when": under keyring, after sign-in with two providers and a Firebase
    project (and a pending credential from account-exists), no file holds a refresh token, a
    client secret or the pending credential."""
    _use(cli, secret_service)
    two_providers(cli, dot_idp, mock_idp)
    configure_idps(firebase_fake, dot_idp, mock_idp)
    use_project(cli, firebase_fake)
    cli.providers.append(firebase_fake)
    assert password_signin(cli, "alice@example.com", "correct horse", "--create").returncode == OK
    assert cli.run("signout").returncode == OK
    exists = browser_flow(cli, "signin", provider=CORP)
    assert exists.returncode == 6, str(exists)
    assert password_signin(cli, "alice@example.com", "correct horse").returncode == OK
    assert cli.run("status", "--json").json()["users"][0]["secretsIn"] == "keyring"
    under_keyring = _all_bytes(cli.tmp)

    moved = cli.run("config", "set", "storage", "file")
    assert moved.returncode == OK, str(moved)
    namespace = "firebase." + firebase_fake.info["project_id"] + "."
    keystore = json.loads((cli.home / (namespace + "keystore.json")).read_text())
    pending = json.loads((cli.home / (namespace + "pending.json")).read_text())["pending"]
    secrets = [dot_idp.client_secret, mock_idp.client_secret, keystore["accounts"][0]["backendSession"]["refreshToken"]]
    secrets += [s for s in _strings(pending["credential"]) + [pending.get("pendingToken") or ""] if len(s) >= 16]
    assert len(secrets) >= 4 and not any(s.startswith(REFERENCE) for s in secrets), secrets
    found = [s[:12] + "..." for s in secrets if s.encode() in under_keyring]
    assert not found, f"secrets on the disk under storage keyring: {found}"


def test_a_github_token_that_never_expires_is_kept_in_the_keyring(cli, github_fake, secret_service):
    """A GitHub OAuth App's token is as long-lived as a refresh token: sealed under `keyring`;
    a GitHub App's expiring token stays in the file for the hot path, its refresh token sealed."""
    _use(cli, secret_service)
    add_github(cli, github_fake)
    signed_in = cli.signin(provider=GITHUB_ID)
    assert signed_in.returncode == OK, str(signed_in)
    session = _session(cli)
    assert session["accessToken"].startswith(REFERENCE), session
    assert session.get("expiresAt") is None and session.get("refreshToken") is None, session
    token = _token(cli)
    assert token.startswith("gho_"), token
    assert token.encode() not in _all_bytes(cli.tmp), "a token that never expires was on the disk under storage keyring"
    assert github_fake.token_record(token) is not None, "token handed out something the provider never issued"
    labels = sorted(secret_service.label(item) for item in secret_service.items(cli.home))
    assert labels == ["authctl: github.com access token for alice@example.com", "authctl: github.com client secret"], labels
    assert cli.run("status", "--json").json()["users"][0]["secretsIn"] == "keyring"

    moved = cli.run("config", "set", "storage", "file")
    assert moved.returncode == OK, str(moved)
    assert _session(cli)["accessToken"] == token, "the move to the file lost the token"
    assert secret_service.items(cli.home) == []

    github_fake.configure(app_type="github_app", expiring_tokens=True, access_token_lifetime=3600)
    assert cli.run("config", "set", "storage", "keyring").returncode == OK
    again = cli.signin(provider=GITHUB_ID)
    assert again.returncode == OK, str(again)
    session = _session(cli)
    assert not session["accessToken"].startswith(REFERENCE) and session["refreshToken"].startswith(REFERENCE), session
