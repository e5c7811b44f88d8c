"""While signin waits on the person, and before it sends them anywhere.

- On a terminal, stderr carries one status line ("Waiting for the browser… 0:03 left"), redrawn
  in place with a carriage return and erased (ECMA-48 EL) when the wait ends; with --json, or when
  stderr is not a terminal, there is no such line. A Firebase project's flow (the provider not
  added here) shows the same line: one wait for both routes (Decisions/0038).
- A provider whose authorization endpoint does not answer fails in seconds with exit 9 and the
  browser is never started, instead of the person waiting out the sign-in's timeout on an error
  page. The provider's discovery document is served by the test; its authorization endpoint is a
  port nothing listens on.
"""

from __future__ import annotations

import json
import time
from http.server import BaseHTTPRequestHandler

import pytest

from e2e_constants import FIREBASE_HANDLER_URI
from e2e_helpers import OK, PROVIDER_ERROR, PROVIDER_NAME, TIMED_OUT, free_port, run_on_a_terminal
from fakes import GITHUB_ID, firebase_fake, github_fake  # noqa: F401  (fixtures)
from network_servers import send_json
from test_firebase import use_project
from tool_servers import LoopbackServer

CLEAR_LINE = "\r\x1b[K"


def _terminal_env(cli) -> dict:
    # No CI (a terminal sign-in is refused under CI) and a browser that never arrives.
    return {key: value for key, value in {**cli.env, "TERM": "xterm"}.items() if key != "CI"}


@pytest.mark.mock
def test_a_terminal_shows_the_time_left_and_erases_the_line(cli, mock_idp):
    cli.add_provider(mock_idp)
    code, output = run_on_a_terminal(
        cli, ["signin", "--provider", PROVIDER_NAME, "--browser", "true", "--timeout", "3"], _terminal_env(cli))
    context = f"exit {code}\n--- terminal ---\n{output!r}"
    assert code == TIMED_OUT, context
    drawn = [part for part in output.split(CLEAR_LINE) if part.startswith("Waiting for the browser… ")]
    assert drawn, context
    assert drawn[0].startswith("Waiting for the browser… 0:03 left") or drawn[0].startswith(
        "Waiting for the browser… 0:02 left"), context
    assert len(drawn) >= 2, f"the line was not redrawn while waiting\n{context}"
    # The line is erased before the timeout message, which starts on a clean line.
    last_draw = output.rindex("Waiting for the browser… ")
    erased_after = output.index(CLEAR_LINE, last_draw)
    assert output[erased_after + len(CLEAR_LINE):].startswith("error: no sign-in redirect reached"), context
    # The browser never came back at all: the message names the likely cause.
    assert "nothing at all connected to it" in output and "http://127.0.0.1/callback" in output, context
    assert "--redirect-port" in output, f"the fix for a provider that wants the exact port\n{context}"


def test_a_projects_flow_shows_the_time_left_too(cli, firebase_fake, github_fake):
    """GitHub through the project, returning to this machine's listener (--github-localhost):
    the browser never comes back, and the wait says so on its status line, as a local one does."""
    github_fake.configure(callback_urls=[FIREBASE_HANDLER_URI, "http://localhost/callback"])
    firebase_fake.configure(providers={GITHUB_ID: {
        "enabled": True, "client_id": github_fake.client_id, "client_secret": github_fake.client_secret,
        "api_base": github_fake.base}})
    use_project(cli, firebase_fake, None, "--github-localhost")
    code, output = run_on_a_terminal(
        cli, ["signin", "--provider", GITHUB_ID, "--browser", "true", "--timeout", "3"], _terminal_env(cli))
    context = f"exit {code}\n--- terminal ---\n{output!r}"
    assert code == TIMED_OUT, context
    assert "the Firebase project runs its sign-in" in output, context
    drawn = [part for part in output.split(CLEAR_LINE) if part.startswith("Waiting for the browser… ")]
    assert drawn, context
    assert drawn[0].startswith(("Waiting for the browser… 0:03 left", "Waiting for the browser… 0:02 left")), context
    # Erased before the timeout message, which names the project's loopback return.
    last_draw = output.rindex("Waiting for the browser… ")
    erased_after = output.index(CLEAR_LINE, last_draw)
    assert output[erased_after + len(CLEAR_LINE):].startswith("error: nothing came back to http://"), context


@pytest.mark.mock
def test_no_waiting_line_with_json_or_when_stderr_is_not_a_terminal(cli, mock_idp):
    cli.add_provider(mock_idp)
    code, output = run_on_a_terminal(
        cli, ["signin", "--provider", PROVIDER_NAME, "--browser", "true", "--timeout", "2", "--json"],
        _terminal_env(cli))
    assert code == TIMED_OUT, output
    assert "Waiting for the browser" not in output and "\x1b[K" not in output, repr(output)
    piped = cli.run("signin", "--provider", PROVIDER_NAME, "--browser", "true", "--timeout", "2", timeout=30)
    assert piped.returncode == TIMED_OUT, piped
    assert "Waiting for the browser" not in piped.stderr and "\x1b" not in piped.stderr, piped


class _DiscoveryHandler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):  # noqa: N802 - http.server's name
        if self.path != "/.well-known/openid-configuration":
            self.send_error(404)
            return
        issuer, dead = self.server.owner.issuer, self.server.owner.dead_port
        send_json(self, 200, {
            "issuer": issuer,
            "authorization_endpoint": f"http://127.0.0.1:{dead}/authorize",
            "token_endpoint": f"{issuer}/token",
            "jwks_uri": f"{issuer}/jwks",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
        })


class _DiscoveryOnly(LoopbackServer):
    """Serves only a discovery document whose authorization endpoint is a port nothing listens on."""

    handler = _DiscoveryHandler

    def __init__(self):
        self.dead_port = free_port()
        super().__init__()
        self.issuer = f"http://127.0.0.1:{self.port}"


def test_an_authorization_endpoint_that_does_not_answer_fails_before_the_browser(cli):
    provider = _DiscoveryOnly()
    try:
        added = cli.run("providers", "add", "oidc.down", "--issuer", provider.issuer, "--client-id", "app")
        assert added.returncode == OK, added
        started = time.monotonic()
        result = cli.signin(provider="oidc.down", timeout=120)
        elapsed = time.monotonic() - started
    finally:
        provider.stop()
    assert result.returncode == PROVIDER_ERROR, result
    assert elapsed < 60, f"waited {elapsed:.0f}s of the 120s timeout: {result}"
    assert f"127.0.0.1:{provider.dead_port}" in result.stderr, result
    assert not cli.browser_ran(), cli.browser_text()
    assert result.stdout == ""


def test_providers_add_asks_the_provider_first(cli):
    """A provider that is down, or an issuer with no discovery document, is refused when it is
    added (9, nothing stored); --no-check stores it for offline set-up."""
    dead = f"http://127.0.0.1:{free_port()}"
    refused = cli.run("providers", "add", "oidc.down", "--issuer", dead, "--client-id", "app", "--json")
    assert refused.returncode == PROVIDER_ERROR, refused
    assert dead.split("//")[1] in json.loads(refused.stderr.splitlines()[-1])["error"]["message"], refused
    provider = _DiscoveryOnly()
    try:
        missing = cli.run("providers", "add", "oidc.down", "--issuer", provider.issuer + "/nothing", "--client-id", "app")
        assert missing.returncode == PROVIDER_ERROR and "HTTP 404" in missing.stderr, missing
    finally:
        provider.stop()
    assert cli.run("providers", "list", "--json").json() == []
    offline = cli.run("providers", "add", "oidc.down", "--issuer", dead, "--client-id", "app", "--no-check")
    assert offline.returncode == OK, offline
    assert [entry["id"] for entry in cli.run("providers", "list", "--json").json()] == ["oidc.down"]
