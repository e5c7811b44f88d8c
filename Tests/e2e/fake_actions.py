"""A loopback stand-in of GitHub Actions' OIDC token service, acting as the issuer itself.

GitHub gives a job with `permissions: id-token: write` two variables: ACTIONS_ID_TOKEN_REQUEST_URL
(a URL with a query of its own) and ACTIONS_ID_TOKEN_REQUEST_TOKEN (a bearer token for it).
`GET $URL&audience=AUD` with `Authorization: Bearer $TOKEN` answers `{"count": N, "value": JWT}`,
a token signed by https://token.actions.githubusercontent.com, whose discovery document has only
`issuer`, `jwks_uri`, `subject_types_supported`, `response_types_supported: ["id_token"]`,
`claims_supported`, `id_token_signing_alg_values_supported: ["RS256"]` and `scopes_supported:
["openid"]`: no authorization, token or userinfo endpoint. This stand-in serves the same shape on
127.0.0.1, with the issuer its own base URL:

- /.well-known/openid-configuration, /.well-known/jwks
- /_apis/token?api-version=2.0&audience=AUD: the token service (bearer: the request token it
  printed in its ready line as `request_token`); tokens live `token_lifetime` seconds (60 by
  default, `--token-lifetime`), so a job outlives several of them.
- /_control/stats: counts `tokens_issued`, `token_refusals`, `discovery`, `jwks`;
  /_control/config {"token_lifetime": S, "repository": "owner/name"}; /_control/reset.
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from pathlib import Path

from jwcrypto import jwk, jws
from werkzeug.routing import Rule
from werkzeug.wrappers import Request, Response

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_github import FakeProvider, json_response, serve  # noqa: E402

# GitHub Actions' claims (docs.github.com, "About security hardening with OpenID Connect").
CLAIMS_SUPPORTED = [
    "sub", "aud", "exp", "iat", "iss", "jti", "nbf", "ref", "sha", "repository", "repository_id", "repository_owner",
    "repository_owner_id", "enterprise", "enterprise_id", "run_id", "run_number", "run_attempt", "actor", "actor_id",
    "workflow", "workflow_ref", "workflow_sha", "head_ref", "base_ref", "event_name", "ref_type", "ref_protected",
    "environment", "environment_node_id", "job_workflow_ref", "job_workflow_sha", "repository_visibility",
    "runner_environment", "issuer_scope",
]
TOKEN_PATH = "/_apis/token"


class FakeActions(FakeProvider):
    kind = "actions"
    DEFAULTS = {"token_lifetime": 60, "repository": "octo-org/octo-repo", "ref": "refs/heads/main"}
    COUNTERS = ("tokens_issued", "token_refusals", "discovery", "jwks")

    def __init__(self, base_url, idle_timeout, max_lifetime, overrides):
        super().__init__(base_url, idle_timeout, max_lifetime, overrides)
        self.key = jwk.JWK.generate(kty="RSA", size=2048, kid=secrets.token_hex(8))
        self.request_token = secrets.token_urlsafe(32)
        self.tokens: dict[str, dict] = {}
        self.run_id = str(secrets.randbelow(10**10))

    def rules(self):
        return [
            Rule("/.well-known/openid-configuration", endpoint="discovery", methods=["GET"]),
            Rule("/.well-known/jwks", endpoint="jwks", methods=["GET"]),
            Rule(TOKEN_PATH, endpoint="token", methods=["GET"]),
        ]

    def on_discovery(self, request: Request) -> Response:
        self.count("discovery")
        return json_response({
            "issuer": self.base, "jwks_uri": self.base + "/.well-known/jwks",
            "subject_types_supported": ["public", "pairwise"], "response_types_supported": ["id_token"],
            "claims_supported": CLAIMS_SUPPORTED, "id_token_signing_alg_values_supported": ["RS256"],
            "scopes_supported": ["openid"],
        })

    def on_jwks(self, request: Request) -> Response:
        self.count("jwks")
        return json_response({"keys": [json.loads(self.key.export_public()) | {"alg": "RS256", "use": "sig"}]})

    def on_token(self, request: Request) -> Response:
        if request.headers.get("Authorization") != "Bearer " + self.request_token:
            self.count("token_refusals")
            return json_response({"message": "Bad credentials"}, status=401)
        with self.lock:
            lifetime, repository, ref = (int(self.config["token_lifetime"]), self.config["repository"], self.config["ref"])
        issued = int(time.time())
        owner = repository.split("/")[0]
        claims = {
            "jti": secrets.token_hex(16), "sub": f"repo:{repository}:ref:{ref}",
            "aud": request.args.get("audience") or f"https://github.com/{owner}", "ref": ref, "sha": "0" * 40,
            "repository": repository, "repository_owner": owner, "run_id": self.run_id, "run_number": "7",
            "run_attempt": "1", "actor": "octocat", "workflow": "CI", "event_name": "push", "ref_type": "branch",
            "job_workflow_ref": f"{repository}/.github/workflows/ci.yml@{ref}", "runner_environment": "github-hosted",
            "iss": self.base, "nbf": issued - 5, "exp": issued + lifetime, "iat": issued,
        }
        token = jws.JWS(json.dumps(claims, separators=(",", ":")).encode())
        token.add_signature(self.key, alg="RS256", protected=json.dumps({"alg": "RS256", "kid": self.key.key_id, "typ": "JWT"}))
        value = token.serialize(compact=True)
        with self.lock:
            self.tokens[value] = {"kind": "id_token", "user": claims["sub"], "scopes": [], "revoked": False,
                                 "expires_at": claims["exp"], "source": "actions", "issued_at": issued}
        self.count("tokens_issued")
        return json_response({"count": len(self.tokens), "value": value})

    def control_reset(self, request, body) -> Response:
        response = super().control_reset(request, body)
        with self.lock:
            self.tokens.clear()
        return response


def main(argv: list[str] | None = None) -> int:
    def add_arguments(parser):
        parser.add_argument("--token-lifetime", type=int, default=60)

    def make_app(base, args):
        return FakeActions(base, args.idle_timeout, args.max_lifetime, {"token_lifetime": args.token_lifetime})

    def describe(fake: FakeActions, args) -> dict:
        return {
            "kind": "actions", "issuer": fake.base, "base_url": fake.base, "control_url": fake.base + "/_control",
            # What GitHub sets in the job: the URL carries a query of its own.
            "request_url": fake.base + TOKEN_PATH + "?api-version=2.0", "request_token": fake.request_token,
        }

    return serve(make_app, describe, argv, add_arguments)


if __name__ == "__main__":
    sys.exit(main())
