"""Start and stop the loopback fakes of GitHub and Yahoo (fake_github.py, fake_yahoo.py) for authctl.

    from fakes import github_fake, yahoo_fake, start_fake  # noqa: F401  (fixtures)

- ``start_fake("github" | "yahoo", log_dir, *args)``: a subprocess of this python on 127.0.0.1
  (port 0), returned once its one JSON line says it listens; ``stop()`` sends SIGTERM. Request
  logs go to ``log_path``. For tests that need a fake of their own (one to stop, say).
- Fixtures ``github_fake`` / ``yahoo_fake``: one fake per kind for the whole session (started on
  first use, stopped at exit; the fakes also stop when their parent dies), shared by every module
  that imports the fixtures, and reset (counters, config, faults) before each test.
  Tokens issued earlier stay known to the fake; tests never rely on their absence.
- ``Fake.control/configure/stats/counts/tokens``: the fakes' control API (see their docstrings).
- ``add_github(cli, fake)`` / ``add_yahoo(cli, fake)``: `authctl providers add` pointed at a fake,
  with the fake's client credentials; the fake's log then shows in ``cli.diagnostics()``.

conftest.py and providers.py are not touched: the fixtures live here, and test modules import them.
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import requests

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from e2e_helpers import OK  # noqa: E402
from providers import read_ready_line, spawn_server  # noqa: E402

SCRIPTS = {"github": HERE / "fake_github.py", "yahoo": HERE / "fake_yahoo.py", "firebase": HERE / "fake_firebase.py",
           "actions": HERE / "fake_actions.py", "google": HERE / "fake_google.py", "microsoft": HERE / "fake_microsoft.py"}
GITHUB_ID = "github.com"
YAHOO_ID = "yahoo.com"
GOOGLE_ID = "google.com"
MICROSOFT_ID = "microsoft.com"


class Fake:
    """A running fake: its JSON line in ``info``, its control API, its log."""

    def __init__(self, kind: str, process: subprocess.Popen, info: dict, log_path: Path):
        self.kind = kind
        self.process = process
        self.info = info
        self.log_path = log_path
        self.base = info.get("base_url") or info["issuer"]
        self.port = info["port"]
        self.client_id = info.get("client_id")
        self.client_secret = info.get("client_secret")

    @property
    def issuer(self) -> str:  # Yahoo's issuer; GitHub's --api-base
        return self.base

    # control API

    def control(self, name: str, body: dict | None = None):
        url = f"{self.base}/_control/{name}"
        if body is None:
            response = requests.get(url, timeout=5)
        else:
            response = requests.post(url, json=body, timeout=5)
        assert response.status_code == 200, f"{self.kind} control {name}: {response.status_code} {response.text}"
        return response.json()

    def configure(self, **settings) -> dict:
        return self.control("config", settings)

    def stats(self) -> dict:
        return self.control("stats")

    def counts(self) -> dict:
        return self.stats()["counts"]

    def errors(self) -> dict:
        return self.stats()["errors"]

    def tokens(self) -> list[dict]:
        return self.control("tokens")

    def token_record(self, token: str) -> dict | None:
        return next((record for record in self.tokens() if record["token"] == token), None)

    def reset(self) -> None:
        self.control("reset", {})

    # lifetime

    def alive(self) -> bool:
        return self.process.poll() is None

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self) -> int | None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        if self.process.stdout and not self.process.stdout.closed:
            self.process.stdout.close()
        return self.process.returncode

    def __enter__(self) -> "Fake":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def start_fake(kind: str, log_dir: str | os.PathLike | None = None, *args: str, timeout: float = 20.0) -> Fake:
    """Start fake `kind` ("github" or "yahoo"); return once it listens."""
    if kind not in SCRIPTS:
        raise ValueError(f"unknown fake {kind!r}; expected one of {sorted(SCRIPTS)}")
    log_dir = Path(log_dir or tempfile.mkdtemp(prefix=f"fake-{kind}-"))
    log_dir.mkdir(parents=True, exist_ok=True)
    log_path = log_dir / f"fake-{kind}.log"
    process = spawn_server([sys.executable, str(SCRIPTS[kind]), "--idle-timeout", "900", *args], log_path)
    try:
        info = read_ready_line(process, timeout, log_path)
        fake = Fake(kind, process, info, log_path)
        requests.get(f"{fake.base}/_control/stats", timeout=5).raise_for_status()
        return fake
    except BaseException:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=5)
        raise


# --- fixtures ----------------------------------------------------------------------------------

_SHARED: dict[str, Fake] = {}


def _stop_shared() -> None:
    for fake in list(_SHARED.values()):
        fake.stop()
    _SHARED.clear()


atexit.register(_stop_shared)


def _shared(kind: str, tmp_path_factory) -> Fake:
    fake = _SHARED.get(kind)
    if fake is not None and fake.alive():
        return fake
    try:
        fake = start_fake(kind, tmp_path_factory.mktemp(f"fake-{kind}"))
    except Exception as error:  # noqa: BLE001 - a missing prerequisite fails, it never skips
        pytest.fail(f"could not start the {kind} fake: {error}", pytrace=False)
    _SHARED[kind] = fake
    return fake


@pytest.fixture
def github_fake(tmp_path_factory) -> Fake:
    """The GitHub fake (GHES layout), shared by the session, reset for this test."""
    fake = _shared("github", tmp_path_factory)
    fake.reset()
    return fake


@pytest.fixture
def yahoo_fake(tmp_path_factory) -> Fake:
    """The Yahoo fake, shared by the session, reset for this test."""
    fake = _shared("yahoo", tmp_path_factory)
    fake.reset()
    return fake


@pytest.fixture
def google_fake(tmp_path_factory) -> Fake:
    """The Google stand-in (fake_google.py), shared by the session, reset for this test."""
    fake = _shared("google", tmp_path_factory)
    fake.reset()
    return fake


@pytest.fixture
def microsoft_fake(tmp_path_factory) -> Fake:
    """The Microsoft identity platform stand-in (fake_microsoft.py), shared, reset for this test."""
    fake = _shared("microsoft", tmp_path_factory)
    fake.reset()
    return fake


@pytest.fixture
def firebase_fake(tmp_path_factory) -> Fake:
    """The Identity Toolkit + Secure Token fake, shared by the session, reset for this test."""
    fake = _shared("firebase", tmp_path_factory)
    fake.reset()
    return fake


@pytest.fixture
def actions_fake(tmp_path_factory) -> Fake:
    """GitHub Actions' OIDC token service and issuer (fake_actions.py), shared, reset for this test."""
    fake = _shared("actions", tmp_path_factory)
    fake.reset()
    return fake


def actions_job_env(fake: Fake) -> dict:
    """The two variables GitHub sets in a job with `permissions: id-token: write`."""
    return {"ACTIONS_ID_TOKEN_REQUEST_URL": fake.info["request_url"], "ACTIONS_ID_TOKEN_REQUEST_TOKEN": fake.info["request_token"]}


def actions_token_claims(fake: Fake, token: str) -> dict:
    """The claims of a token the Actions stand-in issued, once its signature checks out against
    the stand-in's JWK set (raises otherwise)."""
    from jwcrypto import jwk, jws

    keys = jwk.JWKSet.from_json(requests.get(fake.issuer + "/.well-known/jwks", timeout=10).text)
    parsed = jws.JWS()
    parsed.deserialize(token)
    parsed.verify(keys)
    return json.loads(parsed.payload)


# --- authctl steps -----------------------------------------------------------------------------


def add_github(cli, fake: Fake, *extra: str):
    """`authctl providers add github.com --api-base <fake>` with the fake's client credentials."""
    cli.providers.append(fake)
    result = cli.run("providers", "add", GITHUB_ID, "--client-id", fake.client_id, "--client-secret-stdin",
                     "--api-base", fake.base, *extra, input=fake.client_secret + "\n")
    assert result.returncode == OK, f"providers add github.com failed\n{result}"
    return result


def add_yahoo(cli, fake: Fake, *extra: str):
    """`authctl providers add yahoo.com --issuer <fake>` with the fake's client credentials."""
    cli.providers.append(fake)
    result = cli.run("providers", "add", YAHOO_ID, "--client-id", fake.client_id, "--client-secret-stdin",
                     "--issuer", fake.issuer, *extra, input=fake.client_secret + "\n")
    assert result.returncode == OK, f"providers add yahoo.com failed\n{result}"
    return result


def add_google(cli, fake: Fake, *extra: str, secret: bool = True):
    """`authctl providers add google.com --issuer <fake>` with the Desktop client's id and secret."""
    cli.providers.append(fake)
    options = ["--client-secret-stdin"] if secret else []
    return cli.run("providers", "add", GOOGLE_ID, "--client-id", fake.client_id, *options, "--issuer", fake.issuer,
                   *extra, input=fake.client_secret + "\n" if secret else None)


def add_microsoft(cli, fake: Fake, tenant: str, *extra: str):
    """`authctl providers add microsoft.com --tenant T --issuer <fake>/T/v2.0`, a public client."""
    cli.providers.append(fake)
    return cli.run("providers", "add", MICROSOFT_ID, "--client-id", fake.client_id, "--tenant", tenant,
                   "--issuer", f"{fake.base}/{tenant}/v2.0", *extra)


def stored_sessions(cli) -> list[dict]:
    """The sessions in keystore.json (plain JSON, 0600): every object that carries a providerID
    and a token. Used to read the refresh token a test must then prove dead at the provider."""
    path = cli.keystore()
    if not path.exists():
        return []
    found: list[dict] = []

    def walk(node):
        if isinstance(node, dict):
            if "providerID" in node and any(key in node for key in ("accessToken", "refreshToken", "idToken")):
                found.append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads(path.read_text()))
    return found
