"""The Firebase stand-in as strict as production, and the profile and email changes the SDK offers
(issue 37), against fake_firebase.py:

- Every request is checked against its method's published schema (fake_firebase_schema.py): a field
  outside it, or a value of another type, is Google's 400 INVALID_ARGUMENT "Invalid JSON payload
  received. Unknown name ...", before the method runs. Shown here with requests of our own; every
  other Firebase e2e test runs under the same check.
- `account update --display-name/--photo-url` (accounts:update; no recent sign-in needed), seen by
  `whoami --refresh`; "" removes one.
- The verify-first email change: for an account with a second factor the project answers
  EMAIL_CHANGE_NEEDS_VERIFICATION, so `account update --email` has the new address mailed a
  VERIFY_AND_CHANGE_EMAIL link instead and says what happens next; once the link is followed the
  email is the new one, the old address gets a RECOVER_EMAIL link, and the account's sessions end.
- The library's createProfileChangeRequest()/commitChanges() and sendEmailVerification(
  beforeUpdatingEmail:), async and completion forms, through the same use case.
"""

from __future__ import annotations

import requests

from e2e_helpers import NOT_SIGNED_IN, OK
from fake_firebase_rules import totp
from fakes import firebase_fake  # noqa: F401  (fixture)
from test_firebase import configure_idps, password_signin, project  # noqa: F401  (fixture)
from test_library import Library, example_bin, library  # noqa: F401  (fixtures)
from test_signin_methods import PASSWORD, alice, methods, outbox, padded, verified_alice, whoami  # noqa: F401  (fixture)

ALICE = "alice@example.com"
NEW = "alice@new.example"


def post(fake, path: str, body, **kwargs) -> requests.Response:
    return requests.post(f"{fake.base}{path}?key={fake.info['api_key']}", json=body, timeout=10, **kwargs)


# --- the schema check ------------------------------------------------------------------------------

def test_the_stand_in_refuses_a_field_outside_the_methods_schema_as_production_does(firebase_fake):
    before = firebase_fake.counts().get("signInWithEmailLink", 0)
    answer = post(firebase_fake, "/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink",
                  {"email": ALICE, "oobCode": "c", "returnSecureToken": True})
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["status"] == "INVALID_ARGUMENT" and error["code"] == 400, error
    assert error["message"] == 'Invalid JSON payload received. Unknown name "returnSecureToken": Cannot find field.', error
    assert error["details"][0]["fieldViolations"][0]["description"] == error["message"], error
    # A nested unknown name, a wrong type and an unknown enum value: each refused, naming where.
    for path, body, message in (
            ("/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize",
             {"mfaPendingCredential": "p", "totpVerificationInfo": {"code": "1"}},
             'Invalid JSON payload received. Unknown name "code" at \'totp_verification_info\': Cannot find field.'),
            ("/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword",
             {"email": ALICE, "password": "x", "returnSecureToken": "yes"},
             "Invalid value at 'return_secure_token' (TYPE_BOOL), \"yes\""),
            ("/identitytoolkit.googleapis.com/v1/accounts:sendOobCode", {"requestType": "CHANGE_EVERYTHING"},
             "Invalid value at 'request_type' (TYPE_ENUM), \"CHANGE_EVERYTHING\"")):
        refused = post(firebase_fake, path, body)
        assert refused.status_code == 400 and refused.json()["error"]["message"] == message, refused.text
    # A form body (the Secure Token API) is checked by name too; the proto names are taken.
    form = requests.post(f"{firebase_fake.base}/securetoken.googleapis.com/v1/token?key={firebase_fake.info['api_key']}",
                         data={"grant_type": "refresh_token", "refresh_token": "r", "scope": "x"}, timeout=10)
    assert form.status_code == 400 and 'Unknown name "scope"' in form.json()["error"]["message"], form.text
    # What the schema names is taken, by its JSON or its proto name (the method then answers).
    fits = post(firebase_fake, "/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink", {"email": ALICE, "oob_code": "c"})
    assert fits.status_code == 400 and fits.json()["error"]["message"] == "INVALID_OOB_CODE", fits.text
    assert firebase_fake.counts().get("signInWithEmailLink", 0) == before + 2
    assert firebase_fake.errors().get("INVALID_ARGUMENT", 0) >= 4


# --- the profile -----------------------------------------------------------------------------------

def test_account_update_sets_and_removes_the_display_name_and_photo(methods):
    alice(methods)
    assert whoami(methods)["displayName"] is None
    changed = methods.run("account", "update", "--display-name", "Alice Liddell", "--photo-url", "https://photos.example/alice.png",
                          "--json")
    assert changed.returncode == OK, str(changed)
    assert changed.json()["displayName"] == "Alice Liddell" and changed.json()["photoURL"] == "https://photos.example/alice.png"
    assert "The profile of alice@example.com is changed: name Alice Liddell" in changed.stderr, str(changed)
    shown = methods.run("whoami", "--refresh", "--json").json()
    assert shown["displayName"] == "Alice Liddell" and shown["photoURL"] == "https://photos.example/alice.png", shown
    # A fresh ID token carries the name the project now has.
    assert "Alice Liddell" in methods.run("whoami", "--refresh").stdout
    removed = methods.run("account", "update", "--display-name", "", "--json")
    assert removed.returncode == OK and removed.json()["displayName"] is None, str(removed)
    assert removed.json()["photoURL"] == "https://photos.example/alice.png", str(removed)
    assert methods.run("whoami", "--refresh", "--json").json()["displayName"] is None
    mixed = methods.run("account", "update", "--display-name", "A", "--password")
    assert mixed.returncode == 2 and "--display-name" in mixed.stderr, str(mixed)


# --- the verify-first email change -----------------------------------------------------------------

def enrolled_alice(cli, fake) -> tuple[str, str]:
    uid = verified_alice(cli, fake)
    secret = fake.control("enroll_totp", {"localId": uid})["secret"]
    return uid, secret


def test_an_email_change_the_project_wants_verified_sends_the_link_and_the_change_follows_it(methods, firebase_fake):
    uid, secret = enrolled_alice(methods, firebase_fake)
    sent = methods.run("account", "update", "--email", NEW, "--json")
    assert sent.returncode == OK, str(sent)
    assert sent.json() == {**sent.json(), "sent": NEW, "operation": "VERIFY_AND_CHANGE_EMAIL"}, str(sent)
    assert f"it sent a link to {NEW}" in sent.stderr and "sign in again with the new address" in sent.stderr, str(sent)
    link = outbox(firebase_fake, "VERIFY_AND_CHANGE_EMAIL")[-1]
    assert link["email"] == NEW and "mode=verifyAndChangeEmail" in link["oobLink"], link
    # Nothing changed yet.
    assert whoami(methods)["email"] == ALICE
    assert [a["email"] for a in firebase_fake.control("accounts") if a["localId"] == uid] == [ALICE]
    applied = methods.run("account", "apply-code", link["oobLink"], "--json")
    assert applied.returncode == OK and applied.json()["operation"] == "VERIFY_AND_CHANGE_EMAIL", str(applied)
    account = next(a for a in firebase_fake.control("accounts") if a["localId"] == uid)
    assert account["email"] == NEW and account["emailVerified"] is True, account
    recover = outbox(firebase_fake, "RECOVER_EMAIL")[-1]
    assert recover["email"] == ALICE and recover["newEmail"] == NEW, recover
    # The project ended the account's sessions: its refresh tokens are dead, so reading the user again
    # (whoami --refresh renews the ID token) says to sign in again, and the new address signs in.
    assert all(t["revoked"] for t in firebase_fake.control("refresh_tokens") if t["localId"] == uid)
    ended = methods.run("whoami", "--refresh")
    assert ended.returncode == NOT_SIGNED_IN and "sign in again" in ended.stderr, str(ended)
    again = password_signin(methods, NEW, PASSWORD, "--totp", totp(padded(secret)))
    assert again.returncode == OK and again.json()["user"]["uid"] == uid, str(again)
    assert whoami(methods)["email"] == NEW


def test_a_project_that_changes_an_email_at_once_still_does(methods, firebase_fake):
    alice(methods)
    changed = methods.run("account", "update", "--email", NEW, "--json")
    assert changed.returncode == OK and changed.json()["email"] == NEW, str(changed)
    assert outbox(firebase_fake, "VERIFY_AND_CHANGE_EMAIL") == []


# --- the library -----------------------------------------------------------------------------------

def test_the_library_commits_a_profile_change_and_sends_the_verify_first_link(methods, firebase_fake, library):
    alice(methods)
    committed = library.ok("profile-commit", "Alice Liddell", "https://photos.example/alice.png")
    assert committed["displayName"] == "Alice Liddell" and committed["photoURL"] == "https://photos.example/alice.png", committed
    assert methods.run("whoami", "--refresh", "--json").json()["displayName"] == "Alice Liddell"
    # The completion form; a property set to nil is removed.
    cleared = library.ok("profile-commit-completion", "", "https://photos.example/alice2.png")
    assert cleared == {"displayName": None, "photoURL": "https://photos.example/alice2.png", "mainQueue": True}, cleared
    assert methods.run("whoami", "--refresh", "--json").json()["displayName"] is None
    # sendEmailVerification(beforeUpdatingEmail:), without and with ActionCodeSettings, both forms.
    assert library.ok("profile-verify-email", NEW) == {"sent": NEW, "mainQueue": True}
    assert library.ok("profile-verify-email-completion", NEW, "https://app.example/done") == {"sent": NEW, "mainQueue": True}
    sent = outbox(firebase_fake, "VERIFY_AND_CHANGE_EMAIL")
    assert [s["email"] for s in sent] == [NEW, NEW] and sent[-1]["continueUrl"] == "https://app.example/done", sent
    assert "continueUrl" not in sent[0], sent


def test_the_library_update_email_keeps_the_sdks_refusal_for_a_second_factor_account(methods, firebase_fake, library):
    enrolled_alice(methods, firebase_fake)
    refused = library.snippet("profile-update-email", NEW)
    assert refused["error"]["code"] == 17090, refused
    assert outbox(firebase_fake, "VERIFY_AND_CHANGE_EMAIL") == []
