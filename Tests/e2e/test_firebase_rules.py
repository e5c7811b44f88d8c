"""The SDKs' rules for what a real project answers (issue: one Identity Toolkit client).

Against fake_firebase.py with its production switches (fake_firebase_rules.py): the session rules
(a dead token or user signs out), the last sign-in method, second factors (TOTP), every named
refusal, password changes after `reauth --provider password`, tenants and `verify --firebase`, and
the emulator's known differences. Each refusal: exit status, `--json` code, and the home left as
the SDKs would leave it (unchanged, or signed out).
"""

from __future__ import annotations

import hashlib
import json
import secrets

import pytest

import pkce_client
from accounts_helpers import CORP, LAB, browser_flow, json_error, signin
from e2e_helpers import OK
from fake_firebase_rules import totp
from fakes import GITHUB_ID, YAHOO_ID, add_github, add_yahoo, firebase_fake, github_fake, yahoo_fake  # noqa: F401  (fixtures)
from test_firebase import EMULATOR, configure_idps, home_snapshot, password_signin, project, refused, use_project  # noqa: F401

USAGE, NOT_SIGNED_IN, CONFLICT, REAUTH, INVALID, CONFIG = 2, 3, 7, 8, 10, 12
ALICE, PASSWORD = "alice@example.com", "correct horse battery"


@pytest.fixture
def alice(project, firebase_fake):
    """`project` with alice signed in with email and password."""
    result = password_signin(project, ALICE, PASSWORD, "--create")
    assert result.returncode == OK, str(result)
    return result.json()["user"]["uid"]


def signed_out(cli) -> bool:
    return cli.run("whoami", "--check").returncode == NOT_SIGNED_IN


# --- 1. a dead token or user signs out ----------------------------------------------------------


@pytest.mark.parametrize("code", ["USER_NOT_FOUND", "TOKEN_EXPIRED", "INVALID_ID_TOKEN", "USER_DISABLED"])
def test_a_current_user_call_answered_with_a_dead_session_signs_out(project, alice, firebase_fake, code):
    firebase_fake.configure(force_errors={"lookup": {"code": code, "times": 1}})
    result = project.run("whoami", "--refresh", "--json")
    assert result.returncode == NOT_SIGNED_IN, str(result)
    assert json_error(result)["code"] == "invalid-user-token" and "signed out" in json_error(result)["message"]
    assert signed_out(project), "the SDKs sign the user out; so does authctl"
    assert project.run("token").returncode == NOT_SIGNED_IN


def test_update_delete_and_link_answered_with_a_dead_session_sign_out_too(project, alice, firebase_fake):
    firebase_fake.configure(force_errors={"update": {"code": "TOKEN_EXPIRED", "times": 1}})
    assert project.run("account", "update", "--email", "alice@new.example").returncode == NOT_SIGNED_IN
    assert signed_out(project)
    assert password_signin(project, ALICE, PASSWORD).returncode == OK
    firebase_fake.configure(force_errors={"delete": {"code": "USER_NOT_FOUND", "times": 1}})
    assert project.run("account", "delete").returncode == NOT_SIGNED_IN
    assert signed_out(project)
    assert password_signin(project, ALICE, PASSWORD).returncode == OK
    firebase_fake.configure(force_errors={"signInWithIdp": {"code": "INVALID_ID_TOKEN", "times": 1}})
    linked = browser_flow(project, "link", provider=LAB)
    assert linked.returncode == NOT_SIGNED_IN, str(linked)
    assert signed_out(project)


# --- 2. the last sign-in method -----------------------------------------------------------------


def test_unlink_never_removes_the_last_sign_in_method(project, alice, firebase_fake):
    before = home_snapshot(project)
    result = project.run("unlink", "--provider", "password", "--json")
    refused(project, result, CONFLICT, "last-sign-in-method", before)
    assert firebase_fake.counts()["update"] == 0
    assert [i["providerId"] for i in firebase_fake.control("accounts")[0]["providerUserInfo"]] == ["password"]


# --- 3. second factors and named refusals --------------------------------------------------------


def test_a_totp_second_factor(project, alice, firebase_fake):
    secret = firebase_fake.control("enroll_totp", {"localId": alice})["secret"]
    assert project.run("signout").returncode == OK
    before = home_snapshot(project)
    asked = password_signin(project, ALICE, PASSWORD)
    error = refused(project, asked, NOT_SIGNED_IN, "multi-factor-auth-required", before)
    assert "--totp" in error["message"] and error["factors"] == ["totp:Authenticator"], error
    wrong = password_signin(project, ALICE, PASSWORD, "--totp", "000000" if totp(secret) != "000000" else "111111")
    refused(project, wrong, INVALID, "invalid-verification-code", before)
    good = password_signin(project, ALICE, PASSWORD, "--totp", totp(secret))
    assert good.returncode == OK and good.json()["user"]["uid"] == alice, str(good)
    assert firebase_fake.counts()["mfaSignIn:finalize"] == 2
    reauth = project.run("reauth", "--provider", "password", "--password-stdin", "--totp", totp(secret), input=PASSWORD)
    assert reauth.returncode == OK, str(reauth)


def test_an_sms_second_factor_says_what_a_terminal_cannot_do(project, alice, firebase_fake):
    firebase_fake.control("enroll_phone", {"localId": alice})
    assert project.run("signout").returncode == OK
    before = home_snapshot(project)
    error = refused(project, password_signin(project, ALICE, PASSWORD), NOT_SIGNED_IN, "multi-factor-auth-required", before)
    assert "reCAPTCHA" in error["message"] and "authenticator app" in error["message"]


REFUSALS = [
    # (project setting, what is run, exit status, --json code, words of the message)
    ({"recaptcha_enforced": True}, "signin", CONFIG, "missing-recaptcha-token", "reCAPTCHA"),
    ({"app_check_enforced": True}, "signin", CONFIG, "firebase-app-check-token-is-invalid", "App Check"),
    ({"restricted_key": {"ios": "com.example.app"}}, "signin", CONFIG, "app-not-authorized", "--ios-bundle-id"),
    ({"restricted_key": {"referrer": "https://app.example/"}}, "signin", CONFIG, "app-not-authorized", "--referrer"),
    ({"user_actions_disabled": True}, "signup", CONFIG, "admin-restricted-operation", "administrators"),
    ({"password_policy": {"min_length": 30, "require_uppercase": True}}, "signup", USAGE, "password-does-not-meet-requirements",
     "at least 30 characters"),
    ({"blocking_function_message": "Sign-ups from this domain are closed."}, "signin", INVALID, "blocking-cloud-function-error",
     "Sign-ups from this domain are closed."),
]


@pytest.mark.parametrize("setting,action,status,code,words", REFUSALS, ids=[r[3] for r in REFUSALS])
def test_each_project_refusal_is_named_with_its_fix(project, firebase_fake, setting, action, status, code, words):
    assert password_signin(project, "bob@example.com", PASSWORD, "--create").returncode == OK
    assert project.run("signout").returncode == OK
    firebase_fake.configure(**setting)
    before = home_snapshot(project)
    if action == "signup":
        result = password_signin(project, "carol@example.com", PASSWORD, "--create")
    else:
        result = password_signin(project, "bob@example.com", PASSWORD)
    error = refused(project, result, status, code, before)
    assert words in error["message"], error


def test_an_invalid_email_is_a_usage_error(project):
    before = home_snapshot(project)
    refused(project, password_signin(project, "not-an-address", PASSWORD), USAGE, "invalid-email", before)


def test_a_restricted_key_works_once_its_app_is_named(cli, firebase_fake):
    firebase_fake.configure(restricted_key={"ios": "com.example.app"}, providers={"password": {"enabled": True}})
    cli.env[EMULATOR] = firebase_fake.info["host"]
    # firebase use checks the key: refused at once, naming what the key is restricted to; nothing stored
    refused_use = cli.run("firebase", "use", "--api-key", firebase_fake.info["api_key"], "--project-id",
                          firebase_fake.info["project_id"])
    assert refused_use.returncode == CONFIG and "--ios-bundle-id" in refused_use.stderr, str(refused_use)
    assert not (cli.home / "firebase.json").exists()
    use_project(cli, firebase_fake, None, "--no-check")
    assert password_signin(cli, ALICE, PASSWORD, "--create").returncode == CONFIG
    assert cli.run("firebase", "use", "--api-key", firebase_fake.info["api_key"], "--project-id", firebase_fake.info["project_id"],
                   "--ios-bundle-id", "com.example.app").returncode == OK
    assert password_signin(cli, ALICE, PASSWORD, "--create").returncode == OK


# --- 4. recent login for a password-only user, and the account operations --------------------------


def test_a_password_user_reauthenticates_with_the_password_then_changes_it(project, alice, firebase_fake):
    firebase_fake.configure(recent_login_seconds=0)
    before = home_snapshot(project)
    stale = project.run("account", "update", "--password-stdin", "--json", input="a new long password")
    error = refused(project, stale, REAUTH, "requires-recent-login", before)
    assert "authctl reauth --provider password" in error["message"], error
    firebase_fake.configure(recent_login_seconds=300)
    assert project.run("reauth", "--password-stdin", input=PASSWORD).returncode == OK  # the default provider: password
    changed = project.run("account", "update", "--password-stdin", "--json", input="a new long password")
    assert changed.returncode == OK, str(changed)
    assert project.run("token").returncode == OK, "the new session replaced the old one"
    assert project.run("signout").returncode == OK
    assert password_signin(project, ALICE, PASSWORD).returncode == INVALID
    assert password_signin(project, ALICE, "a new long password").returncode == OK


def test_another_accounts_password_is_a_user_mismatch(project, alice):
    assert password_signin(project, "bob@example.com", "bobs password", "--create").returncode == OK
    assert project.run("switch", ALICE).returncode == OK
    wrong = project.run("reauth", "--provider", "password", "--password-stdin", "--json", input="bobs password")
    assert wrong.returncode == INVALID, str(wrong)  # alice's email with bob's password: a wrong password


def test_account_update_email_and_send_password_reset(project, alice, firebase_fake):
    changed = project.run("account", "update", "--email", "alice@new.example", "--json")
    assert changed.returncode == OK and changed.json()["email"] == "alice@new.example", str(changed)
    assert project.run("account", "send-password-reset", "alice@new.example").returncode == OK
    sent = [(c["requestType"], c["email"]) for c in firebase_fake.control("oob_codes")]
    assert sent == [("RECOVER_EMAIL", ALICE), ("PASSWORD_RESET", "alice@new.example")], sent
    bad = project.run("account", "send-password-reset", "nobody", "--json")
    assert bad.returncode == USAGE and json_error(bad)["code"] == "invalid-email", str(bad)


# --- 5. tenants ------------------------------------------------------------------------------------


def test_a_tenant_user_signs_in_and_verify_checks_the_tenant(cli, firebase_fake):
    firebase_fake.configure(tenants=["tenant-a1b2"], providers={"password": {"enabled": True}})
    cli.env[EMULATOR] = firebase_fake.info["host"]
    key, project_id = firebase_fake.info["api_key"], firebase_fake.info["project_id"]
    assert cli.run("firebase", "use", "--api-key", key, "--project-id", project_id, "--tenant-id", "tenant-a1b2").returncode == OK
    signed = password_signin(cli, ALICE, PASSWORD, "--create")
    assert signed.returncode == OK, str(signed)
    assert [a.get("tenantId") for a in firebase_fake.control("accounts")] == ["tenant-a1b2"]
    token = cli.run("token").stdout.strip()
    verified = cli.run("verify", "--firebase", input=token)
    assert verified.returncode == OK and json.loads(verified.stdout)["firebase"]["tenant"] == "tenant-a1b2", str(verified)
    assert cli.run("firebase", "use", "--api-key", key, "--project-id", project_id).returncode == OK
    other = cli.run("verify", "--firebase", "--json", input=token)
    assert other.returncode == INVALID and "firebase.tenant" in json_error(other)["message"], str(other)
    assert cli.run("firebase", "use", "--api-key", key, "--project-id", project_id, "--tenant-id", "nope-9").returncode == OK
    before = home_snapshot(cli)
    error = refused(cli, password_signin(cli, ALICE, PASSWORD), CONFIG, "invalid-tenant-id", before)
    assert "nope-9" in error["message"]


def test_verify_firebase_refuses_what_a_backend_must(project, alice, firebase_fake):
    token = project.run("token").stdout.strip()
    header, payload, signature = token.split(".")
    tampered = ".".join([header, payload, signature[:-4] + ("AAAA" if signature[-4:] != "AAAA" else "BBBB")])
    result = project.run("verify", "--firebase", "--json", input=tampered)
    assert result.returncode == INVALID and json_error(result)["code"] == "invalid-credential", str(result)
    key = firebase_fake.info["api_key"]
    assert project.run("firebase", "use", "--api-key", key, "--project-id", "another-project-9").returncode == OK
    other = project.run("verify", "--firebase", "--json", input=token)
    assert other.returncode == INVALID and "another-project-9" in json_error(other)["message"], str(other)


# --- 6. paths the tests did not take: reauth, Yahoo-shaped and --id-token-stdin into a project ----------


def test_a_successful_federated_reauth_and_an_id_token_from_stdin(project, firebase_fake, dot_idp, mock_idp, tmp_path):
    first = signin(project, CORP)
    again = browser_flow(project, "reauth", provider=CORP)
    assert again.returncode == OK and again.json()["user"]["uid"] == first["user"]["uid"], str(again)
    assert project.run("signout").returncode == OK
    raw = secrets.token_hex(16)  # Firebase checks SHA-256(raw nonce) against the token's nonce
    flow = pkce_client.authorize(mock_idp.issuer, mock_idp.client_id, browser_args=["--log", str(tmp_path / "mint.log")],
                                 extra={"nonce": hashlib.sha256(raw.encode()).hexdigest()})
    token = flow.exchange(mock_idp.client_secret)["id_token"]
    result = project.run("signin", "--provider", LAB, "--id-token-stdin", "--raw-nonce", raw, "--json", input=token + "\n")
    assert result.returncode in (OK, 6), str(result)  # alice's email: a new user, or account-exists with oidc.corp
    if result.returncode == 6:
        assert json_error(result)["providers"] == [CORP]
    assert firebase_fake.counts()["signInWithIdp"] >= 3


def test_yahoo_into_a_project_through_its_local_client(project, firebase_fake, yahoo_fake):
    """Yahoo added here: authctl runs its flow and posts the ID token (with the raw nonce)."""
    add_yahoo(project, yahoo_fake)
    providers = firebase_fake.control("config")["providers"]
    providers[YAHOO_ID] = {"enabled": True, "issuer": yahoo_fake.issuer, "client_id": yahoo_fake.client_id}
    firebase_fake.configure(providers=providers)
    result = browser_flow(project, "signin", provider=YAHOO_ID)
    assert result.returncode in (OK, 6), str(result)  # a new user, or alice's email already known to the project
    assert firebase_fake.counts()["signInWithIdp"] >= 1


# --- 7. the emulator's known differences ------------------------------------------------------------


def test_emulator_compatibility_refuses_a_github_access_token(project, firebase_fake, github_fake):
    add_github(project, github_fake)
    providers = firebase_fake.control("config")["providers"]
    providers[GITHUB_ID] = {"enabled": True, "api_base": github_fake.base}
    firebase_fake.configure(emulator_compat=True, providers=providers)
    before = home_snapshot(project)
    result = browser_flow(project, "signin", provider=GITHUB_ID)
    error = refused(project, result, INVALID, "invalid-credential", before)
    assert error["serverCode"] == "INVALID_IDP_RESPONSE", error


def test_emulator_compatibility_auto_links_and_keeps_no_pending_token(project, firebase_fake):
    firebase_fake.configure(emulator_compat=True)
    first = signin(project, CORP)
    assert project.run("signout").returncode == OK
    second = browser_flow(project, "signin", provider=LAB)
    assert second.returncode == OK, str(second)
    assert second.json()["user"]["uid"] == first["user"]["uid"], "the emulator links a verified email at once"
    assert sorted(p["providerId"] for p in second.json()["user"]["providerData"]) == [CORP, LAB]
