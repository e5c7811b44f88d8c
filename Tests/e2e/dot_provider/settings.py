"""Django settings for the strict django-oauth-toolkit provider used by the e2e tests.

Everything that varies per run comes from the environment, set by ``serve_dot.py`` before
``django.setup()``:

- ``DOT_E2E_ISSUER``: the exact issuer (``http://127.0.0.1:PORT/o``), published in discovery,
  in ID tokens (``iss``) and in the RFC 9207 ``iss`` authorization-response parameter.
- ``DOT_E2E_DB``: the sqlite file (in a temporary directory).
- ``DOT_E2E_RSA_KEY``: the RS256 signing key (PEM), generated at start.
- ``DOT_E2E_REFRESH_GRACE_SECONDS``: the reuse interval of a rotated refresh token (0, none,
  unless ``serve_dot.py --refresh-grace-seconds`` says otherwise).
"""

import os
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent

SECRET_KEY = os.environ.get("DOT_E2E_SECRET_KEY", "e2e-only-not-a-secret")
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "oauth2_provider",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]

ROOT_URLCONF = "dot_provider.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
            ]
        },
    }
]

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ.get("DOT_E2E_DB", ":memory:"),
        # IMMEDIATE: a write transaction takes the lock at BEGIN, so concurrent token requests wait
        # their turn (timeout) instead of failing with "database is locked" on a read->write upgrade.
        "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
    }
}

# Test-only provider: a fast hasher keeps each login and each client authentication cheap.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

LOGIN_URL = "/accounts/login/"
USE_TZ = True
TIME_ZONE = "UTC"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
SESSION_COOKIE_NAME = "dot_e2e_session"
CSRF_COOKIE_NAME = "dot_e2e_csrftoken"

OAUTH2_PROVIDER = {
    # OpenID Connect, RS256 with a key generated at start.
    "OIDC_ENABLED": True,
    "OIDC_RSA_PRIVATE_KEY": os.environ.get("DOT_E2E_RSA_KEY", ""),
    "OIDC_ISS_ENDPOINT": os.environ.get("DOT_E2E_ISSUER", ""),
    "OAUTH2_VALIDATOR_CLASS": "dot_provider.validators.ClaimsValidator",
    "SCOPES": {
        "openid": "OpenID Connect sign-in",
        "profile": "Your name and username",
        "email": "Your email address",
        "reports.read": "Read reports (for the machine client's client-credentials grant)",
        # Asked for by oidc-agent on every refresh (make bench compares oidc-token with authctl token).
        "offline_access": "Keep access while you are away (refresh tokens)",
    },
    "DEFAULT_SCOPES": ["openid"],
    # http://localhost on any port, like the loopback IP literals: the Firebase console's app
    # registers http://localhost/callback (RFC 8252 §8.3 calls it NOT RECOMMENDED, but Firebase
    # authorizes `localhost`, not 127.0.0.1).
    "ALLOW_LOCALHOST_LOOPBACK": True,
    # Strict: PKCE required, S256 only (plain is refused), RFC 9207 `iss` on the response.
    "PKCE_REQUIRED": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
    "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
    "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
    # Refresh tokens rotate on every use; replaying a used one revokes the whole family.
    "ROTATE_REFRESH_TOKEN": True,
    "REFRESH_TOKEN_REUSE_PROTECTION": True,
    # No reuse interval: a rotated token is dead at once. serve_dot.py --refresh-grace-seconds N
    # gives one instance Okta's "grace period" / Auth0's "reuse interval" (test_refresh_grace.py).
    "REFRESH_TOKEN_GRACE_PERIOD_SECONDS": int(os.environ.get("DOT_E2E_REFRESH_GRACE_SECONDS", "0")),
    # Lifetimes: DOT's defaults (10 h) unless serve_dot.py --access-token-seconds says otherwise.
    "ACCESS_TOKEN_EXPIRE_SECONDS": int(os.environ.get("DOT_E2E_ACCESS_TOKEN_SECONDS", "36000")),
    "ID_TOKEN_EXPIRE_SECONDS": int(os.environ.get("DOT_E2E_ACCESS_TOKEN_SECONDS", "36000")),
    # Short-lived codes; the consent page is always shown (no silent re-approval).
    "AUTHORIZATION_CODE_EXPIRE_SECONDS": 60,
    "REQUEST_APPROVAL_PROMPT": "force",
    # Loopback redirect URIs (RFC 8252 §7.3): `http://127.0.0.1/callback` registered, any port
    # accepted at request time. DOT does this for 127.0.0.1 and ::1 by itself (models.py,
    # `check_redirect_to_uri_allowed`); "localhost" stays exact (ALLOW_LOCALHOST_LOOPBACK off).
    "ALLOWED_REDIRECT_URI_SCHEMES": ["http", "https"],
    "ALLOW_URI_WILDCARDS": False,
    "OIDC_RP_INITIATED_LOGOUT_ENABLED": True,
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"stderr": {"class": "logging.StreamHandler"}},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": "WARNING"},
        "oauth2_provider": {"handlers": ["stderr"], "level": os.environ.get("DOT_E2E_LOG_LEVEL", "INFO")},
        "oauthlib": {"handlers": ["stderr"], "level": os.environ.get("DOT_E2E_LOG_LEVEL", "INFO")},
    },
}
