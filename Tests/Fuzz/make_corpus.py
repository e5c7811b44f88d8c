"""Writes the fuzz targets' seed corpora into Tests/Fuzz/Corpus/<target>/ (committed).

    .venv/bin/python Tests/Fuzz/make_corpus.py

Every seed is made here: keys are generated on the spot (with `cryptography`, from the e2e venv),
tokens signed with them, documents shaped like the ones authctl writes. Rerun it after a format
changes; the fuzzer grows its own corpus in .build-fuzz/corpus from these.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
from pathlib import Path

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "Corpus"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def uint(value: int, length: int | None = None) -> str:
    length = length or (value.bit_length() + 7) // 8
    return b64url(value.to_bytes(length, "big"))


def keys():
    rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    ec_key = ec.generate_private_key(ec.SECP256R1())
    numbers = rsa_key.public_key().public_numbers()
    point = ec_key.public_key().public_numbers()
    rsa_jwk = {"kty": "RSA", "kid": "rsa-1", "alg": "RS256", "use": "sig", "n": uint(numbers.n), "e": uint(numbers.e)}
    ec_jwk = {"kty": "EC", "kid": "ec-1", "crv": "P-256", "x": uint(point.x, 32), "y": uint(point.y, 32)}
    return rsa_key, ec_key, rsa_jwk, ec_jwk


def jws(header: dict, claims: dict, sign) -> str:
    signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(claims).encode())
    return signing_input + "." + b64url(sign(signing_input.encode()))


def es256(key):
    from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

    def sign(data: bytes) -> bytes:
        r, s = decode_dss_signature(key.sign(data, ec.ECDSA(hashes.SHA256())))
        return r.to_bytes(32, "big") + s.to_bytes(32, "big")
    return sign


CLAIMS = {"iss": "https://idp.example.com", "aud": "authctl", "sub": "248289761001", "iat": 1750000000,
          "exp": 1750003600, "nonce": "n-0S6", "email": "alice@example.com", "email_verified": True}


def seeds() -> dict[str, dict[str, bytes]]:
    rsa_key, ec_key, rsa_jwk, ec_jwk = keys()
    rs256 = jws({"alg": "RS256", "kid": "rsa-1", "typ": "JWT"}, CLAIMS,
                lambda data: rsa_key.sign(data, padding.PKCS1v15(), hashes.SHA256()))
    ps256 = jws({"alg": "PS256", "kid": "rsa-1"}, CLAIMS,
                lambda data: rsa_key.sign(data, padding.PSS(padding.MGF1(hashes.SHA256()), 32), hashes.SHA256()))
    es = jws({"alg": "ES256", "kid": "ec-1"}, CLAIMS, es256(ec_key))
    jwks = json.dumps({"keys": [rsa_jwk, ec_jwk]}).encode()
    session = {"providerID": "oidc.corp", "accessToken": "at-1", "refreshToken": "rt-1", "idToken": rs256,
               "tokenType": "Bearer", "expiresAt": 1750003600.5, "obtainedAt": 1750000000.25, "scope": "openid email"}
    user = {"uid": "u-1", "email": "alice@example.com", "emailVerified": True, "createdAt": 1750000000,
            "lastSignInAt": 1750000000, "lastAuthenticatedAt": 1750000000,
            "providerData": [{"providerID": "oidc.corp", "uid": "248289761001", "email": "alice@example.com"}]}
    keystore = {"version": 1, "currentUID": "u-1",
                "accounts": [{"user": user, "sessions": [session], "lastProviderID": "oidc.corp"}]}
    journal = {"version": 1, "entries": [{"providerID": "oidc.corp", "uid": "u-1",
                                          "sentTokenDigest": hashlib.sha256(b"rt-1").hexdigest(), "sentAt": 1750000000,
                                          "answer": json.dumps({"access_token": "at-2", "token_type": "Bearer"}),
                                          "receivedAt": 1750000001}]}
    return {
        "loopback-request": {
            "callback": b"GET /callback?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj&iss=https%3A%2F%2Fidp.example.com HTTP/1.1\r\n"
                        b"Host: 127.0.0.1:49152\r\nUser-Agent: fuzz\r\nAccept: */*\r\n\r\n",
            "absolute-form": b"GET http://127.0.0.1:49152/callback?error=access_denied&state=x HTTP/1.0\r\n\r\n",
            "head-repeats": b"HEAD /callback?code=a&code=b&state=%zz+%20 HTTP/1.1\r\nHost: [::1]:1\r\nX: y\r\n\r\n",
            "favicon-partial": b"GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1",
        },
        "json": {
            "discovery": json.dumps({"issuer": "https://idp.example.com", "jwks_uri": "https://idp.example.com/jwks",
                                     "token_endpoint": "https://idp.example.com/token",
                                     "code_challenge_methods_supported": ["S256"]}).encode(),
            "token-response": json.dumps({"access_token": "a", "expires_in": 3600, "refresh_token": "r",
                                          "token_type": "Bearer", "id_token": rs256}).encode(),
            "escapes-numbers": b'{"a":"\\u00e9\\ud83d\\ude00\\n\\"","b":[-0.5e-3,1E+2,0,true,false,null],"c":{}}',
            "nested": b"[[[[[[[[[[{}]]]]]]]]]]",
        },
        "jws": {
            "rs256": b"\x00" + rs256.encode(),
            "ps256": b"\x00" + ps256.encode(),
            "es256": b"\x00" + es.encode(),
            "jwk-rsa": b"\x01" + json.dumps(rsa_jwk).encode(),
            "jwk-ec": b"\x01" + json.dumps(ec_jwk).encode(),
            "jwks": b"\x02" + jwks,
        },
        "pasted-redirect": {
            "url": b"http://127.0.0.1:49152/callback?code=abc&state=xyz&iss=https%3A%2F%2Fidp.example.com",
            "query": b"code=abc&state=xyz",
            "bare-code": b"4/0AX4XfWh-code",
            "https-redirect": b"  https://example.com/authctl/callback?state=s&code=c#fragment\n",
        },
        "keystore": {
            "keystore": json.dumps(keystore, indent=2).encode(),
            "journal": json.dumps(journal).encode(),
            "empty": b'{"version": 1}',
            "newer": b'{"version": 99, "accounts": []}',
        },
        "argv": {
            "signin": b"signin\x00--provider\x00github.com\x00--scope\x00read:org\x00--param\x00prompt=login",
            "token": b"--json\x00token\x00--provider=oidc.corp\x00--min-valid\x003600",
            "providers-add": b"providers\x00add\x00oidc.corp\x00--issuer\x00https://idp.example.com\x00--client-id\x00c",
            "help": b"signout\x00--revoke\x00--help",
            "typo": b"whoam\x00--chek\x00--timeout\x00inf",
            "dashes": b"verify\x00--provider\x00oidc.x\x00--nonce\x00-abc\x00--\x00-",
        },
    }


def main() -> None:
    for target, files in seeds().items():
        directory = CORPUS / target
        shutil.rmtree(directory, ignore_errors=True)
        directory.mkdir(parents=True)
        for name, data in files.items():
            (directory / name).write_bytes(data)
    print(f"wrote {sum(len(f) for f in seeds().values())} seeds under {CORPUS}")


if __name__ == "__main__":
    main()
