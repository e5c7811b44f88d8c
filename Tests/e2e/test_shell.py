"""`status` and `exec` against django-oauth-toolkit and oidc-provider-mock, run as a shell would.

`status` reads the keystore only and must tell, per provider, whose account it is and when the
token expires; `status --check` must say whether a token can be had without a browser, which an
ID-token-only session (no refresh token) loses when its token expires. `exec` must hand the
command a token the provider accepts, refreshed first when it is about to expire, and end with the
command's own exit status.
"""

from __future__ import annotations

import os
import re
import time

import pytest
import requests

from conftest import SHORT_LIFETIME
import pkce_client
from e2e_helpers import NOT_SIGNED_IN, OK, PROVIDER_NAME

COMMAND_NOT_FOUND = 127
COMMAND_NOT_EXECUTABLE = 126


def _accepted_by_userinfo(idp, token: str) -> bool:
    response = requests.get(idp.discovery()["userinfo_endpoint"],
                            headers={"Authorization": f"Bearer {token}"}, timeout=10)
    return response.status_code == 200


def _write_env(path, variable: str = "AUTHCTL_TOKEN") -> list[str]:
    """A command that writes the variable to `path` (so stdout stays the command's)."""
    return ["sh", "-c", f'printf %s "${variable}" > "$0"', str(path)]


@pytest.mark.dot
def test_status_names_the_account_and_its_expiry(cli, dot_idp):
    cli.signed_in(dot_idp)
    text = cli.run("status")
    assert text.returncode == OK, str(text)
    assert re.search(rf"^\* alice@example\.com \(uid \S+\)$", text.stdout, re.M), str(text)
    assert re.search(rf"^    {re.escape(PROVIDER_NAME)}: alice, expires in \d+[smhd]( \d+[smhd])?, refreshable$",
                     text.stdout, re.M), str(text)
    report = cli.run("status", "--json")
    assert report.returncode == OK, str(report)
    document = report.json()
    assert document["schema"] == 1
    [user] = document["users"]
    assert user["current"] is True
    [provider] = user["providers"]
    assert provider["providerId"] == PROVIDER_NAME
    assert provider["accountName"] == dot_idp.users["alice"].get("username", "alice"), str(report)
    assert 0 < provider["expiresInSeconds"] <= 36000, str(report)
    assert provider["refreshable"] is True
    assert user["canGetToken"] is True
    check = cli.run("status", "--check")
    assert (check.returncode, check.stdout) == (OK, ""), str(check)


def test_status_check_fails_once_an_id_token_only_session_expires(cli, short_mock_idp, tmp_path):
    cli.add_provider(short_mock_idp)
    flow = pkce_client.authorize(short_mock_idp.issuer, short_mock_idp.client_id,
                                 browser_args=["--log", str(tmp_path / "rp.log")])
    token = flow.exchange(short_mock_idp.client_secret)["id_token"]
    signin = cli.run("signin", "--provider", PROVIDER_NAME, "--id-token-stdin", input=token + "\n")
    assert signin.returncode == OK, str(signin)
    assert cli.run("status", "--check").returncode == OK
    time.sleep(SHORT_LIFETIME + 1)
    before = cli.snapshot()
    check = cli.run("status", "--check")
    assert (check.returncode, check.stdout) == (NOT_SIGNED_IN, ""), str(check)
    # One answer to "can a token be had" (issue 39): whoami --check agrees with status --check.
    assert cli.run("whoami", "--check").returncode == NOT_SIGNED_IN, "whoami --check and status --check disagree"
    report = cli.run("status", "--json").json()
    assert report["users"][0]["canGetToken"] is False
    assert report["users"][0]["providers"][0]["refreshable"] is False
    assert report["users"][0]["providers"][0]["expiresInSeconds"] < 0
    assert cli.snapshot() == before, "status must not write the keystore"


@pytest.mark.dot
def test_status_check_holds_for_an_expired_but_refreshable_session(cli, short_dot_idp):
    cli.signed_in(short_dot_idp)
    time.sleep(SHORT_LIFETIME + 0.5)
    provider = cli.run("status", "--json").json()["users"][0]["providers"][0]
    assert provider["expiresInSeconds"] < 0 and provider["refreshable"] is True
    assert cli.run("status", "--check").returncode == OK, "a refresh token gets a token without a browser"
    assert cli.run("token").returncode == OK
    refreshed = cli.run("status", "--json").json()["users"][0]["providers"][0]
    assert refreshed["expiresInSeconds"] > 0, "the refreshed expiry is what status shows"
    assert cli.run("status", "--check").returncode == OK


@pytest.mark.dot
def test_exec_passes_a_refreshed_token_and_the_commands_status(cli, short_dot_idp, tmp_path):
    cli.signed_in(short_dot_idp)
    first = cli.run("token").stdout.strip()
    time.sleep(SHORT_LIFETIME + 0.5)  # expired: exec has to refresh first
    seen = tmp_path / "seen-token"
    result = cli.run("exec", "--", *_write_env(seen))
    assert result.returncode == OK, str(result)
    passed = seen.read_text()
    assert passed and passed != first, "exec passed the expired token instead of refreshing"
    assert _accepted_by_userinfo(short_dot_idp, passed)
    assert cli.run("token").stdout.strip() == passed, "the refreshed token was not stored"
    assert passed not in result.stderr and passed not in result.stdout

    named = tmp_path / "named"
    assert cli.run("exec", "--env", "GH_TOKEN", "--", *_write_env(named, "GH_TOKEN")).returncode == OK
    assert named.read_text() == passed

    output = cli.run("exec", "--", "sh", "-c", "echo out; echo err >&2; exit 7")
    assert (output.returncode, output.stdout, output.stderr) == (7, "out\n", "err\n"), str(output)


def test_exec_reports_a_missing_or_unrunnable_command(cli, mock_idp, tmp_path):
    cli.signed_in(mock_idp)
    missing = cli.run("exec", "--", "authctl-no-such-command")
    assert missing.returncode == COMMAND_NOT_FOUND and missing.stdout == "", str(missing)
    assert "authctl-no-such-command" in missing.stderr, str(missing)
    script = tmp_path / "not-executable.sh"
    script.write_text("#!/bin/sh\nexit 0\n")
    os.chmod(script, 0o644)
    denied = cli.run("exec", "--", str(script))
    assert denied.returncode == COMMAND_NOT_EXECUTABLE and denied.stdout == "", str(denied)


def test_exec_without_a_session_never_runs_the_command(cli, mock_idp, tmp_path):
    cli.add_provider(mock_idp)
    ran = tmp_path / "ran"
    result = cli.run("exec", "--", "touch", str(ran))
    assert result.returncode == NOT_SIGNED_IN and result.stdout == "", str(result)
    assert not ran.exists(), "the command ran without a token"
