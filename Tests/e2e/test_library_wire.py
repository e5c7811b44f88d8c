"""The seed pages' optional steps, checked on the wire (issue 36, item 5), and the ID-token
sequence observing another process (item 4).

test_seed_blocks.py reads the pages' providers back (`provider.customParameters`, `.scopes`); here
what they send is read where it arrives: the Yahoo stand-in keeps every authorization request it
received and every ID token it issued; the Firebase stand-in keeps every createAuthUri request
(customParameter, oauthScope) and GitHub's stand-in every token it issued. The result credential's
`accessToken` and `idToken` (the pages' comments) must be the provider's own. `signOut()` is made
to fail for real (the home's lock file is a directory, which no process, root included, can lock),
and the pages' `catch let signOutError as NSError` must get it.
"""

from __future__ import annotations

import hashlib
import json
import secrets

import pkce_client
from accounts_helpers import CORP, as_user, two_providers
from e2e_helpers import OK
from fakes import GITHUB_ID, YAHOO_ID, add_yahoo, firebase_fake, github_fake, yahoo_fake  # noqa: F401  (fixtures)
from test_firebase_flows import console, project  # noqa: F401  (fixtures)
from test_library import example_bin, library, whoami  # noqa: F401  (fixtures)
from test_seed_blocks import listener_sees_a_sign_in

KEYCHAIN_ERROR = 17995  # AuthErrorCode.keychainError: the SDK's code for its own storage failing
PAGES = ("yahoo-arabic", "yahoo-turkish", "yahoo-thai", "github-arabic", "openid-arabic")


def test_the_yahoo_pages_options_reach_the_authorization_request_and_their_tokens_come_back(cli, yahoo_fake, library):
    """Each Yahoo page's provider (blocks 1-3 as printed: prompt=login, language=fr, scopes mail-r
    and sdct-w) signs in with the Yahoo stand-in added here: the authorization request carries
    them, and the result credential's tokens are the ones the stand-in issued."""
    add_yahoo(cli, yahoo_fake)
    uids = set()
    for page in ("yahoo-arabic", "yahoo-turkish", "yahoo-thai"):
        asked, issued = len(yahoo_fake.control("authorizations")), len(yahoo_fake.control("id_tokens"))
        result = library.block("page-credential", page)
        # The request again after the login page (its return address): one flow, one state. (authctl's
        # own look at the endpoint before the browser opens carries no parameters: left out.)
        received = [r for r in yahoo_fake.control("authorizations")[asked:] if r]
        assert received and len({r["state"] for r in received}) == 1, (page, received)
        authorization = received[-1]
        assert authorization["prompt"] == "login" and authorization["language"] == "fr", (page, authorization)
        assert {"mail-r", "sdct-w", "openid"} <= set(authorization["scope"].split()), (page, authorization)
        [id_token] = yahoo_fake.control("id_tokens")[issued:]
        assert result["idToken"] == id_token, f"{page}: the credential's idToken is not the one the provider issued"
        [access] = [t for t in yahoo_fake.tokens() if t["token"] == result["accessToken"]]
        assert access["kind"] == "access" and access["user"] == "alice" and access["active"], (page, access)
        assert result["credentialProvider"] == YAHOO_ID and result["providers"] == [YAHOO_ID], (page, result)
        uids.add(result["uid"])
    assert uids == {whoami(cli)["uid"]}, "one user, signed in by each page"


def test_the_github_pages_options_reach_the_projects_create_auth_uri(project, firebase_fake, github_fake, library):  # noqa: F811
    """Through a project, the GitHub page's provider (allow_signup=false, scope user:email) is
    createAuthUri's customParameter and oauthScope; the credential's accessToken is the token
    GitHub's stand-in issued to the project's exchange (GitHub issues no ID token)."""
    asked = len(firebase_fake.control("auth_uri_requests"))
    result = library.block("page-credential", "github-arabic")
    requests_made = firebase_fake.control("auth_uri_requests")[asked:]
    assert requests_made == [{"providerId": GITHUB_ID, "customParameter": {"allow_signup": "false"}, "oauthScope": "user:email"}], requests_made
    [issued] = [t for t in github_fake.tokens() if t["token"] == result["accessToken"]]
    assert issued["active"], issued
    assert result["idToken"] is None and result["credentialProvider"] == GITHUB_ID, result
    assert {a["localId"] for a in firebase_fake.control("accounts")} == {result["uid"]}


def test_a_failed_sign_out_is_the_nserror_the_pages_catch(cli, dot_idp, mock_idp, library):
    """signOut() where the home cannot be changed: each page's `catch let signOutError as NSError`
    gets an NSError of FIRAuthErrorDomain (its printed line shows it), and the user stays signed
    in; once the home is whole again, the page's block signs out."""
    two_providers(cli, dot_idp, mock_idp)
    signed_in = library.ok("oidc", CORP)
    lock = cli.home / ".lock"
    if lock.exists():
        lock.unlink()
    lock.mkdir()
    try:
        for page in PAGES:
            done = library.run("seed-blocks", "sign-out-error", page)
            assert done.returncode == 0, f"{page}: {done.stdout}\n{done.stderr}"
            # The block's print() is buffered by the C library and so comes out after the JSON line.
            lines = done.stdout.strip().splitlines()
            [result] = [json.loads(line) for line in lines if line.startswith("{")]
            printed = [line for line in lines if not line.startswith("{")]
            caught = result["caught"]
            assert (caught["domain"], caught["code"], caught["name"]) == ("FIRAuthErrorDomain", KEYCHAIN_ERROR, "ERROR_KEYCHAIN_ERROR"), (page, caught)
            assert result["signedIn"] and result["uid"] == signed_in["uid"], (page, result)
            # AuthError's description is its localizedDescription (the message and what to do).
            assert printed == ["Error signing out: %@ " + caught["message"]], (page, printed, caught)
            assert "/.lock' is not a regular file. Move it aside" in caught["message"], caught
    finally:
        lock.rmdir()
    assert library.block("sign-out", "yahoo-arabic") == {"signedIn": False}
    assert cli.run("whoami").returncode != OK


def test_the_id_token_sequence_sees_a_sign_in_by_authctl_in_another_process(cli, dot_idp, mock_idp, library):
    """`for await user in Auth.auth().idTokenChanges` (FirebaseAuth 12.12): its first element is
    nobody, the next the user `authctl signin` signed in on the same home, whose ID token the
    program then gets is the one the command hands out."""
    seen = listener_sees_a_sign_in(cli, dot_idp, mock_idp, library, "listen-tokens-async")
    assert seen["token"] == cli.run("token", "--id-token").stdout.strip(), seen


def test_apples_first_sign_in_name_goes_with_its_id_token_to_the_project(project, firebase_fake, mock_idp, library, tmp_path):  # noqa: F811
    """`appleCredential(withIDToken:rawNonce:fullName:)`: the name Apple hands only on a first
    sign-in (its ID token has none) is signInWithIdp's `user` field, as the SDK sends it, and the
    project names the new user with it (the mock provider stands for Apple in the project)."""
    providers = firebase_fake.control("config")["providers"]
    providers["apple.com"] = {"enabled": True, "issuer": mock_idp.issuer, "client_id": mock_idp.client_id}
    firebase_fake.configure(providers=providers)
    raw = secrets.token_hex(16)
    flow = pkce_client.authorize(mock_idp.issuer, mock_idp.client_id, browser_args=[*as_user("bob"), "--log", str(tmp_path / "apple.log")],
                                 extra={"nonce": hashlib.sha256(raw.encode()).hexdigest()})
    token = flow.exchange(mock_idp.client_secret)["id_token"]
    result = library.ok("apple-id-token", "Ada", "Lovelace", input=f"{token} {raw}\n")
    assert firebase_fake.control("apple_names") == [{"name": {"firstName": "Ada", "lastName": "Lovelace"}}]
    assert result["credentialProvider"] == "apple.com" and result["providers"] == ["apple.com"] and result["isNewUser"], result
    assert result["displayName"] == "Ada Lovelace", result
    [account] = [a for a in firebase_fake.control("accounts") if a["localId"] == result["uid"]]
    assert account["displayName"] == "Ada Lovelace", account
