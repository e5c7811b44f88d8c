"""Sign-in, whoami, token and sign-out through real providers, with the real authctl.

Every test here runs against both providers (``idp``: django-oauth-toolkit and
oidc-provider-mock). JSON shapes are checked loosely: the presence of uid, email and
providerId, not the exact layout around them.
"""

from __future__ import annotations

import json
import re

import pytest
import requests

from e2e_helpers import (
    NOT_SIGNED_IN,
    OK,
    PROVIDER_NAME,
    authorization_url,
    jwt_claims,
    provider_ids,
    user_of,
)


def test_signin_prints_the_user_as_json(cli, idp):
    cli.add_provider(idp)
    result = cli.signin()
    assert result.returncode == OK, str(result)
    user = user_of(result.json())
    assert user.get("uid"), str(result)
    assert user.get("email") == "alice@example.com", str(result)
    assert PROVIDER_NAME in provider_ids(user), str(result)
    # stderr shows the authorization URL (for when no browser opens); stdout carries data only.
    url = authorization_url(result.stderr)
    assert url and url.startswith(idp.discovery()["authorization_endpoint"]), str(result)
    assert "code_challenge_method=S256" in url and "state=" in url and "nonce=" in url, str(url)
    assert "done status=0" in cli.wait_for_browser() and "callback delivered" in cli.browser_text(), str(result)
    assert cli.keystore().exists()


def test_signin_without_json_keeps_stdout_free_of_messages(cli, idp):
    cli.add_provider(idp)
    result = cli.signin(json_output=False)
    assert result.returncode == OK, str(result)
    assert authorization_url(result.stdout) is None, f"the authorization URL belongs on stderr\n{result}"
    assert "signed in" not in result.stdout.lower(), f"messages belong on stderr\n{result}"
    assert "alice@example.com" in result.stderr + result.stdout, str(result)


def test_whoami_text_json_and_check(cli, idp):
    signed = user_of(cli.signed_in(idp))
    text = cli.run("whoami")
    assert text.returncode == OK, str(text)
    assert signed["uid"] in text.stdout and "alice@example.com" in text.stdout, str(text)
    assert PROVIDER_NAME in text.stdout, str(text)

    document = cli.run("whoami", "--json")
    assert document.returncode == OK, str(document)
    who = document.json()
    assert who["uid"] == signed["uid"] and who["email"] == "alice@example.com"
    entries = [e for e in who["providerData"] if e.get("providerId") == PROVIDER_NAME]
    assert entries, str(who)
    entry = entries[0]
    assert entry.get("uid") == idp.users["alice"]["sub"], str(who)
    assert entry.get("email") == "alice@example.com", str(who)
    assert "displayName" in entry, str(who)
    _assert_no_tokens(cli, document.stdout + text.stdout)

    global_first = cli.run("--json", "whoami")  # global options before or after the command
    assert global_first.returncode == OK and global_first.json() == who, str(global_first)

    check = cli.run("whoami", "--check")
    assert check.returncode == OK and check.stdout == "", str(check)


def test_token_prints_only_the_token(cli, idp):
    cli.signed_in(idp)
    access = cli.run("token")
    assert access.returncode == OK, str(access)
    assert re.fullmatch(r"[!-~]+\n", access.stdout), f"one token and a newline expected\n{access}"
    token = access.stdout.strip()
    # The provider accepts it: it is the real access token, not a copy or a placeholder.
    userinfo = requests.get(idp.discovery()["userinfo_endpoint"],
                            headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert userinfo.status_code == 200 and userinfo.json()["sub"] == idp.users["alice"]["sub"]

    with_provider = cli.run("token", "--provider", PROVIDER_NAME)
    assert with_provider.returncode == OK and with_provider.stdout == access.stdout, str(with_provider)

    id_token = cli.run("token", "--id-token")
    assert id_token.returncode == OK, str(id_token)
    assert re.fullmatch(r"[\w-]+\.[\w-]+\.[\w-]+\n", id_token.stdout), str(id_token)
    claims = jwt_claims(id_token.stdout.strip())
    assert claims["iss"] == idp.issuer
    audience = claims["aud"] if isinstance(claims["aud"], list) else [claims["aud"]]
    assert idp.client_id in audience
    assert claims["sub"] == idp.users["alice"]["sub"]


def test_signout_forgets_the_user(cli, idp):
    cli.signed_in(idp)
    result = cli.run("signout")
    assert result.returncode == OK, str(result)
    check = cli.run("whoami", "--check")
    assert check.returncode == NOT_SIGNED_IN and check.stdout == "", str(check)
    token = cli.run("token")
    assert token.returncode == NOT_SIGNED_IN and token.stdout == "", str(token)
    id_token = cli.run("token", "--id-token")
    assert id_token.returncode == NOT_SIGNED_IN and id_token.stdout == "", str(id_token)


def test_returning_signin_lands_on_the_same_uid(cli, idp):
    first = user_of(cli.signed_in(idp))["uid"]
    again = cli.signin()  # while still signed in
    assert again.returncode == OK, str(again)
    assert user_of(again.json())["uid"] == first
    assert cli.run("signout").returncode == OK
    after_signout = cli.signin()
    assert after_signout.returncode == OK, str(after_signout)
    assert user_of(after_signout.json())["uid"] == first


def test_not_signed_in_at_first(cli, idp):
    cli.add_provider(idp)
    check = cli.run("whoami", "--check")
    assert check.returncode == NOT_SIGNED_IN and check.stdout == "", str(check)
    assert cli.run("whoami").returncode == NOT_SIGNED_IN
    token = cli.run("token")
    assert token.returncode == NOT_SIGNED_IN and token.stdout == "", str(token)


def test_secrets_never_reach_stderr(cli, idp):
    cli.add_provider(idp, verbose=True)
    signin = cli.signin("--verbose")
    assert signin.returncode == OK, str(signin)
    access = cli.run("token", "--verbose").stdout.strip()
    id_token = cli.run("token", "--id-token", "--verbose").stdout.strip()
    assert access and id_token
    for args in (["whoami", "--verbose"], ["whoami", "--json", "--verbose"],
                 ["providers", "show", PROVIDER_NAME, "--verbose"], ["providers", "list", "--verbose"],
                 ["signout", "--verbose"]):
        cli.run(*args)
    stderr = "\n".join(cli.stderr_seen)
    assert idp.client_secret not in stderr, "client secret on stderr"
    assert access not in stderr, "access token on stderr"
    assert id_token not in stderr, "ID token on stderr"
    assert id_token.split(".")[2] not in stderr, "ID token signature on stderr"


def test_scopes_and_custom_parameters_reach_the_provider(cli, idp):
    cli.add_provider(idp)
    result = cli.signin("--scope", "profile", "--param", "login_hint=alice@example.com")
    assert result.returncode == OK, str(result)
    url = authorization_url(result.stderr)
    assert url, str(result)
    from urllib.parse import parse_qs, urlsplit

    query = parse_qs(urlsplit(url).query)
    assert "openid" in query["scope"][0].split() and "profile" in query["scope"][0].split(), str(url)
    assert query.get("login_hint") == ["alice@example.com"], str(url)


@pytest.mark.dot
@pytest.mark.parametrize("given, sent", [((), ["consent"]), (("--param", "prompt=login"), ["login"])])
def test_offline_access_asks_for_consent_unless_a_prompt_is_given(cli, dot_idp, given, sent):
    """OpenID Connect Core §11: a request for offline_access carries prompt=consent; the person's
    own prompt wins. django-oauth-toolkit takes either and the sign-in completes."""
    cli.add_provider(dot_idp)
    result = cli.signin("--scope", "offline_access", *given)
    assert result.returncode == OK, str(result)
    from urllib.parse import parse_qs, urlsplit

    query = parse_qs(urlsplit(authorization_url(result.stderr) or "").query)
    assert "offline_access" in query["scope"][0].split() and query.get("prompt") == sent, str(result)
    assert cli.run("status", "--check").returncode == OK


@pytest.mark.dot
def test_public_client_without_secret(cli, dot_idp):
    cli.add_provider(dot_idp, public=True)
    shown = cli.run("providers", "show", PROVIDER_NAME, "--json")
    assert shown.returncode == OK, str(shown)
    result = cli.signin()
    assert result.returncode == OK, str(result)
    assert user_of(result.json())["email"] == "alice@example.com"


def test_signin_as_another_user(cli, idp):
    cli.add_provider(idp)
    result = cli.signin(browser=("--user", "bob"))
    assert result.returncode == OK, str(result)
    user = user_of(result.json())
    assert user["email"] == "bob@example.com", str(result)


def _assert_no_tokens(cli, text: str) -> None:
    access = cli.run("token").stdout.strip()
    id_token = cli.run("token", "--id-token").stdout.strip()
    assert access and access not in text, "whoami must never print a token"
    assert id_token and id_token not in text, "whoami must never print a token"
    for word in ("access_token", "accessToken", "idToken", "id_token", "refreshToken", "refresh_token"):
        assert word not in text, f"whoami output mentions {word}"
    json.dumps(text)
