"""Loopback servers for the network-layer tests (test_network.py): a TLS OpenID provider with a
private CA, and an HTTP CONNECT proxy.

- ``make_ca(tmp)``: a throw-away CA and a server certificate for `provider.test` and 127.0.0.1,
  written as PEM files (``ca.pem``, ``server.pem``, ``server.key``); returns their paths.
- ``TLSProvider(host, tls)``: https on 127.0.0.1 (any port) serving a discovery document whose
  issuer is ``https://<host>:<port>``, and a JWK set; ``sign(claims)`` makes an RS256 ID token
  it verifies; ``paths`` lists what was requested.
- ``ConnectProxy(resolve)``: an HTTP/1.1 CONNECT proxy on 127.0.0.1; ``resolve`` maps the host
  names it is asked for to addresses (it knows `provider.test`; the client does not).
  ``tunnels`` lists each "host:port" it was asked to connect to.
"""

from __future__ import annotations

import datetime
import ipaddress
import json
import select
import socket
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from socketserver import StreamRequestHandler, ThreadingTCPServer

from jwcrypto import jwk, jwt

CLIENT_ID = "authctl-tls"
TLS_HOST = "provider.test"


def send_json(handler: BaseHTTPRequestHandler, status: int, value) -> None:
    """Answers the request `handler` is serving with `value` as JSON."""
    data = json.dumps(value).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


def make_ca(directory: Path) -> dict[str, Path]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "authctl e2e CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
          .not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True, content_commitment=False,
                                       key_encipherment=False, data_encipherment=False, key_agreement=False,
                                       encipher_only=False, decipher_only=False), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    server = (x509.CertificateBuilder()
              .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, TLS_HOST)]))
              .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
              .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
              .add_extension(x509.SubjectAlternativeName([x509.DNSName(TLS_HOST),
                                                          x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
              .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
              .sign(ca_key, hashes.SHA256()))
    paths = {"ca": directory / "ca.pem", "cert": directory / "server.pem", "key": directory / "server.key"}
    paths["ca"].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths["cert"].write_bytes(server.public_bytes(serialization.Encoding.PEM))
    paths["key"].write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                               serialization.NoEncryption()))
    return paths


class TLSProvider:
    """Discovery and JWKS over https, for `authctl verify`; stop() when done."""

    def __init__(self, host: str, tls: dict[str, Path]):
        self.key = jwk.JWK.generate(kty="RSA", size=2048, kid="tls-1", use="sig", alg="RS256")
        self.paths: list[str] = []
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - http.server's name
                provider.paths.append(self.path)
                if self.path == "/.well-known/openid-configuration":
                    body = provider.discovery()
                elif self.path == "/jwks":
                    body = {"keys": [json.loads(provider.key.export_public())]}
                else:
                    self.send_error(404)
                    return
                send_json(self, 200, body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(str(tls["cert"]), str(tls["key"]))
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.issuer = f"https://{host}:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def discovery(self) -> dict:
        return {
            "issuer": self.issuer, "authorization_endpoint": self.issuer + "/authorize",
            "token_endpoint": self.issuer + "/token", "jwks_uri": self.issuer + "/jwks",
            "response_types_supported": ["code"], "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"], "code_challenge_methods_supported": ["S256"],
        }

    def sign(self, **claims) -> str:
        now = int(time.time())
        body = {"iss": self.issuer, "aud": CLIENT_ID, "sub": "tls-user", "iat": now, "exp": now + 300, **claims}
        token = jwt.JWT(header={"alg": "RS256", "kid": self.key.kid, "typ": "JWT"}, claims=body)
        token.make_signed_token(self.key)
        return token.serialize()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class ConnectProxy:
    """An HTTP CONNECT proxy that resolves names itself; stop() when done."""

    def __init__(self, resolve: dict[str, str]):
        self.tunnels: list[str] = []
        proxy = self

        class Handler(StreamRequestHandler):
            def handle(self):
                request_line = self.rfile.readline(8192).decode("latin-1").strip()
                while self.rfile.readline(8192).strip():
                    pass  # the request's headers
                method, _, target = request_line.partition(" ")
                target = target.rsplit(" ", 1)[0]
                if method != "CONNECT":
                    self.wfile.write(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
                    return
                proxy.tunnels.append(target)
                host, _, port = target.rpartition(":")
                try:
                    upstream = socket.create_connection((resolve.get(host, host), int(port)), timeout=5)
                except OSError:
                    self.wfile.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
                    return
                self.wfile.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
                self.wfile.flush()
                relay(self.connection, upstream)

            # keep the request's bytes unbuffered past the head: the TLS handshake follows
            rbufsize = 0

        ThreadingTCPServer.allow_reuse_address = True
        self.server = ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def relay(client: socket.socket, upstream: socket.socket) -> None:
    """Copies bytes both ways until either side closes (at most a minute)."""
    deadline = time.monotonic() + 60
    with upstream:
        while time.monotonic() < deadline:
            readable, _, _ = select.select([client, upstream], [], [], 1)
            for source in readable:
                data = source.recv(65536)
                if not data:
                    return
                (upstream if source is client else client).sendall(data)
