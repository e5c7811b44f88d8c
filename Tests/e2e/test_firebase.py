"""authctl with a Firebase project as the account backend, against fake_firebase.py.

FIREBASE_AUTH_EMULATOR_HOST points authctl at the fake, exactly as the Firebase SDKs read it. The
identity providers are real: django-oauth-toolkit as oidc.corp, oidc-provider-mock as oidc.lab,
and the GitHub fake; the Firebase fake verifies their credentials itself. Every refusal is
checked for its exit status, its --json error code, and an unchanged home directory.
"""

from __future__ import annotations

import json
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import requests
from jwcrypto import jwk, jws

from accounts_helpers import CORP, LAB, browser_flow, json_error, signin, two_providers
from e2e_helpers import OK, Authctl
from fakes import GITHUB_ID, add_github, firebase_fake, github_fake  # noqa: F401  (fixtures)

ACCOUNT_EXISTS, CONFLICT, REAUTH, PROVIDER_ERROR, INVALID, CONFIG, NOT_SIGNED_IN, USAGE = 6, 7, 8, 9, 10, 12, 3, 2
EMULATOR = "FIREBASE_AUTH_EMULATOR_HOST"


def use_project(cli: Authctl, fake, api_key: str | None = None, *extra: str) -> None:
    cli.env[EMULATOR] = fake.info["host"]
    result = cli.run("firebase", "use", "--api-key", api_key or fake.info["api_key"], "--project-id", fake.info["project_id"], *extra)
    assert result.returncode == OK, str(result)


def configure_idps(fake, dot_idp, mock_idp, **settings) -> None:
    fake.configure(providers={
        "password": {"enabled": True},
        CORP: {"enabled": True, "issuer": dot_idp.issuer, "client_id": dot_idp.client_id},
        LAB: {"enabled": True, "issuer": mock_idp.issuer, "client_id": mock_idp.client_id},
    }, **settings)


@pytest.fixture
def project(cli, firebase_fake, dot_idp, mock_idp):
    """`cli` with oidc.corp and oidc.lab added, and accounts in the fake project."""
    two_providers(cli, dot_idp, mock_idp)
    configure_idps(firebase_fake, dot_idp, mock_idp)
    use_project(cli, firebase_fake)
    cli.providers.append(firebase_fake)
    return cli


@pytest.fixture
def second_machine(cli_factory, firebase_fake, dot_idp, mock_idp):
    other = cli_factory("second")
    two_providers(other, dot_idp, mock_idp)
    use_project(other, firebase_fake)
    return other


def home_snapshot(cli: Authctl) -> dict[str, bytes]:
    """Every file of the home but the cache and the lock: a refusal must change none of them."""
    return {str(path.relative_to(cli.home)): path.read_bytes() for path in sorted(cli.home.rglob("*"))
            if path.is_file() and "cache" not in path.parts and path.name != ".lock"}


def refused(cli: Authctl, result, status: int, code: str, before: dict) -> dict:
    assert result.returncode == status, f"expected exit {status} ({code})\n{result}"
    error = json_error(result)
    assert error["code"] == code, f"expected {code}\n{result}"
    assert result.stdout == "", str(result)
    assert home_snapshot(cli) == before, f"the home changed after a refusal ({code})\n{result}"
    return error


def password_signin(cli: Authctl, email: str, password: str, *extra: str):
    return cli.run("signin", "--provider", "password", "--email", email, "--password-stdin", "--json", *extra, input=password)


def firebase_token(cli: Authctl, *extra: str) -> str:
    result = cli.run("token", *extra)
    assert result.returncode == OK, str(result)
    return result.stdout.strip()


def claims(token: str) -> dict:
    import base64
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


# --- signing in through the project ------------------------------------------------------------


def test_a_new_user_gets_the_projects_uid_and_a_firebase_id_token(project, firebase_fake):
    document = signin(project, CORP)
    accounts = firebase_fake.control("accounts")
    assert [a["localId"] for a in accounts] == [document["user"]["uid"]], document
    assert document["additionalUserInfo"]["isNewUser"] is True
    token = firebase_token(project)
    assert claims(token)["sub"] == document["user"]["uid"] and claims(token)["aud"] == firebase_fake.info["project_id"]
    verified = project.run("verify", "--firebase", input=token)
    assert verified.returncode == OK and json.loads(verified.stdout)["user_id"] == document["user"]["uid"], str(verified)
    # The provider's own token is still there for --provider.
    assert firebase_token(project, "--provider", CORP) != token


class VerifyingService(BaseHTTPRequestHandler):
    """A backend that accepts a request only with a valid Firebase ID token of the project."""
    keys: jwk.JWKSet
    project_id: str

    def do_GET(self):  # noqa: N802 - http.server's name
        token = self.headers.get("Authorization", "").removeprefix("Bearer ")
        try:
            parsed = jws.JWS()
            parsed.deserialize(token)
            parsed.verify(self.keys)
            body = json.loads(parsed.payload)
            assert body["aud"] == self.project_id and body["iss"].endswith("/" + self.project_id)
            status, text = 200, json.dumps({"uid": body["sub"]})
        except Exception as error:  # noqa: BLE001
            status, text = 401, str(error)
        self.send_response(status)
        self.end_headers()
        self.wfile.write(text.encode())

    def log_message(self, *args):
        pass


def test_curl_with_the_token_reaches_a_service_that_verifies_firebase_id_tokens(project, firebase_fake):
    uid = signin(project, LAB)["user"]["uid"]
    keys = requests.get(firebase_fake.base + "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com", timeout=5)
    VerifyingService.keys = jwk.JWKSet.from_json(keys.text)
    VerifyingService.project_id = firebase_fake.info["project_id"]
    server = ThreadingHTTPServer(("127.0.0.1", 0), VerifyingService)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/me"
        authctl = f'"{project.binary}" --home "{project.home}"'
        script = f'curl -sf -H "Authorization: Bearer $({authctl} token)" {url}'
        result = subprocess.run(["sh", "-c", script], capture_output=True, text=True, env=project.env, timeout=30)
        assert result.returncode == 0 and json.loads(result.stdout) == {"uid": uid}, result
        piped = subprocess.run(["sh", "-c", f"{authctl} token | {authctl} verify --firebase"],
                               capture_output=True, text=True, env=project.env, timeout=30)
        assert piped.returncode == 0, piped
    finally:
        server.shutdown()


def test_two_keystores_signing_in_with_the_same_identity_get_the_same_uid(project, second_machine):
    first = signin(project, CORP)["user"]["uid"]
    second = signin(second_machine, CORP)["user"]["uid"]
    assert first == second
    assert second_machine.run("whoami", "--json").json()["uid"] == first


def test_github_signs_in_with_its_access_token_and_login_as_username(project, firebase_fake, github_fake):
    add_github(project, github_fake)
    firebase_fake.configure(providers={**firebase_fake.stats()["config"]["providers"], GITHUB_ID: {
        "enabled": True, "client_id": github_fake.client_id, "api_base": github_fake.base}})
    result = browser_flow(project, "signin", provider=GITHUB_ID)
    assert result.returncode == OK, str(result)
    document = result.json()
    assert document["additionalUserInfo"]["username"] == "alice"
    assert document["user"]["providerData"][0]["uid"] == "1001"


# --- the account rules, each the REST call the SDK makes -----------------------------------------


def test_account_exists_saves_the_pending_token_and_link_pending_finishes_it(project, firebase_fake):
    assert password_signin(project, "alice@example.com", "correct horse", "--create").returncode == OK
    assert project.run("signout").returncode == OK
    before = home_snapshot(project)
    result = browser_flow(project, "signin", provider=CORP)
    assert result.returncode == ACCOUNT_EXISTS, str(result)
    error = json_error(result)
    assert error["code"] == "account-exists-with-different-credential" and error["email"] == "alice@example.com"
    assert error["providers"] == ["password"]
    after = home_snapshot(project)
    changed = {name for name in after if after[name] != before.get(name)}
    assert changed == {"firebase.demo-authctl.pending.json"}, changed  # only the pending credential was saved
    assert password_signin(project, "alice@example.com", "correct horse").returncode == OK
    linked = project.run("link", "--pending", "--json")
    assert linked.returncode == OK, str(linked)
    assert sorted(p["providerId"] for p in linked.json()["user"]["providerData"]) == [CORP, "password"]
    assert firebase_fake.counts()["signInWithIdp"] == 2


def test_linking_an_identity_of_another_account_is_credential_already_in_use(project):
    signin(project, CORP)  # alice's oidc.corp identity: account A
    assert project.run("signout").returncode == OK
    assert password_signin(project, "bob@example.com", "bobs password", "--create").returncode == OK
    before = home_snapshot(project)
    result = browser_flow(project, "link", provider=CORP)  # as alice again, onto bob's account
    refused(project, result, CONFLICT, "credential-already-in-use", before)


def test_reauth_as_another_person_is_a_user_mismatch(project):
    signin(project, LAB, "alice")
    signin(project, CORP, "bob")  # another project account
    assert project.run("switch", "alice@example.com").returncode == OK
    before = home_snapshot(project)
    result = browser_flow(project, "reauth", provider=LAB, user="bob")  # bob has no oidc.lab identity: USER_NOT_FOUND
    refused(project, result, REAUTH, "user-mismatch", before)


def test_reauth_with_an_identity_of_another_account_is_a_user_mismatch(project):
    signin(project, CORP, "bob")
    assert project.run("signout").returncode == OK
    signin(project, LAB, "alice")
    assert browser_flow(project, "link", provider=CORP, user="alice").returncode in (OK, CONFLICT)
    before = home_snapshot(project)
    result = browser_flow(project, "reauth", provider=CORP, user="bob")  # bob's identity: another localId
    refused(project, result, REAUTH, "user-mismatch", before)


def test_unlink_with_a_stale_login_requires_a_recent_one(project, firebase_fake):
    signin(project, CORP)
    assert browser_flow(project, "link", provider=LAB).returncode == OK
    firebase_fake.configure(recent_login_seconds=0)
    before = home_snapshot(project)
    refused(project, project.run("unlink", "--provider", LAB, "--json"), REAUTH, "requires-recent-login", before)
    firebase_fake.configure(recent_login_seconds=300)
    result = project.run("unlink", "--provider", LAB, "--json")
    assert result.returncode == OK and [p["providerId"] for p in result.json()["providerData"]] == [CORP], str(result)


def test_delete_removes_the_account_from_the_project(project, firebase_fake):
    signin(project, CORP)
    firebase_fake.configure(recent_login_seconds=0)
    before = home_snapshot(project)
    refused(project, project.run("account", "delete", "--json"), REAUTH, "requires-recent-login", before)
    firebase_fake.configure(recent_login_seconds=300)
    assert project.run("account", "delete").returncode == OK
    assert firebase_fake.control("accounts") == []
    assert project.run("whoami", "--check").returncode == NOT_SIGNED_IN


def test_whoami_refresh_reads_the_project(project, firebase_fake):
    uid = signin(project, CORP)["user"]["uid"]
    assert password_signin(project, "alice@example.com", "irrelevant").returncode != OK  # no password on this account
    result = project.run("whoami", "--refresh", "--json")
    assert result.returncode == OK and result.json()["uid"] == uid, str(result)


def test_methods_come_from_the_project_and_say_when_protection_hides_them(project, firebase_fake):
    signin(project, CORP)
    result = project.run("methods", "alice@example.com")
    assert result.returncode == OK and result.stdout.split() == [CORP], str(result)
    firebase_fake.configure(email_enumeration_protection=True)
    result = project.run("methods", "alice@example.com")
    assert result.returncode == OK and result.stdout == "" and "email-enumeration protection" in result.stderr, str(result)


# --- tokens -------------------------------------------------------------------------------------


def test_twenty_processes_refresh_an_expired_firebase_token_exactly_once(project, firebase_fake):
    firebase_fake.configure(id_token_lifetime=4)
    signin(project, CORP)
    first = firebase_token(project)
    import time
    time.sleep(1)  # past 90% of nothing: the 4-second token now needs a refresh for --min-valid 3600
    with ThreadPoolExecutor(max_workers=20) as pool:
        results = list(pool.map(lambda _: project.run("token", "--min-valid", "3600"), range(20)))
    assert all(r.returncode == OK for r in results), [str(r) for r in results if r.returncode != OK][:1]
    tokens = {r.stdout.strip() for r in results}
    assert len(tokens) == 1 and first not in tokens
    assert firebase_fake.counts()["refresh_grants"] == 1


@pytest.mark.parametrize("code", ["TOKEN_EXPIRED", "INVALID_REFRESH_TOKEN", "USER_NOT_FOUND", "USER_DISABLED"])
def test_a_refused_refresh_ends_the_session(project, firebase_fake, code):
    firebase_fake.configure(id_token_lifetime=4)
    signin(project, CORP)
    firebase_fake.configure(force_errors={"token": {"code": code, "times": 1}})
    import time
    time.sleep(1)
    result = project.run("token", "--min-valid", "3600", "--json")
    assert result.returncode == NOT_SIGNED_IN, str(result)
    assert json_error(result)["code"] == "invalid-user-token" and code in json_error(result)["message"]
    assert project.run("whoami", "--check").returncode == NOT_SIGNED_IN


# --- every server string, named once -------------------------------------------------------------

SIGN_IN_ERRORS = [
    ("OPERATION_NOT_ALLOWED", CONFIG, "operation-not-allowed"),
    ("INVALID_PROVIDER_ID", CONFIG, "invalid-provider-id"),
    ("USER_DISABLED", INVALID, "user-disabled"),
    ("TOO_MANY_ATTEMPTS_TRY_LATER", PROVIDER_ERROR, "too-many-requests"),
    ("INVALID_IDP_RESPONSE", INVALID, "invalid-credential"),
    ("MISSING_OR_INVALID_NONCE", INVALID, "invalid-credential"),
    ("EMAIL_EXISTS", CONFLICT, "email-already-in-use"),
    ("FEDERATED_USER_ID_ALREADY_LINKED", CONFLICT, "credential-already-in-use"),
]


@pytest.mark.parametrize(("server_code", "status", "code"), SIGN_IN_ERRORS)
def test_each_sign_in_refusal_has_its_status_and_code(project, firebase_fake, server_code, status, code):
    firebase_fake.configure(force_errors={"signInWithIdp": {"code": server_code, "times": 1}})
    before = home_snapshot(project)
    refused(project, browser_flow(project, "signin", provider=LAB), status, code, before)


def test_a_disabled_provider_and_an_unknown_one_say_which_console_switch(project, firebase_fake, dot_idp, mock_idp):
    firebase_fake.configure(providers={LAB: {"enabled": False, "issuer": mock_idp.issuer, "client_id": mock_idp.client_id}})
    before = home_snapshot(project)
    error = refused(project, browser_flow(project, "signin", provider=LAB), CONFIG, "operation-not-allowed", before)
    assert "Sign-in method" in error["message"]
    # An OpenID Connect provider the project lacks: production's OPERATION_NOT_ALLOWED "The identity
    # provider configuration is not found."; such providers need Identity Platform (the OIDC page's first requirement).
    error = refused(project, browser_flow(project, "signin", provider=CORP), CONFIG, "operation-not-allowed", before)
    assert f"the Firebase project has no OpenID Connect provider {CORP}" in error["message"], error
    assert "upgrade the project to Firebase Authentication with Identity Platform" in error["message"], error
    assert f"Add new provider > OpenID Connect with the provider ID {CORP}" in error["message"], error
    assert error["remedy"] == {"kind": "upgrade-to-identity-platform", "providerId": CORP}, error


def test_firebase_use_checks_the_api_key_and_stores_nothing_when_it_is_wrong(cli, firebase_fake):
    cli.env[EMULATOR] = firebase_fake.info["host"]
    wrong = cli.run("firebase", "use", "--api-key", "AIzaSyNotTheProjectsKey000000000000", "--project-id",
                    firebase_fake.info["project_id"], "--json")
    assert wrong.returncode == CONFIG and json_error(wrong)["code"] == "invalid-api-key", str(wrong)
    assert "Web API key" in json_error(wrong)["message"]
    assert not (cli.home / "firebase.json").exists(), "a refused key was stored"
    assert firebase_fake.counts()["projects"] == 1
    use_project(cli, firebase_fake)
    assert firebase_fake.counts()["projects"] == 2 and (cli.home / "firebase.json").exists()


def test_an_invalid_api_key_is_a_configuration_error(cli, firebase_fake, dot_idp, mock_idp):
    two_providers(cli, dot_idp, mock_idp)
    configure_idps(firebase_fake, dot_idp, mock_idp)
    use_project(cli, firebase_fake, "AIzaSyNotTheProjectsKey000000000000", "--no-check")  # stored unchecked
    assert firebase_fake.counts()["projects"] == 0
    before = home_snapshot(cli)
    error = refused(cli, password_signin(cli, "alice@example.com", "whatever"), CONFIG, "invalid-api-key", before)
    assert "Web API key" in error["message"]


def test_an_expired_pending_token_is_an_invalid_credential(project, firebase_fake):
    assert password_signin(project, "alice@example.com", "correct horse", "--create").returncode == OK
    assert project.run("signout").returncode == OK
    assert browser_flow(project, "signin", provider=CORP).returncode == ACCOUNT_EXISTS
    assert password_signin(project, "alice@example.com", "correct horse").returncode == OK
    firebase_fake.configure(force_errors={"signInWithIdp": {"code": "INVALID_PENDING_TOKEN", "times": 1}})
    before = home_snapshot(project)
    refused(project, project.run("link", "--pending", "--json"), INVALID, "invalid-credential", before)


# --- the sign-in methods Firebase adds ------------------------------------------------------------


def test_password_sign_up_sign_in_and_their_refusals(project, firebase_fake):
    created = password_signin(project, "carol@example.com", "long enough", "--create")
    assert created.returncode == OK and created.json()["additionalUserInfo"]["isNewUser"] is True, str(created)
    assert project.run("signout").returncode == OK
    again = password_signin(project, "carol@example.com", "long enough")
    assert again.returncode == OK and again.json()["user"]["uid"] == created.json()["user"]["uid"]
    before = home_snapshot(project)
    refused(project, password_signin(project, "carol@example.com", "wrong"), INVALID, "wrong-password", before)
    refused(project, password_signin(project, "dave@example.com", "x"), INVALID, "wrong-password", before)
    refused(project, password_signin(project, "carol@example.com", "long enough", "--create"), CONFLICT, "email-already-in-use", before)
    refused(project, password_signin(project, "erin@example.com", "short", "--create"), USAGE, "weak-password", before)


def test_custom_token_sign_in(project, firebase_fake):
    token = firebase_fake.control("custom_token", {"uid": "service-user-42"})["token"]
    result = project.run("signin", "--custom-token-stdin", "--json", input=token)
    assert result.returncode == OK and result.json()["user"]["uid"] == "service-user-42", str(result)
    assert claims(firebase_token(project))["sub"] == "service-user-42"
    before = home_snapshot(project)
    forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
    refused(project, project.run("signin", "--custom-token-stdin", "--json", input=forged), INVALID, "invalid-credential", before)
