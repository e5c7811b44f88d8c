"""The Firebase project runs the provider's flow (issue: sign in the way the Firebase docs do).

The provider apps are registered "in the console" of fake_firebase.py: the GitHub fake's client
and django-oauth-toolkit's console app, whose client secrets only the Firebase fake holds. authctl
is given nothing but `firebase use`: no `providers add`, no providers.json. It asks the project for
the authorization URL (createAuthUri), carries the browser there, and hands the provider's answer
to signInWithIdp (requestUri + sessionId); the project checks state and exchanges the code.

Both returns are exercised: the loopback listener at http://localhost:PORT/callback, and the
project's handler page (https://demo-authctl.firebaseapp.com/__/auth/handler), where the scripted
browser stops, as a person's would, and the test pastes the address into authctl's stdin.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from urllib.parse import parse_qs, urlsplit

import pytest

import pkce_client
from accounts_helpers import FLOW_TIMEOUT, as_user, browser_flow, json_error
from e2e_constants import FIREBASE_HANDLER_URI
from e2e_helpers import OK
from fakes import GITHUB_ID, firebase_fake, github_fake, google_fake  # noqa: F401  (fixtures)
from test_firebase import home_snapshot, use_project
from test_no_browser import URL_LINE, Running, cli_json, running_list  # noqa: F401  (fixture)

CORP = "oidc.corp"
SAML = "saml.acme"
CANCELLED, NOT_SIGNED_IN, REAUTH, INVALID, CONFIG = 4, 3, 8, 10, 12


@pytest.fixture
def console(firebase_fake, github_fake, dot_idp):
    """The project's console: GitHub (a GitHub App with the handler and a loopback callback),
    django-oauth-toolkit's console app as oidc.corp, a SAML provider, and email/password."""
    github_fake.configure(callback_urls=[FIREBASE_HANDLER_URI, "http://localhost/callback"])
    firebase_fake.configure(providers={
        "password": {"enabled": True},
        GITHUB_ID: {"enabled": True, "client_id": github_fake.client_id, "client_secret": github_fake.client_secret,
                    "api_base": github_fake.base},
        CORP: {"enabled": True, "issuer": dot_idp.issuer, "client_id": dot_idp.console_client_id,
               "client_secret": dot_idp.console_client_secret},
        SAML: {"enabled": True},
    })
    return {"secrets": [github_fake.client_secret, dot_idp.console_client_secret]}


@pytest.fixture
def project(cli, firebase_fake, github_fake, dot_idp, console):
    """A fresh home with only `firebase use` (the console's GitHub app has a localhost callback too)."""
    use_project(cli, firebase_fake, None, "--github-localhost")
    cli.providers += [firebase_fake, github_fake, dot_idp]
    return cli


def home_text(cli) -> bytes:
    return b"".join(path.read_bytes() for path in cli.home.rglob("*") if path.is_file())


def assert_no_secret(cli, console) -> None:
    text = home_text(cli)
    for secret in console["secrets"]:
        assert secret.encode() not in text, "a provider app's client secret reached the home"
    assert not (cli.home / "providers.json").exists(), "nothing was added on this machine"


def signed_in(result) -> dict:
    assert result.returncode == OK, str(result)
    return result.json()


# --- the loopback return -------------------------------------------------------------------------


def test_github_and_an_openid_provider_sign_in_with_only_the_project(project, console, firebase_fake):
    """The fake refuses any continueUri outside localhost and the project's domains, so a success
    here is a return to http://localhost:PORT/callback."""
    result = browser_flow(project, "signin", provider=GITHUB_ID)
    github = signed_in(result)
    assert github["additionalUserInfo"]["providerId"] == GITHUB_ID and github["additionalUserInfo"]["isNewUser"] is True
    assert "the Firebase project runs its sign-in" in result.stderr and "http://localhost" in result.stderr, str(result)
    assert project.run("signout").returncode == OK
    corp = signed_in(browser_flow(project, "signin", provider=CORP, user="bob"))
    assert corp["user"]["email"] == "bob@example.com"
    assert {a["localId"] for a in firebase_fake.control("accounts")} == {github["user"]["uid"], corp["user"]["uid"]}
    assert firebase_fake.counts()["createAuthUri"] == 2
    assert_no_secret(project, console)
    token = project.run("token")
    assert token.returncode == OK and token.stdout.count(".") == 2, str(token)


def test_link_and_reauth_run_through_the_project(project, console, firebase_fake):
    signed_in(browser_flow(project, "signin", provider=GITHUB_ID))
    linked = signed_in(browser_flow(project, "link", provider=CORP))
    assert sorted(p["providerId"] for p in linked["user"]["providerData"]) == [GITHUB_ID, CORP]
    reauth = signed_in(browser_flow(project, "reauth", provider=CORP))
    assert reauth["user"]["uid"] == linked["user"]["uid"]
    bob = browser_flow(project, "reauth", provider=CORP, user="bob")
    assert bob.returncode == REAUTH and json_error(bob)["code"] == "user-mismatch", str(bob)
    # status --json carries what status shows: the project's ID-token expiry, and provider tokens
    # the project handed back without an expiry are "unknown", never "no expiry".
    text = project.run("status")
    assert text.returncode == OK and "no expiry" not in text.stdout and "ID token expires in" in text.stdout, str(text)
    user = project.run("status", "--json").json()["users"][0]
    assert user["projectSession"]["idTokenExpiresInSeconds"] > 0 and user["projectSession"]["refreshable"] is True, user
    assert {p["expiry"] for p in user["providers"]} <= {"unknown", "expires"}, user
    assert_no_secret(project, console)


def test_a_form_post_answer_reaches_the_listener(project, console):
    document = signed_in(browser_flow(project, "signin", provider=SAML))
    assert document["additionalUserInfo"]["providerId"] == SAML
    assert "posts its answer" in project.browser_text()


def test_an_implicit_flow_provider_posts_its_id_token_to_the_return_address(project, firebase_fake, google_fake):
    """The OpenID Connect page's other choice, "Implicit flow": the project asks the provider for
    response_type=id_token with response_mode=form_post and its nonce; the provider posts the ID
    token to the return address (authctl's listener), which forwards it as signInWithIdp's postBody
    with the sessionId; the project verifies it against the session's nonce. No code, no secret."""
    implicit = "oidc.implicit"
    google_fake.configure(implicit_form_post=True, loopback_hosts=["127.0.0.1", "localhost"])
    providers = firebase_fake.control("config")["providers"]
    providers[implicit] = {"enabled": True, "issuer": google_fake.issuer, "client_id": google_fake.client_id, "flow": "implicit"}
    firebase_fake.configure(providers=providers)
    project.providers.append(google_fake)
    document = signed_in(browser_flow(project, "signin", provider=implicit))
    assert document["additionalUserInfo"]["providerId"] == implicit, document
    assert document["user"]["email"] == "alice@example.com", document
    assert "the provider posts its answer to the client" in project.browser_text(), project.browser_text()
    counts = google_fake.counts()
    assert counts["consents_approved"] == 1 and counts["token_requests"] == 0, counts
    # A provider app not registered for the implicit flow answers with an error: nothing is stored.
    before = home_snapshot(project)
    google_fake.configure(implicit_form_post=False)
    refused_flow = browser_flow(project, "signin", provider=implicit)
    assert refused_flow.returncode != OK and home_snapshot(project) == before, str(refused_flow)


# --- the handler page and a paste ------------------------------------------------------------------


def paste_flow(cli, running_list, provider: str, *extra: str) -> Running:
    saved = cli.tmp / f"handler-{provider}.txt"
    running = Running(cli, "signin", "--provider", provider, "--paste", "--timeout", str(FLOW_TIMEOUT), "--json",
                      "--browser", cli.browser(*as_user("alice"), "--no-deliver", "--save-callback", str(saved)), *extra)
    running_list.append(running)
    url = running.wait_for(URL_LINE).group(1)
    assert parse_qs(urlsplit(url).query)["redirect_uri"] == [FIREBASE_HANDLER_URI], url
    assert "done status=0" in cli.wait_for_browser(30), cli.browser_text()
    callback = saved.read_text().strip()
    assert callback.startswith(FIREBASE_HANDLER_URI + "?"), callback
    running.paste(callback)
    return running


@pytest.mark.parametrize("provider", [GITHUB_ID, CORP])
def test_the_handler_page_and_a_paste(project, console, running_list, provider):
    running = paste_flow(project, running_list, provider)
    assert running.finish() == OK, running.describe()
    assert cli_json(running)["additionalUserInfo"]["providerId"] == provider
    assert "returns to the project's page" in running.stderr
    assert_no_secret(project, console)


def test_an_oauth_app_with_only_the_handler_works_through_the_paste(project, console, github_fake, running_list):
    """GitHub OAuth Apps take one callback URL: the handler page, as the Firebase docs register it."""
    github_fake.configure(callback_urls=[FIREBASE_HANDLER_URI])
    running = paste_flow(project, running_list, GITHUB_ID)
    assert running.finish() == OK, running.describe()


def test_a_github_oauth_app_as_the_docs_set_it_up_signs_in_with_plain_signin_and_a_paste(
        cli, firebase_fake, github_fake, dot_idp, console, running_list):
    """Issue 27, finding 5: an OAuth App has one callback URL, the project's handler. Without being
    told the app knows localhost, plain `signin --provider github.com` returns to the handler and
    takes the pasted address (it once returned to localhost, which GitHub refused, and waited out
    the timeout)."""
    github_fake.configure(callback_urls=[FIREBASE_HANDLER_URI])
    use_project(cli, firebase_fake)
    saved = cli.tmp / "handler-github.txt"
    running = Running(cli, "signin", "--provider", GITHUB_ID, "--timeout", str(FLOW_TIMEOUT), "--json",
                      "--browser", cli.browser(*as_user("alice"), "--no-deliver", "--save-callback", str(saved)))
    running_list.append(running)
    url = running.wait_for(URL_LINE).group(1)
    assert parse_qs(urlsplit(url).query)["redirect_uri"] == [FIREBASE_HANDLER_URI], url
    assert "done status=0" in cli.wait_for_browser(30), cli.browser_text()
    running.paste(saved.read_text().strip())
    assert running.finish() == OK, running.describe()
    assert "a GitHub OAuth App has one callback URL" in running.stderr and "--localhost" in running.stderr


def test_a_pasted_address_of_another_page_is_refused(project, console, running_list, firebase_fake):
    before = home_snapshot(project)
    running = Running(project, "signin", "--provider", CORP, "--paste", "--no-browser", "--timeout", "30", "--json")
    running_list.append(running)
    url = running.wait_for(URL_LINE).group(1)
    state = parse_qs(urlsplit(url).query)["state"][0]
    running.paste(f"https://evil.example/__/auth/handler?code=x&state={state}")
    assert running.finish() == 2, running.describe()
    assert home_snapshot(project) == before


# --- refusals: exit status, --json code, nothing stored ---------------------------------------------


def refused(cli, result, status: int, code: str, before: dict) -> dict:
    assert result.returncode == status, f"expected exit {status} ({code})\n{result}"
    error = json_error(result)
    assert error["code"] == code, f"expected {code}\n{result}"
    assert result.stdout == "", str(result)
    assert home_snapshot(cli) == before, f"the home changed after a refusal ({code})\n{result}"
    return error


def test_a_provider_the_project_does_not_enable(project, firebase_fake):
    before = home_snapshot(project)
    unknown = browser_flow(project, "signin", provider="oidc.nowhere")
    error = refused(project, unknown, CONFIG, "operation-not-allowed", before)
    assert "Sign-in method" in error["message"] and "Identity Platform" in error["message"], error
    assert error["remedy"] == {"kind": "upgrade-to-identity-platform", "providerId": "oidc.nowhere"}, error
    providers = firebase_fake.control("config")["providers"]
    providers[CORP]["enabled"] = False
    firebase_fake.configure(providers=providers)
    disabled = browser_flow(project, "signin", provider=CORP)
    error = refused(project, disabled, CONFIG, "operation-not-allowed", before)
    assert CORP in error["message"] and "Sign-in method" in error["message"]


def test_a_return_address_outside_the_authorized_domains(cli, firebase_fake, console):
    use_project(cli, firebase_fake)
    assert cli.run("firebase", "use", "--api-key", firebase_fake.info["api_key"], "--project-id",
                   firebase_fake.info["project_id"], "--auth-domain", "auth.example.org").returncode == OK
    before = home_snapshot(cli)
    result = cli.run("signin", "--provider", CORP, "--paste", "--no-browser", "--json", input="")
    error = refused(cli, result, CONFIG, "unauthorized-domain", before)
    assert "Authorized domains" in error["message"]
    assert "return to auth.example.org" in error["message"], error  # the refused domain, named


def test_access_denied_at_the_provider(project):
    before = home_snapshot(project)
    result = browser_flow(project, "signin", provider=CORP,
                          browser_command=project.browser(*as_user("alice"), "--deny"))
    refused(project, result, CANCELLED, "cancelled", before)


@pytest.mark.parametrize("case", ["tampered-state", "unknown-code"])
def test_an_answer_the_project_cannot_use(project, running_list, firebase_fake, case):
    """Another sign-in's state is refused here before the project is asked; a code the provider never
    issued is refused by the project (INVALID_IDP_RESPONSE)."""
    before = home_snapshot(project)
    running = Running(project, "signin", "--provider", CORP, "--paste", "--no-browser", "--timeout", "30", "--json")
    running_list.append(running)
    url = running.wait_for(URL_LINE).group(1)
    state = "not-the-state" if case == "tampered-state" else parse_qs(urlsplit(url).query)["state"][0]
    running.paste(f"{FIREBASE_HANDLER_URI}?code=never-issued&state={state}")
    assert running.finish() == INVALID, running.describe()
    error = json.loads(running.stderr.strip().splitlines()[-1])["error"]
    assert error["code"] == "invalid-credential", running.describe()
    assert running.stdout == "" and home_snapshot(project) == before
    called = firebase_fake.counts().get("signInWithIdp", 0)
    assert called == (0 if case == "tampered-state" else 1), firebase_fake.counts()
    if case == "unknown-code":
        assert error.get("serverCode") == "INVALID_IDP_RESPONSE", error


def test_an_expired_session(project, firebase_fake):
    firebase_fake.configure(flow_session_lifetime=0)
    before = home_snapshot(project)
    result = browser_flow(project, "signin", provider=CORP)
    error = refused(project, result, INVALID, "session-expired", before)
    assert "sign in again" in error["message"]


def test_the_emulator_runs_no_provider_flows(project, firebase_fake):
    firebase_fake.configure(provider_flows="emulator")
    before = home_snapshot(project)
    result = project.run("signin", "--provider", GITHUB_ID, "--no-browser", "--paste", "--json", input="")
    error = refused(project, result, CONFIG, "configuration-error", before)
    assert "emulator does not run provider sign-in flows" in error["message"] and "providers add github.com" in error["message"]


def test_apple_says_why_and_what_works(project, firebase_fake):
    before = home_snapshot(project)
    result = project.run("signin", "--provider", "apple.com", "--no-browser", "--json", input="")
    error = refused(project, result, CONFIG, "configuration-error", before)
    assert "verified https" in error["message"]
    assert firebase_fake.counts().get("createAuthUri", 0) == 0


def test_device_flow_needs_the_provider_on_this_machine(project):
    before = home_snapshot(project)
    result = project.run("signin", "--provider", GITHUB_ID, "--device", "--json", input="")
    error = refused(project, result, CONFIG, "configuration-error", before)
    assert "providers add github.com" in error["message"]


def test_an_id_token_from_stdin_signs_in_to_the_project_with_nothing_added(project, firebase_fake, dot_idp, tmp_path):
    """The Firebase docs' manual OpenID flow (issue 27, finding 6): an ID token obtained elsewhere
    (here, by another app of the same provider, which the project's console names) goes to
    signInWithIdp as it is; the project verifies it. Nothing of the provider is added here."""
    firebase_fake.configure(providers={CORP: {"enabled": True, "issuer": dot_idp.issuer, "client_id": dot_idp.client_id}})
    raw = secrets.token_hex(16)
    flow = pkce_client.authorize(dot_idp.issuer, dot_idp.client_id, browser_args=["--log", str(tmp_path / "mint.log")],
                                 extra={"nonce": hashlib.sha256(raw.encode()).hexdigest()})
    token = flow.exchange(dot_idp.client_secret)["id_token"]
    forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
    before = home_snapshot(project)
    refused_result = project.run("signin", "--provider", CORP, "--id-token-stdin", "--raw-nonce", raw, "--json", input=forged + "\n")
    assert refused_result.returncode == 10 and home_snapshot(project) == before, str(refused_result)
    result = project.run("signin", "--provider", CORP, "--id-token-stdin", "--raw-nonce", raw, "--json", input=token + "\n")
    assert result.returncode == OK, str(result)
    assert result.json()["additionalUserInfo"]["providerId"] == CORP
    assert not (project.home / "providers.json").exists(), "nothing of the provider was added"
    assert project.run("token").stdout.count(".") == 2, "the project's ID token"


def test_a_typo_with_a_project_is_told_what_it_meant_before_any_notice(project, firebase_fake):
    """Issue 27, finding 4: 'github' is no Firebase provider id: it is looked up here and gets the
    suggestion, as without a project; the project is not asked, and no route notice comes first."""
    result = project.run("signin", "--provider", "github", "--browser", project.browser(), "--json")
    assert result.returncode != OK and "github.com" in result.stderr and "did you mean" in result.stderr.lower(), str(result)
    assert "is not added on this machine" not in result.stderr, str(result)
    assert firebase_fake.counts().get("createAuthUri", 0) == 0
    apple = project.run("signin", "--provider", "apple.com", "--browser", project.browser(), "--json")
    assert apple.returncode == CONFIG and "is not added on this machine" not in apple.stderr, str(apple)
    assert not project.browser_ran()


def test_account_exists_then_link_pending_through_the_project(project, console, firebase_fake):
    """The Firebase docs' recovery: the same email at two providers; the second sign-in stops with
    the first provider named (one the person can sign in with: the project runs it too), then
    `link --pending` after signing in with it adds the second, through the project's pendingToken."""
    first = signed_in(browser_flow(project, "signin", provider=GITHUB_ID))
    assert project.run("signout").returncode == OK
    before = home_snapshot(project)
    second = browser_flow(project, "signin", provider=CORP)
    assert second.returncode == 6, str(second)
    error = json_error(second)
    assert error["code"] == "account-exists-with-different-credential" and GITHUB_ID in error["providers"], error
    signed_in(browser_flow(project, "signin", provider=GITHUB_ID))
    linked = project.run("link", "--pending", "--json")
    assert linked.returncode == OK, str(linked)
    assert sorted(p["providerId"] for p in linked.json()["user"]["providerData"]) == [GITHUB_ID, CORP]
    assert linked.json()["user"]["uid"] == first["user"]["uid"]
    assert len(firebase_fake.control("accounts")) == 1
    assert_no_secret(project, console)
    assert before != home_snapshot(project)
