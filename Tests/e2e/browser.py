"""A scripted stand-in for the system browser, for authctl's end-to-end tests.

authctl launches it as ``<CMD split on spaces> <authorization URL>`` (``--browser CMD`` or
``AUTHCTL_BROWSER``) and does not wait for it. It then behaves like a person at a browser:

1. GET the authorization URL with a cookie jar (``requests``), no automatic redirects;
2. fill in the provider's real login form (django-oauth-toolkit: username/password with the
   CSRF token; oidc-provider-mock: the ``sub`` field), approve (or refuse) consent;
3. follow redirects by hand until ``Location`` points at the client's loopback redirect URI (or a
   page's auto-submitting form posts to it: `response_mode=form_post`, SAML's HTTP-POST binding);
4. GET that callback URL (or POST the form there), then GET ``/favicon.ico`` on the same port like Chromium does
   (errors ignored: the one-shot listener is gone by then).

Options (before the URL) for hostile cases:
  --user NAME --password PW   who signs in (default alice, with her e2e password)
  --deny                      refuse consent: the provider redirects with error=access_denied
  --tamper-state              replace `state` in the callback
  --forged-first              before the real callback, deliver a copy with another `state` (as a
                              hostile local process could), and log how it was answered
  --drop-iss / --wrong-iss    remove / falsify the RFC 9207 `iss` parameter in the callback
  --stray                     first send /favicon.ico, /other, a malformed request line and a
                              >16 KiB header to the listener over raw sockets
  --preconnect                hold an idle TCP connection to the listener open (as Chromium's
                              speculative preconnect does) while delivering the callback
  --idle                      do nothing (for timeout tests)
  --delay SECONDS             wait before starting
  --save-callback FILE        write the final callback URL to FILE
  --no-deliver                stop before calling back (use with --save-callback)
  --log FILE                  append what it did to FILE (the last line is "done status=N")

It prints nothing on stdout or stderr, whatever happens: authctl's streams are the tests'.
"""

from __future__ import annotations

import argparse
import html
import re
import secrets
import socket
import sys
import time
import traceback
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from e2e_constants import USERS  # noqa: E402

MAX_STEPS = 20
HTTP_TIMEOUT = 15


class Log:
    def __init__(self, path: str | None):
        self.path = path

    def __call__(self, message: str) -> None:
        if not self.path:
            return
        stamp = time.strftime("%H:%M:%S")
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(f"{stamp} {message}\n")


# --- HTML forms ---------------------------------------------------------------------------


class Form:
    def __init__(self, attrs: dict):
        self.action = attrs.get("action") or ""
        self.method = (attrs.get("method") or "get").lower()
        self.id = attrs.get("id") or ""
        self.fields: list[dict] = []  # inputs, buttons, textareas, selects: {tag, type, name, value}

    def named(self, name: str) -> list[dict]:
        return [f for f in self.fields if f.get("name") == name]

    def has_type(self, kind: str) -> bool:
        return any(f.get("type") == kind for f in self.fields)

    def values(self, *, include_submit: dict | None = None) -> list[tuple[str, str]]:
        """Successful controls: everything with a name except submit buttons, plus `include_submit`."""
        pairs = []
        for f in self.fields:
            name = f.get("name")
            if not name:
                continue
            if f["tag"] == "button" or f.get("type") in ("submit", "image", "reset", "button"):
                continue
            if f.get("type") in ("checkbox", "radio") and "checked" not in f:
                continue
            pairs.append((name, f.get("value") or ""))
        if include_submit and include_submit.get("name"):
            pairs.append((include_submit["name"], include_submit.get("value") or ""))
        return pairs


class FormParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._current: Form | None = None

    def handle_starttag(self, tag, attrs):
        attributes = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self._current = Form(attributes)
            self.forms.append(self._current)
        elif tag in ("input", "button", "textarea", "select") and self._current is not None:
            field = {"tag": tag, **attributes}
            if tag == "button":
                field.setdefault("type", "submit")
            elif tag == "input":
                field.setdefault("type", "text")
            self._current.fields.append(field)

    def handle_endtag(self, tag):
        if tag == "form":
            self._current = None


def parse_forms(html: str) -> list[Form]:
    parser = FormParser()
    parser.feed(html)
    return parser.forms


# --- the walk through the provider ----------------------------------------------------------


def same_endpoint(url: str, redirect_uri: str | None) -> bool:
    target = urlsplit(url)
    if redirect_uri:
        expected = urlsplit(redirect_uri)
        return (target.scheme, target.netloc, target.path) == (expected.scheme, expected.netloc, expected.path)
    return target.scheme == "http" and target.hostname in ("127.0.0.1", "::1", "localhost")


def choose_submission(forms: list[Form], args, log: Log):
    """Pick the form a person would use on this page and fill it in; (form, pairs) or None."""
    user = args.user
    password = args.password if args.password is not None else USERS.get(user, {}).get("password", "")

    for form in forms:  # a login form (django-oauth-toolkit)
        if form.has_type("password"):
            log(f"login form: signing in as {user}")
            pairs = [(n, v) for n, v in form.values() if n not in ("username", "password")]
            pairs += [("username", user), ("password", password)]
            return form, pairs

    for form in forms:  # oidc-provider-mock: the "Authorize"/"Deny access" page
        if args.deny:
            for f in form.fields:
                if f.get("name") == "action" and f.get("value") == "deny":
                    log("mock consent: Deny access")
                    return form, form.values(include_submit=f)
        elif any(f.get("name") == "sub" and f["tag"] == "input" for f in form.fields):
            log(f"mock consent: Authorize as sub={user}")
            pairs = [(n, v) for n, v in form.values() if n != "sub"] + [("sub", user)]
            return form, pairs

    for form in forms:  # django-oauth-toolkit's consent page
        allow = [f for f in form.fields if f.get("name") == "allow"]
        if allow:
            if args.deny:
                log("consent: Cancel")
                return form, form.values()  # no `allow`: DOT answers access_denied
            log("consent: Authorize")
            return form, form.values(include_submit=allow[0])
    return None


def walk_to_callback(session, auth_url: str, redirect_uri: str | None, args, log: Log) -> tuple[str, list | None]:
    """The client's callback URL, and the form fields when the provider posts its answer there
    (an auto-submitting form: `response_mode=form_post`, SAML's HTTP-POST binding)."""
    response = session.get(auth_url, allow_redirects=False, timeout=HTTP_TIMEOUT)
    for _ in range(MAX_STEPS):
        log(f"{response.request.method} {short(response.url)} -> {response.status_code}")
        if response.is_redirect or response.status_code in (301, 302, 303, 307, 308):
            location = urljoin(response.url, response.headers["Location"])
            if same_endpoint(location, redirect_uri):
                log(f"redirected to the client: {short(location)}")
                return location, None
            response = session.get(location, allow_redirects=False, timeout=HTTP_TIMEOUT)
            continue
        if response.status_code != 200 or "html" not in response.headers.get("Content-Type", ""):
            raise RuntimeError(f"unexpected page {response.status_code}: {response.text[:500]!r}")
        forms = parse_forms(response.text)
        posted = next((f for f in forms if f.method == "post" and same_endpoint(urljoin(response.url, f.action), redirect_uri)), None)
        if posted is not None:
            log(f"the provider posts its answer to the client: {short(posted.action)}")
            return urljoin(response.url, posted.action), posted.values()
        chosen = choose_submission(forms, args, log)
        if chosen is None:
            raise RuntimeError(f"no usable form on {short(response.url)}: {response.text[:800]!r}")
        form, pairs = chosen
        action = urljoin(response.url, form.action) if form.action else response.url
        if form.method == "post":
            response = session.post(action, data=pairs, allow_redirects=False, timeout=HTTP_TIMEOUT,
                                    headers={"Referer": response.url})
        else:
            response = session.get(action, params=pairs, allow_redirects=False, timeout=HTTP_TIMEOUT)
    raise RuntimeError(f"gave up after {MAX_STEPS} steps")


def tamper(callback: str, args, log: Log) -> str:
    parts = urlsplit(callback)
    query = parse_qsl(parts.query, keep_blank_values=True)
    if args.tamper_state:
        query = [(k, v) for k, v in query if k != "state"] + [("state", "tampered-" + secrets.token_urlsafe(16))]
        log("tampered with state")
    if args.drop_iss:
        query = [(k, v) for k, v in query if k != "iss"]
        log("dropped iss")
    if args.wrong_iss:
        query = [(k, v) for k, v in query if k != "iss"] + [("iss", "http://127.0.0.1:9/not-the-issuer")]
        log("replaced iss with a wrong issuer")
    return urlunsplit(parts._replace(query=urlencode(query)))


def page_text(body: str) -> str:
    """The words of a result page's <main> (its title and paragraphs), for the log."""
    main = re.search(r"<main[^>]*>(.*?)</main>", body, re.S)
    text = re.sub(r"<[^>]+>", " ", main.group(1) if main else body)
    return " ".join(html.unescape(text).split())[:400]


def raw_exchange(host: str, port: int, payload: bytes, log: Log, label: str) -> None:
    try:
        with socket.create_connection((host, port), timeout=3) as sock:
            try:
                sock.sendall(payload)
            except OSError as error:
                log(f"stray {label}: send failed ({error.__class__.__name__}) - fine")
            sock.settimeout(3)
            answer = b""
            try:
                while len(answer) < 65536:
                    chunk = sock.recv(4096)
                    if not chunk:
                        break
                    answer += chunk
            except OSError:
                pass
            first = answer.split(b"\r\n", 1)[0].decode("latin-1", "replace")
            log(f"stray {label}: answered {first!r}")
    except OSError as error:
        log(f"stray {label}: {error.__class__.__name__}: {error}")


def send_strays(callback: str, log: Log) -> None:
    parts = urlsplit(callback)
    host, port = parts.hostname, parts.port or 80
    authority = parts.netloc
    raw_exchange(host, port, f"GET /favicon.ico HTTP/1.1\r\nHost: {authority}\r\n\r\n".encode(), log, "favicon")
    raw_exchange(host, port, f"GET /other?x=1 HTTP/1.1\r\nHost: {authority}\r\n\r\n".encode(), log, "/other")
    raw_exchange(host, port, b"THIS IS NOT HTTP AT ALL\r\n\r\n", log, "malformed request line")
    big = "a" * (17 * 1024)
    raw_exchange(host, port, f"GET /callback HTTP/1.1\r\nHost: {authority}\r\nX-Big: {big}\r\n\r\n".encode(),
                 log, "17 KiB header")


def short(url: str) -> str:
    return url if len(url) < 160 else url[:157] + "..."


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(add_help=True)
    parser.add_argument("--user", default="alice")
    parser.add_argument("--password", default=None)
    parser.add_argument("--deny", action="store_true")
    parser.add_argument("--tamper-state", action="store_true")
    parser.add_argument("--forged-first", action="store_true")
    parser.add_argument("--drop-iss", action="store_true")
    parser.add_argument("--wrong-iss", action="store_true")
    parser.add_argument("--stray", action="store_true")
    parser.add_argument("--preconnect", action="store_true")
    parser.add_argument("--idle", action="store_true")
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--save-callback", default=None)
    parser.add_argument("--no-deliver", action="store_true")
    parser.add_argument("--log", default=None)
    parser.add_argument("url")
    try:
        args = parser.parse_args(argv)
    except SystemExit:
        return 2
    log = Log(args.log)
    log(f"browser started: {short(args.url)}")
    status = 1
    idle_socket = None
    try:
        if args.idle:
            log("idle: doing nothing")
            status = 0
            return status
        if args.delay:
            time.sleep(args.delay)
        import requests

        query = dict(parse_qsl(urlsplit(args.url).query))
        redirect_uri = query.get("redirect_uri") or query.get("acs")  # acs: fake_firebase's SAML stand-in
        log(f"redirect_uri in the request: {redirect_uri}")
        with requests.Session() as session:
            callback, form = walk_to_callback(session, args.url, redirect_uri, args, log)
        callback = tamper(callback, args, log)
        if args.save_callback:
            Path(args.save_callback).write_text(callback + "\n")
        if args.no_deliver:
            log("not delivering the callback (--no-deliver)")
            status = 0
            return status
        target = urlsplit(callback)
        if args.preconnect:
            idle_socket = socket.create_connection((target.hostname, target.port or 80), timeout=3)
            log("preconnect: holding an idle connection open")
        if args.stray:
            send_strays(callback, log)
        if args.forged_first:
            forged = urlunsplit(target._replace(query=urlencode(
                [(k, v) for k, v in parse_qsl(target.query, keep_blank_values=True) if k != "state"]
                + [("state", "forged-" + secrets.token_urlsafe(16))])))
            response = requests.get(forged, allow_redirects=False, timeout=HTTP_TIMEOUT)
            log(f"forged callback -> {response.status_code} {page_text(response.text)!r}")
        try:
            if form is not None:
                response = requests.post(callback, data=form, allow_redirects=False, timeout=HTTP_TIMEOUT)
            else:
                response = requests.get(callback, allow_redirects=False, timeout=HTTP_TIMEOUT)
            log(f"callback delivered -> {response.status_code} {page_text(response.text)!r}")
        except requests.RequestException as error:
            log(f"callback delivery failed: {error.__class__.__name__}: {error}")
            raise
        try:
            favicon = urlunsplit((target.scheme, target.netloc, "/favicon.ico", "", ""))
            response = requests.get(favicon, timeout=3)
            log(f"favicon -> {response.status_code}")
        except requests.RequestException as error:
            log(f"favicon: {error.__class__.__name__} (listener closed) - fine")
        status = 0
        return status
    except Exception:  # noqa: BLE001 - never speak on authctl's streams; the log tells
        log("error:\n" + traceback.format_exc())
        status = 1
        return status
    finally:
        if idle_socket is not None:
            idle_socket.close()
        log(f"done status={status}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
