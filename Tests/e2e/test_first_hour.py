"""A new user's first hour (issue 39): every state named truly, every error with its next step.
Run as a person meets them: messages and exit statuses, some in tmux at 80x24.
"""

from __future__ import annotations

import json
import socket

import pytest

from e2e_helpers import OK
from fakes import firebase_fake  # noqa: F401  (fixture)
from test_firebase import password_signin, project, use_project  # noqa: F401  (fixture)
from test_signin_methods import ALICE, PASSWORD, methods  # noqa: F401  (fixture)

NOT_SIGNED_IN = 3


# --- signout names the users it signed out ------------------------------------------------------


@pytest.mark.parametrize("how", ["password", "anonymous"])
def test_signout_of_a_project_user_without_a_provider_session_says_signed_out(methods, how):
    """A password or anonymous user has the project's session only, no provider's: signout said
    "Nobody was signed in." while it signed them out."""
    if how == "password":
        signed_in = password_signin(methods, ALICE, PASSWORD, "--create")
    else:
        signed_in = methods.run("signin", "--anonymous")
        uid = methods.run("whoami", "--json").json()["uid"]
        assert signed_in.stderr.strip() == f"Signed in anonymously (new user {uid}).", str(signed_in)
    assert signed_in.returncode == OK, str(signed_in)
    out = methods.run("signout")
    assert (out.returncode, out.stderr.strip()) == (OK, "Signed out; the local session and its tokens are gone."), str(out)
    assert methods.run("token").returncode == NOT_SIGNED_IN
    again = methods.run("signout", "--json")
    assert (again.returncode, again.stderr.strip(), again.json()) == (OK, "Nobody was signed in.", {"schema": 1, "signedOut": 0}), str(again)


# --- errors with a next step ----------------------------------------------------------------------


def test_a_wrong_client_secret_says_to_add_the_provider_again(cli, dot_idp):
    """The token endpoint's invalid_client (RFC 6749 §5.2) names the fix, not just the refusal."""
    added = cli.run("providers", "add", "oidc.e2e", "--issuer", dot_idp.issuer, "--client-id", dot_idp.client_id,
                    "--client-secret-stdin", input="not-the-secret\n")
    assert added.returncode == OK, str(added)
    refused = cli.signin(json_output=False)
    assert refused.returncode == 9, str(refused)
    assert "invalid_client" in refused.stderr, str(refused)
    assert ("the client id or secret configured for the provider is wrong: add it again with the right ones, "
            "'authctl providers remove <id>' then 'authctl providers add <id> --client-id ID --client-secret-stdin'") in refused.stderr, str(refused)
    as_json = cli.signin()
    assert as_json.returncode == 9 and json.loads(as_json.stderr.strip().splitlines()[-1])["error"]["remedy"]["kind"] == "replace-client-credentials", str(as_json)


def test_a_bad_issuer_says_to_check_it_or_skip_the_check(cli, dot_idp):
    """Nothing listening at the issuer, or discovery answering 404: check --issuer, or --no-check."""
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens on it now
    for issuer, problem in ((f"http://127.0.0.1:{port}/o", "cannot reach"),
                            (dot_idp.issuer + "/not-the-issuer", "answered HTTP 404")):
        refused = cli.run("providers", "add", "oidc.bad", "--issuer", issuer, "--client-id", "x")
        assert refused.returncode == 9, str(refused)
        assert problem in refused.stderr, str(refused)
        assert (f"check --issuer {issuer}: it is the URL before /.well-known/openid-configuration, as the provider "
                "documents it; or add the provider with --no-check to store it without asking") in refused.stderr, str(refused)
        as_json = cli.run("providers", "add", "oidc.bad", "--issuer", issuer, "--client-id", "x", "--json")
        assert json.loads(as_json.stderr)["error"]["remedy"] == {"kind": "check-issuer", "issuer": issuer}, str(as_json)
    skipped = cli.run("providers", "add", "oidc.bad", "--issuer", f"http://127.0.0.1:{port}/o", "--client-id", "x", "--no-check")
    assert skipped.returncode == OK, str(skipped)


def test_not_signed_in_names_the_providers_configured_here(cli, dot_idp, mock_idp):
    nothing = cli.run("token")
    assert nothing.returncode == NOT_SIGNED_IN, str(nothing)
    assert ("not signed in; no provider is configured yet: add one with 'authctl providers add <id> --client-id ID' "
            "('authctl providers add --help' lists the built-in ones), then run 'authctl signin --provider <id>'") in nothing.stderr
    cli.add_provider(dot_idp)
    one = cli.run("whoami")
    assert (one.returncode, one.stderr.strip()) == (NOT_SIGNED_IN, "error: not signed in; run 'authctl signin --provider oidc.e2e'"), str(one)
    cli.add_provider(mock_idp, name="oidc.lab")
    two = cli.run("token", "--json")
    assert two.returncode == NOT_SIGNED_IN, str(two)
    error = json.loads(two.stderr)["error"]
    assert error["message"] == ("not signed in; run 'authctl signin --provider ID' with one of the providers configured "
                                "here: oidc.e2e, oidc.lab"), error
    assert error["remedy"] == {"kind": "sign-in", "providerIds": ["oidc.e2e", "oidc.lab"]}, error


@pytest.mark.parametrize("how", ["--home", "AUTHCTL_HOME"])
def test_a_home_that_cannot_be_written_fails_before_the_browser_opens(cli, dot_idp, how):
    cli.add_provider(dot_idp)
    providers = (cli.home / "providers.json").read_text()
    # A home under /proc cannot be created, even by root (chmod stops no root; a read-only mount does).
    home = "/proc/authctl-e2e-home"
    (cli.tmp / "elsewhere").mkdir()
    args = ["signin", "--provider", "oidc.e2e", "--browser", cli.browser(), "--timeout", "30"]
    if how == "--home":
        result = cli.run("--home", home, *args, home=False, env={"AUTHCTL_HOME": ""})
    else:
        result = cli.run(*args, home=False, env={"AUTHCTL_HOME": home})
    assert result.returncode == 11, str(result)
    assert (f"The authctl home '{home}' cannot be created or written (No such file or directory); sessions and settings "
            "are kept there. Make it writable. Or choose another home with --home (or AUTHCTL_HOME).") in result.stderr, str(result)
    assert not cli.browser_ran(), "the browser opened before the home was checked"
    assert (cli.home / "providers.json").read_text() == providers


def test_bare_signin_names_the_providers_configured_here(cli, dot_idp, firebase_fake):
    nothing = cli.run("signin")
    assert nothing.returncode == 2, str(nothing)
    assert nothing.stderr.startswith("error: missing required option '--provider'; no provider is configured yet: add one "
                                     "with 'authctl providers add <id> --client-id ID' first\n"), str(nothing)
    cli.add_provider(dot_idp)
    use_project(cli, firebase_fake)
    listed = cli.run("signin")
    assert listed.returncode == 2, str(listed)
    assert listed.stderr.startswith("error: missing required option '--provider'; the providers configured here: "
                                    "oidc.e2e, password\nUsage: authctl signin --provider ID"), str(listed)
    elsewhere = cli.run("--home", str(cli.tmp / "other-home"), "signin", "--json", home=False)
    assert json.loads(elsewhere.stderr)["error"]["message"].endswith("no provider is configured yet: add one with "
                                                                     "'authctl providers add <id> --client-id ID' first"), str(elsewhere)
