"""Every Firebase sign-in method a terminal can honour (issue 29), against fake_firebase.py: anonymous
users and their upgrade (the uid kept), email links through the fake's outbox, verification, recovery
and reset links applied, TOTP enrolment whose QR code is read back with zbarimg and whose secret
yields the RFC 6238 codes the fake accepts, and custom claims. Each refusal: its exit status, its
--json code, the fix in its message, and an unchanged home.
"""

from __future__ import annotations

import base64
import re
import subprocess
import time
from datetime import datetime
from urllib.parse import parse_qs, unquote, urlparse

import pytest

from accounts_helpers import CORP, browser_flow, json_error, signin
from e2e_helpers import OK
from fake_firebase_rules import totp
from fakes import firebase_fake  # noqa: F401  (fixture)
from terminal_session import TerminalSession, TmuxSession, visible_codes_decode_to
from test_firebase import configure_idps, home_snapshot, password_signin, project, refused  # noqa: F401  (fixture)

USAGE, NOT_SIGNED_IN, CANCELLED, CONFLICT, REAUTH, INVALID, CONFIG = 2, 3, 4, 7, 8, 10, 12
ALICE, PASSWORD = "alice@example.com", "correct horse battery"


@pytest.fixture
def methods(project, firebase_fake, dot_idp, mock_idp):
    """`project` with anonymous users, email links and TOTP turned on in the fake project."""
    configure_idps(firebase_fake, dot_idp, mock_idp)
    firebase_fake.configure(totp_enabled=True)
    enable(firebase_fake, dot_idp, mock_idp, anonymous=True, email_link=True)
    return project


def enable(fake, dot_idp, mock_idp, anonymous: bool, email_link: bool) -> None:
    from accounts_helpers import LAB
    fake.configure(providers={
        "password": {"enabled": True, "email_link": email_link}, "anonymous": {"enabled": anonymous},
        CORP: {"enabled": True, "issuer": dot_idp.issuer, "client_id": dot_idp.client_id},
        LAB: {"enabled": True, "issuer": mock_idp.issuer, "client_id": mock_idp.client_id},
    })


def whoami(cli) -> dict:
    result = cli.run("whoami", "--json")
    assert result.returncode == OK, str(result)
    return result.json()


def providers(user: dict) -> list[str]:
    return sorted(p["providerId"] for p in user["providerData"])


def outbox(fake, kind: str) -> list[dict]:
    return [code for code in fake.control("oob_codes") if code["requestType"] == kind]


def with_pasted_link(cli, fake, args: list[str], email: str) -> subprocess.CompletedProcess:
    """Runs `args`, which emails a sign-in link and then reads it on stdin: the link from the
    fake's outbox is written to stdin once it is there."""
    before = len(outbox(fake, "EMAIL_SIGNIN"))
    process = subprocess.Popen([str(cli.binary), "--home", str(cli.home), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=cli.env, cwd=cli.tmp, text=True)
    deadline = time.monotonic() + 30
    while len(outbox(fake, "EMAIL_SIGNIN")) == before and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    sent = outbox(fake, "EMAIL_SIGNIN")
    link = sent[-1]["oobLink"] if len(sent) > before else ""
    if link:
        assert sent[-1]["email"] == email
    stdout, stderr = process.communicate(link + "\n", timeout=30)
    return subprocess.CompletedProcess(args, process.returncode, stdout, stderr)


def error_of(result: subprocess.CompletedProcess) -> dict:
    import json
    return json.loads(result.stderr.strip().splitlines()[-1])["error"]


def token_claims(cli) -> dict:
    import json
    token = cli.run("token").stdout.strip()
    return json.loads(base64.urlsafe_b64decode(token.split(".")[1] + "=="))


# --- anonymous users -------------------------------------------------------------------------------


def test_anonymous_sign_in_gives_a_project_id_token_and_no_person(methods):
    result = methods.run("signin", "--anonymous", "--json")
    assert result.returncode == OK, str(result)
    user = result.json()["user"]
    assert user["isAnonymous"] is True and user["providerData"] == [] and user["email"] is None, user
    assert token_claims(methods)["firebase"]["sign_in_provider"] == "anonymous"
    shown = whoami(methods)
    assert shown["uid"] == user["uid"] and shown["isAnonymous"] is True and shown["secondFactors"] == [], shown
    assert "none (anonymous)" in methods.run("whoami").stdout


def test_an_anonymous_user_upgraded_with_a_password_keeps_its_uid(methods):
    uid = methods.run("signin", "--anonymous", "--json").json()["user"]["uid"]
    linked = methods.run("link", "--provider", "password", "--email", ALICE, "--password-stdin", "--json", input=PASSWORD)
    assert linked.returncode == OK, str(linked)
    user = linked.json()["user"]
    assert user["uid"] == uid and providers(user) == ["password"] and user["isAnonymous"] is False, user
    assert methods.run("signout", "--all").returncode == OK
    again = password_signin(methods, ALICE, PASSWORD)
    assert again.returncode == OK and again.json()["user"]["uid"] == uid, str(again)


def test_an_anonymous_user_upgraded_with_a_provider_keeps_its_uid_unless_the_identity_is_anothers(methods):
    owner = signin(methods, CORP)["user"]["uid"]
    assert methods.run("signout", "--all").returncode == OK
    anonymous = methods.run("signin", "--anonymous", "--json").json()["user"]["uid"]
    before = home_snapshot(methods)
    taken = browser_flow(methods, "link", provider=CORP)
    refused(methods, taken, CONFLICT, "credential-already-in-use", before)
    assert methods.run("signout", "--all").returncode == OK
    anonymous = methods.run("signin", "--anonymous", "--json").json()["user"]["uid"]
    linked = browser_flow(methods, "link", provider=CORP, user="bob")
    assert linked.returncode == OK, str(linked)
    user = linked.json()["user"]
    assert user["uid"] == anonymous != owner and providers(user) == [CORP] and user["isAnonymous"] is False, user


def test_anonymous_sign_in_turned_off_names_the_console_switch(methods, firebase_fake, dot_idp, mock_idp):
    enable(firebase_fake, dot_idp, mock_idp, anonymous=False, email_link=True)
    before = home_snapshot(methods)
    error = refused(methods, methods.run("signin", "--anonymous", "--json"), CONFIG, "operation-not-allowed", before)
    assert "Authentication > Sign-in method > Anonymous > Enable" in error["message"], error


def test_local_accounts_have_none_of_these_methods(cli):
    for args in (["signin", "--anonymous"], ["account", "send-verification"], ["account", "mfa", "list"]):
        result = cli.run(*args, "--json")
        assert result.returncode == CONFIG, str(result)
        error = json_error(result)
        assert error["code"] == "configuration-error" and "authctl firebase use" in error["message"], error


# --- email links -----------------------------------------------------------------------------------


def test_an_email_link_signs_in_through_the_outbox(methods, firebase_fake):
    result = with_pasted_link(methods, firebase_fake, ["signin", "--email-link", ALICE, "--continue-url",
                                                       "https://app.example/done", "--json"], ALICE)
    assert result.returncode == OK, result.stderr
    import json
    user = json.loads(result.stdout)["user"]
    assert user["email"] == ALICE and user["emailVerified"] is True and providers(user) == ["password"], user
    sent = outbox(firebase_fake, "EMAIL_SIGNIN")[-1]
    assert sent["continueUrl"] == "https://app.example/done" and "continueUrl=https%3A%2F%2Fapp.example%2Fdone" in sent["oobLink"]
    again = with_pasted_link(methods, firebase_fake, ["signin", "--email-link", ALICE, "--json"], ALICE)
    assert again.returncode == OK and json.loads(again.stdout)["user"]["uid"] == user["uid"], again.stderr


def test_an_anonymous_user_linked_by_email_link_keeps_its_uid(methods, firebase_fake):
    uid = methods.run("signin", "--anonymous", "--json").json()["user"]["uid"]
    result = with_pasted_link(methods, firebase_fake, ["link", "--email-link", ALICE, "--json"], ALICE)
    assert result.returncode == OK, result.stderr
    user = whoami(methods)
    assert user["uid"] == uid and user["email"] == ALICE and user["emailVerified"] is True and not user["isAnonymous"], user


def test_a_used_expired_or_foreign_email_link_is_refused_with_its_fix(methods, firebase_fake, dot_idp, mock_idp):
    assert with_pasted_link(methods, firebase_fake, ["signin", "--email-link", ALICE], ALICE).returncode == OK
    used = outbox(firebase_fake, "EMAIL_SIGNIN")[-1]["oobLink"]
    assert methods.run("signout", "--all").returncode == OK
    before = home_snapshot(methods)
    # The link is read on stdin: give a used one.
    for link, code in ((used, "invalid-action-code"),):
        result = methods.run("signin", "--email-link", ALICE, "--json", input=link)
        error = refused(methods, result, INVALID, code, before)
        assert "authctl signin --email-link EMAIL" in error["message"], error
    # Expired: the code of the link this run asks for, aged before it is pasted.
    result = with_expired_link(methods, firebase_fake)
    assert result.returncode == INVALID and error_of(result)["code"] == "expired-action-code", result.stderr
    not_a_link = methods.run("signin", "--email-link", ALICE, "--json", input="https://example.com/?mode=verifyEmail&oobCode=x")
    assert not_a_link.returncode == USAGE and "not an email sign-in link" in json_error(not_a_link)["message"], str(not_a_link)
    enable(firebase_fake, dot_idp, mock_idp, anonymous=True, email_link=False)
    off = methods.run("signin", "--email-link", ALICE, "--json", input="")
    error = refused(methods, off, CONFIG, "operation-not-allowed", before)
    assert "Email/Password > Email link (passwordless sign-in)" in error["message"], error


def with_expired_link(cli, fake) -> subprocess.CompletedProcess:
    before = len(outbox(fake, "EMAIL_SIGNIN"))
    process = subprocess.Popen([str(cli.binary), "--home", str(cli.home), "signin", "--email-link", ALICE, "--json"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=cli.env, cwd=cli.tmp, text=True)
    deadline = time.monotonic() + 30
    while len(outbox(fake, "EMAIL_SIGNIN")) == before and time.monotonic() < deadline:
        time.sleep(0.05)
    sent = outbox(fake, "EMAIL_SIGNIN")[-1]
    fake.control("expire_oob", {"oobCode": sent["oobCode"]})
    stdout, stderr = process.communicate(sent["oobLink"] + "\n", timeout=30)
    return subprocess.CompletedProcess([], process.returncode, stdout, stderr)


# --- verification, recovery and reset links ----------------------------------------------------------


def alice(cli, email: str = ALICE) -> str:
    result = password_signin(cli, email, PASSWORD, "--create")
    assert result.returncode == OK, str(result)
    return result.json()["user"]["uid"]


def test_an_email_link_pasted_at_the_terminal(methods, firebase_fake):
    env = {key: value for key, value in {**methods.env, "TERM": "dumb"}.items() if key != "CI"}
    session = TerminalSession(methods, ["signin", "--email-link", ALICE], env)
    try:
        session.wait_for(re.compile(r"Paste the link from the mail: "))
        assert f"The project sent a sign-in link to {ALICE}." in session.output, session.describe()
        session.type_line(outbox(firebase_fake, "EMAIL_SIGNIN")[-1]["oobLink"])
        assert session.finish() == OK, session.describe()
        assert f"Signed in as {ALICE} with password (new user " in session.output, session.describe()
        assert session.stdout == "", "stdout carries data only"
    finally:
        session.close()
    too_long = methods.run("signin", "--email-link", ALICE, "--json", input="https://x.example/?oobCode=" + "a" * 9000)
    assert too_long.returncode == USAGE and "too long for a link" in json_error(too_long)["message"], str(too_long)


def test_a_verification_link_applied_verifies_the_email(methods, firebase_fake):
    alice(methods)
    assert whoami(methods)["emailVerified"] is False
    assert methods.run("account", "send-verification").returncode == OK
    link = outbox(firebase_fake, "VERIFY_EMAIL")[-1]["oobLink"]
    applied = methods.run("account", "apply-code", link, "--json")
    assert applied.returncode == OK and applied.json() == {**applied.json(), "operation": "VERIFY_EMAIL", "email": ALICE}, str(applied)
    assert whoami(methods)["emailVerified"] is True
    before = home_snapshot(methods)
    error = refused(methods, methods.run("account", "apply-code", link, "--json"), INVALID, "invalid-action-code", before)
    assert "INVALID_OOB_CODE" in error["message"], error


def test_a_reset_link_sets_the_password_and_a_recover_link_takes_the_email_back(methods, firebase_fake):
    alice(methods)
    assert methods.run("account", "send-password-reset", ALICE).returncode == OK
    reset = outbox(firebase_fake, "PASSWORD_RESET")[-1]["oobLink"]
    done = methods.run("account", "apply-code", reset, "--password-stdin", "--json", input="a brand new password")
    assert done.returncode == OK and done.json()["email"] == ALICE, str(done)
    assert password_signin(methods, ALICE, PASSWORD).returncode == INVALID
    assert password_signin(methods, ALICE, "a brand new password").returncode == OK
    assert methods.run("account", "update", "--email", "alice@new.example").returncode == OK
    recover = outbox(firebase_fake, "RECOVER_EMAIL")[-1]
    assert recover["email"] == ALICE and recover["newEmail"] == "alice@new.example"
    back = methods.run("account", "apply-code", "--json", input=recover["oobLink"])
    assert back.returncode == OK and back.json()["operation"] == "RECOVER_EMAIL", str(back)
    assert methods.run("whoami", "--refresh", "--json").json()["email"] == ALICE


def test_apply_code_wants_a_link(methods):
    alice(methods)
    result = methods.run("account", "apply-code", "not a link", "--json")
    assert result.returncode == USAGE and "paste the whole link" in json_error(result)["message"], str(result)
    result = methods.run("account", "apply-code", "--password-stdin", "--json")
    assert result.returncode == USAGE, str(result)


# --- TOTP enrolment ---------------------------------------------------------------------------------


def verified_alice(cli, fake) -> str:
    uid = alice(cli)
    assert cli.run("account", "send-verification").returncode == OK
    assert cli.run("account", "apply-code", outbox(fake, "VERIFY_EMAIL")[-1]["oobLink"]).returncode == OK
    return uid


SECRET = re.compile(r"Secret: ([A-Z2-7]+) ")
CODE_PROMPT = re.compile(r"Code from your authenticator app: ")
# As tmux shows it: the screen keeps no trailing blanks.
CODE_ON_SCREEN = re.compile(r"Code from your authenticator app:")


def padded(secret: str) -> str:
    return secret + "=" * (-len(secret) % 8)


def cancelled_at_prompt(cli, env: dict, args: list[str], prompts: list[tuple[re.Pattern, str | None]], message: str) -> None:
    """Runs `args` at an 80x24 terminal, answers each prompt but the last (None: nothing typed), and
    presses Ctrl-C at the last: exit 4, `message` on the screen, the home unchanged, and the
    terminal echoing what is typed afterwards (a password prompt turns echo off)."""
    before = home_snapshot(cli)
    session = TmuxSession(cli, args, env, 80, 24, then="exec cat")
    try:
        for prompt, answer in prompts:
            session.wait_for(prompt, visible=True)
            if answer is not None:
                session.type_line(answer)
        session.interrupt()
        assert session.wait_for_exit() == CANCELLED, session.describe()
        assert message in session.text().replace("\n", ""), session.describe()
        # Typed without Enter: only the terminal's echo can put it on the screen.
        session.type_keys("still-echoing")
        session.wait_for(re.compile(r"still-echoing"), visible=True)
    finally:
        session.close()
    assert home_snapshot(cli) == before


def test_totp_enrolment_read_from_the_qr_code_then_sign_in_then_unenrol(methods, firebase_fake, tmp_path):
    verified_alice(methods, firebase_fake)
    env = {key: value for key, value in methods.env.items() if key not in ("CI", "TMUX")}
    args = ["account", "mfa", "enroll", "totp", "--display-name", "Phone"]
    # Ctrl-C at the code prompt, and at the password prompt (echo off): exit 4, nothing enrolled or changed.
    cancelled_at_prompt(methods, env, args, [(CODE_ON_SCREEN, None)], "enrolment cancelled (interrupted); no factor was enrolled")
    assert methods.run("account", "mfa", "list").stdout == ""
    cancelled_at_prompt(methods, env, ["account", "update", "--password"], [(re.compile(r"Password:"), None)],
                        "password change cancelled (interrupted); the password was not changed")
    assert password_signin(methods, ALICE, PASSWORD).returncode == OK
    # 80x24: this otpauth URI (about 140 bytes) is a version 7 code, 53x27 characters, which cannot
    # fit with the secret, the URI and the prompt under it: it is not drawn (a code cut by the
    # window cannot be scanned), and the screen says how to get one; the secret is there to type.
    small = TmuxSession(methods, args, env, 80, 24)
    try:
        small.wait_for(CODE_ON_SCREEN, visible=True)
        screen = small.screen()
        assert visible_codes_decode_to(screen, "", tmp_path) == 0, small.describe()
        assert SECRET.search(screen) and "URI: otpauth://totp/" in screen, small.describe()
        assert re.search(r"\(No QR code: this URL's code is 53×27 characters and would not fit this 80×24 window with the "
                         r"text; make the window at least \d+ rows high and run again, or add --qr to draw it anyway\.\)",
                         small.text().replace("\n", "")), small.describe()
        # A wrong code ends it: exit 10, and the screen says why and what to do.
        small.type_line("000000" if totp(padded(SECRET.search(screen).group(1))) != "000000" else "111111")
        assert small.wait_for_exit() == INVALID, small.describe()
        assert "refused (INVALID_CODE)" in small.text().replace("\n", ""), small.describe()
    finally:
        small.close()
    # 100x40: the code is on the screen whole, with the secret, the URI and the prompt, and decodes to the URI.
    session = TmuxSession(methods, args, env, 100, 40)
    try:
        session.wait_for(CODE_ON_SCREEN, visible=True)
        uri = re.search(r"URI: (\S+)", session.text()).group(1)  # wrapped lines joined (tmux -J)
        screen = session.screen()
        assert visible_codes_decode_to(screen, uri, tmp_path) == 1, session.describe()
        parsed = urlparse(uri)
        assert parsed.scheme == "otpauth" and parsed.netloc == "totp", uri
        assert unquote(parsed.path) == f"/{firebase_fake.info['project_id']}:{ALICE}", uri
        secret = parse_qs(parsed.query)["secret"][0]
        assert SECRET.search(screen).group(1) == secret and CODE_ON_SCREEN.search(screen), session.describe()
        session.type_line(totp(padded(secret)))
        assert session.wait_for_exit() == OK, session.describe()
    finally:
        session.close()
    listed = methods.run("account", "mfa", "list", "--json")
    factors = listed.json()["secondFactors"]
    assert [(f["factorId"], f["displayName"]) for f in factors] == [("totp", "Phone")], str(listed)
    assert whoami(methods)["secondFactors"] == factors
    # The project changes this account's email only once the new address is verified: the link is
    # sent instead (test_firebase_profile.py follows it).
    change = methods.run("account", "update", "--email", "alice@new.example", "--json")
    assert change.returncode == OK and change.json()["operation"] == "VERIFY_AND_CHANGE_EMAIL", str(change)
    assert methods.run("signout", "--all").returncode == OK
    stopped = password_signin(methods, ALICE, PASSWORD)
    assert stopped.returncode == NOT_SIGNED_IN and json_error(stopped)["code"] == "multi-factor-auth-required", str(stopped)
    # A wrong code: the project's INVALID_CODE, exit 10, the fix on stderr, nothing stored.
    before = home_snapshot(methods)
    wrong = password_signin(methods, ALICE, PASSWORD, "--totp", "000000" if totp(padded(secret)) != "000000" else "111111")
    error = refused(methods, wrong, INVALID, "invalid-verification-code", before)
    assert "refused (INVALID_CODE)" in error["message"] and "--totp CODE" in error["message"], error
    # At a terminal the code is asked for: Ctrl-C there stores nothing (exit 4).
    cancelled_at_prompt(methods, env, ["signin", "--provider", "password", "--email", ALICE],
                        [(re.compile(r"Password:"), PASSWORD), (re.compile(r"Code from your authenticator app \(Phone\):"), None)],
                        "sign-in cancelled (interrupted); nothing was stored")
    # A sign-in whose pending credential ran out meanwhile is
    # INVALID_MFA_PENDING_CREDENTIAL: exit 10, sign in again, nothing stored.
    prompted = TmuxSession(methods, ["signin", "--provider", "password", "--email", ALICE], env, 100, 40)
    try:
        prompted.wait_for(re.compile(r"Password:"))
        prompted.type_line(PASSWORD)
        prompted.wait_for(re.compile(r"Code from your authenticator app \(Phone\):"))
        firebase_fake.control("expire_mfa_sessions")
        prompted.type_line(totp(padded(secret)))
        assert prompted.wait_for_exit() == INVALID, prompted.describe()
        assert "the second-factor session expired or was refused (INVALID_MFA_PENDING_CREDENTIAL); sign in again" in \
            prompted.text().replace("\n", ""), prompted.describe()
    finally:
        prompted.close()
    assert home_snapshot(methods) == before
    signed = password_signin(methods, ALICE, PASSWORD, "--totp", totp(padded(secret)))
    assert signed.returncode == OK, str(signed)
    # A federated reauthentication of the enrolled account: the project's first answer is only the
    # pending second factor (no localId); the code finishes it, as the same user.
    assert browser_flow(methods, "link", provider=CORP).returncode == OK
    reauth = browser_flow(methods, "reauth", "--totp", totp(padded(secret)), provider=CORP)
    assert reauth.returncode == OK and reauth.json()["user"]["uid"] == signed.json()["user"]["uid"], str(reauth)
    gone = methods.run("account", "mfa", "unenroll", factors[0]["enrollmentId"], "--json")
    assert gone.returncode == OK and gone.json()["secondFactors"] == [], str(gone)
    assert methods.run("account", "mfa", "list").stdout == ""
    assert password_signin(methods, ALICE, PASSWORD).returncode == OK


def enroll(cli, code_for, *extra):
    """`account mfa enroll totp` with the code (computed from the secret it shows) on stdin."""
    process = subprocess.Popen([str(cli.binary), "--home", str(cli.home), "account", "mfa", "enroll", "totp", "--json", *extra],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=cli.env, cwd=cli.tmp, text=True)
    seen = ""
    while process.poll() is None and not SECRET.search(seen):
        line = process.stderr.readline()
        if not line:
            break
        seen += line
    match = SECRET.search(seen)
    stdout, stderr = process.communicate(code_for(match.group(1) if match else "") + "\n", timeout=30)
    return subprocess.CompletedProcess([], process.returncode, stdout, seen + stderr)


def test_totp_enrolment_refusals(methods, firebase_fake):
    alice(methods)
    before = home_snapshot(methods)
    unverified = methods.run("account", "mfa", "enroll", "totp", "--json")
    error = refused(methods, unverified, REAUTH, "unverified-email", before)
    assert "authctl account send-verification" in error["message"], error
    assert methods.run("account", "send-verification").returncode == OK
    assert methods.run("account", "apply-code", outbox(firebase_fake, "VERIFY_EMAIL")[-1]["oobLink"]).returncode == OK
    firebase_fake.configure(totp_enabled=False)
    off = methods.run("account", "mfa", "enroll", "totp", "--json")
    assert off.returncode == CONFIG and "Multi-factor authentication > TOTP" in json_error(off)["message"], str(off)
    firebase_fake.configure(totp_enabled=True)
    wrong = enroll(methods, lambda secret: "000000" if totp(secret + "=" * (-len(secret) % 8)) != "000000" else "111111")
    assert wrong.returncode == INVALID and error_of(wrong)["code"] == "invalid-verification-code", wrong.stderr
    # The enrolment's session ran out before the code came (INVALID_SESSION_INFO): exit 10, start again.
    def after_the_session_expired(secret: str) -> str:
        firebase_fake.control("expire_mfa_sessions")
        return totp(padded(secret))
    late = enroll(methods, after_the_session_expired)
    assert late.returncode == INVALID and error_of(late)["code"] == "invalid-verification-id", late.stderr
    assert "(INVALID_SESSION_INFO)" in error_of(late)["message"] and "start the enrolment again" in error_of(late)["message"], late.stderr
    assert methods.run("account", "mfa", "list").stdout == ""
    unknown = methods.run("account", "mfa", "unenroll", "no-such-factor", "--json")
    assert unknown.returncode == CONFLICT and "no second factor no-such-factor" in json_error(unknown)["message"], str(unknown)
    assert methods.run("account", "mfa", "enroll", "sms").returncode == USAGE


def test_totp_enrolment_with_the_code_on_stdin(methods, firebase_fake):
    verified_alice(methods, firebase_fake)
    done = enroll(methods, lambda secret: totp(secret + "=" * (-len(secret) % 8)), "--display-name", "CI")
    assert done.returncode == OK, done.stderr
    import json
    assert [f["displayName"] for f in json.loads(done.stdout)["secondFactors"]] == ["CI"]


# --- custom claims ----------------------------------------------------------------------------------


def test_custom_claims_are_shown(methods, firebase_fake):
    uid = alice(methods)
    firebase_fake.control("set_claims", {"localId": uid, "claims": {"admin": True, "tier": "gold"}})
    assert password_signin(methods, ALICE, PASSWORD).returncode == OK
    assert whoami(methods)["customClaims"] == {"admin": True, "tier": "gold"}
    assert "claims:     admin=true, tier=\"gold\"" in methods.run("whoami").stdout


# --- the same flows through the library (Tests/LibraryExample docs-snippets) -------------------------

from test_library import Library, example_bin, library  # noqa: E402,F401  (fixtures)


def snippet_with_outbox_link(lib: Library, fake, kind: str, name: str, *args: str, send=None) -> dict:
    """Runs snippet `name` with the newest `kind` link of the outbox on stdin (after `send` made one)."""
    if send is not None:
        send()
    return lib.ok(name, *args, input=outbox(fake, kind)[-1]["oobLink"] + "\n")


def test_the_library_signs_in_anonymously_and_upgrades_keeping_the_uid(methods, firebase_fake, library):
    anonymous = library.ok("methods-anonymous")
    assert anonymous["isAnonymous"] is True
    linked = library.ok("methods-link-password", ALICE, PASSWORD)
    assert linked["uid"] == anonymous["uid"] and linked["providers"] == ["password"] and linked["isAnonymous"] is False, linked
    assert methods.run("signout", "--all").returncode == OK
    second = library.ok("completion-anonymous")  # signInAnonymously(completion:)
    assert second["isAnonymous"] is True and second["signedIn"] is True and second["mainQueue"] is True, second
    assert second["uid"] != anonymous["uid"] and whoami(methods)["uid"] == second["uid"], second
    library.ok("methods-send-link", "bob@example.com", "https://app.example/done")
    assert outbox(firebase_fake, "EMAIL_SIGNIN")[-1]["continueUrl"] == "https://app.example/done"
    upgraded = snippet_with_outbox_link(library, firebase_fake, "EMAIL_SIGNIN", "methods-link-email-link", "bob@example.com")
    assert upgraded["uid"] == second["uid"] and upgraded["email"] == "bob@example.com" and upgraded["emailVerified"] is True, upgraded


def test_the_library_email_link_and_action_codes(methods, firebase_fake, library):
    assert library.ok("methods-email-link", ALICE, input="https://example.com/?mode=verifyEmail&oobCode=x\n") == {"isSignInLink": False}
    assert library.ok("methods-send-link-completion", ALICE, "https://app.example/done")["mainQueue"] is True
    user = snippet_with_outbox_link(library, firebase_fake, "EMAIL_SIGNIN", "methods-email-link", ALICE)
    assert user["email"] == ALICE and user["providers"] == ["password"] and whoami(methods)["uid"] == user["uid"], user
    # signIn(withEmail:link:completion:) hands the error to its handler
    used = library.snippet("methods-email-link-completion", ALICE, input=outbox(firebase_fake, "EMAIL_SIGNIN")[-1]["oobLink"] + "\n")
    assert used["error"]["code"] == 17030 and "Auth.sendSignInLink" in used["error"]["message"], used
    assert methods.run("signout", "--all").returncode == OK
    carol = "carol@example.com"
    carol_uid = alice(methods, carol)
    library.ok("methods-send-verification")
    verified = snippet_with_outbox_link(library, firebase_fake, "VERIFY_EMAIL", "methods-apply")
    assert verified["operation"] == 2 and verified["user"]["uid"] == carol_uid, verified
    assert methods.run("whoami", "--refresh", "--json").json()["emailVerified"] is True
    # sendEmailVerification, checkActionCode and applyActionCode in their completion forms (above: the async forms)
    assert library.ok("methods-send-verification-completion") == {"sent": carol, "mainQueue": True}
    again = snippet_with_outbox_link(library, firebase_fake, "VERIFY_EMAIL", "methods-apply-completion")
    assert again["operation"] == 2 and again["user"]["emailVerified"] is True and again["mainQueue"] is True, again
    assert methods.run("account", "send-password-reset", carol).returncode == OK
    # checkActionCode and confirmPasswordReset in their completion forms
    reset = snippet_with_outbox_link(library, firebase_fake, "PASSWORD_RESET", "methods-apply-completion", "the library's new password")
    assert reset["operation"] == 1 and reset["email"] == carol and reset["mainQueue"] is True, reset
    assert password_signin(methods, carol, "the library's new password").returncode == OK


def test_the_library_sends_action_code_settings_and_signs_in_with_an_email_link_credential(methods, firebase_fake, library):
    """Every ActionCodeSettings field reaches sendOobCode (read on the wire: the stand-in keeps what
    each request sent), for a sign-in link, a verification and a password reset;
    verifyPasswordResetCode answers the code's email without using it; the SDK's email-link
    credential signs in through signIn(with:), links through link(with:) and reauthenticates."""
    apps = {"iOSBundleId": "com.example.ios", "androidPackageName": "com.example.android", "androidInstallApp": True,
            "androidMinimumVersion": "12", "linkDomain": "example.web.app"}
    library.ok("methods-send-link-settings", ALICE, "https://app.example/done")
    sent = outbox(firebase_fake, "EMAIL_SIGNIN")[-1]
    assert sent["settings"] == {**apps, "continueUrl": "https://app.example/done", "canHandleCodeInApp": True}, sent
    signed = snippet_with_outbox_link(library, firebase_fake, "EMAIL_SIGNIN", "methods-email-link-credential", ALICE)
    assert signed["email"] == ALICE and signed["providers"] == ["password"] and signed["newUser"] is True, signed
    assert whoami(methods)["uid"] == signed["uid"]
    library.ok("methods-send-verification-settings", ALICE, "https://app.example/verified")
    assert outbox(firebase_fake, "VERIFY_EMAIL")[-1]["settings"] == {**apps, "continueUrl": "https://app.example/verified"}
    for form in ("methods-send-reset-settings", "methods-send-reset-settings-completion"):
        library.ok(form, ALICE, "https://app.example/reset")
        assert outbox(firebase_fake, "PASSWORD_RESET")[-1]["settings"] == {**apps, "continueUrl": "https://app.example/reset"}, form
    # the SDK's call without settings sends none
    assert methods.run("account", "send-password-reset", ALICE).returncode == OK
    assert outbox(firebase_fake, "PASSWORD_RESET")[-1]["settings"] == {}
    code = outbox(firebase_fake, "PASSWORD_RESET")[-1]["oobCode"]
    assert library.ok("methods-verify-reset-code", input=code + "\n") == {"email": ALICE}
    assert library.ok("methods-verify-reset-code-completion", input=code + "\n") == {"email": ALICE, "mainQueue": True}
    reset = snippet_with_outbox_link(library, firebase_fake, "PASSWORD_RESET", "methods-apply", "a new password for alice")
    assert reset["email"] == ALICE, reset  # verifying did not use the code
    refused = library.snippet("methods-verify-reset-code", input=code + "\n")
    assert refused["error"]["code"] == 17030, refused
    # an anonymous user linked by the email-link credential keeps its uid
    assert methods.run("signout", "--all").returncode == OK
    anonymous = library.ok("methods-anonymous")
    library.ok("methods-send-link", "bob@example.com", "https://app.example/done")
    linked = snippet_with_outbox_link(library, firebase_fake, "EMAIL_SIGNIN", "methods-email-link-credential", "bob@example.com", "link")
    assert linked["uid"] == anonymous["uid"] and linked["email"] == "bob@example.com" and linked["isAnonymous"] is False, linked
    # reauthenticate(with:) takes the user's own link, and refuses another account's as a user mismatch
    library.ok("methods-send-link", "bob@example.com", "https://app.example/done")
    again = snippet_with_outbox_link(library, firebase_fake, "EMAIL_SIGNIN", "methods-email-link-credential", "bob@example.com", "reauthenticate")
    assert again["uid"] == anonymous["uid"], again
    library.ok("methods-send-link", ALICE, "https://app.example/done")
    other = library.snippet("methods-email-link-credential", ALICE, "reauthenticate", input=outbox(firebase_fake, "EMAIL_SIGNIN")[-1]["oobLink"] + "\n")
    assert other["error"]["code"] == 17024, other
    assert whoami(methods)["uid"] == anonymous["uid"]


def test_the_library_enrols_a_totp_factor_signs_in_with_it_and_unenrols_it(methods, firebase_fake, library):
    uid = verified_alice(methods, firebase_fake)
    browser = methods.browser()
    env = {**methods.env, "AUTHCTL_HOME": str(methods.home), "SNIPPETS_BROWSER": browser}
    # the completion forms of the SDK's session and secret (getSessionWithCompletion, generateSecret(with:completion:))
    process = subprocess.Popen([str(library.bin_dir / "docs-snippets"), "methods-totp-enroll-completion", "Laptop"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=methods.tmp, text=True)
    line = process.stderr.readline()
    match = re.match(r"secret (\S+) (\S+)", line)
    assert match, line + process.stderr.read()
    stdout, stderr = process.communicate(totp(match.group(1) + "=" * (-len(match.group(1)) % 8)) + "\n", timeout=60)
    import json
    enrolled = json.loads(stdout)
    assert [(f["factorId"], f["displayName"]) for f in enrolled["factors"]] == [("totp", "Laptop")], (enrolled, stderr)
    assert enrolled["mainQueue"] is True, enrolled
    # MultiFactorInfo.enrollmentDate is the project's enrolledAt
    kept = next(a for a in firebase_fake.control("accounts") if a["localId"] == uid)["mfaInfo"][0]["enrolledAt"]
    assert enrolled["factors"][0]["enrollmentDate"] == datetime.fromisoformat(kept.replace("Z", "+00:00")).timestamp(), (kept, enrolled)
    assert parse_qs(urlparse(enrolled["url"]).query)["secret"] == [match.group(1)]
    assert methods.run("account", "mfa", "list", "--json").json()["secondFactors"][0]["enrollmentId"] == enrolled["factors"][0]["uid"]
    # multiFactor.enrolledFactors is the SDK's stored property (no await): a new process reads the
    # user's record in the home, and asks the project nothing for it.
    laptop = enrolled["factors"]
    asked = firebase_fake.counts()
    assert library.ok("methods-factors") == {"factors": laptop}
    assert firebase_fake.counts() == asked, "reading enrolledFactors sent a request"
    # Signing in with the factor: secondFactorRequired's resolver, the TOTP hint, the app's code. A
    # wrong code first is invalidVerificationCode (17044), and the same resolver takes the next one.
    # The signed-in user's factors are the project's.
    code = lambda: totp(padded(match.group(1)))  # noqa: E731
    wrong = "000000" if code() != "000000" else "111111"
    for form, codes, refusals in (("async", [wrong, code()], [17044]), ("completion", [code()], [])):
        assert methods.run("signout", "--all").returncode == OK
        signed = library.ok("methods-totp-signin", ALICE, PASSWORD, form, input="".join(c + "\n" for c in codes))
        assert signed == {"uid": uid, "hint": "Laptop", "refused": refusals, "currentUser": uid, "factors": laptop}, (form, signed)
        assert whoami(methods)["uid"] == uid
    # Another program enrols a factor at the project: the record keeps what it read until
    # user.reload() (accounts:lookup) reads the project's list.
    firebase_fake.control("enroll_totp", {"localId": uid, "displayName": "Desk"})
    reloaded = library.ok("methods-factors", "reload")
    assert reloaded["before"] == laptop, reloaded
    assert [(f["factorId"], f["displayName"]) for f in reloaded["factors"]] == [("totp", "Laptop"), ("totp", "Desk")], reloaded
    assert reloaded["factors"][0] == laptop[0] and reloaded["factors"][1]["enrollmentDate"] == datetime.fromisoformat("2026-11-01T00:00:00+00:00").timestamp(), reloaded
    desk = reloaded["factors"][1:]
    assert library.ok("methods-factors") == {"factors": reloaded["factors"]}  # the reload was stored
    # Unenrolling updates the user, and the record a later Auth reads (here the first factor, Laptop).
    assert library.ok("methods-unenroll") == {"factors": desk, "currentUser": desk}
    assert library.ok("methods-factors") == {"factors": desk}
    assert library.ok("methods-unenroll") == {"factors": [], "currentUser": []}
    assert library.ok("methods-factors") == {"factors": []}
    # A sign-in without a second factor: the user has none.
    assert library.ok("methods-totp-signin", ALICE, PASSWORD, "async") == {"uid": uid, "secondFactor": False, "factors": []}
