"""The Swift blocks of the five Firebase pages the project follows, run (issue 28).

Tests/LibraryExample holds every block in its own target, changed only where FirebaseAuth itself
refuses the text; `seed-blocks` runs them against the suite's providers (the Yahoo and GitHub
fakes, django-oauth-toolkit, oidc-provider-mock) and the Firebase fake. A completion-handler block
reports nothing, so the runner watches what it did the way an app would, through
`addIDTokenDidChangeListener`, and prints the signed-in user once the change lands ("changed").
The same blocks in the SDK's async style run too, and so do the shapes the pages take for granted:
the NSError account-exists recovery, a state listener that sees `authctl signin` in another
process, `FirebaseApp.configure()` with a GoogleService-Info.plist, and `firebase use --plist`.
"""

from __future__ import annotations

import json
import selectors
import subprocess
import time

import pytest

import pkce_client
from accounts_helpers import CORP, FLOW_TIMEOUT, LAB, as_user, browser_flow, two_providers
from e2e_helpers import OK
from fakes import GITHUB_ID, YAHOO_ID, add_github, add_yahoo, firebase_fake, github_fake, yahoo_fake  # noqa: F401  (fixtures)
from test_firebase_flows import console  # noqa: F401  (fixture)
from test_library import Library, example_bin, library, whoami  # noqa: F401  (fixtures)

EXAMPLE_PROVIDER = "oidc.example-provider"  # the OpenID page's provider id, as printed
PAGES = {
    "yahoo-arabic": (YAHOO_ID, ["mail-r", "sdct-w"], {"prompt": "login", "language": "fr"}),
    "yahoo-turkish": (YAHOO_ID, ["mail-r", "sdct-w"], {"prompt": "login", "language": "fr"}),
    "yahoo-thai": (YAHOO_ID, ["mail-r", "sdct-w"], {"prompt": "login", "language": "fr"}),
    "github-arabic": (GITHUB_ID, ["user:email"], {"allow_signup": "false"}),
    "openid-arabic": (EXAMPLE_PROVIDER, ["mail.read", "calendars.read"], {"login_hint": "user@example.com"}),
}


def test_every_page_configures_its_provider_as_printed(library):
    """Steps 2-4 of each page: `var provider = OAuthProvider(...)`, its customParameters, its scopes."""
    for page, (provider, scopes, parameters) in PAGES.items():
        assert library.block("provider", page) == {"providerID": provider, "scopes": scopes, "customParameters": parameters}, page


def test_the_yahoo_pages_sign_in_link_reauthenticate_and_sign_out(cli, yahoo_fake, dot_idp, mock_idp, library):
    """The Arabic page's sign-in block with its own provider (yahoo.com, its scopes and parameters),
    the Thai page's link block, the Turkish page's reauthenticate block, each page's sign-out."""
    add_yahoo(cli, yahoo_fake)
    two_providers(cli, dot_idp, mock_idp)
    signed_in = library.block("sign-in", "yahoo-arabic")
    assert signed_in["changed"] and signed_in["providers"] == [YAHOO_ID], signed_in
    assert whoami(cli)["uid"] == signed_in["uid"], "the block signed in to the home authctl reads"
    linked = library.block("link", "yahoo-thai", CORP)
    assert linked["changed"] and linked["uid"] == signed_in["uid"] and linked["providers"] == [CORP, YAHOO_ID], linked
    reauthenticated = library.block("reauth", "yahoo-turkish", YAHOO_ID)
    assert reauthenticated["changed"] and reauthenticated["uid"] == signed_in["uid"], reauthenticated
    for page in ("yahoo-arabic", "yahoo-turkish", "yahoo-thai"):
        assert library.block("sign-out", page) == {"signedIn": False}
        assert library.block("sign-in", page, CORP)["uid"] == signed_in["uid"], "the Yahoo page's sign-in block with another provider"
    assert cli.run("whoami").returncode == OK


def test_the_github_page_signs_in_links_and_reauthenticates(cli, github_fake, dot_idp, mock_idp, library):
    add_github(cli, github_fake)
    two_providers(cli, dot_idp, mock_idp)
    signed_in = library.block("sign-in", "github-arabic")
    assert signed_in["changed"] and signed_in["providers"] == [GITHUB_ID], signed_in
    assert library.block("link", "github-arabic", LAB)["providers"] == [GITHUB_ID, LAB]
    assert library.block("reauth", "github-arabic", GITHUB_ID)["uid"] == signed_in["uid"]
    assert library.block("sign-out", "github-arabic") == {"signedIn": False}


def test_the_openid_page_and_its_manual_id_token_flow(cli, dot_idp, mock_idp, library, tmp_path):
    """The page's provider id, oidc.example-provider, is the mock provider added under that name;
    the manual block takes an ID token minted elsewhere (a PKCE flow run by the test)."""
    cli.add_provider(mock_idp, EXAMPLE_PROVIDER)
    cli.add_provider(dot_idp, CORP)
    signed_in = library.block("sign-in", "openid-arabic")
    assert signed_in["changed"] and signed_in["providers"] == [EXAMPLE_PROVIDER], signed_in
    assert library.block("link", "openid-arabic", CORP)["providers"] == sorted([EXAMPLE_PROVIDER, CORP])
    assert library.block("reauth", "openid-arabic", CORP)["uid"] == signed_in["uid"]
    assert library.block("sign-out", "openid-arabic") == {"signedIn": False}
    flow = pkce_client.authorize(mock_idp.issuer, mock_idp.client_id, browser_args=["--log", str(tmp_path / "mint.log")])
    token = flow.exchange(mock_idp.client_secret)["id_token"]
    manual = library.block("id-token", input=token + "\n")
    assert manual["changed"] and manual["uid"] == signed_in["uid"], manual
    result = library.block("token-result")
    assert result["signInProvider"] in (EXAMPLE_PROVIDER, CORP) and {"sub", "iss", "exp", "iat"} <= set(result["claims"]), result
    assert result["expiresAfterIssue"] and result["token"].count(".") == 2, result


def test_the_blocks_in_the_async_style(cli, dot_idp, mock_idp, library, tmp_path):
    two_providers(cli, dot_idp, mock_idp)
    signed_in = library.block("async-sign-in", CORP)
    assert signed_in["providers"] == [CORP] and signed_in["providerId"] == CORP, signed_in
    assert library.block("async-link", LAB)["providers"] == [CORP, LAB]
    assert library.block("async-reauth", LAB)["uid"] == signed_in["uid"]
    assert library.block("async-sign-out") == {"signedOut": True, "signedIn": False}
    flow = pkce_client.authorize(mock_idp.issuer, mock_idp.client_id, browser_args=["--log", str(tmp_path / "mint.log")])
    token = flow.exchange(mock_idp.client_secret)["id_token"]
    assert library.block("async-id-token", LAB, input=token + "\n")["uid"] == signed_in["uid"]
    assert library.block("main-queue") == {"mainQueue": True}, "completion handlers run on the main queue"


def printed_account_exists(library, firebase_fake, page: str, provider: str, password: str) -> dict:
    """Starts the page's account-exists block as printed; once the project has been asked the
    block's signInWithIdp, tells the runner to report who is signed in."""
    asked = firebase_fake.counts()["signInWithIdp"]
    browser = library.cli.browser(*as_user("alice"))
    env = {**library.cli.env, "AUTHCTL_HOME": str(library.cli.home), "AUTHCTL_BROWSER": browser}
    runner = subprocess.Popen([str(library.bin_dir / "seed-blocks"), "account-exists", page, provider, password], env=env,
                              cwd=library.cli.tmp, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + FLOW_TIMEOUT
        while firebase_fake.counts()["signInWithIdp"] == asked:
            assert runner.poll() is None, f"{page}: the runner ended\n{runner.communicate()}"
            assert time.monotonic() < deadline, f"{page}: the block never signed in\n{library.cli.browser_text()}"
            time.sleep(0.2)
        out, err = runner.communicate("\n", timeout=60)
    finally:
        if runner.poll() is None:
            runner.kill()
            runner.wait()
    assert out.strip(), f"{page}: the runner printed nothing\n{err}"
    return json.loads(out.strip().splitlines()[-1])


def test_catch_as_nserror_recovers_an_account_exists_case(cli, firebase_fake, dot_idp, mock_idp, library):
    """The page's recovery, async: alice has a password account in the project; signing in with
    oidc.corp (same email) fails as an NSError in FIRAuthErrorDomain with code 17012; the password
    account signs in and links the pending credential.

    Before it, the GitHub and Yahoo pages' block 7 as printed, which looks for the error in
    getCredentialWith's completion: FirebaseAuth reports it to signIn(with:)'s (its getCredentialWith
    only runs the web flow), and so does AuthctlKit, so the block's sign-in is refused and it
    returns with nobody signed in, as with the SDK. After it, the same recovery in completion
    style where the SDK reports the error (seed-blocks' AccountExists.swift), for bob."""
    from test_firebase import configure_idps, use_project
    two_providers(cli, dot_idp, mock_idp)
    configure_idps(firebase_fake, dot_idp, mock_idp)
    use_project(cli, firebase_fake)
    password = "correct horse battery"
    created = library.ok("password", "alice@example.com", password)
    assert library.ok("signout") == {"signedIn": False}
    sign_ins = firebase_fake.counts()["sign_ins"]
    for page in ("yahoo-arabic", "github-arabic", "yahoo-thai"):
        assert printed_account_exists(library, firebase_fake, page, CORP, password) == {"signedIn": False}, page
    assert firebase_fake.counts()["sign_ins"] == sign_ins, "the project refused each block's sign-in"
    assert [a["localId"] for a in firebase_fake.control("accounts")] == [created["uid"]]
    assert cli.run("whoami").returncode != OK
    recovered = library.block("async-account-exists", CORP, password)
    assert recovered["recovered"] and recovered["uid"] == created["uid"], recovered
    assert recovered["providers"] == [CORP, "password"], recovered
    assert len(firebase_fake.control("accounts")) == 1
    bob = library.ok("password", "bob@example.com", password, user="bob")
    assert library.ok("signout") == {"signedIn": False}
    completion = library.block("completion-account-exists", CORP, password, user="bob")
    assert completion["changed"] and completion["uid"] == bob["uid"], completion
    assert completion["providers"] == [CORP, "password"], completion
    assert whoami(cli)["uid"] == bob["uid"] and len(firebase_fake.control("accounts")) == 2


# "listen": addStateDidChangeListener; "listen-async": `for await user in Auth.auth().authStateChanges`
# (FirebaseAuth 12.12's sequence), which must see the same sign-in the same way.
@pytest.mark.parametrize("block", ["listen", "listen-async"])
def test_a_state_listener_sees_a_sign_in_by_authctl_in_another_process(cli, dot_idp, mock_idp, library, block):
    listener_sees_a_sign_in(cli, dot_idp, mock_idp, library, block)


def listener_sees_a_sign_in(cli, dot_idp, mock_idp, library, block: str) -> dict:
    """The seed block `block` waits on the home; `authctl signin` signs in meanwhile: the block's
    last line (what its listener or sequence saw) is that user, seen in two calls."""
    two_providers(cli, dot_idp, mock_idp)
    env = {**cli.env, "AUTHCTL_HOME": str(cli.home), "SEED_BLOCKS_DEADLINE": "60"}
    listener = subprocess.Popen([str(library.bin_dir / "seed-blocks"), block], env=env, cwd=cli.tmp,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        selector = selectors.DefaultSelector()
        selector.register(listener.stdout, selectors.EVENT_READ)
        assert selector.select(timeout=30), "the listener did not start"
        assert json.loads(listener.stdout.readline()) == {"listening": True, "signedIn": False}
        signed_in = browser_flow(cli, "signin", provider=CORP)
        assert signed_in.returncode == OK, str(signed_in)
        out, err = listener.communicate(timeout=60)
    finally:
        if listener.poll() is None:
            listener.kill()
            listener.wait()
    seen = json.loads(out.strip().splitlines()[-1])
    assert seen["signedIn"] and seen["uid"] == whoami(cli)["uid"] and seen["calls"] == 2, (seen, err)
    return seen


def google_service_info(path, fake) -> None:
    path.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>API_KEY</key>
\t<string>{fake.info["api_key"]}</string>
\t<key>GCM_SENDER_ID</key>
\t<string>1234567890</string>
\t<key>BUNDLE_ID</key>
\t<string>com.example.seeds</string>
\t<key>PROJECT_ID</key>
\t<string>{fake.info["project_id"]}</string>
\t<key>IS_SIGNIN_ENABLED</key>
\t<true></true>
\t<key>GOOGLE_APP_ID</key>
\t<string>1:1234567890:ios:abcdef</string>
</dict>
</plist>
""")


def test_firebase_app_configure_reads_google_service_info(cli, console, firebase_fake, github_fake, library):
    """No `firebase use` in the home: the plist in the working directory names the project, whose
    console runs GitHub's flow."""
    cli.env["FIREBASE_AUTH_EMULATOR_HOST"] = firebase_fake.info["host"]
    cli.providers += [firebase_fake, github_fake]
    google_service_info(cli.tmp / "GoogleService-Info.plist", firebase_fake)
    result = library.block("configure", GITHUB_ID)
    assert result["signedIn"] and result["providers"] == [GITHUB_ID] and result["sameAuth"], result
    assert result["projectID"] == firebase_fake.info["project_id"]
    assert {a["localId"] for a in firebase_fake.control("accounts")} == {result["uid"]}, "the project holds the user"
    apps = library.block("apps", "frank@example.com", "app password 1")
    assert apps["appsBefore"] == ["__FIRAPP_DEFAULT", "second"] and apps["ownAuth"], apps
    assert apps["deleted"] and not apps["deletedAgain"] and not apps["lookupAfterDelete"], apps
    assert apps["appsAfter"] == ["__FIRAPP_DEFAULT"] and apps["projectID"] == firebase_fake.info["project_id"], apps
    frank = next(a for a in firebase_fake.control("accounts") if a["localId"] == apps["uid"])
    assert frank["email"] == "frank@example.com", "configure(name:options:)'s Auth created the user in its project"


def test_firebase_use_takes_the_plist(cli, console, firebase_fake, github_fake, library):
    cli.env["FIREBASE_AUTH_EMULATOR_HOST"] = firebase_fake.info["host"]
    cli.providers += [firebase_fake, github_fake]
    plist = cli.tmp / "GoogleService-Info.plist"
    google_service_info(plist, firebase_fake)
    both = cli.run("firebase", "use", "--plist", str(plist), "--api-key", "x")
    assert both.returncode == 2 and "--plist" in both.stderr, str(both)
    used = cli.run("firebase", "use", "--plist", str(plist), "--json")
    assert used.returncode == OK, str(used)
    shown = used.json()["project"]
    assert shown["projectId"] == firebase_fake.info["project_id"] and shown["apiKey"] == firebase_fake.info["api_key"], shown
    signed_in = library.ok("github")
    assert {a["localId"] for a in firebase_fake.control("accounts")} == {signed_in["uid"]}
    broken = cli.tmp / "broken.plist"
    broken.write_text("<plist><dict><key>API_KEY</key><string>k</string></dict></plist>")
    refused = cli.run("firebase", "use", "--plist", str(broken))
    assert refused.returncode == 12 and "PROJECT_ID" in refused.stderr, str(refused)


def test_password_account_calls_of_the_sdk(cli, firebase_fake, dot_idp, mock_idp, library):
    """createUser, sendPasswordReset (completion), reauthenticate with EmailAuthProvider's
    credential, updatePassword and updateEmail (completion, then async), reload, signIn with the new credential,
    getIDTokenResult: a project's password account through the SDK's calls."""
    from test_firebase import configure_idps, use_project
    configure_idps(firebase_fake, dot_idp, mock_idp)
    use_project(cli, firebase_fake)
    result = library.block("password-ops", "erin@example.com", "first password 1", "erin2@example.com", "second password 2")
    assert result["sameUser"] and result["emailAfterUpdate"] == "erin2@example.com", result
    assert result["signInProvider"] == "password" and result["firebaseClaim"], result
    account = next(a for a in firebase_fake.control("accounts") if a["localId"] == result["uid"])
    assert account["email"] == "erin2@example.com", account
