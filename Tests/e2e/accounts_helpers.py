"""Helpers for test_accounts.py: two real providers in one home, per-step users, JSON errors.

Names follow the account-model decision (Docs/Decisions/0008-accounts.md): django-oauth-toolkit
is registered as ``oidc.corp`` and oidc-provider-mock as ``oidc.lab``; both know alice
(alice@example.com, verified) and bob (bob@example.com, verified).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from e2e_constants import USERS
from e2e_helpers import OK, Authctl, Result

CORP = "oidc.corp"  # django-oauth-toolkit
LAB = "oidc.lab"  # oidc-provider-mock

# Exit statuses of the account rules (authctl --help, "Exit status").
ACCOUNT_EXISTS = 6  # account-exists-with-different-credential
CREDENTIAL_CONFLICT = 7  # credential-already-in-use, provider-already-linked, no-such-provider
REAUTH_NEEDED = 8  # requires-recent-login, user-mismatch

FLOW_TIMEOUT = 30  # --timeout for every browser flow; the subprocess gets 30 s more


def two_providers(cli: Authctl, dot_idp, mock_idp) -> None:
    """Register DOT as oidc.corp and the mock as oidc.lab in the test's fresh home."""
    assert dot_idp.alive(), f"dot provider died:\n{dot_idp.log_tail()}"
    assert mock_idp.alive(), f"mock provider died:\n{mock_idp.log_tail()}"
    cli.add_provider(dot_idp, CORP)
    cli.add_provider(mock_idp, LAB)


def as_user(name: str) -> tuple[str, ...]:
    """browser.py options that sign in as `name` (with that user's e2e password)."""
    return ("--user", name, "--password", USERS[name]["password"])


def browser_flow(cli: Authctl, command: str, *extra: str, provider: str | None = None, user: str = "alice",
                 browser_command: str | None = None) -> Result:
    """`signin`/`link`/`reauth` through the scripted browser as `user`, with --json."""
    args = [command]
    if provider is not None:
        args += ["--provider", provider]
    args += ["--browser", browser_command or cli.browser(*as_user(user)), "--timeout", str(FLOW_TIMEOUT), "--json"]
    return cli.run(*args, *extra, timeout=FLOW_TIMEOUT + 30)


def signin(cli: Authctl, provider: str, user: str = "alice", *extra: str) -> dict:
    """A sign-in that must succeed; the `signin --json` document."""
    result = browser_flow(cli, "signin", *extra, provider=provider, user=user)
    assert result.returncode == OK, f"sign-in to {provider} as {user} failed\n{result}"
    return result.json()


def ok(cli: Authctl, *args: str, input: str | None = None) -> Result:
    result = cli.run(*args, input=input)
    assert result.returncode == OK, str(result)
    return result


def whoami(cli: Authctl) -> dict:
    return ok(cli, "whoami", "--json").json()


def users(cli: Authctl) -> list[dict]:
    document = ok(cli, "users", "--json").json()
    assert isinstance(document, list), f"users --json must be an array: {document!r}"
    return document


def json_error(result: Result) -> dict:
    """The `{"error": {...}}` object: ONE JSON line, the last line of stderr."""
    lines = result.stderr.rstrip("\n").splitlines()
    assert lines, f"a --json error must be on stderr\n{result}"
    try:
        document = json.loads(lines[-1])
    except json.JSONDecodeError as error:
        raise AssertionError(f"the last stderr line is not JSON ({error})\n{result}") from None
    assert isinstance(document, dict) and isinstance(document.get("error"), dict), f"not an error object\n{result}"
    error = document["error"]
    assert isinstance(error.get("code"), str) and isinstance(error.get("message"), str) and error["message"], \
        f"error needs a code and a message\n{result}"
    return error


def assert_refused(result: Result, status: int, code: str, before: bytes | None, cli: Authctl) -> dict:
    """The exit status, the JSON error code, nothing on stdout, the keystore's bytes unchanged."""
    assert result.returncode == status, f"expected exit {status} ({code})\n{result}"
    error = json_error(result)
    assert error["code"] == code, f"expected error code {code}\n{result}"
    assert result.stdout == "", f"nothing on stdout after a refusal\n{result}"
    assert cli.snapshot() == before, f"the keystore changed after a refusal ({code})\n{result}"
    return error


def provider_list(user: dict) -> list[str]:
    return sorted(entry["providerId"] for entry in user.get("providerData", []))


def pending_path(cli: Authctl) -> Path:
    return cli.home / "pending.json"


def secret_strings(value, key: str = "") -> list[str]:
    """Every string under a key that names a token in a JSON document (pending.json)."""
    found = []
    if isinstance(value, dict):
        for child_key, child in value.items():
            found += secret_strings(child, child_key)
    elif isinstance(value, list):
        for child in value:
            found += secret_strings(child, key)
    elif isinstance(value, str) and "token" in key.lower() and len(value) >= 8 and key.lower() != "tokentype":
        found.append(value)
    return found


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)
