"""`signin --client-credentials` (RFC 6749 §4.4) against django-oauth-toolkit's machine client.

The machine signs in as itself with no browser and no person; its session works like a person's
for `token` (and so `exec` and the helpers), and an expired token is asked for again. The token is
proved real by the provider's own introspection endpoint (RFC 7662). A client without a secret,
and a client the provider does not allow the grant, store nothing.
"""

from __future__ import annotations

import time

import pytest
import requests

from conftest import SHORT_LIFETIME
from e2e_helpers import CONFIGURATION_ERROR, OK, PROVIDER_ERROR, USAGE

MACHINE = "oidc.machine"


def _add_machine(cli, idp) -> None:
    cli.providers.append(idp)
    added = cli.run("providers", "add", MACHINE, "--issuer", idp.issuer, "--client-id", idp.machine_client_id,
                    "--client-secret-stdin", input=idp.machine_client_secret + "\n")
    assert added.returncode == OK, str(added)


def _introspect(idp, token: str) -> dict:
    answer = requests.post(f"{idp.issuer}/introspect/", data={"token": token}, timeout=10,
                           auth=(idp.machine_client_id, idp.machine_client_secret))
    assert answer.status_code == 200, answer.text
    return answer.json()


def _signin(cli, *extra: str):
    return cli.run("signin", "--provider", MACHINE, "--client-credentials", "--json", *extra)


@pytest.mark.dot
def test_a_machine_signs_in_as_itself(cli, dot_idp):
    _add_machine(cli, dot_idp)
    result = _signin(cli, "--scope", "reports.read")
    assert result.returncode == OK, str(result)
    user = result.json()["user"]
    assert [(entry["providerId"], entry["uid"]) for entry in user["providerData"]] == [
        (MACHINE, f"client:{dot_idp.machine_client_id}")]
    assert not cli.browser_ran(), "a machine sign-in never opens a browser"
    token = cli.run("token").stdout.strip()
    facts = _introspect(dot_idp, token)
    assert facts["active"] is True and facts["client_id"] == dot_idp.machine_client_id, facts
    assert "reports.read" in facts["scope"].split(), facts
    status = cli.run("status", "--json").json()["users"][0]["providers"][0]
    assert status["accountName"] == dot_idp.machine_client_id and status["refreshable"] is False

    again = _signin(cli, "--scope", "reports.read")
    assert again.returncode == OK and again.json()["user"]["uid"] == user["uid"], "the same machine, the same uid"


@pytest.mark.dot
def test_an_expired_machine_token_is_asked_for_again(cli, short_dot_idp):
    _add_machine(cli, short_dot_idp)
    assert _signin(cli).returncode == OK
    first = cli.run("token").stdout.strip()
    time.sleep(SHORT_LIFETIME + 0.5)
    assert _introspect(short_dot_idp, first)["active"] is False
    second = cli.run("token")
    assert second.returncode == OK, str(second)
    assert second.stdout.strip() != first
    assert _introspect(short_dot_idp, second.stdout.strip())["active"] is True
    assert cli.run("status", "--check").returncode == OK


@pytest.mark.dot
@pytest.mark.parametrize("client", ["public", "interactive"])
def test_a_client_that_may_not_stores_nothing(cli, dot_idp, client):
    cli.providers.append(dot_idp)
    if client == "public":
        added = cli.run("providers", "add", MACHINE, "--issuer", dot_idp.issuer, "--client-id", dot_idp.public_client_id)
        expected = CONFIGURATION_ERROR
    else:  # a confidential client registered for the authorization code only
        added = cli.run("providers", "add", MACHINE, "--issuer", dot_idp.issuer, "--client-id", dot_idp.client_id,
                        "--client-secret-stdin", input=dot_idp.client_secret + "\n")
        expected = PROVIDER_ERROR
    assert added.returncode == OK, str(added)
    result = _signin(cli)
    assert result.returncode == expected and result.stdout == "", str(result)
    assert cli.snapshot() is None, "a refused machine sign-in stored something"


def test_audience_and_resource_go_with_client_credentials(cli, mock_idp):
    cli.add_provider(mock_idp)
    result = cli.run("signin", "--provider", "oidc.e2e", "--audience", "https://api.example", "--no-browser")
    assert result.returncode == USAGE and "--client-credentials" in result.stderr, str(result)
