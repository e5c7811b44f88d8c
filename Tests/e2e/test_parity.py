"""The command and the library are two doors onto one application layer (Decisions/0028): the same
scenario run once through `authctl` and once through AuthctlKit (the example package's
docs-snippets), each in a home of its own, must leave the same home, the same keyring items and the
same traffic at the provider.

Every row runs under Debian's gnome-keyring on a private session bus (secret_service.py), with the
storage policy of the row (`keyring`, or the default `auto`, which picks the keyring here). After
each door: the home's documents compared by shape (every string that is a keyring reference stays
one; uids and tokens differ), the number of keyring items, the provider's log (prompt=login,
refresh grants, revocations), and no refresh token the provider ever issued in any file.

The last test is the issue's own scenario across the doors: a session the command stored under the
keyring is refreshed by the library, the command sees that refresh, and the library's sign-out
removes the keyring items.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from accounts_helpers import ACCOUNT_EXISTS, CORP, LAB, as_user, browser_flow, ok, signin, whoami
from conftest import SHORT_LIFETIME
from e2e_helpers import OK
from fakes import firebase_fake, github_fake  # noqa: F401  (fixtures)
from test_firebase import use_project
from e2e_constants import FIREBASE_HANDLER_URI
from test_firebase_flows import console, project  # noqa: F401  (fixtures)
from test_keyring import secret_service  # noqa: F401  (a fixture: gnome-keyring on a private bus)
from test_library import Library, example_bin  # noqa: F401  (a fixture)
from test_no_browser import URL_LINE

pytestmark = pytest.mark.dot

REFERENCE = "authctl-keyring:"
PROMPT_LOGIN = re.compile(r"GET /o/authorize/\?[^ \"]*prompt=login")
REVOCATION = re.compile(r'POST /o/revoke_token/ HTTP/1\.1[^"]*" 200')


# --- the two doors -----------------------------------------------------------------------------


class CommandDoor:
    """The scenario's steps as a person types them."""

    name = "command"

    def __init__(self, cli):
        self.cli = cli

    def sign_in(self, provider: str) -> None:
        signin(self.cli, provider)

    def link(self, provider: str) -> None:
        result = browser_flow(self.cli, "link", provider=provider)
        assert result.returncode == OK, str(result)

    def account_exists_then_link_pending(self, provider: str, existing: str) -> None:
        refused = browser_flow(self.cli, "signin", provider=provider)
        assert refused.returncode == ACCOUNT_EXISTS, str(refused)
        signin(self.cli, existing)
        ok(self.cli, "link", "--pending")

    def reauthenticate(self, provider: str) -> None:
        result = browser_flow(self.cli, "reauth", provider=provider)
        assert result.returncode == OK, str(result)

    def refresh(self) -> str:
        """The token after it expired: the command has no 'force', so it waits the lifetime out."""
        time.sleep(SHORT_LIFETIME + 0.5)
        return ok(self.cli, "token", "--id-token").stdout.strip()

    def sign_out(self, revoke: bool) -> None:
        ok(self.cli, "signout", *(["--revoke"] if revoke else []))


class LibraryDoor:
    """The same steps as a Swift program writes them (FirebaseAuth's API)."""

    name = "library"

    def __init__(self, library: Library):
        self.library = library

    def sign_in(self, provider: str) -> None:
        self.library.ok("oidc", provider)

    def link(self, provider: str) -> None:
        self.library.ok("link", provider)

    def account_exists_then_link_pending(self, provider: str, existing: str) -> None:
        self.library.ok("account-exists", provider, existing)

    def reauthenticate(self, provider: str) -> None:
        self.library.ok("reauth-provider", provider)

    def refresh(self) -> str:
        return self.library.ok("token", "force")["token"]

    def sign_out(self, revoke: bool) -> None:
        assert self.library.ok("signout", *(["revoke"] if revoke else [])) == {"signedIn": False}


# --- what is compared --------------------------------------------------------------------------


def _shape(value):
    """A document with its values abstracted: keyring references stay references, other strings
    and numbers become their type; keys, booleans, nulls and list lengths stay."""
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in sorted(value.items())}
    if isinstance(value, list):
        return [_shape(item) for item in value]
    if isinstance(value, str):
        return "<keyring reference>" if value.startswith(REFERENCE) else "<string>"
    if isinstance(value, bool) or value is None:
        return value
    return "<number>"


def home_state(cli) -> dict:
    """Every document of the home by its name, as a shape; the cache (public documents) left out."""
    state = {}
    for path in sorted(cli.home.rglob("*.json")):
        relative = path.relative_to(cli.home)
        if relative.parts[0] != "cache":
            state[str(relative)] = _shape(json.loads(path.read_text()))
    return state


def issued_refresh_tokens(provider) -> list[str]:
    """Every refresh token django-oauth-toolkit has issued, from its database."""
    database = provider.log_path.parent / "dot-db" / "db.sqlite3"
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10) as connection:
        return [token for (token,) in connection.execute("SELECT token FROM oauth2_provider_refreshtoken")]


def all_bytes(root: Path) -> bytes:
    return b"\0".join(path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file() and not path.is_symlink())


def log_count(provider, pattern: re.Pattern) -> int:
    return len(pattern.findall(provider.log_path.read_text(errors="replace")))


# --- the scenarios -----------------------------------------------------------------------------


def sign_in(door, provider) -> None:
    door.sign_in(CORP)


def link(door, provider) -> None:
    door.sign_in(CORP)
    door.link(LAB)


def account_exists_then_link_pending(door, provider) -> None:
    door.sign_in(CORP)
    door.sign_out(revoke=False)
    door.account_exists_then_link_pending(LAB, CORP)


def reauthenticate(door, provider) -> None:
    door.sign_in(CORP)
    before = log_count(provider, PROMPT_LOGIN)
    door.reauthenticate(CORP)
    assert log_count(provider, PROMPT_LOGIN) == before + 1, f"{door.name}: the provider saw no prompt=login\n{provider.log_tail(10)}"


def forced_refresh(door, provider) -> None:
    door.sign_in(CORP)
    before = len(issued_refresh_tokens(provider))
    door.refresh()
    assert len(issued_refresh_tokens(provider)) == before + 1, f"{door.name}: not one refresh grant"


def sign_out_with_revoke(door, provider) -> None:
    door.sign_in(CORP)
    before = log_count(provider, REVOCATION)
    door.sign_out(revoke=True)
    assert log_count(provider, REVOCATION) > before, f"{door.name}: nothing was revoked at the provider"


SCENARIOS = [sign_in, link, account_exists_then_link_pending, reauthenticate, forced_refresh, sign_out_with_revoke]
ROWS = [(scenario, "keyring") for scenario in SCENARIOS] + [(sign_in, "auto"), (forced_refresh, "auto")]


def _door_home(cli_factory, name, service, storage, dot, mock):
    cli = cli_factory(name)
    cli.env.update(service.env)
    if storage != "auto":
        ok(cli, "config", "set", "storage", storage)
    cli.add_provider(dot, CORP)
    cli.add_provider(mock, LAB)
    return cli


@pytest.mark.parametrize("scenario, storage", ROWS, ids=[f"{s.__name__}-{storage}" for s, storage in ROWS])
def test_both_doors_leave_the_same_home(cli_factory, example_bin, secret_service, short_dot_idp, mock_idp,  # noqa: F811
                                        scenario, storage):
    outcomes = {}
    for door_type in (CommandDoor, LibraryDoor):
        cli = _door_home(cli_factory, door_type.name, secret_service, storage, short_dot_idp, mock_idp)
        door = CommandDoor(cli) if door_type is CommandDoor else LibraryDoor(Library(cli, example_bin))
        scenario(door, short_dot_idp)
        outcomes[door.name] = (home_state(cli), len(secret_service.items(cli.home)), cli)
    (command_home, command_items, command_cli), (library_home, library_items, library_cli) = outcomes["command"], outcomes["library"]
    assert library_home == command_home, "the doors left different homes:\n" + json.dumps(
        {"command": command_home, "library": library_home}, indent=1)
    assert library_items == command_items, f"keyring items: command {command_items}, library {library_items}"
    assert command_items > 0, "nothing went to the keyring"
    everything = all_bytes(command_cli.home) + all_bytes(library_cli.home)
    leaked = [token for token in issued_refresh_tokens(short_dot_idp) if token.encode() in everything]
    assert not leaked, f"{len(leaked)} refresh tokens the provider issued are in a file of a home"


def test_both_doors_through_a_project(cli_factory, example_bin, secret_service, firebase_fake, github_fake, dot_idp):  # noqa: F811
    """The project runs oidc.corp's flow (nothing added in the home): sign in, reauthenticate (the
    project is asked for prompt=login on every route), refresh, sign out, through each door."""
    firebase_fake.configure(id_token_lifetime=SHORT_LIFETIME, providers={
        CORP: {"enabled": True, "issuer": dot_idp.issuer, "client_id": dot_idp.console_client_id,
               "client_secret": dot_idp.console_client_secret}})
    states = {}
    for door_type in (CommandDoor, LibraryDoor):
        cli = cli_factory(door_type.name)
        cli.env.update(secret_service.env)
        use_project(cli, firebase_fake)
        door = CommandDoor(cli) if door_type is CommandDoor else LibraryDoor(Library(cli, example_bin))
        door.sign_in(CORP)
        asked = len(firebase_fake.control("auth_uri_requests"))
        door.reauthenticate(CORP)
        requests = firebase_fake.control("auth_uri_requests")[asked:]
        assert [r["customParameter"].get("prompt") for r in requests] == ["login"], f"{door.name}: {requests}"
        refreshes = firebase_fake.counts()["token"]
        first = door.refresh()
        assert firebase_fake.counts()["token"] == refreshes + 1, f"{door.name}: not one Secure Token refresh"
        assert first.count(".") == 2
        after_refresh = home_state(cli)
        door.sign_out(revoke=False)
        states[door.name] = (after_refresh, home_state(cli), len(secret_service.items(cli.home)))
    assert states["library"] == states["command"], json.dumps(states, indent=1)


def test_a_keyring_session_of_the_command_is_refreshed_by_the_library(cli, example_bin, secret_service, short_dot_idp):  # noqa: F811
    """The issue's scenario: `storage keyring`, `authctl signin`, then a Swift program's
    getIDToken(forcingRefresh: true) keeps the session (it once sent `authctl-keyring:<id>` as the
    refresh token and lost it), the command sees the library's refresh, nothing secret is on the
    disk, and the library's signOut() removes the refresh token's keyring item."""
    cli.env.update(secret_service.env)
    ok(cli, "config", "set", "storage", "keyring")
    cli.add_provider(short_dot_idp, CORP)
    signin(cli, CORP)
    items = len(secret_service.items(cli.home))
    assert items == 2, "the refresh token and the client secret"
    library = Library(cli, example_bin)
    before = len(issued_refresh_tokens(short_dot_idp))
    refreshed = library.ok("token", "force")["token"]
    assert len(issued_refresh_tokens(short_dot_idp)) == before + 1, "the library did not refresh at the provider"
    command_token = ok(cli, "token", "--id-token").stdout.strip()
    assert command_token == refreshed, "the command does not see the library's refresh"
    assert len(issued_refresh_tokens(short_dot_idp)) == before + 1, "the command refreshed again"
    time.sleep(SHORT_LIFETIME + 0.5)
    assert ok(cli, "token").stdout.strip(), "the command's own refresh after the library's"
    on_disk = all_bytes(cli.tmp)
    leaked = [token for token in issued_refresh_tokens(short_dot_idp) if token.encode() in on_disk]
    assert not leaked, "a refresh token the provider issued is in a file"
    assert short_dot_idp.client_secret.encode() not in all_bytes(cli.home)
    assert library.ok("signout") == {"signedIn": False}
    assert len(secret_service.items(cli.home)) == items - 1, "signOut() left the refresh token's item (the client secret stays)"


def test_the_library_returns_through_the_projects_handler_and_a_paste(project, console, example_bin, tmp_path):  # noqa: F811
    """The library has the handler + paste return the command has: a presenter that prints the URL
    and reads the pasted address signs in through the project's handler page (a browser elsewhere)."""
    saved = tmp_path / "handler-callback.txt"
    env = {**project.env, "AUTHCTL_HOME": str(project.home)}
    program = subprocess.Popen([str(example_bin / "docs-snippets"), "paste", CORP], env=env, cwd=project.tmp, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = None
        lines = []
        deadline = time.monotonic() + 30
        while url is None and time.monotonic() < deadline:
            line = program.stderr.readline()
            lines.append(line)
            match = URL_LINE.match(line.rstrip("\n"))
            url = match.group(1) if match else None
        assert url, "no URL on stderr:\n" + "".join(lines)
        assert parse_qs(urlsplit(url).query)["redirect_uri"] == [FIREBASE_HANDLER_URI], url
        browser = project.browser(*as_user("alice"), "--no-deliver", "--save-callback", str(saved)).split() + [url]
        assert subprocess.run(browser, timeout=60).returncode == 0, project.browser_text()
        out, err = program.communicate(saved.read_text().strip() + "\n", timeout=60)
    finally:
        if program.poll() is None:
            program.kill()
    assert program.returncode == 0, out + err
    result = json.loads(out)
    assert result["providerId"] == CORP and result["uid"] == whoami(project)["uid"], result


# --- a project's own credentials: password reauthentication and custom tokens ------------------


def project_traffic(fake, since: int) -> list[tuple]:
    """The requests the project saw after the first `since`, as (method, path, body keys, content
    type); the control API, the times and the User-Agent (the doors name themselves) left out."""
    return [(r["method"], r["path"], tuple(r["form_keys"]), r["content_type"])
            for r in fake.control("requests")[since:] if not r["path"].startswith("/_control")]


class CommandProjectDoor:
    """A password user and a custom token, as a person types them."""

    name = "command"

    def __init__(self, cli):
        self.cli = cli

    def sign_up_then_reauthenticate(self, email: str, password: str) -> str:
        ok(self.cli, "signin", "--provider", "password", "--email", email, "--password-stdin", "--create", input=password)
        return ok(self.cli, "reauth", "--provider", "password", "--password-stdin", "--json", input=password).json()["user"]["uid"]

    def custom_token(self, token: str) -> str:
        return ok(self.cli, "signin", "--custom-token-stdin", "--json", input=token).json()["user"]["uid"]


class LibraryProjectDoor:
    """The same as a Swift program writes it: createUser then reauthenticate(with:
    EmailAuthProvider.credential(...)); signIn(withCustomToken:)."""

    name = "library"

    def __init__(self, library: Library):
        self.library = library

    def sign_up_then_reauthenticate(self, email: str, password: str) -> str:
        result = self.library.ok("reauth-password", email, password)
        assert result["uid"] == result["createdUid"], result
        return result["uid"]

    def custom_token(self, token: str) -> str:
        return self.library.ok("custom-token", input=token + "\n")["uid"]


def password_reauthentication(door, fake) -> str:
    return door.sign_up_then_reauthenticate(f"{door.name}@example.com", "correct horse battery")


def custom_token(door, fake) -> str:
    uid = f"service-{door.name}"
    assert door.custom_token(fake.control("custom_token", {"uid": uid})["token"]) == uid
    return uid


@pytest.mark.parametrize("scenario", [password_reauthentication, custom_token], ids=lambda s: s.__name__)
def test_a_projects_own_credentials_through_both_doors(cli_factory, example_bin, secret_service, firebase_fake,  # noqa: F811
                                                       scenario):
    """Issue 35: password reauthentication and a custom token are one use case each
    (EmailAndPassword, CustomToken), so the doors leave the same home and keyring items, and the
    project sees the same requests, in the same order, from each."""
    firebase_fake.configure(providers={"password": {"enabled": True}})
    outcomes = {}
    for door_type in (CommandProjectDoor, LibraryProjectDoor):
        cli = cli_factory(door_type.name)
        cli.env.update(secret_service.env)
        use_project(cli, firebase_fake)
        door = CommandProjectDoor(cli) if door_type is CommandProjectDoor else LibraryProjectDoor(Library(cli, example_bin))
        since = len(firebase_fake.control("requests"))
        uid = scenario(door, firebase_fake)
        assert whoami(cli)["uid"] == uid, f"{door.name}: the home's user is not the one the project answered"
        outcomes[door.name] = {"home": home_state(cli), "keyring items": len(secret_service.items(cli.home)),
                               "traffic": project_traffic(firebase_fake, since)}
    assert outcomes["library"] == outcomes["command"], json.dumps(outcomes, indent=1)
    assert outcomes["command"]["traffic"], "the project saw nothing"
    assert outcomes["command"]["keyring items"] > 0, "nothing went to the keyring"
