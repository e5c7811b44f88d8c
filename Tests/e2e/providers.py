"""Start and stop the real OpenID providers used by the e2e tests and the demo.

    from providers import start_provider
    with start_provider("dot") as idp:      # or "mock"
        idp.issuer, idp.client_id, idp.client_secret, idp.public_client_id, idp.users

Each provider runs as a subprocess of the venv's python (``serve_dot.py`` / ``serve_mock.py``)
on 127.0.0.1 with a port the OS picks; ``start_provider`` returns once discovery answers and
its ``issuer`` equals the issuer the provider announced. Request logs go to ``idp.log_path``.

Run directly to keep one up by hand:  <venv python> Tests/e2e/providers.py dot|mock
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests

HERE = Path(__file__).resolve().parent
KINDS = {"dot": HERE / "serve_dot.py", "mock": HERE / "serve_mock.py"}


class ProviderError(RuntimeError):
    pass


@dataclass
class Provider:
    kind: str
    issuer: str
    port: int
    client_id: str
    client_secret: str
    public_client_id: str
    users: dict
    log_path: Path
    process: subprocess.Popen = field(repr=False)
    # django-oauth-toolkit's client-credentials client (RFC 6749 §4.4); empty for the mock.
    machine_client_id: str = ""
    machine_client_secret: str = field(default="", repr=False)
    # django-oauth-toolkit's app registered "in the Firebase console" (handler page + localhost).
    console_client_id: str = ""
    console_client_secret: str = field(default="", repr=False)
    # django-oauth-toolkit's second confidential and public apps; empty for the mock.
    twin_client_id: str = ""
    twin_client_secret: str = field(default="", repr=False)
    twin_public_client_id: str = ""

    def app(self, *, public: bool = False, twin: bool = False) -> tuple[str, str]:
        """(client_id, client_secret) of the confidential app, the public one (no secret), or
        (`twin`) django-oauth-toolkit's second app of that kind."""
        if public:
            return (self.twin_public_client_id if twin else self.public_client_id), ""
        return (self.twin_client_id, self.twin_client_secret) if twin else (self.client_id, self.client_secret)

    @property
    def discovery_url(self) -> str:
        return self.issuer + "/.well-known/openid-configuration"

    def discovery(self) -> dict:
        response = requests.get(self.discovery_url, timeout=5)
        response.raise_for_status()
        return response.json()

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        if self.process.stdout:
            self.process.stdout.close()

    def __enter__(self) -> "Provider":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def start_provider(
    kind: str,
    *,
    args: list[str] | tuple[str, ...] = (),
    log_dir: str | os.PathLike | None = None,
    python: str | None = None,
    timeout: float = 30.0,
) -> Provider:
    """Start provider `kind` ("dot" or "mock"); return when its discovery document answers."""
    if kind not in KINDS:
        raise ValueError(f"unknown provider kind {kind!r}; expected one of {sorted(KINDS)}")
    log_dir = Path(log_dir or tempfile.mkdtemp(prefix=f"{kind}-idp-"))
    log_dir.mkdir(parents=True, exist_ok=True)
    log_path = log_dir / f"{kind}-provider.log"
    command = [python or sys.executable, str(KINDS[kind]), *args]
    if kind == "dot":
        command += ["--workdir", str(log_dir / "dot-db")]
    process = spawn_server(command, log_path)
    try:
        info = read_ready_line(process, timeout, log_path)
        provider = Provider(
            kind=kind,
            issuer=info["issuer"],
            port=info["port"],
            client_id=info["client_id"],
            client_secret=info["client_secret"],
            public_client_id=info["public_client_id"],
            users=info["users"],
            log_path=log_path,
            process=process,
            machine_client_id=info.get("machine_client_id", ""),
            machine_client_secret=info.get("machine_client_secret", ""),
            console_client_id=info.get("console_client_id", ""),
            console_client_secret=info.get("console_client_secret", ""),
            twin_client_id=info.get("twin_client_id", ""),
            twin_client_secret=info.get("twin_client_secret", ""),
            twin_public_client_id=info.get("twin_public_client_id", ""),
        )
        _wait_for_discovery(provider, deadline=time.monotonic() + timeout)
        return provider
    except BaseException:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=5)
        raise


def spawn_server(command: list[str], log_path: Path) -> subprocess.Popen:
    """Starts a loopback server script (a provider or a fake) that will print one JSON ready line
    on stdout; its stderr goes to `log_path`. Callers read the line with ``read_ready_line`` and
    kill the process if anything after the start fails."""
    log_file = open(log_path, "ab")
    process = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=log_file,
        cwd=str(HERE),
        env=dict(os.environ, PYTHONUNBUFFERED="1", NO_COLOR="1"),
        start_new_session=True,  # a Ctrl-C in the terminal reaches us, and we stop it ourselves
    )
    log_file.close()
    return process


def read_ready_line(process: subprocess.Popen, timeout: float, log_path: Path) -> dict:
    assert process.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    buffer = b""
    while b"\n" not in buffer:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise ProviderError(f"provider did not start within {timeout:.0f}s; log: {log_path}")
        if not selector.select(timeout=min(remaining, 0.5)):
            if process.poll() is not None:
                break
            continue
        chunk = os.read(process.stdout.fileno(), 65536)
        if not chunk:
            break
        buffer += chunk
    selector.close()
    if b"\n" not in buffer:
        tail = log_path.read_text(errors="replace")[-3000:]
        raise ProviderError(f"provider exited before it was ready (status {process.poll()}):\n{tail}")
    return json.loads(buffer.split(b"\n", 1)[0])


def _wait_for_discovery(provider: Provider, deadline: float) -> None:
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        if not provider.alive():
            raise ProviderError(f"provider died:\n{provider.log_tail()}")
        try:
            document = provider.discovery()
            if document.get("issuer") != provider.issuer:
                raise ProviderError(
                    f"discovery issuer {document.get('issuer')!r} != configured issuer {provider.issuer!r}"
                )
            return
        except requests.RequestException as error:
            last_error = error
            time.sleep(0.1)
    raise ProviderError(f"discovery never answered at {provider.discovery_url}: {last_error}")


def main(argv: list[str]) -> int:
    if len(argv) < 1 or argv[0] not in KINDS:
        print(f"usage: {Path(sys.argv[0]).name} dot|mock [serve args...]", file=sys.stderr)
        return 2
    started = time.monotonic()
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))  # stop the provider on the way out
    with start_provider(argv[0], args=argv[1:]) as provider:
        print(json.dumps({
            "issuer": provider.issuer,
            "client_id": provider.client_id,
            "client_secret": provider.client_secret,
            "public_client_id": provider.public_client_id,
            "users": provider.users,
            "log": str(provider.log_path),
            "startup_seconds": round(time.monotonic() - started, 2),
        }, indent=2), flush=True)
        try:
            provider.process.wait()
        except (KeyboardInterrupt, SystemExit):
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
