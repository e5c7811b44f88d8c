"""Shared helpers for authctl's end-to-end tests: the authctl runner and small utilities."""

from __future__ import annotations

import base64
import fcntl
import json
import os
import pty
import re
import select
import shlex
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parent
REPO = E2E.parent.parent
sys.path.insert(0, str(E2E))

from e2e_constants import USERS  # noqa: E402,F401
from providers import Provider  # noqa: E402

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
PROVIDER_NAME = "oidc.e2e"
RESERVED_PARAMETERS = [
    "client_id", "redirect_uri", "response_type", "scope", "state",
    "response_mode", "nonce", "code_challenge", "code_challenge_method",
]
# Exit statuses (DESIGN.md, "Exit status").
OK, UNEXPECTED, USAGE, NOT_SIGNED_IN, CANCELLED, TIMED_OUT = 0, 1, 2, 3, 4, 5
PROVIDER_ERROR, INVALID_CREDENTIAL, KEYSTORE_ERROR, CONFIGURATION_ERROR = 9, 10, 11, 12


def need(condition: bool, reason: str) -> None:
    """Skip the test when `condition` is false, or fail it under CI (CI must not skip)."""
    if not condition:
        if IN_CI:
            pytest.fail(f"CI: {reason}", pytrace=False)
        pytest.skip(reason)


# --- running authctl -------------------------------------------------------------------------


@dataclass(repr=False)
class Result:
    args: list
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    context: "Authctl"

    def json(self):
        try:
            return json.loads(self.stdout)
        except json.JSONDecodeError as error:
            raise AssertionError(f"stdout is not JSON ({error}):\n{self}") from None

    def __str__(self) -> str:
        return (
            f"$ {shlex.join(str(a) for a in self.args)}\n"
            f"exit {self.returncode} after {self.seconds:.1f}s\n"
            f"--- stdout ---\n{self.stdout}\n--- stderr ---\n{self.stderr}\n"
            f"{self.context.diagnostics()}"
        )

    def __repr__(self) -> str:  # short: assertion messages use str(result), which has it all
        command = " ".join(str(a) for a in self.args[3:] if not str(a).startswith("/"))[:80]
        return f"<authctl {command} -> exit {self.returncode}>"


class Authctl:
    """authctl with a fresh home, the scripted browser and an isolated environment."""

    def __init__(self, binary: Path, tmp: Path, python: str):
        self.binary = binary
        self.tmp = tmp
        self.home = tmp / "home"  # authctl creates it
        self.python = python
        self.browser_log = tmp / "browser.log"
        self.stderr_seen: list[str] = []
        self.stdout_seen: list[str] = []
        self.providers: list[Provider] = []
        user_home = tmp / "user-home"
        user_home.mkdir(mode=0o700, exist_ok=True)
        self.env = {
            key: value for key, value in os.environ.items()
            if not key.startswith("AUTHCTL_") and key not in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER")
            # never the desktop's keyring: test_keyring.py brings a Secret Service of its own
            and key not in ("DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR")
        }
        self.env.update({"HOME": str(user_home), "NO_COLOR": "1", "XDG_CONFIG_HOME": str(user_home / ".config"),
                         "XDG_CACHE_HOME": str(user_home / ".cache")})

    # the browser

    def browser(self, *options: str) -> str:
        """The --browser command: the scripted browser with `options`, logging to browser.log."""
        return " ".join([self.python, str(E2E / "browser.py"), "--log", str(self.browser_log), *options])

    def browser_ran(self) -> bool:
        return self.browser_log.exists()

    def browser_text(self) -> str:
        return self.browser_log.read_text(errors="replace") if self.browser_log.exists() else ""

    def wait_for_browser(self, timeout: float = 10) -> str:
        """Wait until the browser wrote its last line; return its log."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.browser_text()
            if "done status=" in text:
                return text
            time.sleep(0.05)
        return self.browser_text()

    # running

    def run(self, *args, input: str | None = None, env: dict | None = None, timeout: float = 60,
            home: bool = True) -> Result:
        command = [str(self.binary)] + (["--home", str(self.home)] if home else []) + [str(a) for a in args]
        started = time.monotonic()
        try:
            completed = subprocess.run(
                command,
                input=input.encode() if input is not None else None,
                stdin=None if input is not None else subprocess.DEVNULL,
                capture_output=True,
                env={**self.env, **(env or {})},
                timeout=timeout,
                cwd=self.tmp,
            )
        except subprocess.TimeoutExpired as expired:
            raise AssertionError(
                f"$ {shlex.join(command)}\ndid not finish within {timeout}s\n"
                f"--- stderr so far ---\n{(expired.stderr or b'').decode(errors='replace')}\n{self.diagnostics()}"
            ) from None
        result = Result(command, completed.returncode, completed.stdout.decode(errors="replace"),
                        completed.stderr.decode(errors="replace"), time.monotonic() - started, self)
        self.stdout_seen.append(result.stdout)
        self.stderr_seen.append(result.stderr)
        return result

    def popen(self, *args, env: dict | None = None) -> subprocess.Popen:
        command = [str(self.binary), "--home", str(self.home)] + [str(a) for a in args]
        return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env={**self.env, **(env or {})}, cwd=self.tmp)

    # common steps

    def add_provider(self, idp: Provider, name: str = PROVIDER_NAME, *, public: bool = False,
                     verbose: bool = False, twin: bool = False) -> Result:
        """`providers add` with the provider's confidential app, its public one (`public`), or
        (`twin`) django-oauth-toolkit's second app of that kind."""
        self.providers.append(idp)
        args = ["providers", "add", name, "--issuer", idp.issuer]
        if verbose:
            args.append("--verbose")
        client_id, secret = idp.app(public=public, twin=twin)
        if public:
            result = self.run(*args, "--client-id", client_id)
        else:
            result = self.run(*args, "--client-id", client_id, "--client-secret-stdin", input=secret + "\n")
        assert result.returncode == OK, f"providers add failed\n{result}"
        return result

    def signin(self, *extra: str, provider: str = PROVIDER_NAME, browser: tuple = (), json_output: bool = True,
               timeout: int = 30, env: dict | None = None) -> Result:
        args = ["signin", "--provider", provider, "--browser", self.browser(*browser), "--timeout", str(timeout)]
        if json_output:
            args.append("--json")
        result = self.run(*args, *extra, env=env, timeout=timeout + 30)
        return result

    def signed_in(self, idp: Provider, *extra: str) -> dict:
        """Register `idp` as oidc.e2e and sign in as alice; return the --json output."""
        self.add_provider(idp)
        result = self.signin(*extra)
        assert result.returncode == OK, f"sign-in failed\n{result}"
        return result.json()

    def keystore(self) -> Path:
        return self.home / "keystore.json"

    def snapshot(self) -> bytes | None:
        try:
            return self.keystore().read_bytes()
        except FileNotFoundError:
            return None

    def diagnostics(self) -> str:
        parts = []
        if self.browser_log.exists():
            parts.append(f"--- browser.log ---\n{self.browser_text()[-4000:]}")
        for provider in self.providers:
            parts.append(f"--- {provider.kind} provider log (tail) ---\n{provider.log_tail(25)}")
        return "\n".join(parts)


# --- helpers shared by the tests ---------------------------------------------------------------


def user_of(document: dict) -> dict:
    """The user object of a `signin --json` result (or a `whoami --json` document itself)."""
    if isinstance(document.get("user"), dict):
        return document["user"]
    return document


def provider_ids(user: dict) -> list[str]:
    return [entry.get("providerId") for entry in user.get("providerData", []) if isinstance(entry, dict)]


def jwt_part(token: str, index: int) -> dict:
    segment = token.split(".")[index]
    return json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))


def jwt_claims(token: str) -> dict:
    return jwt_part(token, 1)


def flip_signature_char(token: str) -> str:
    header, payload, signature = token.split(".")
    # Change a character in the middle: every bit of it is significant (the last char may not be).
    middle = len(signature) // 2
    replacement = "A" if signature[middle] != "A" else "B"
    return ".".join([header, payload, signature[:middle] + replacement + signature[middle + 1:]])


AUTH_URL = re.compile(r"https?://127\.0\.0\.1:\d+/\S*(?:redirect_uri|client_id)=\S+")


def authorization_url(text: str) -> str | None:
    match = AUTH_URL.search(text)
    return match.group(0) if match else None


def port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_on_a_terminal(cli, args: list[str], env: dict, timeout: float = 30) -> tuple[int, str]:
    """authctl with stdin, stdout and stderr on a pseudo-terminal; (exit status, everything it wrote)."""
    master, slave = pty.openpty()
    process = subprocess.Popen([str(cli.binary), "--home", str(cli.home), *args], stdin=slave, stdout=slave,
                               stderr=slave, env=env, cwd=cli.tmp, start_new_session=True)
    os.close(slave)
    output = b""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # EIO: the other side is closed
                    chunk = b""
                if not chunk and process.poll() is not None:
                    break
                output += chunk
            elif process.poll() is not None:
                break
        else:
            process.send_signal(signal.SIGKILL)
            raise AssertionError(f"authctl on a terminal did not finish in {timeout}s:\n"
                                 f"{output.decode(errors='replace')}")
        return process.wait(timeout=5), output.decode(errors="replace")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=5)
        os.close(master)


class HeldLock:
    """An exclusive flock on <home>/.lock held by the test process, like a second authctl."""

    def __init__(self, home: Path):
        home.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.fd = os.open(home / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def release(self) -> None:
        if self.fd is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.release()


def interrupt(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGINT)


def wait_for_stderr(process: subprocess.Popen, text: str, timeout: float) -> str:
    """Reads the process's stderr until `text` appears; returns what it read (the rest is left
    for communicate())."""
    seen = b""
    deadline = time.monotonic() + timeout
    while text.encode() not in seen:
        left = deadline - time.monotonic()
        assert left > 0 and process.poll() is None, f"never printed {text!r}: {seen.decode(errors='replace')}"
        ready, _, _ = select.select([process.stderr], [], [], left)
        if ready:
            seen += os.read(process.stderr.fileno(), 4096)
    return seen.decode(errors="replace")
