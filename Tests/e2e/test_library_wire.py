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
import selectors
import subprocess

import pkce_client
from accounts_helpers import CORP, FLOW_TIMEOUT, as_user, two_providers
from e2e_helpers import OK
from fakes import GITHUB_ID, YAHOO_ID, add_yahoo, firebase_fake, github_fake, yahoo_fake  # noqa: F401  (fixtures)
from test_firebase_flows import console, project  # noqa: F401  (fixtures)
from test_library import example_bin, library, whoami  # noqa: F401  (fixtures)
from test_seed_blocks import listener_sees_a_sign_in

INVALID_CREDENTIAL, SESSION_EXPIRED = 17004, 17051  # AuthErrorCode: INVALID_IDP_RESPONSE's and SESSION_EXPIRED's
OPERATION_NOT_ALLOWED = 17006  # AuthErrorCode.operationNotAllowed: a configuration that cannot work
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


# --- getCredentialWith through a project: the flow at once, the exchange at use (Decisions/0051) ---

def project_calls(firebase_fake, since: int) -> list[dict]:
    """The Identity Toolkit calls the project received after the first `since` requests, in order:
    each with its method and the names of its body's members."""
    made = firebase_fake.control("requests")[since:]
    return [{"method": r["path"].rsplit("accounts:", 1)[-1], "keys": set(r["form_keys"])} for r in made if "accounts:" in r["path"]]


class CredentialThen:
    """seed-blocks' `credential-then USE PROVIDER [twice]`: the program holds its credential and
    waits on stdin before it uses it, so the test can read the wire in between."""

    def __init__(self, library, use: str, provider: str, *extra: str):
        self.library = library
        library.cli.browser_log.unlink(missing_ok=True)
        env = {**library.cli.env, "AUTHCTL_HOME": str(library.cli.home), "AUTHCTL_BROWSER": library.cli.browser(*as_user("alice"))}
        self.runner = subprocess.Popen([str(library.bin_dir / "seed-blocks"), "credential-then", use, provider, *extra], env=env,
                                       cwd=library.cli.tmp, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def obtained(self) -> dict:
        """The program's line once getCredentialWith has returned."""
        selector = selectors.DefaultSelector()
        selector.register(self.runner.stdout, selectors.EVENT_READ)
        ready = selector.select(timeout=FLOW_TIMEOUT + 30)
        selector.close()
        assert ready, f"getCredentialWith did not return\n{self.library.cli.browser_text()}"
        line = self.runner.stdout.readline()
        assert line, f"the program ended\n{self.runner.communicate()}"
        return json.loads(line)

    def use(self) -> dict:
        """Tells the program to go on and use the credential: its last line."""
        out, err = self.runner.communicate("\n", timeout=FLOW_TIMEOUT + 60)
        assert out.strip(), f"the program printed nothing after the credential\n{err}"
        return json.loads(out.strip().splitlines()[-1])

    def close(self) -> None:
        if self.runner.poll() is None:
            self.runner.kill()
            self.runner.wait()


def obtain_then_use(library, firebase_fake, use: str, provider: str, *extra: str, between=None) -> tuple[dict, list[dict], list[dict]]:
    """Runs `credential-then`: the program's result, and the project's calls during getCredentialWith
    and during the use. Before the use, the browser has been and gone and ended on the page that
    sends the person back to the program."""
    since = len(firebase_fake.control("requests"))
    program = CredentialThen(library, use, provider, *extra)
    try:
        assert program.obtained() == {"credential": provider}
        obtaining = project_calls(firebase_fake, since)
        browser = library.cli.wait_for_browser()
        assert "callback delivered -> 200 'Answer received" in browser, browser
        if between:
            between()
        middle = len(firebase_fake.control("requests"))
        result = program.use()
    finally:
        program.close()
    return result, obtaining, project_calls(firebase_fake, middle)


def test_get_credential_with_runs_the_projects_flow_at_once_and_the_credential_is_exchanged_when_used(project, firebase_fake, library):  # noqa: F811
    """FirebaseAuth's getCredentialWith runs the provider's web flow and returns a credential holding
    the session and the address the provider returned to; signIn(with:) then sends only
    signInWithIdp with requestUri + sessionId. Read on the wire: createAuthUri (and the browser) while
    getCredentialWith runs, nothing more until the program uses the credential, then signInWithIdp
    alone; link(with:) of such a credential later in the program; a reauthentication's credential
    asks for no prompt (the SDK's getCredentialWith does not know what it is for)."""
    signed_in, obtaining, using = obtain_then_use(library, firebase_fake, "sign-in", GITHUB_ID)
    assert [c["method"] for c in obtaining] == ["createAuthUri"], obtaining
    assert using and using[0]["method"] == "signInWithIdp" and "createAuthUri" not in [c["method"] for c in using], using
    assert {"requestUri", "sessionId"} <= using[0]["keys"] and not {"postBody", "idToken"} & using[0]["keys"], using
    assert signed_in["providers"] == [GITHUB_ID] and signed_in["providerId"] == GITHUB_ID, signed_in
    assert whoami(project)["uid"] == signed_in["uid"], "the command sees the program's sign-in"

    linked, obtaining, using = obtain_then_use(library, firebase_fake, "link", CORP)
    assert [c["method"] for c in obtaining] == ["createAuthUri"], obtaining
    [exchange] = [c for c in using if c["method"] == "signInWithIdp"]
    assert {"requestUri", "sessionId", "idToken"} <= exchange["keys"], "the link's exchange carries the user's ID token"
    assert "createAuthUri" not in [c["method"] for c in using], using
    assert linked["uid"] == signed_in["uid"] and linked["providers"] == sorted([GITHUB_ID, CORP]), linked

    asked = len(firebase_fake.control("auth_uri_requests"))
    reauthenticated, obtaining, _ = obtain_then_use(library, firebase_fake, "reauth", CORP)
    assert reauthenticated["uid"] == signed_in["uid"], reauthenticated
    [authorization] = firebase_fake.control("auth_uri_requests")[asked:]
    assert "prompt" not in (authorization.get("customParameter") or {}), authorization


def test_a_credential_used_twice_or_too_late_is_refused_by_the_project(project, firebase_fake, library):  # noqa: F811
    """The project's session serves one exchange: the second use is its INVALID_IDP_RESPONSE, the
    SDK's invalidCredential, and changes nothing. An answer used after the session's lifetime is
    SESSION_EXPIRED, the SDK's sessionExpired; nobody is signed in by it."""
    once, _, using = obtain_then_use(library, firebase_fake, "sign-in", GITHUB_ID, "twice")
    assert [c["method"] for c in using].count("signInWithIdp") == 2, using
    assert once["again"] == INVALID_CREDENTIAL and once["signedIn"], once
    assert firebase_fake.errors().get("INVALID_IDP_RESPONSE") == 1
    assert library.block("async-sign-out") == {"signedOut": True, "signedIn": False}

    late, _, _ = obtain_then_use(library, firebase_fake, "sign-in", GITHUB_ID, between=lambda: firebase_fake.configure(flow_session_lifetime=0))
    assert late["error"]["code"] == SESSION_EXPIRED, late
    assert project.run("whoami").returncode != OK


def test_apples_web_flow_is_refused_before_any_request_and_says_why(project, firebase_fake, library):  # noqa: F811
    """Docs/Library.md: Apple's web flow returns only to a verified https domain by a form POST, so
    through a project too the library's getCredentialWith refuses it before createAuthUri or the
    browser (operationNotAllowed, the configuration error's code), as `authctl signin` does."""
    providers = firebase_fake.control("config")["providers"]
    providers["apple.com"] = {"enabled": True, "issuer": "https://appleid.apple.com", "client_id": "com.example.web"}
    firebase_fake.configure(providers=providers)
    refused = library.snippet("oidc", "apple.com")
    assert refused["error"]["code"] == OPERATION_NOT_ALLOWED and "verified https domain" in refused["error"]["message"], refused
    assert firebase_fake.counts().get("createAuthUri", 0) == 0 and not project.browser_ran()
    assert project.run("whoami").returncode != OK, "nobody was signed in"
