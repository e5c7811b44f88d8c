"""Serve oidc-provider-mock 0.4.8 on 127.0.0.1 (port 0 = any free port).

    <venv python> Tests/e2e/serve_mock.py [--port N] [--token-max-age SECONDS] [--require-nonce]

Prints one JSON line on stdout when the server listens, then serves until SIGTERM/SIGINT.
The mock is lax: any client id and secret are accepted (no registration), PKCE is ignored,
the issuer is taken from the Host header (always use 127.0.0.1), `aud` is an array.
"""

import argparse
import json
import os
import secrets
import signal
import sys
import threading
from datetime import timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from e2e_lifetime import exit_with_parent  # noqa: E402
from e2e_constants import MOCK_CLIENT_ID, USERS  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--token-max-age", type=int, default=3600,
                        help="ID/access token lifetime in seconds (negative: already expired)")
    parser.add_argument("--require-nonce", action="store_true")
    args = parser.parse_args()

    os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # plain http on loopback
    import oidc_provider_mock
    import werkzeug.serving

    users = [
        oidc_provider_mock.User(
            sub=name,
            claims={
                "email": info["email"],
                "email_verified": True,
                "name": info["name"],
                "given_name": info["given_name"],
                "family_name": info["family_name"],
                "preferred_username": name,
            },
        )
        for name, info in USERS.items()
    ]
    app = oidc_provider_mock.app(
        require_client_registration=False,
        require_nonce=args.require_nonce,
        issue_refresh_token=True,
        access_token_max_age=timedelta(seconds=args.token_max_age),
        user_claims=users,
    )
    app.debug = False
    server = werkzeug.serving.make_server("127.0.0.1", args.port, app, threaded=True)
    port = server.server_port

    def on_signal(signum, frame):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    info = {
        "kind": "mock",
        "issuer": f"http://127.0.0.1:{port}",
        "port": port,
        "client_id": MOCK_CLIENT_ID,
        # The mock accepts any secret; a random one lets tests check it never leaks.
        "client_secret": secrets.token_urlsafe(32),
        "public_client_id": MOCK_CLIENT_ID + "-public",
        "users": {name: {"sub": name, "email": info["email"], "password": info["password"]}
                  for name, info in USERS.items()},
    }
    exit_with_parent(lambda: on_signal(signal.SIGTERM, None))
    print(json.dumps(info), flush=True)
    server.serve_forever(poll_interval=0.2)
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
