"""Fixed test identities shared by the providers, the scripted browser and the tests."""

USERS = {
    "alice": {
        "password": "alice-wonderland-e2e",
        "email": "alice@example.com",
        "name": "Alice Liddell",
        "given_name": "Alice",
        "family_name": "Liddell",
    },
    "bob": {
        "password": "bob-builder-e2e",
        "email": "bob@example.com",
        "name": "Bob Builder",
        "given_name": "Bob",
        "family_name": "Builder",
    },
}

DOT_CLIENT_ID = "authctl-e2e"
DOT_PUBLIC_CLIENT_ID = "authctl-e2e-public"
DOT_MACHINE_CLIENT_ID = "authctl-e2e-machine"  # client credentials only (RFC 6749 §4.4)
# A second confidential and a second public app, the same as the first two: tests that run several
# homes at once against DOT tell their requests apart by client (test_refresh_interrupted.py).
DOT_TWIN_CLIENT_ID = "authctl-e2e-twin"
DOT_TWIN_PUBLIC_CLIENT_ID = "authctl-e2e-twin-public"
MOCK_CLIENT_ID = "authctl-e2e"

# The Firebase fake's default project, and the provider app registered "in its console": the app
# the Firebase docs have you create, whose client secret only the project holds. It returns to the
# project's handler page, as the docs register it, and to http://localhost on any port (an app that
# also accepts a loopback redirect).
FIREBASE_PROJECT_ID = "demo-authctl"
FIREBASE_HANDLER_URI = f"https://{FIREBASE_PROJECT_ID}.firebaseapp.com/__/auth/handler"
DOT_CONSOLE_CLIENT_ID = "authctl-e2e-firebase-console"
CONSOLE_REDIRECT_URIS = ["http://localhost/callback", FIREBASE_HANDLER_URI]

# Registered with django-oauth-toolkit. Loopback IP literals: any port is accepted at request
# time (RFC 8252 §7.3); the path must match exactly.
REDIRECT_URIS = [
    "http://127.0.0.1/callback",
    "http://127.0.0.1/",
    "http://[::1]/callback",
]
