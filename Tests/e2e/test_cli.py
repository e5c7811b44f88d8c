"""Provider registration and the command line's edges, with a real provider behind them."""

from __future__ import annotations

import json

import pytest

from e2e_helpers import CONFIGURATION_ERROR, OK, PROVIDER_NAME, USAGE


def test_providers_add_list_show_remove(cli, idp):
    cli.add_provider(idp)
    listed = cli.run("providers", "list")
    assert listed.returncode == OK and PROVIDER_NAME in listed.stdout, str(listed)

    shown = cli.run("providers", "show", PROVIDER_NAME, "--json")
    assert shown.returncode == OK, str(shown)
    document = shown.json()
    assert idp.issuer in shown.stdout and idp.client_id in shown.stdout, str(shown)
    assert document, str(shown)
    text = cli.run("providers", "show", PROVIDER_NAME)
    assert text.returncode == OK and idp.issuer in text.stdout, str(text)

    for output in (listed, shown, text):
        assert idp.client_secret not in output.stdout + output.stderr, "the client secret is never shown"

    removed = cli.run("providers", "remove", PROVIDER_NAME)
    assert removed.returncode == OK, str(removed)
    after = cli.run("providers", "list")
    assert after.returncode == OK and PROVIDER_NAME not in after.stdout, str(after)
    gone = cli.run("providers", "show", PROVIDER_NAME)
    assert gone.returncode == CONFIGURATION_ERROR, str(gone)


@pytest.mark.mock
def test_unknown_provider_everywhere(cli, mock_idp):
    cli.add_provider(mock_idp)
    for args in (["providers", "show", "oidc.nope"], ["providers", "remove", "oidc.nope"]):
        result = cli.run(*args)
        assert result.returncode == CONFIGURATION_ERROR, str(result)


@pytest.mark.parametrize("args", [
    ["frobnicate"],
    ["signin", "--provider", PROVIDER_NAME, "--no-such-option"],
    ["whoami", "--jsonn"],
    ["signin"],  # --provider is required
    ["signin", "--provider", PROVIDER_NAME, "--timeout", "soon"],
])
def test_usage_errors(cli, args):
    result = cli.run(*args)
    assert result.returncode == USAGE, str(result)
    assert result.stdout == "", str(result)
    assert result.stderr.strip(), str(result)


def test_a_near_miss_is_suggested(cli):
    result = cli.run("sigin")
    assert result.returncode == USAGE, str(result)
    assert "signin" in result.stderr, str(result)


def test_help_goes_to_stdout_and_succeeds(cli):
    result = cli.run("--help", home=False)
    assert result.returncode == OK, str(result)
    assert "signin" in result.stdout, str(result)


@pytest.mark.mock
def test_json_errors_are_one_json_object_on_stderr(cli, mock_idp):
    cli.add_provider(mock_idp)
    cases = [
        (["--json", "whoami"], 3),
        (["--json", "signin", "--provider", "oidc.nope"], CONFIGURATION_ERROR),
        (["--json", "frobnicate"], USAGE),
        (["--json", "signin", "--provider", PROVIDER_NAME, "--param", "state=x"], USAGE),
    ]
    for args, expected in cases:
        result = cli.run(*args)
        assert result.returncode == expected, str(result)
        assert result.stdout == "", f"errors never go to stdout\n{result}"
        lines = [line for line in result.stderr.splitlines() if line.startswith("{")]
        assert lines, str(result)
        error = json.loads(lines[-1])
        assert isinstance(error.get("error"), dict) and error["error"].get("message"), str(result)


@pytest.mark.mock
def test_browser_from_the_environment(cli, mock_idp):
    cli.add_provider(mock_idp)
    result = cli.run("signin", "--provider", PROVIDER_NAME, "--timeout", "30",
                     env={"AUTHCTL_BROWSER": cli.browser()})
    assert result.returncode == OK, str(result)
    assert "done status=0" in cli.wait_for_browser()


def test_version(cli):
    result = cli.run("--version", home=False)
    assert result.returncode == OK and result.stdout.strip(), str(result)
