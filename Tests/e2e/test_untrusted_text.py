"""Issue 38, Decisions/0041: text from providers and projects never reaches the terminal raw.

A hostile provider (the Yahoo and GitHub stand-ins) and a hostile Firebase project put terminal
controls in every piece of text authctl shows: CSI (clear the screen, colours), OSC (the window
title, OSC 52's clipboard), BEL, the 8-bit CSI U+009B and the bidirectional overrides. For every
text command and error path, stdout and stderr carry no control character but newline and tab;
the provider's text is shown with its controls made visible; with --json the same text comes
back exactly (escaped as JSON escapes it, so that output is terminal-safe too).
"""

from __future__ import annotations

import json

import pytest

from accounts_helpers import browser_flow
from e2e_helpers import CANCELLED, OK, PROVIDER_ERROR, run_on_a_terminal
from fakes import GITHUB_ID, YAHOO_ID, add_github, add_yahoo, firebase_fake, github_fake, yahoo_fake  # noqa: F401 (fixtures)

# The sequence: a title, a cleared screen, a fake green "Signed in", OSC 52 writing
# "echo pwned" to the clipboard; then an 8-bit CSI, a right-to-left override and an isolate.
HOSTILE = ("\x1b]0;PWNED\x07\x1b[2J\x1b[H\x1b[32mSigned in as admin@corp\x1b[0m\x1b]52;c;ZWNobyBwd25lZA==\x07"
           "\x9b31m red \u202eevil.exe\u2066x\u2069\x7f\r")
# The same as a person sees it (TerminalSafety's rule).
SHOWN = ("\\x1b]0;PWNED\\x07\\x1b[2J\\x1b[H\\x1b[32mSigned in as admin@corp\\x1b[0m\\x1b]52;c;ZWNobyBwd25lZA==\\x07"
         "\\x9b31m red \\u{202E}evil.exe\\u{2066}x\\u{2069}\\x7f\\x0d")


def is_control(character: str) -> bool:
    code = ord(character)
    return ((code < 0x20 and character not in "\n\t") or 0x7F <= code <= 0x9F
            or 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069)


def assert_no_raw_control(result) -> None:
    for stream, text in (("stdout", result.stdout), ("stderr", result.stderr)):
        found = sorted({f"U+{ord(c):04X}" for c in text if is_control(c)})
        assert not found, f"raw controls {found} on {stream}\n{result}"


def text_commands(cli) -> list:
    """Every text command that shows the signed-in user or the providers, each checked."""
    results = []
    for args in (["whoami"], ["status"], ["users"], ["providers", "list"], ["whoami", "--json"], ["status", "--json"],
                 ["users", "--json"]):
        result = cli.run(*args)
        assert result.returncode == OK, str(result)
        assert_no_raw_control(result)
        results.append(result)
    return results


def test_a_hostile_oidc_profile_is_shown_neutralised_and_kept_in_json(cli, yahoo_fake):
    """ID-token name, preferred_username and nickname, and userinfo, all carry the sequence."""
    add_yahoo(cli, yahoo_fake)
    yahoo_fake.configure(profile={"name": HOSTILE, "preferred_username": HOSTILE, "nickname": HOSTILE, "given_name": HOSTILE})
    signin = cli.signin("--verbose", provider=YAHOO_ID, json_output=False)
    assert signin.returncode == OK, str(signin)
    assert_no_raw_control(signin)
    whoami, *_ = text_commands(cli)
    assert f"name:       {SHOWN}\n" in whoami.stdout, str(whoami)
    document = cli.run("whoami", "--json")
    assert document.json()["displayName"] == HOSTILE, str(document)
    assert "\\u001b]0;PWNED\\u0007" in document.stdout and "\\u009b" in document.stdout and "\\u202e" in document.stdout
    signin_json = cli.signin(provider=YAHOO_ID)
    assert signin_json.returncode == OK, str(signin_json)
    assert_no_raw_control(signin_json)
    assert signin_json.json()["additionalUserInfo"]["profile"]["name"] == HOSTILE


@pytest.mark.parametrize("where", ["authorization", "token"])
def test_a_hostile_error_description_is_shown_neutralised_and_kept_in_json(cli, yahoo_fake, where):
    """The authorization response's and the token endpoint's error_description, as text and --json."""
    add_yahoo(cli, yahoo_fake)
    if where == "authorization":
        yahoo_fake.configure(deny_description=HOSTILE)
        browser, status = ("--deny",), CANCELLED
    else:
        yahoo_fake.configure(token_error={"error": "invalid_grant", "error_description": HOSTILE})
        browser, status = (), PROVIDER_ERROR
    text = cli.signin("--verbose", provider=YAHOO_ID, browser=browser, json_output=False)
    assert text.returncode == status, str(text)
    assert_no_raw_control(text)
    assert SHOWN in text.stderr, str(text)
    document = cli.signin(provider=YAHOO_ID, browser=browser)
    assert document.returncode == status, str(document)
    assert_no_raw_control(document)
    assert HOSTILE in json.loads(document.stderr.strip().splitlines()[-1])["error"]["message"], str(document)


def test_an_error_on_a_terminal_keeps_only_authctls_own_colour(cli, yahoo_fake):
    """With colour on, the one escape sequence on the terminal is authctl's red `error:`."""
    add_yahoo(cli, yahoo_fake)
    yahoo_fake.configure(deny_description=HOSTILE)
    status, output = run_on_a_terminal(
        cli, ["signin", "--provider", YAHOO_ID, "--browser", cli.browser("--deny"), "--timeout", "30"],
        env={key: value for key, value in cli.env.items() if key != "NO_COLOR"})
    assert status == CANCELLED, output
    assert "\x1b[1;31merror:\x1b[0m " in output, output
    rest = output.replace("\x1b[1;31merror:\x1b[0m ", "").replace("\r\x1b[K", "").replace("\r\n", "\n")
    assert not [c for c in rest if is_control(c)], repr(rest)
    assert SHOWN in rest, output


def test_a_hostile_github_login_and_name(cli, github_fake):
    login = "octo\x1b]0;t\x07\u202ecat"
    github_fake.configure(profile={"login": login, "name": HOSTILE})
    add_github(cli, github_fake)
    signin = cli.signin(provider=GITHUB_ID, json_output=False)
    assert signin.returncode == OK, str(signin)
    assert_no_raw_control(signin)
    whoami, *_ = text_commands(cli)
    assert SHOWN in whoami.stdout, str(whoami)
    document = cli.run("whoami", "--json").json()
    assert document["displayName"] == HOSTILE
    assert [entry.get("username") for entry in document["providerData"]] == [login]


def test_a_hostile_project_display_name_and_error_message(cli, firebase_fake, github_fake):
    """A Firebase project answers the GitHub profile's name as the display name, and a blocking
    function's message as its error."""
    add_github(cli, github_fake)
    github_fake.configure(profile={"name": HOSTILE})
    firebase_fake.configure(providers={GITHUB_ID: {"enabled": True, "client_id": github_fake.client_id, "api_base": github_fake.base}})
    cli.env["FIREBASE_AUTH_EMULATOR_HOST"] = firebase_fake.info["host"]
    used = cli.run("firebase", "use", "--api-key", firebase_fake.info["api_key"], "--project-id", firebase_fake.info["project_id"])
    assert used.returncode == OK, str(used)
    cli.providers.append(firebase_fake)
    signin = cli.run("signin", "--provider", GITHUB_ID, "--browser", cli.browser(), "--timeout", "30")
    assert signin.returncode == OK, str(signin)
    assert_no_raw_control(signin)
    whoami, *_ = text_commands(cli)
    assert SHOWN in whoami.stdout, str(whoami)
    assert cli.run("whoami", "--json").json()["displayName"] == HOSTILE

    firebase_fake.configure(blocking_function_message=HOSTILE)
    refused = browser_flow(cli, "reauth", provider=GITHUB_ID)
    assert refused.returncode != OK, str(refused)
    assert_no_raw_control(refused)
    text = cli.run("reauth", "--provider", GITHUB_ID, "--browser", cli.browser(), "--timeout", "30")
    assert text.returncode == refused.returncode, str(text)
    assert_no_raw_control(text)
    assert "PWNED" in text.stderr, str(text)
