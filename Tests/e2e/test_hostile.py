"""Hostile sign-ins: a tampered callback, refusal, silence, noise on the listener, bad input.

After every failure nothing may be stored: the keystore's bytes (or its absence) are the
same before and after.
"""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlsplit

import pytest

from e2e_helpers import (
    CANCELLED,
    CONFIGURATION_ERROR,
    INVALID_CREDENTIAL,
    OK,
    PROVIDER_ERROR,
    PROVIDER_NAME,
    RESERVED_PARAMETERS,
    TIMED_OUT,
    USAGE,
    authorization_url,
    port_is_free,
    user_of,
)


def _fails_and_stores_nothing(cli, expected: int, *, browser=(), extra=(), timeout=30):
    before = cli.snapshot()
    result = cli.signin(*extra, browser=browser, timeout=timeout)
    assert result.returncode == expected, str(result)
    assert result.stdout == "", f"nothing on stdout after a failure\n{result}"
    assert cli.snapshot() == before, f"the keystore changed after a failed sign-in\n{result}"
    return result


def test_wrong_state_is_ignored_until_the_timeout(cli, idp):
    """A callback with another state may come from any local process: it is answered 400 and
    ignored, so it cannot end the person's sign-in; with no real callback the wait times out."""
    cli.add_provider(idp)
    result = _fails_and_stores_nothing(cli, TIMED_OUT, browser=("--tamper-state",), timeout=5)
    log = cli.wait_for_browser()
    assert "tampered with state" in log and "callback delivered -> 400 'Not for this sign-in" in log, log
    assert "1 redirect with another sign-in's state was ignored" in result.stderr, str(result)


def test_a_forged_callback_then_the_real_one_signs_in(cli, idp):
    """Issue 12: a forged /callback with a wrong state during a sign-in, then the real one: exit 0."""
    cli.add_provider(idp)
    result = cli.signin(browser=("--forged-first",))
    assert result.returncode == OK, str(result)
    log = cli.wait_for_browser()
    assert "forged callback -> 400 'Not for this sign-in" in log, log
    assert "callback delivered -> 200 'Signed in Signed in as alice@example.com." in log, log


@pytest.mark.dot
def test_the_page_after_a_refused_exchange_says_the_sign_in_failed(cli, dot_idp):
    """The browser is answered after the code exchange: a wrong client secret (invalid_client)
    must not be shown as "Signed in"."""
    result = cli.run("providers", "add", PROVIDER_NAME, "--issuer", dot_idp.issuer, "--client-id", dot_idp.client_id,
                     "--client-secret-stdin", input="not-the-secret\n")
    assert result.returncode == OK, str(result)
    _fails_and_stores_nothing(cli, PROVIDER_ERROR)
    log = cli.wait_for_browser()
    assert "callback delivered -> 200 'Sign-in failed" in log and "invalid_client" in log, log
    assert "Signed in as" not in log, log


def test_access_denied_is_a_cancellation(cli, idp):
    cli.add_provider(idp)
    result = _fails_and_stores_nothing(cli, CANCELLED, browser=("--deny",))
    assert "access_denied" in cli.wait_for_browser()
    assert result.stderr.strip(), "a cancelled sign-in says so on stderr"


def test_timeout_when_the_browser_never_comes_back(cli, idp):
    cli.add_provider(idp)
    started = time.monotonic()
    result = _fails_and_stores_nothing(cli, TIMED_OUT, browser=("--idle",), timeout=2)
    elapsed = time.monotonic() - started
    assert 1.5 <= elapsed < 20, f"--timeout 2 took {elapsed:.1f}s\n{result}"
    url = authorization_url(result.stderr)
    assert url, str(result)
    port = urlsplit(parse_qs(urlsplit(url).query)["redirect_uri"][0]).port
    assert port_is_free(port), f"the loopback port {port} is still taken after the timeout"


def test_stray_and_malformed_requests_then_success(cli, idp):
    cli.add_provider(idp)
    result = cli.signin(browser=("--stray",))
    log = cli.wait_for_browser()
    assert result.returncode == OK, str(result)
    assert "stray favicon" in log and "stray /other" in log and "malformed request line" in log, str(log)
    assert "stray 17 KiB header" in log, str(log)
    assert user_of(result.json())["email"] == "alice@example.com"


def test_idle_preconnection_does_not_block_the_callback(cli, idp):
    """Chromium opens speculative connections that send nothing; the real callback must get through."""
    cli.add_provider(idp)
    result = cli.signin(browser=("--preconnect",), timeout=20)
    assert result.returncode == OK, str(result)


@pytest.mark.dot
def test_wrong_iss_in_callback_is_rejected_dot(cli, dot_idp):
    cli.add_provider(dot_idp)
    _fails_and_stores_nothing(cli, INVALID_CREDENTIAL, browser=("--wrong-iss",))


@pytest.mark.dot
def test_missing_iss_is_rejected_when_the_provider_promises_it(cli, dot_idp):
    """RFC 9207 §2.4: discovery says authorization_response_iss_parameter_supported, so a
    response without `iss` must be refused (a mix-up attack would look exactly like this)."""
    assert dot_idp.discovery()["authorization_response_iss_parameter_supported"] is True
    cli.add_provider(dot_idp)
    _fails_and_stores_nothing(cli, INVALID_CREDENTIAL, browser=("--drop-iss",))


@pytest.mark.dot
def test_consent_denied_without_the_promised_iss_is_still_a_cancellation(cli, dot_idp):
    """The person says no at a provider that promises `iss`, and the error redirect comes without
    it: an error yields no token, so RFC 9207's mix-up defence loses nothing by reading it. It is
    a cancellation (exit 4), and --verbose notes the missing `iss`."""
    assert dot_idp.discovery()["authorization_response_iss_parameter_supported"] is True
    cli.add_provider(dot_idp)
    result = _fails_and_stores_nothing(cli, CANCELLED, browser=("--deny", "--drop-iss"), extra=("--verbose",))
    log = cli.wait_for_browser()
    assert "access_denied" in log and "dropped iss" in log, log
    assert "carries no iss" in result.stderr and dot_idp.issuer in result.stderr, str(result)


@pytest.mark.mock
def test_wrong_iss_is_rejected_even_when_not_advertised(cli, mock_idp):
    """RFC 9207 §2.4: an `iss` that is present must match, advertised or not."""
    cli.add_provider(mock_idp)
    _fails_and_stores_nothing(cli, INVALID_CREDENTIAL, browser=("--wrong-iss",))


@pytest.mark.mock
@pytest.mark.parametrize("name", RESERVED_PARAMETERS)
def test_reserved_parameters_are_a_usage_error(cli, mock_idp, name):
    cli.add_provider(mock_idp)
    before = cli.snapshot()
    result = cli.signin("--param", f"{name}=evil")
    assert result.returncode == USAGE, str(result)
    assert name in result.stderr, str(result)
    assert cli.snapshot() == before
    assert not cli.browser_ran(), "no browser may open for a usage error"


@pytest.mark.mock
def test_malformed_param_is_a_usage_error(cli, mock_idp):
    cli.add_provider(mock_idp)
    result = cli.signin("--param", "no-equals-sign")
    assert result.returncode == USAGE, str(result)
    assert not cli.browser_ran()


def test_unknown_provider_is_a_configuration_error(cli):
    before = cli.snapshot()
    result = cli.signin(provider="oidc.nope")
    assert result.returncode == CONFIGURATION_ERROR, str(result)
    assert "oidc.nope" in result.stderr, str(result)
    assert cli.snapshot() == before
    assert not cli.browser_ran()


@pytest.mark.mock
def test_second_signin_with_another_failure_keeps_the_first_account(cli, mock_idp):
    """A failed sign-in after a good one leaves the stored account exactly as it was."""
    cli.signed_in(mock_idp)
    before = cli.snapshot()
    assert before is not None
    result = cli.signin(browser=("--tamper-state",), timeout=5)
    assert result.returncode == TIMED_OUT, str(result)
    assert cli.snapshot() == before
    assert cli.run("whoami", "--check").returncode == OK
    assert PROVIDER_NAME in cli.run("whoami").stdout


@pytest.mark.dot
@pytest.mark.parametrize("variant", ["localhost", "localhost-unchecked", "trailing-slash-unchecked"])
def test_issuer_must_match_discovery_exactly(cli, dot_idp, variant):
    """OpenID Connect Discovery §4.3: the configured issuer and discovery's `issuer` are
    compared as exact strings; http://localhost:P/o or a trailing slash is another issuer.
    providers add refuses it (9); stored anyway with --no-check, the sign-in refuses it."""
    issuer = dot_idp.issuer.replace("127.0.0.1", "localhost") if variant.startswith("localhost") else dot_idp.issuer + "/"
    cli.providers.append(dot_idp)
    unchecked = ("--no-check",) if variant.endswith("unchecked") else ()
    added = cli.run("providers", "add", PROVIDER_NAME, "--issuer", issuer, "--client-id", dot_idp.client_id,
                    "--client-secret-stdin", *unchecked, input=dot_idp.client_secret + "\n")
    if not unchecked:
        assert added.returncode == PROVIDER_ERROR, str(added)
        assert "names issuer" in added.stderr, str(added)
        assert cli.run("providers", "list", "--json").json() == []
        return
    assert added.returncode == OK, str(added)
    _fails_and_stores_nothing(cli, PROVIDER_ERROR)
    assert not cli.browser_ran(), "no browser may open for a provider whose discovery does not match"


@pytest.mark.dot
def test_a_trailing_slash_issuer_takes_the_providers_spelling(cli, dot_idp):
    """The one difference providers add mends: the issuer as the provider spells it is stored,
    said on stderr, and the sign-in then works."""
    cli.providers.append(dot_idp)
    added = cli.run("providers", "add", PROVIDER_NAME, "--issuer", dot_idp.issuer + "/", "--client-id",
                    dot_idp.client_id, "--client-secret-stdin", "--json", input=dot_idp.client_secret + "\n")
    assert added.returncode == OK, str(added)
    assert added.json()["issuer"] == dot_idp.issuer, str(added)
    assert f"Using the issuer as the provider spells it: {dot_idp.issuer}" in added.stderr, str(added)
    assert cli.signin().returncode == OK


@pytest.mark.dot
def test_wrong_client_secret_is_a_provider_error(cli, dot_idp):
    cli.providers.append(dot_idp)
    wrong = "not-the-secret-" + dot_idp.client_secret[:6]
    added = cli.run("providers", "add", PROVIDER_NAME, "--issuer", dot_idp.issuer, "--client-id",
                    dot_idp.client_id, "--client-secret-stdin", input=wrong + "\n")
    assert added.returncode == OK, str(added)
    result = _fails_and_stores_nothing(cli, PROVIDER_ERROR, extra=("--verbose",))
    assert "invalid_client" in result.stderr, str(result)
    assert wrong not in result.stderr, "the client secret must not be echoed, even a wrong one"


def test_plain_http_issuer_is_refused_unless_loopback(cli):
    # .invalid never resolves (RFC 2606): no traffic leaves the machine whatever authctl does.
    result = cli.run("providers", "add", "oidc.remote", "--issuer", "http://idp.example.invalid/o",
                     "--client-id", "x")
    assert result.returncode == CONFIGURATION_ERROR, str(result)
    assert "https" in result.stderr, str(result)
