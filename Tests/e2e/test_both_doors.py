"""Issue 35's parity rows for a project's user and a CI session (test_parity.py has the provider
flows, password reauthentication and a custom token): each scenario runs once through `authctl`
and once through AuthctlKit (the example package's docs-snippets), each in a home of its own
under the keyring, and must leave the same home, the same keyring items and the same traffic.

- **Reload after a verified email**: a password user is sent the verification mail, the link is
  applied, and the user is read again from the project. The command: `account send-verification`,
  `account apply-code LINK`, `whoami --refresh`; the library: `sendEmailVerification()`, the
  pasted link parsed by `ActionCodeURL(link:)`, `applyActionCode(code)`, `reload()` (issue 36,
  item 4's "a pasted action link parsed and applied").
- **Status of a CI session**: an ID token from elsewhere (the GitHub Actions stand-in's) signs
  in; `status --json` and `status --check` give one answer, and the library's view (`currentUser`,
  `getIDToken()`) the same, while the token lasts and once it has expired.

Issue 36, item 4's "a profile change seen after reload()" closes the file: a display name set from
another machine reads as set after the library's `reload()`, and is stored over the home's copy.
"""

from __future__ import annotations

import json

import requests

from accounts_helpers import ok, whoami
from e2e_helpers import NOT_SIGNED_IN, OK
from fakes import actions_fake, firebase_fake, github_fake  # noqa: F401  (fixtures)
from test_ci_renew import AUDIENCE, PROVIDER as ACTIONS, add_actions, wait_until_expired
from test_firebase import password_signin, second_machine, use_project  # noqa: F401  (a fixture)
from test_firebase_flows import console, project  # noqa: F401  (fixtures)
from test_keyring import secret_service  # noqa: F401  (a fixture: gnome-keyring on a private bus)
from test_library import Library, example_bin  # noqa: F401  (a fixture)
from test_parity import _shape, home_state, project_traffic
from test_signin_methods import outbox

PASSWORD = "correct horse battery"
VERIFY_EMAIL = 2  # ActionCodeOperation.verifyEmail, as the SDK numbers it
USER_TOKEN_EXPIRED = 17021  # AuthErrorCode.userTokenExpired


# --- reload after a verified email ---------------------------------------------------------------


class Steps:
    """The project's traffic of each step of a door, by the step's name."""

    def __init__(self, fake):
        self.fake = fake
        self.traffic: dict[str, list] = {}

    def __call__(self, name: str, action):
        since = len(self.fake.control("requests"))
        result = action()
        self.traffic[name] = project_traffic(self.fake, since)
        return result


def verified_by_the_command(cli, fake, email: str, step: Steps) -> str:
    signed_in = step("sign up", lambda: password_signin(cli, email, PASSWORD, "--create"))
    assert signed_in.returncode == OK, str(signed_in)
    step("send the verification", lambda: ok(cli, "account", "send-verification"))
    step("apply the link", lambda: ok(cli, "account", "apply-code", outbox(fake, "VERIFY_EMAIL")[-1]["oobLink"]))
    refreshed = step("reload", lambda: ok(cli, "whoami", "--refresh", "--json").json())
    assert refreshed["emailVerified"] is True, refreshed
    return refreshed["uid"]


def verified_by_the_library(library: Library, fake, email: str, step: Steps) -> str:
    created = step("sign up", lambda: library.ok("both-sign-up", email, PASSWORD))
    assert created["emailVerified"] is False, created
    # both-sign-up is createUser then sendEmailVerification: its traffic is the two steps'.
    *signed_up, sent = step.traffic.pop("sign up")
    step.traffic.update({"sign up": signed_up, "send the verification": [sent]})
    link = outbox(fake, "VERIFY_EMAIL")[-1]["oobLink"]
    # both-apply-link is ActionCodeURL(link:), applyActionCode(code), then reload(): its last
    # request is reload()'s accounts:lookup.
    applied = step("apply the link", lambda: library.ok("both-apply-link", input=link + "\n"))
    *apply, reload = step.traffic.pop("apply the link")
    step.traffic.update({"apply the link": apply, "reload": [reload]})
    assert applied["operation"] == VERIFY_EMAIL and applied["apiKey"] == fake.info["api_key"], applied
    assert applied["uid"] == created["uid"] and applied["after"] is True, applied
    return applied["uid"]


LOOKUP = ("POST", "/identitytoolkit.googleapis.com/v1/accounts:lookup", ("idToken",), "application/json")
RENEWAL = ("POST", "/securetoken.googleapis.com/v1/token", ("grant_type", "refresh_token"), "application/x-www-form-urlencoded")


def test_reload_after_a_verified_email_through_both_doors(cli_factory, example_bin, secret_service, firebase_fake):  # noqa: F811
    """The same home and keyring items, and step by step the same requests at the project: the
    library's applyActionCode(code) is one accounts:update, as the command's apply-code of the
    link (it once asked checkActionCode first); reload() is whoami --refresh's accounts:lookup
    (whoami then renews the ID token and looks up the factors for its details: the SDK's reload()
    does neither)."""
    firebase_fake.configure(providers={"password": {"enabled": True}})
    outcomes = {}
    for door in ("command", "library"):
        cli = cli_factory(door)
        cli.env.update(secret_service.env)
        use_project(cli, firebase_fake)
        step = Steps(firebase_fake)
        email = f"{door}@example.com"
        if door == "command":
            uid = verified_by_the_command(cli, firebase_fake, email, step)
        else:
            uid = verified_by_the_library(Library(cli, example_bin), firebase_fake, email, step)
        stored = whoami(cli)
        assert stored["uid"] == uid and stored["emailVerified"] is True, f"{door}: the home's copy is not the reloaded one: {stored}"
        account = next(a for a in firebase_fake.control("accounts") if a["localId"] == uid)
        assert account["emailVerified"] is True, account
        outcomes[door] = {"home": home_state(cli), "keyring items": len(secret_service.items(cli.home)), "traffic": step.traffic}
    command, library = outcomes["command"], outcomes["library"]
    reload, details = command["traffic"]["reload"][:1], command["traffic"]["reload"][1:]
    assert details == [RENEWAL, LOOKUP], f"whoami --refresh's details: {details}"
    command["traffic"]["reload"] = reload
    assert library == command, json.dumps(outcomes, indent=1)
    assert library["traffic"]["reload"] == [LOOKUP] and library["traffic"]["apply the link"][0][1].endswith("accounts:update"), library
    assert command["keyring items"] > 0, "nothing went to the keyring"


# --- status of a CI session ----------------------------------------------------------------------


def job_token(fake) -> str:
    """An ID token minted by the GitHub Actions stand-in for this audience (a job's own)."""
    answer = requests.get(fake.info["request_url"] + "&audience=" + AUDIENCE, timeout=10,
                          headers={"Authorization": "Bearer " + fake.info["request_token"]})
    assert answer.status_code == 200, answer.text
    return answer.json()["value"]


def session_answers(cli, library: Library) -> dict:
    """The session's state as each reader gives it: `status --check`, `status --json`, `whoami
    --check`, and the library's currentUser and getIDToken()."""
    status = ok(cli, "status", "--json").json()
    [current] = [user for user in status["users"] if user["current"]]
    view = library.ok("both-session")
    return {
        "status --check": cli.run("status", "--check").returncode == OK,
        "whoami --check": cli.run("whoami", "--check").returncode == OK,
        "status --json": current["canGetToken"],
        "library getIDToken()": "token" in view,
        "library currentUser": view["signedIn"],
        "shape": _shape(status),
        "uid": current["uid"],
        "token": view.get("token"),
        "error": view.get("tokenError"),
    }


READERS = ("status --check", "whoami --check", "status --json", "library getIDToken()")


def readers(answers: dict) -> dict:
    return {key: answers[key] for key in READERS}


def test_the_status_of_a_ci_session_through_both_doors(cli_factory, example_bin, secret_service, actions_fake):  # noqa: F811
    """An ID token from elsewhere (a CI job's) through `signin --id-token-stdin` and through
    `OAuthProvider.credential(providerID:idToken:rawNonce:)`: the same home and keyring items, and
    every reader of each home gives one answer, while the token lasts and after it expired.
    Beside them, a job whose variable is the token source (`signin --ci env:JOB_ID_TOKEN`): the
    library, run in the job, gets the variable's token as the command does, none once it has
    expired, and the fresh one the job puts there."""
    actions_fake.configure(token_lifetime=12)  # room for five process runs per home on a loaded machine
    doors = {}
    for door in ("command", "library"):
        cli = cli_factory(door)
        cli.env.update(secret_service.env)
        add_actions(cli, actions_fake)
        library = Library(cli, example_bin)
        token = job_token(actions_fake)
        if door == "command":
            ok(cli, "signin", "--provider", ACTIONS, "--id-token-stdin", input=token + "\n")
        else:
            library.ok("id-token", ACTIONS, input=token + "\n")
        answers = session_answers(cli, library)
        assert answers["uid"] == whoami(cli)["uid"], answers
        assert set(readers(answers).values()) == {True} and answers["library currentUser"], f"{door}: {readers(answers)}"
        assert answers["token"] == token, f"{door}: the library hands out another token than the job's"
        doors[door] = (cli, library, answers)
    (command, _, command_answers), (library_cli, _, library_answers) = doors["command"], doors["library"]
    assert home_state(library_cli) == home_state(command), json.dumps({"command": home_state(command), "library": home_state(library_cli)}, indent=1)
    assert len(secret_service.items(library_cli.home)) == len(secret_service.items(command.home))
    assert library_answers["shape"] == command_answers["shape"], json.dumps([command_answers["shape"], library_answers["shape"]], indent=1)

    job = cli_factory("job")
    job.env.update(secret_service.env)
    add_actions(job, actions_fake)
    job.env["JOB_ID_TOKEN"] = job_token(actions_fake)
    ok(job, "signin", "--provider", ACTIONS, "--ci", "env:JOB_ID_TOKEN")
    job_library = Library(job, example_bin)
    answers = session_answers(job, job_library)
    assert set(readers(answers).values()) == {True} and answers["token"] == job.env["JOB_ID_TOKEN"], answers

    wait_until_expired(job.env["JOB_ID_TOKEN"])  # every token of the test has expired (the job's last)
    expired = {}
    for door, (cli, library, _) in doors.items():
        answers = session_answers(cli, library)
        assert set(readers(answers).values()) == {False}, f"{door}: the readers disagree on an expired CI session: {readers(answers)}"
        assert answers["library currentUser"], f"{door}: currentUser went with the token (the user is still signed in)"
        assert cli.run("status", "--check").returncode == NOT_SIGNED_IN
        assert answers["error"] == {"domain": "FIRAuthErrorDomain", "code": USER_TOKEN_EXPIRED}, answers
        expired[door] = (answers["shape"], answers["error"])
    assert expired["library"] == expired["command"], json.dumps(expired, indent=1)
    answers = session_answers(job, job_library)
    assert set(readers(answers).values()) == {False}, f"the job's expired token: {readers(answers)}"
    assert answers["error"] == expired["command"][1], answers
    job.env["JOB_ID_TOKEN"] = job_token(actions_fake)
    answers = session_answers(job, job_library)
    assert set(readers(answers).values()) == {True}, f"a fresh token in the job's variable: {readers(answers)}"
    assert answers["token"] == job.env["JOB_ID_TOKEN"], "the library did not renew from the job's variable"


# --- a profile change seen after reload() --------------------------------------------------------


def test_a_profile_change_made_elsewhere_is_seen_after_reload(project, second_machine, example_bin):  # noqa: F811
    """The same user on a second machine sets a display name and a photo: the library's reload()
    reads them from the project (before it, the home's copy has neither), and stores them over
    the home's copy, which `whoami` (no refresh) then shows."""
    email = "dora@example.com"
    created = password_signin(project, email, PASSWORD, "--create")
    assert created.returncode == OK, str(created)
    assert password_signin(second_machine, email, PASSWORD).returncode == OK
    ok(second_machine, "account", "update", "--display-name", "Dora Explorer", "--photo-url", "https://photos.example/dora.png")
    reloaded = Library(project, example_bin).ok("both-reload")
    assert reloaded["uid"] == created.json()["user"]["uid"], reloaded
    assert reloaded["before"] == {"displayName": None, "photoURL": None}, reloaded
    assert reloaded["after"] == {"displayName": "Dora Explorer", "photoURL": "https://photos.example/dora.png"}, reloaded
    stored = whoami(project)
    assert stored["displayName"] == "Dora Explorer", stored
