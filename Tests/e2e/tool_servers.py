"""Servers the credential helpers are tested against, each checking the token for real.

- ``GitServer``: git's own ``git http-backend`` (CGI) behind HTTP Basic authentication; the
  password must be an access token the identity provider's userinfo endpoint accepts. With
  ``forward``, it is laid out as a GitHub Enterprise Server: everything but ``/repo.git`` goes
  to the GitHub fake, so git, OAuth and the REST API share one host, as on a real server.
- ``KubeAPIServer``: enough of a Kubernetes API server for ``kubectl get --raw``: it takes a
  bearer token only if it is an ID token of the provider (JWKS signature, iss, aud, exp), as the
  API server's OIDC authenticator does.

Both record what they accepted, so a test can tell the token reached them.
"""

from __future__ import annotations

import base64
import json
import os
import ssl
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable

import requests
from jwcrypto import jwk, jwt

from network_servers import make_ca, send_json


class LoopbackServer:
    """An HTTP(S) server on 127.0.0.1 serving `handler` in a thread; the handler reaches the
    server object as `self.server.owner`, which counts what it accepted and refused."""

    handler: type

    def __init__(self, tls_context: ssl.SSLContext | None = None):
        self.accepted: list[str] = []
        self.refused = 0
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self.handler)
        if tls_context is not None:
            self.httpd.socket = tls_context.wrap_socket(self.httpd.socket, server_side=True)
        self.httpd.owner = self
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class _GitHandler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def _refuse(self) -> None:
        self.server.owner.refused += 1
        self.send_response(401)
        self.send_header("WWW-Authenticate", 'Basic realm="authctl e2e git"')
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _forward(self) -> None:
        owner = self.server.owner
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        headers = {name: value for name, value in self.headers.items() if name.lower() not in ("host", "content-length")}
        answer = requests.request(self.command, owner.forward + self.path, data=body, headers=headers,
                                  allow_redirects=False, timeout=30)
        self.send_response(answer.status_code)
        for name, value in answer.headers.items():
            if name.lower() not in ("content-length", "transfer-encoding", "connection", "content-encoding"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(answer.content)))
        self.end_headers()
        self.wfile.write(answer.content)

    def _serve(self) -> None:
        owner = self.server.owner
        if owner.forward and not self.path.startswith("/repo.git"):
            return self._forward()
        header = self.headers.get("Authorization", "")
        if not header.startswith("Basic "):
            return self._refuse()
        username, _, password = base64.b64decode(header[6:]).decode().partition(":")
        if password in owner.turned_down:
            return self._refuse()
        answer = requests.get(owner.userinfo, headers={"Authorization": f"Bearer {password}"}, timeout=10)
        if answer.status_code != 200:
            return self._refuse()
        profile = answer.json()
        owner.accepted.append(f"{username}:{profile.get('sub') or profile.get('login')}")
        path, _, query = self.path.partition("?")
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        environment = {
            **os.environ, "GIT_PROJECT_ROOT": str(owner.root), "GIT_HTTP_EXPORT_ALL": "1", "REQUEST_METHOD": self.command,
            "PATH_INFO": path, "QUERY_STRING": query, "CONTENT_TYPE": self.headers.get("Content-Type", ""),
            "CONTENT_LENGTH": str(len(body)), "REMOTE_USER": username, "REMOTE_ADDR": "127.0.0.1",
            "GIT_PROTOCOL": self.headers.get("Git-Protocol", ""),
        }
        cgi = subprocess.run(["git", "http-backend"], input=body, capture_output=True, env=environment, timeout=60)
        head, _, content = cgi.stdout.partition(b"\r\n\r\n")
        status = 200
        headers = []
        for line in head.decode().split("\r\n"):
            name, _, value = line.partition(":")
            if name.lower() == "status":
                status = int(value.split()[0])
            elif name:
                headers.append((name, value.strip()))
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        self.wfile.write(content)

    do_GET = _serve
    do_POST = _serve


class GitServer(LoopbackServer):
    """A bare repository `repo.git` with one commit, served at http://127.0.0.1:PORT/repo.git."""

    handler = _GitHandler

    def __init__(self, root: Path, userinfo: str | None = None, forward: str | None = None):
        """`userinfo` checks the tokens; with `forward` (the GitHub fake), its `/api/v3/user` does."""
        self.root = root
        self.forward = forward
        self.userinfo = userinfo or f"{forward}/api/v3/user"
        # Tokens this server turns down whatever the provider says (as one that revoked them itself).
        self.turned_down: set[str] = set()
        work = root / "work"
        git = ["git", "-c", "user.name=e2e", "-c", "user.email=e2e@example.com", "-c", "init.defaultBranch=main"]
        subprocess.run(git + ["init", "-q", str(work)], check=True)
        (work / "README").write_text("cloned through authctl git-credential\n")
        subprocess.run(git + ["-C", str(work), "add", "README"], check=True)
        subprocess.run(git + ["-C", str(work), "commit", "-q", "-m", "first"], check=True)
        subprocess.run(["git", "clone", "-q", "--bare", str(work), str(root / "repo.git")], check=True)
        super().__init__()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"{self.base}/repo.git"


class _KubeHandler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self) -> None:
        owner = self.server.owner
        header = self.headers.get("Authorization", "")
        claims = owner.verify(header[7:]) if header.startswith("Bearer ") else None
        if claims is None:
            owner.refused += 1
            body = {"kind": "Status", "apiVersion": "v1", "status": "Failure", "reason": "Unauthorized", "code": 401}
            status = 401
        else:
            owner.accepted.append(claims["sub"])
            body = {"kind": "APIVersions", "versions": ["v1"], "serverAddressByClientCIDRs": []}
            status = 200
        send_json(self, status, body)


class KubeAPIServer(LoopbackServer):
    """Takes ID tokens of `issuer` for `audience`, as kube-apiserver's --oidc-* flags would."""

    handler = _KubeHandler

    def __init__(self, issuer: str, audience: str, tls_directory: Path):
        """Serves https with a private CA in `tls_directory` (``ca_pem``): client-go sends no
        credentials over plain http."""
        self.issuer = issuer
        self.audience = audience
        jwks_uri = requests.get(issuer + "/.well-known/openid-configuration", timeout=10).json()["jwks_uri"]
        self.keys = jwk.JWKSet.from_json(requests.get(jwks_uri, timeout=10).text)
        tls_directory.mkdir(parents=True, exist_ok=True)
        tls = make_ca(tls_directory)
        self.ca_pem = tls["ca"].read_bytes()
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(str(tls["cert"]), str(tls["key"]))
        super().__init__(context)

    def verify(self, token: str) -> dict | None:
        try:
            checked = jwt.JWT(jwt=token, key=self.keys, algs=["RS256", "ES256", "PS256"],
                              check_claims={"iss": self.issuer, "aud": self.audience, "exp": None})
        except Exception:  # any failure is a refusal, as for the real authenticator
            return None
        claims = json.loads(checked.claims)
        return claims if claims.get("exp", 0) > time.time() else None

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}"


class _BearerHandler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self) -> None:
        owner = self.server.owner
        header = self.headers.get("Authorization", "")
        good = header.startswith("Bearer ") and owner.accepts(header[len("Bearer "):])
        if good:
            owner.accepted.append(self.path)
        else:
            owner.refused += 1
        send_json(self, 200 if good else 401, {"path": self.path, "ok": good})


class BearerAPI(LoopbackServer):
    """A loopback API: 200 for a request whose bearer token `accepts` says is good (the paths
    go to `accepted`), else 401."""

    handler = _BearerHandler

    def __init__(self, accepts: Callable[[str], bool]):
        self.accepts = accepts
        super().__init__()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"
