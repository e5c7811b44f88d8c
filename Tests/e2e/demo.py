"""`make demo`: sign in to a real local OpenID provider with authctl, narrated.

    AUTHCTL_BIN=.build/debug/authctl .venv/bin/python Tests/e2e/demo.py [--provider mock|dot]
                                                                    [--scripted | --system-browser]

Builds nothing: the Makefile builds authctl first and passes its path in AUTHCTL_BIN.
Starts the provider on 127.0.0.1, uses a temporary --home, registers it as oidc.demo, signs
in (the system browser when there is a display and a terminal, otherwise the scripted test
browser logging in as the demo user), shows whoami and a token, signs out, and cleans up,
also on failure or Ctrl-C.

With --firebase (`make demo-firebase`), the accounts live in a Firebase project instead: a
loopback fake of Identity Toolkit + Secure Token (fake_firebase.py) reached through
FIREBASE_AUTH_EMULATOR_HOST, as the Firebase SDKs reach the Auth emulator. The sign-in goes
through the project, the uid is the project's, and `authctl token` is a Firebase ID token.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE))

from e2e_constants import USERS  # noqa: E402
from providers import start_provider  # noqa: E402

DEMO_USER = "alice"
NAME = "oidc.demo"

BOLD, DIM, GREEN, RED, RESET = ("\033[1m", "\033[2m", "\033[32m", "\033[31m", "\033[0m") \
    if sys.stdout.isatty() and not os.environ.get("NO_COLOR") else ("", "", "", "", "")


def step(text: str) -> None:
    print(f"\n{BOLD}▸ {text}{RESET}", flush=True)


def note(text: str) -> None:
    print(f"  {DIM}{text}{RESET}", flush=True)


def show_command(args: list[str], home: Path) -> None:
    shown = ["authctl"] + [("$HOME_DIR" if a == str(home) else a) for a in args]
    print(f"  $ {shlex.join(shown)}", flush=True)


def has_display() -> bool:
    if platform.system() == "Darwin":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--provider", choices=["mock", "dot"], default="mock")
    parser.add_argument("--firebase", action="store_true", help="keep the account in a (fake) Firebase project")
    parser.add_argument("--authctl", default=os.environ.get("AUTHCTL_BIN") or str(REPO / ".build/debug/authctl"))
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--scripted", action="store_true", help="always use the scripted test browser")
    mode.add_argument("--system-browser", action="store_true", help="always use the system browser")
    options = parser.parse_args()

    authctl = Path(options.authctl)
    if not (authctl.is_file() and os.access(authctl, os.X_OK)):
        print(f"demo: no authctl binary at {authctl}; run `make build` first (or set AUTHCTL_BIN)", file=sys.stderr)
        return 1

    interactive = sys.stdin.isatty() and sys.stdout.isatty() and has_display() and not os.environ.get("CI")
    use_system_browser = options.system_browser or (interactive and not options.scripted)

    workdir = Path(tempfile.mkdtemp(prefix="authctl-demo-"))
    home = workdir / "home"
    provider = None
    firebase = None
    extra_env: dict[str, str] = {}
    started = time.monotonic()

    def on_sigterm(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_sigterm)

    def authctl_run(*args: str, input: str | None = None, capture: bool = False, quiet: bool = False):
        full = ["--home", str(home), *args]
        if not quiet:
            show_command(list(args), home)
        result = subprocess.run(
            [str(authctl), *full],
            input=input.encode() if input is not None else None,
            stdin=None if input is not None else (None if use_system_browser else subprocess.DEVNULL),
            stdout=subprocess.PIPE if capture else None,
            env={**os.environ, **extra_env},
            timeout=180,
        )
        if result.returncode == 4:  # cancelled: Ctrl-C or a refusal in the browser
            raise KeyboardInterrupt
        if result.returncode != 0:
            raise RuntimeError(f"authctl {args[0]} exited with status {result.returncode}")
        return result.stdout.decode() if capture else ""

    try:
        kind = "django-oauth-toolkit" if options.provider == "dot" else "oidc-provider-mock"
        step(f"Starting a real OpenID provider ({kind}) on 127.0.0.1")
        provider = start_provider(options.provider, log_dir=workdir / "idp")
        note(f"issuer {provider.issuer}   (log: {provider.log_path})")

        step(f"Registering it as {NAME} (the client secret goes in on stdin, never in argv)")
        authctl_run("providers", "add", NAME, "--issuer", provider.issuer, "--client-id", provider.client_id,
                    "--client-secret-stdin", input=provider.client_secret + "\n")

        if options.firebase:
            from fakes import start_fake

            step("Starting a Firebase project stand-in (Identity Toolkit + Secure Token) on 127.0.0.1")
            firebase = start_fake("firebase", workdir / "firebase")
            firebase.configure(providers={NAME: {"enabled": True, "issuer": provider.issuer, "client_id": provider.client_id}})
            extra_env["FIREBASE_AUTH_EMULATOR_HOST"] = firebase.info["host"]
            note(f"FIREBASE_AUTH_EMULATOR_HOST={firebase.info['host']}; the project knows {NAME} as an OpenID provider")
            step("Keeping accounts in the project")
            authctl_run("firebase", "use", "--api-key", firebase.info["api_key"], "--project-id", firebase.info["project_id"])

        step("Signing in (authorization code + PKCE, loopback redirect on 127.0.0.1)")
        password = USERS[DEMO_USER]["password"]
        if use_system_browser:
            if options.provider == "dot":
                note(f"Your browser opens: sign in as {DEMO_USER} / {password}, then Authorize.")
            else:
                note(f"Your browser opens: pick the identity '{DEMO_USER}' (or type a subject) and Authorize.")
            authctl_run("signin", "--provider", NAME, "--timeout", "120")
        else:
            note(f"No display or no terminal: the scripted browser signs in as {DEMO_USER}.")
            browser = " ".join([sys.executable, str(HERE / "browser.py"), "--user", DEMO_USER,
                                "--password", password, "--log", str(workdir / "browser.log")])
            authctl_run("signin", "--provider", NAME, "--timeout", "60", "--browser", browser)

        step("Who is signed in?")
        authctl_run("whoami")

        if firebase is not None:
            show_firebase_token(authctl_run, authctl, home, extra_env)
        else:
            show_provider_tokens(authctl_run, authctl, home)

        step("Signing out")
        authctl_run("signout")
        show_command(["whoami", "--check"], home)
        check = subprocess.run([str(authctl), "--home", str(home), "whoami", "--check"],
                               stdin=subprocess.DEVNULL, timeout=60)
        note(f"exit status {check.returncode} (3 = not signed in)")

        print(f"\n{GREEN}Demo finished in {time.monotonic() - started:.0f}s.{RESET}")
        return 0
    except KeyboardInterrupt:
        print(f"\n{RED}Cancelled; stopping the provider and removing the demo's files.{RESET}", file=sys.stderr)
        return 130
    except Exception as error:  # noqa: BLE001
        print(f"\n{RED}Demo failed: {error}{RESET}", file=sys.stderr)
        if provider is not None:
            print(f"{DIM}provider log (tail):\n{provider.log_tail(15)}{RESET}", file=sys.stderr)
        browser_log = workdir / "browser.log"
        if browser_log.exists():
            print(f"{DIM}browser log:\n{browser_log.read_text()[-2000:]}{RESET}", file=sys.stderr)
        return 1
    finally:
        if provider is not None:
            provider.stop()
        if firebase is not None:
            firebase.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def show_claims(verified: dict) -> None:
    for key in ("iss", "sub", "aud", "email", "email_verified", "name", "firebase"):
        if key in verified:
            print(f"  {key:15} {json.dumps(verified[key])}")
    if "exp" in verified:
        print(f"  {'exp':15} in {int((verified['exp'] - time.time()) / 60)} minutes")


def show_provider_tokens(authctl_run, authctl: Path, home: Path) -> None:
    step("An access token for a pipeline (shortened here)")
    show_command(["token"], home)
    token = authctl_run("token", capture=True, quiet=True).strip()
    print(f"  {token[:12]}…{token[-6:]}  ({len(token)} characters)" if len(token) > 24 else f"  {token}")
    id_token = authctl_run("token", "--id-token", capture=True, quiet=True).strip()
    step("The ID token, verified by authctl against the provider's keys")
    print(f"  $ authctl token --id-token | authctl verify --provider {NAME}", flush=True)
    claims = subprocess.run([str(authctl), "--home", str(home), "verify", "--provider", NAME],
                            input=(id_token + "\n").encode(), capture_output=True, timeout=60)
    if claims.returncode != 0:
        raise RuntimeError(f"verify said {claims.returncode}: {claims.stderr.decode().strip()[:200]}")
    show_claims(json.loads(claims.stdout))


def show_firebase_token(authctl_run, authctl: Path, home: Path, extra_env: dict) -> None:
    step("The project's Firebase ID token, for your backend and Security Rules")
    print("  $ authctl token | authctl verify --firebase", flush=True)
    token = authctl_run("token", capture=True, quiet=True).strip()
    claims = subprocess.run([str(authctl), "--home", str(home), "verify", "--firebase"], input=(token + "\n").encode(),
                            capture_output=True, timeout=60, env={**os.environ, **extra_env})
    if claims.returncode != 0:
        raise RuntimeError(f"verify --firebase said {claims.returncode}: {claims.stderr.decode().strip()[:200]}")
    show_claims(json.loads(claims.stdout))
    step("Going back to local accounts")
    authctl_run("firebase", "off")


if __name__ == "__main__":
    sys.exit(main())
