"""AuthctlKit, the library product, as another package uses it (issue 22).

Tests/LibraryExample is a separate package that depends on this one by path. Its `docs-snippets`
runs the Firebase docs' Swift snippets, ported as little as possible (Docs/Library.md), and its
`authctl-example` is the dozen-line example; both are run here against the suite's real providers
(django-oauth-toolkit, oidc-provider-mock), the GitHub fake and the Firebase fake, with the scripted
browser (browser.py) started by a closure `BrowserPresenter`. The home is the one `authctl` set up,
so the command and the library see the same accounts.

The package is built once per session (`swift build --package-path Tests/LibraryExample`), unless
AUTHCTL_LIBRARY_EXAMPLE_BIN names a bin directory holding both programs (`make library-check` builds them).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
import requests

import pkce_client
from accounts_helpers import CORP, FLOW_TIMEOUT, LAB, as_user, two_providers, users
from e2e_helpers import OK, REPO
from fakes import GITHUB_ID, GOOGLE_ID, add_github, firebase_fake, github_fake  # noqa: F401  (fixtures)
from test_firebase import second_machine  # noqa: F401  (fixture)
from test_firebase_flows import console, project  # noqa: F401  (fixtures)

EXAMPLE = REPO / "Tests" / "LibraryExample"
BUILD_TIMEOUT = 3600
# The SDK's AuthErrorCode numbers the snippets report.
INVALID_CREDENTIAL, OPERATION_NOT_ALLOWED, EMAIL_ALREADY_IN_USE, USER_MISMATCH = 17004, 17006, 17007, 17024
TENANT_ID_MISMATCH = 17072


@pytest.fixture(scope="session")
def example_bin() -> Path:
    given = os.environ.get("AUTHCTL_LIBRARY_EXAMPLE_BIN")
    if given and all((Path(given) / program).is_file() for program in ("docs-snippets", "authctl-example", "readme-example", "seed-blocks")):
        return Path(given)
    build = ["swift", "build", "--package-path", str(EXAMPLE)]
    built = subprocess.run(build, capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    assert built.returncode == 0, f"the example package did not build:\n{built.stdout[-4000:]}\n{built.stderr[-4000:]}"
    path = subprocess.run([*build, "--show-bin-path"], capture_output=True, text=True, timeout=120, check=True)
    return Path(path.stdout.strip())


class Library:
    """The example package's programs with `cli`'s home, environment and scripted browser."""

    def __init__(self, cli, bin_dir: Path):
        self.cli = cli
        self.bin_dir = bin_dir

    def run(self, program: str, *args: str, user: str = "alice", input: str | None = None) -> subprocess.CompletedProcess:
        browser = self.cli.browser(*as_user(user))
        env = {**self.cli.env, "AUTHCTL_HOME": str(self.cli.home), "SNIPPETS_BROWSER": browser, "AUTHCTL_BROWSER": browser}
        return subprocess.run([str(self.bin_dir / program), *args], env=env, capture_output=True, text=True, cwd=self.cli.tmp,
                              input=input, stdin=None if input is not None else subprocess.DEVNULL, timeout=FLOW_TIMEOUT + 60)

    def snippet(self, *args: str, user: str = "alice", input: str | None = None, program: str = "docs-snippets") -> dict:
        done = self.run(program, *args, user=user, input=input)
        assert done.stdout.strip(), f"{program} {args} printed nothing\n{done.stderr}\n{self.cli.browser_text()}"
        return json.loads(done.stdout.strip().splitlines()[-1])

    def ok(self, *args: str, user: str = "alice", input: str | None = None, program: str = "docs-snippets") -> dict:
        result = self.snippet(*args, user=user, input=input, program=program)
        assert "error" not in result, f"{program} {args}: {result}\n{self.cli.browser_text()}"
        return result

    def block(self, *args: str, user: str = "alice", input: str | None = None) -> dict:
        """seed-blocks: one of the seed pages' blocks, run (Tests/LibraryExample/Sources/seed-blocks)."""
        return self.ok(*args, user=user, input=input, program="seed-blocks")


@pytest.fixture
def library(cli, example_bin) -> Library:
    return Library(cli, example_bin)


def whoami(cli) -> dict:
    result = cli.run("whoami", "--json")
    assert result.returncode == OK, str(result)
    return result.json()


def test_the_github_snippet_signs_in_with_the_github_fake(cli, github_fake, library):
    add_github(cli, github_fake)
    result = library.ok("github")
    assert result["providerId"] == GITHUB_ID and result["isNewUser"] is True and result["providers"] == [GITHUB_ID], result
    assert result["username"] == "alice" and "login" in result["profileKeys"], result
    api = requests.get(f"{github_fake.base}/api/v3/user", headers={"Authorization": f"Bearer {result['accessToken']}"}, timeout=10)
    assert api.status_code == 200 and api.json()["login"] == "alice", "the credential's accessToken is the fake's token"
    assert whoami(cli)["uid"] == result["uid"], "the library signed in to the home authctl reads"
    again = library.ok("github")
    assert again["uid"] == result["uid"] and again["isNewUser"] is False
    assert library.ok("signout") == {"signedIn": False}
    forged = library.snippet("github-token", input="gho_not_a_token\n")
    assert forged["error"]["code"] == INVALID_CREDENTIAL and cli.run("whoami").returncode != OK, forged
    by_token = library.ok("github-token", input=again["accessToken"] + "\n")
    assert by_token["uid"] == result["uid"] and by_token["providers"] == [GITHUB_ID], by_token
    assert by_token["credentialProvider"] == GITHUB_ID and by_token["providerId"] == GITHUB_ID, by_token


def test_the_openid_snippets_sign_in_link_reauthenticate_and_unlink(cli, dot_idp, mock_idp, library):
    two_providers(cli, dot_idp, mock_idp)
    signed_in = library.ok("oidc", CORP)
    assert signed_in["email"] == "alice@example.com" and signed_in["providers"] == [CORP], signed_in
    linked = library.ok("completion-link-provider", LAB)  # link(with:uiDelegate:completion:)
    assert linked["uid"] == signed_in["uid"] and linked["providers"] == [CORP, LAB] and linked["mainQueue"] is True, linked
    reauthenticated = library.ok("completion-reauth-provider", LAB)  # reauthenticate(with:uiDelegate:completion:)
    assert reauthenticated["uid"] == signed_in["uid"] and reauthenticated["mainQueue"] is True, reauthenticated
    mismatch = library.snippet("reauth", CORP, user="bob")
    assert mismatch["error"]["code"] == USER_MISMATCH and mismatch["error"]["name"] == "ERROR_USER_MISMATCH" and mismatch["error"]["domain"] == "FIRAuthErrorDomain", mismatch
    token = library.ok("token")
    assert token["uid"] == signed_in["uid"] and token["token"].count(".") == 2, token
    assert library.ok("unlink", LAB)["providers"] == [CORP]
    assert [p["providerId"] for p in whoami(cli)["providerData"]] == [CORP]
    assert library.ok("link-provider", LAB)["providers"] == [CORP, LAB], "link(with:uiDelegate:) ran LAB's flow"
    profile = library.ok("profile")
    assert profile["uid"] == signed_in["uid"] and profile["email"] == "alice@example.com" and profile["providerID"] == "Firebase", profile
    assert [(p["providerID"], p["email"]) for p in profile["providerData"]] == [(CORP, "alice@example.com"), (LAB, "alice@example.com")], profile
    assert profile["isAnonymous"] is False and profile["phoneNumber"] is None and 0 < profile["created"] <= profile["lastSignIn"], profile
    unlinked = library.ok("completion-unlink", LAB)  # unlink(fromProvider:completion:)
    assert unlinked == {"uid": signed_in["uid"], "providers": [CORP], "mainQueue": True}, unlinked
    assert [p["providerId"] for p in whoami(cli)["providerData"]] == [CORP]
    assert library.ok("signout") == {"signedIn": False}
    assert cli.run("whoami").returncode != OK
    again = library.ok("completion-provider", CORP)  # Auth.signIn(with: OAuthProvider, uiDelegate:, completion:)
    assert again["uid"] == signed_in["uid"] and again["providerId"] == CORP and again["mainQueue"] is True, again
    assert library.ok("delete") == {"signedIn": False}
    assert library.ok("oidc", CORP)["uid"] != signed_in["uid"], "the deleted user's identity makes a new user"


def test_the_account_exists_snippet_with_local_accounts(cli, dot_idp, mock_idp, library):
    """One account per email (the local default): alice's second provider stops with the email and
    the kept credential; fetchSignInMethods names the first; linking the kept one adds the second."""
    two_providers(cli, dot_idp, mock_idp)
    first = library.ok("oidc", CORP)
    assert library.ok("signout") == {"signedIn": False}
    recovered = library.ok("account-exists", LAB, "unused")
    assert recovered["fetchedProviders"] == [CORP] and recovered["email"] == "alice@example.com", recovered
    assert recovered["uid"] == first["uid"] and recovered["providers"] == [CORP, LAB], recovered
    assert [u["uid"] for u in users(cli)] == [first["uid"]]


def test_the_id_token_snippet_takes_a_token_from_elsewhere(cli, dot_idp, mock_idp, library, tmp_path):
    two_providers(cli, dot_idp, mock_idp)
    flow = pkce_client.authorize(mock_idp.issuer, mock_idp.client_id, browser_args=["--log", str(tmp_path / "mint.log")])
    token = flow.exchange(mock_idp.client_secret)["id_token"]
    forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
    refused = library.snippet("id-token", LAB, input=forged + "\n")
    assert refused["error"]["code"] == INVALID_CREDENTIAL, refused
    assert cli.run("whoami").returncode != OK, "a refused token signed nobody in"
    result = library.ok("id-token", LAB, input=token + "\n")
    assert result["providers"] == [LAB] and result["email"] == "alice@example.com", result
    # GoogleAuthProvider.credential(withIDToken:accessToken:): the mock stands for google.com here.
    client_id, secret = mock_idp.app()
    added = cli.run("providers", "add", GOOGLE_ID, "--issuer", mock_idp.issuer, "--client-id", client_id, "--client-secret-stdin",
                    input=secret + "\n")
    assert added.returncode == OK, str(added)
    assert library.ok("signout") == {"signedIn": False}
    bob = pkce_client.authorize(mock_idp.issuer, mock_idp.client_id, browser_args=[*as_user("bob"), "--log", str(tmp_path / "bob.log")])
    tokens = bob.exchange(mock_idp.client_secret)
    google = library.ok("google-id-token", input=f"{tokens['id_token']} {tokens['access_token']}\n")
    assert google["providers"] == [GOOGLE_ID] and google["email"] == "bob@example.com", google
    assert google["credentialProvider"] == GOOGLE_ID and google["uid"] != result["uid"], google


def test_the_snippets_with_a_firebase_project(project, console, firebase_fake, library):
    """The project runs GitHub's and oidc.corp's flows (nothing added in the home); the docs'
    account-exists recovery links the pending credential through the project."""
    github = library.ok("github")
    assert github["providerId"] == GITHUB_ID and github["isNewUser"] is True, github
    assert {a["localId"] for a in firebase_fake.control("accounts")} == {github["uid"]}
    token = library.ok("token")
    assert token["token"].count(".") == 2 and token["token"] == project.run("token").stdout.strip(), "the project's ID token"
    refreshes = firebase_fake.counts()["token"]
    assert library.ok("token")["token"] == token["token"] and firebase_fake.counts()["token"] == refreshes, "a valid token is reused"
    assert library.ok("token", "force")["uid"] == github["uid"]
    assert firebase_fake.counts()["token"] == refreshes + 1, "forcingRefresh renewed it at the Secure Token API"
    forms = library.ok("token-forms")
    assert forms["same"] and forms["mainQueue"] and forms["signInProvider"] == GITHUB_ID and firebase_fake.counts()["token"] == refreshes + 1, forms
    assert library.ok("signout") == {"signedIn": False}
    recovered = library.ok("account-exists", CORP, GITHUB_ID)
    assert recovered["uid"] == github["uid"] and recovered["providers"] == [GITHUB_ID, CORP], recovered
    assert recovered["email"] == "alice@example.com"
    assert len(firebase_fake.control("accounts")) == 1
    assert library.ok("reauth", CORP)["uid"] == github["uid"]
    assert library.snippet("reauth", CORP, user="bob")["error"]["code"] == USER_MISMATCH


def test_the_password_and_custom_token_snippets(project, firebase_fake, library):
    """Email/password and a custom token, which only a project signs in with."""
    result = library.ok("password", "dana@example.com", "correct horse battery")
    assert result["uid"] == result["createdUid"] and result["providers"] == ["password"], result
    assert result["isNewUser"] is False and result["email"] == "dana@example.com", result
    wrong = library.snippet("password", "dana@example.com", "correct horse battery")
    assert wrong["error"]["code"] == EMAIL_ALREADY_IN_USE, "createUser with an email in use"
    token = firebase_fake.control("custom_token", {"uid": "service-user-42"})["token"]
    assert library.ok("custom-token", input=token + "\n")["uid"] == "service-user-42"
    forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
    assert library.snippet("custom-token", input=forged + "\n")["error"]["name"] == "ERROR_INVALID_CREDENTIAL"
    service = firebase_fake.control("custom_token", {"uid": "service-user-43"})["token"]
    forms = library.ok("completion-forms", "gus@example.com", "correct horse battery", input=service + "\n")
    assert forms["email"] == "gus@example.com" and forms["service"] == "service-user-43" and not forms["signedIn"] and forms["mainQueue"], forms
    accounts = {a["localId"] for a in firebase_fake.control("accounts")}
    assert forms["created"] in accounts and "service-user-43" not in accounts, "delete(completion:) deleted the custom-token user"


def test_password_sign_in_needs_a_project(cli, library):
    cli.home.mkdir(mode=0o700)
    refused = library.snippet("password", "dana@example.com", "correct horse battery")
    assert refused["error"]["code"] == OPERATION_NOT_ALLOWED and "Firebase project" in refused["error"]["message"], refused


@pytest.mark.parametrize("setup", ["openid", "github", "project"])
def test_the_example_program(request, cli, library, setup):
    """The dozen lines of Docs/Library.md: an OpenID provider and GitHub added in the home, or a
    Firebase project that runs GitHub's flow."""
    if setup == "openid":
        two_providers(cli, request.getfixturevalue("dot_idp"), request.getfixturevalue("mock_idp"))
        provider = CORP
    elif setup == "github":
        add_github(cli, request.getfixturevalue("github_fake"))
        provider = GITHUB_ID
    else:
        request.getfixturevalue("project")
        provider = GITHUB_ID
    done = library.run("authctl-example", provider)
    assert done.returncode == 0, f"{done.stderr}\n{cli.browser_text()}"
    user_line, token = done.stdout.splitlines()
    assert user_line.split() == [whoami(cli)["uid"], "alice@example.com", provider], done.stdout
    if setup == "github":  # GitHub issues no ID token: the example prints the access token
        fake = request.getfixturevalue("github_fake")
        assert requests.get(f"{fake.base}/api/v3/user", headers={"Authorization": f"Bearer {token}"}, timeout=10).status_code == 200
    else:  # the provider's ID token, or the project's: what `authctl token` hands out
        stored = cli.run("token", *(["--id-token"] if setup == "openid" else [])).stdout.strip()
        assert token.count(".") == 2 and token == stored, done.stdout


def test_reload_reads_the_user_as_the_project_knows_it(project, second_machine, firebase_fake, library):
    """Issue 35: the library's `User.reload()` asks the project (accounts:lookup, the SDK's
    getAccountInfo), as `whoami --refresh` does: an email verified from another machine reads as
    verified after it, and the reload is stored over the home's copy."""
    from test_firebase import password_signin
    from test_signin_methods import ALICE, PASSWORD, outbox
    signed_in = password_signin(project, ALICE, PASSWORD, "--create")
    assert signed_in.returncode == OK, str(signed_in)
    assert project.run("account", "send-verification").returncode == OK
    applied = second_machine.run("account", "apply-code", outbox(firebase_fake, "VERIFY_EMAIL")[-1]["oobLink"])
    assert applied.returncode == OK, str(applied)
    assert whoami(project)["emailVerified"] is False, "the home's copy is not yet told"
    reloaded = library.ok("reload")
    assert reloaded == {"uid": signed_in.json()["user"]["uid"], "before": False, "after": True}, reloaded
    assert whoami(project)["emailVerified"] is True, "the reload is stored over the home's copy"


@pytest.mark.parametrize("language, sent", [("fr", "fr"), ("app", "pt-BR")])
def test_auth_configured_in_code_with_the_emulator_a_tenant_and_a_language(cli, firebase_fake, library, language, sent):
    """Issue 36: FirebaseOptions built in code, then the emulator, a tenant and a language set on
    `Auth` (no plist, no FIREBASE_AUTH_EMULATOR_HOST, no `firebase use`): checked on the wire, as
    the SDK sends them. Every call goes to the emulator's host, names the tenant (`tenantId`) and
    carries `X-Firebase-Locale`; the project's mail is in that language; the user is the tenant's;
    `useAppLanguage()` takes the person's locale; `User.refreshToken` renews at the Secure Token API;
    `updateCurrentUser` hands the user to an `Auth` of another home (read back by the project), not
    to one of another tenant."""
    from test_signin_methods import outbox
    tenant, email = "tenant-c0de", "chloe@example.com"
    firebase_fake.configure(tenants=[tenant], providers={"password": {"enabled": True}})
    cli.env.pop("FIREBASE_AUTH_EMULATOR_HOST", None)
    cli.env["LANGUAGE"] = "pt_BR:en"
    cli.home.mkdir(mode=0o700)
    host, port = firebase_fake.info["host"].rsplit(":", 1)
    api_key, project_id = firebase_fake.info["api_key"], firebase_fake.info["project_id"]

    result = library.ok("configure-in-code", api_key, project_id, host, port, tenant, language, email, "correct horse battery")
    assert result["tenantID"] == tenant and result["userTenantID"] == tenant, result
    assert result["languageCode"] == sent and result["customAuthDomain"] == "auth.example.com", result
    assert result["app"] == "__FIRAPP_DEFAULT" and result["sameAuth"] is True and result["notified"] is True, result
    assert result["otherHomeUser"] == result["uid"] and result["otherTenantMismatch"] == TENANT_ID_MISMATCH, "updateCurrentUser"

    calls = [r for r in firebase_fake.control("requests") if r["path"].startswith("/identitytoolkit.googleapis.com/")]
    assert {c["path"].rsplit(":", 1)[1] for c in calls} >= {"signUp", "sendOobCode", "lookup"}, calls
    assert all(c["host"] == f"{host}:{port}" and c["tenant_id"] == tenant and c["locale"] == sent for c in calls), calls
    assert [(a["localId"], a.get("tenantId")) for a in firebase_fake.control("accounts")] == [(result["uid"], tenant)]
    mail = outbox(firebase_fake, "VERIFY_EMAIL")
    assert [(m["email"], m["languageCode"]) for m in mail] == [(email, sent)] and f"&lang={sent}&" in mail[0]["oobLink"], mail

    renewed = requests.post(f"http://{host}:{port}/securetoken.googleapis.com/v1/token", params={"key": api_key}, timeout=10,
                            data={"grant_type": "refresh_token", "refresh_token": result["refreshToken"]})
    assert renewed.status_code == 200 and renewed.json()["user_id"] == result["uid"], renewed.text
