"""Access tokens obtained elsewhere, into a Firebase project (issue 37, item 4).

The Yahoo page: Google, Facebook and Twitter sign in to a project with an OAuth access token;
Yahoo does not (the project cannot check which app a Yahoo access token was issued to, so a token
obtained for one project could be replayed into another). `signin --provider google.com
--access-token-stdin` posts the token to accounts:signInWithIdp (postBody `access_token=...&providerId=
google.com`), which the stand-in resolves through the Google fake's userinfo endpoint; a Yahoo access
token is refused with exit 2 before any request. The library's `OAuthProvider.credential(providerID:
accessToken:)` takes the same use case. Nothing is added in the home: the project knows the providers.
"""

from __future__ import annotations

import pytest

import pkce_client
from accounts_helpers import as_user, json_error
from e2e_helpers import OK
from fakes import GOOGLE_ID, YAHOO_ID, firebase_fake, google_fake, yahoo_fake  # noqa: F401  (fixtures)
from test_firebase import home_snapshot, use_project
from test_library import INVALID_CREDENTIAL, example_bin, library  # noqa: F401  (fixtures)

USAGE = 2


@pytest.fixture
def project(cli, firebase_fake, google_fake, yahoo_fake):
    """`firebase use` only; the project's console enables Google and Yahoo."""
    firebase_fake.configure(providers={
        GOOGLE_ID: {"enabled": True, "issuer": google_fake.issuer, "client_id": google_fake.client_id},
        YAHOO_ID: {"enabled": True, "issuer": yahoo_fake.issuer, "client_id": yahoo_fake.client_id},
    })
    use_project(cli, firebase_fake)
    cli.providers += [firebase_fake, google_fake, yahoo_fake]
    return cli


def access_token(fake, tmp_path, user: str = "alice") -> str:
    """An access token the provider issued to its own client (obtained elsewhere, as by an app)."""
    flow = pkce_client.authorize(fake.issuer, fake.client_id, browser_args=[*as_user(user), "--log", str(tmp_path / f"{user}.log")])
    return flow.exchange(fake.client_secret)["access_token"]


def test_a_google_access_token_signs_in_to_the_project(project, firebase_fake, google_fake, tmp_path):
    token = access_token(google_fake, tmp_path)
    before = firebase_fake.counts().get("signInWithIdp", 0)
    result = project.run("signin", "--provider", GOOGLE_ID, "--access-token-stdin", "--json", input=token + "\n")
    assert result.returncode == OK, str(result)
    document = result.json()
    assert document["additionalUserInfo"]["providerId"] == GOOGLE_ID, document
    assert document["user"]["email"] == "alice@example.com", document
    assert firebase_fake.counts()["signInWithIdp"] == before + 1
    assert google_fake.counts()["userinfo_requests"] >= 1, "the project asked Google whose token it is"
    assert [a["localId"] for a in firebase_fake.control("accounts")] == [document["user"]["uid"]]
    # The same identity again lands on the same user; a token Google does not know is the project's refusal.
    again = project.run("signin", "--provider", GOOGLE_ID, "--access-token-stdin", "--json", input=token + "\n")
    assert again.returncode == OK and again.json()["user"]["uid"] == document["user"]["uid"], str(again)
    forged = project.run("signin", "--provider", GOOGLE_ID, "--access-token-stdin", "--json", input="ya29.not-a-token\n")
    assert forged.returncode not in (OK, USAGE), str(forged)


def test_a_yahoo_access_token_is_refused_before_any_request(project, firebase_fake, yahoo_fake, tmp_path):
    token = access_token(yahoo_fake, tmp_path)
    before = firebase_fake.counts()
    snapshot = home_snapshot(project)
    result = project.run("signin", "--provider", YAHOO_ID, "--access-token-stdin", "--json", input=token + "\n")
    assert result.returncode == USAGE, str(result)
    error = json_error(result)
    assert "Yahoo access token" in error["message"] and "ID token" in error["message"], error
    assert firebase_fake.counts() == before, "no request reached the project"
    assert home_snapshot(project) == snapshot
    # In words, with what to do next.
    worded = project.run("signin", "--provider", YAHOO_ID, "--access-token-stdin", input=token + "\n")
    assert worded.returncode == USAGE and "replayed" in worded.stderr and "signin --provider yahoo.com" in worded.stderr, str(worded)
    assert firebase_fake.counts() == before


def test_twitter_needs_its_secret_and_others_take_none(project, firebase_fake):
    before = firebase_fake.counts()
    alone = project.run("signin", "--provider", "twitter.com", "--access-token-stdin", "--json", input="token-only\n")
    assert alone.returncode == USAGE and "secret" in json_error(alone)["message"], str(alone)
    extra = project.run("signin", "--provider", GOOGLE_ID, "--access-token-stdin", "--json", input="token secret\n")
    assert extra.returncode == USAGE and "secret" in json_error(extra)["message"], str(extra)
    password = project.run("signin", "--provider", "password", "--email", "a@example.com", "--access-token-stdin", input="t\n")
    assert password.returncode == USAGE and "--access-token-stdin" in password.stderr, str(password)
    assert firebase_fake.counts() == before, "no request reached the project"


def test_the_library_signs_in_with_a_google_access_token(project, firebase_fake, google_fake, library, tmp_path):
    token = access_token(google_fake, tmp_path)
    result = library.ok("access-token", GOOGLE_ID, input=token + "\n")
    assert result["providers"] == [GOOGLE_ID] and result["email"] == "alice@example.com", result
    assert result["credentialProvider"] == GOOGLE_ID, result
    assert [a["localId"] for a in firebase_fake.control("accounts")] == [result["uid"]]
    before = firebase_fake.counts()
    yahoo = library.snippet("access-token", YAHOO_ID, input="any-token\n")
    assert yahoo["error"]["code"] == INVALID_CREDENTIAL and "Yahoo access token" in yahoo["error"]["message"], yahoo
    assert firebase_fake.counts() == before, "no request reached the project"
