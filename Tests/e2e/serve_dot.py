"""Serve the strict django-oauth-toolkit OpenID provider on 127.0.0.1 (port 0 = any free port).

    <venv python> Tests/e2e/serve_dot.py [--port N] [--workdir DIR]

Prints one JSON line on stdout when discovery answers (issuer, clients, users), then serves
until SIGTERM/SIGINT. Request logs go to stderr. Used through ``providers.py``.
"""

import argparse
import io
import json
import os
import secrets
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from e2e_lifetime import exit_with_parent  # noqa: E402
from e2e_constants import (  # noqa: E402
    CONSOLE_REDIRECT_URIS, DOT_CLIENT_ID, DOT_CONSOLE_CLIENT_ID, DOT_MACHINE_CLIENT_ID, DOT_PUBLIC_CLIENT_ID,
    DOT_TWIN_CLIENT_ID, DOT_TWIN_PUBLIC_CLIENT_ID, REDIRECT_URIS, USERS,
)


def generate_rsa_pem() -> str:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


class SlowRefreshes:
    """WSGI middleware: a refresh grant is handled by DOT at once (the old refresh token is rotated
    and dead when DOT returns) and its answer is held back for a while: the window in which a
    client can be interrupted or killed with the answer in flight. Arrival and answer times
    (time.monotonic, comparable across processes) and the client_id go to refreshes.log for the
    test to check."""

    def __init__(self, app, directory: Path):
        self.app = app
        self.directory = directory
        self.lock = threading.Lock()

    def __call__(self, environ, start_response):
        if environ.get("PATH_INFO") != "/o/token/" or environ.get("REQUEST_METHOD") != "POST":
            return self.app(environ, start_response)
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length)
        if b"grant_type=refresh_token" not in body:
            environ["wsgi.input"] = io.BytesIO(body)
            return self.app(environ, start_response)
        arrived = time.monotonic()
        client = self._client(environ, body)
        self._log(f"arrived {arrived:.6f} {client}")
        environ["wsgi.input"] = io.BytesIO(body)
        captured = {}

        def capture(status, headers, exc_info=None):
            captured["status"], captured["headers"] = status, headers
            return lambda data: None

        answer = b"".join(self.app(environ, capture))  # DOT has rotated the token once this returns
        delay_file = self.directory / "delay"
        delay = delay_file.read_text().strip() if delay_file.exists() else "0"
        if delay == "hold":
            self._hold(arrived)
        else:
            time.sleep(float(delay))
        self._log(f"answered {arrived:.6f} {time.monotonic():.6f} {captured['status'].split()[0]} {client}")
        start_response(captured["status"], captured["headers"])
        return [answer]

    def _hold(self, arrived: float, limit: float = 60) -> None:
        """Holds the answer until the test writes release.ARRIVAL (the arrival as logged): the
        test then decides that its signal falls before the answer, whatever the machine's load."""
        release = self.directory / f"release.{arrived:.6f}"
        deadline = time.monotonic() + limit
        while not release.exists() and time.monotonic() < deadline:
            time.sleep(0.002)

    @staticmethod
    def _client(environ, body: bytes) -> str:
        """The client_id: from HTTP Basic (confidential client) or the form (public client)."""
        authorization = environ.get("HTTP_AUTHORIZATION", "")
        if authorization.startswith("Basic "):
            import base64
            from urllib.parse import unquote_plus
            return unquote_plus(base64.b64decode(authorization[6:]).decode().split(":", 1)[0])
        from urllib.parse import parse_qs
        return parse_qs(body.decode(errors="replace")).get("client_id", ["-"])[0]

    def _log(self, line: str) -> None:
        with self.lock, open(self.directory / "refreshes.log", "a") as log:
            log.write(line + "\n")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--workdir", default=None, help="where the sqlite file lives (default: a temp dir)")
    parser.add_argument("--access-token-seconds", type=int, default=None,
                        help="access (and ID) token lifetime; short ones exercise refresh")
    parser.add_argument("--slow-refresh", default=None, metavar="DIR",
                        help="answer refresh grants late: DIR/delay holds the seconds (read per request), "
                             "DIR/refreshes.log gets one line per refresh: monotonic arrival, answer, status")
    parser.add_argument("--refresh-grace-seconds", type=int, default=None,
                        help="REFRESH_TOKEN_GRACE_PERIOD_SECONDS: how long a rotated refresh token is still "
                             "answered (default 0: dead at once)")
    args = parser.parse_args()

    import werkzeug.serving

    django_app = None

    def django(environ, start_response):  # lazy: Django is set up after the port is known
        return django_app(environ, start_response)

    app = SlowRefreshes(django, Path(args.slow_refresh)) if args.slow_refresh else django

    server = werkzeug.serving.make_server("127.0.0.1", args.port, app, threaded=True)
    port = server.server_port
    issuer = f"http://127.0.0.1:{port}/o"

    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="dot-e2e-"))
    workdir.mkdir(parents=True, exist_ok=True)
    os.environ["DJANGO_SETTINGS_MODULE"] = "dot_provider.settings"
    os.environ["DOT_E2E_ISSUER"] = issuer
    os.environ["DOT_E2E_DB"] = str(workdir / "db.sqlite3")
    os.environ["DOT_E2E_RSA_KEY"] = generate_rsa_pem()
    os.environ.setdefault("DOT_E2E_SECRET_KEY", secrets.token_urlsafe(32))
    if args.access_token_seconds is not None:
        os.environ["DOT_E2E_ACCESS_TOKEN_SECONDS"] = str(args.access_token_seconds)
    if args.refresh_grace_seconds is not None:
        os.environ["DOT_E2E_REFRESH_GRACE_SECONDS"] = str(args.refresh_grace_seconds)

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.core.wsgi import get_wsgi_application
    from oauth2_provider.models import get_application_model

    call_command("migrate", verbosity=0, interactive=False)

    User = get_user_model()
    users = {}
    for name, info in USERS.items():
        user = User.objects.create_user(
            username=name,
            email=info["email"],
            password=info["password"],
            first_name=info["given_name"],
            last_name=info["family_name"],
        )
        users[name] = {"sub": str(user.pk), "email": info["email"], "password": info["password"]}

    Application = get_application_model()
    # The apps authctl is configured with: a confidential and a public one, and their twins.
    secrets_by_client = {}
    for client_id, confidential, name in ((DOT_CLIENT_ID, True, "confidential"), (DOT_PUBLIC_CLIENT_ID, False, "public"),
                                          (DOT_TWIN_CLIENT_ID, True, "confidential twin"),
                                          (DOT_TWIN_PUBLIC_CLIENT_ID, False, "public twin")):
        secrets_by_client[client_id] = secrets.token_urlsafe(32) if confidential else ""
        Application.objects.create(
            name=f"authctl e2e ({name})",
            client_id=client_id,
            client_secret=secrets_by_client[client_id],  # hashed on save; the plain value is only printed below
            client_type=Application.CLIENT_CONFIDENTIAL if confidential else Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
            redirect_uris=" ".join(REDIRECT_URIS),
            algorithm=Application.RS256_ALGORITHM,
            skip_authorization=False,
        )

    # The app "in the Firebase console" (fake_firebase.py runs its flow): its secret goes to the
    # Firebase fake only, never to authctl.
    console_secret = secrets.token_urlsafe(32)
    Application.objects.create(
        name="authctl e2e (Firebase console)",
        client_id=DOT_CONSOLE_CLIENT_ID,
        client_secret=console_secret,
        client_type=Application.CLIENT_CONFIDENTIAL,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=" ".join(CONSOLE_REDIRECT_URIS),
        algorithm=Application.RS256_ALGORITHM,
        skip_authorization=False,
    )

    # A machine (RFC 6749 §4.4): confidential, client credentials only, no redirect URI.
    machine_secret = secrets.token_urlsafe(32)
    Application.objects.create(
        name="authctl e2e (machine)",
        client_id=DOT_MACHINE_CLIENT_ID,
        client_secret=machine_secret,
        client_type=Application.CLIENT_CONFIDENTIAL,
        authorization_grant_type=Application.GRANT_CLIENT_CREDENTIALS,
        redirect_uris="",
        algorithm=Application.RS256_ALGORITHM,
    )

    django_app = get_wsgi_application()

    stop = threading.Event()

    def on_signal(signum, frame):
        stop.set()
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    info = {
        "kind": "dot",
        "issuer": issuer,
        "port": port,
        "client_id": DOT_CLIENT_ID,
        "client_secret": secrets_by_client[DOT_CLIENT_ID],
        "public_client_id": DOT_PUBLIC_CLIENT_ID,
        "twin_client_id": DOT_TWIN_CLIENT_ID,
        "twin_client_secret": secrets_by_client[DOT_TWIN_CLIENT_ID],
        "twin_public_client_id": DOT_TWIN_PUBLIC_CLIENT_ID,
        "machine_client_id": DOT_MACHINE_CLIENT_ID,
        "machine_client_secret": machine_secret,
        "console_client_id": DOT_CONSOLE_CLIENT_ID,
        "console_client_secret": console_secret,
        "users": users,
        "workdir": str(workdir),
    }
    exit_with_parent(lambda: on_signal(signal.SIGTERM, None))
    print(json.dumps(info), flush=True)
    server.serve_forever(poll_interval=0.2)
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
