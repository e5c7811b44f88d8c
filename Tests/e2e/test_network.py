"""The network layer against hostile and unusual servers: a deadline over the whole sign-in, a
byte limit that holds while the body streams, no redirects, proxies and private CAs from the
environment, and no files outside authctl's own directories.

Hostile endpoints are the Yahoo fake's faults (fake_github.py: "hang", "drip", "huge",
"redirect"); TLS and the proxy come from network_servers.py.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from accounts_helpers import json_error
from e2e_helpers import E2E, OK, PROVIDER_ERROR, TIMED_OUT, Authctl
from fakes import YAHOO_ID, add_yahoo, yahoo_fake  # noqa: F401  (fixtures)
from network_servers import CLIENT_ID, TLS_HOST, ConnectProxy, TLSProvider, make_ca

#: What the deadline may overrun by: process start, the last transfer's teardown.
DEADLINE_SLACK_SECONDS = 2
#: Peak memory a 50 MB answer may add over a normal sign-in (the issue's bound).
RSS_ALLOWANCE_KIB = 32 * 1024


def detached_browser(cli: Authctl) -> str:
    """A --browser command that hands the URL to the scripted browser and returns at once, so
    that the browser is not authctl's child and authctl's peak RSS is authctl's alone."""
    script = cli.tmp / "detached-browser.sh"
    script.write_text(f'#!/bin/sh\n({cli.browser()} "$1" >/dev/null 2>&1 &)\n')
    script.chmod(0o755)
    return str(script)


def run_measured(cli: Authctl, *args: str, input: str | None = None) -> tuple[int, str, float, int]:
    """Runs authctl; returns its exit status, stderr, wall time and peak RSS (KiB, see peak_rss.py)."""
    report = cli.tmp / "peak-rss.json"
    command = [sys.executable, "-S", str(E2E / "peak_rss.py"), str(report), str(cli.binary), "--home", str(cli.home), *args]
    started = time.monotonic()
    completed = subprocess.run(command, input=input.encode() if input is not None else None,
                               stdin=None if input is not None else subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=cli.env, cwd=cli.tmp, timeout=120)
    measured = json.loads(report.read_text())
    return measured["status"], completed.stderr.decode(errors="replace"), time.monotonic() - started, measured["peak_rss_kib"]


def signin_yahoo(cli: Authctl, timeout: int, *extra: str):
    return run_measured(cli, "signin", "--provider", YAHOO_ID, "--browser", detached_browser(cli),
                        "--timeout", str(timeout), "--json", *extra)


def error_of(stderr: str) -> dict:
    """The --json error: one JSON object, the last line of stderr."""
    lines = stderr.rstrip("\n").splitlines()
    assert lines, "a --json error must be on stderr"
    return json.loads(lines[-1])["error"]


# --- the deadline --------------------------------------------------------------------------------


@pytest.mark.parametrize(("endpoint", "mode"), [("token", "hang"), ("token", "drip"), ("discovery", "drip")])
def test_a_stalled_endpoint_ends_the_signin_at_its_deadline(cli, yahoo_fake, endpoint, mode):
    add_yahoo(cli, yahoo_fake)
    forget_cache(cli)  # providers add fetched discovery; the sign-in must fetch it again
    yahoo_fake.configure(hang_seconds=60, faults={endpoint: mode})
    status, stderr, seconds, _ = signin_yahoo(cli, 15)
    assert status == TIMED_OUT, stderr
    assert seconds <= 15 + DEADLINE_SLACK_SECONDS, f"took {seconds:.1f}s\n{stderr}"
    error = error_of(stderr)
    assert error["code"] == "timeout" and "deadline (15 s, --timeout)" in error["message"], error
    assert not cli.keystore().exists()


def test_other_commands_have_a_deadline_of_their_own(cli, yahoo_fake):
    add_yahoo(cli, yahoo_fake)
    forget_cache(cli)
    yahoo_fake.configure(hang_seconds=60, faults={"discovery": "drip"})
    cli.env["AUTHCTL_TIMEOUT"] = "3"
    status, stderr, seconds, _ = run_measured(cli, "verify", "--provider", YAHOO_ID, "--json",
                                              input="eyJhbGciOiJSUzI1NiJ9.e30.c2ln")
    assert status == TIMED_OUT and seconds <= 3 + DEADLINE_SLACK_SECONDS, f"{seconds:.1f}s\n{stderr}"
    assert "deadline (3 s, AUTHCTL_TIMEOUT)" in error_of(stderr)["message"], stderr


# --- the byte limit ------------------------------------------------------------------------------


@pytest.mark.parametrize("endpoint", ["jwks", "token"])
def test_a_50_mb_answer_is_refused_without_growing_the_process(cli, yahoo_fake, endpoint):
    add_yahoo(cli, yahoo_fake)
    status, stderr, _, normal_rss = signin_yahoo(cli, 30)
    assert status == OK, stderr
    assert cli.run("signout").returncode == OK
    forget_cache(cli)  # the key set is fetched again, from the hostile endpoint
    yahoo_fake.configure(faults={endpoint: "huge"})
    before = cli.snapshot()
    status, stderr, _, hostile_rss = signin_yahoo(cli, 30)
    assert status == PROVIDER_ERROR, stderr
    error = error_of(stderr)
    assert error["code"] == "provider-error" and "bytes; the transfer was stopped" in error["message"], error
    print(f"peak RSS: normal sign-in {normal_rss} KiB, 50 MB {endpoint} answer {hostile_rss} KiB")
    assert hostile_rss <= normal_rss + RSS_ALLOWANCE_KIB, f"peak RSS {hostile_rss} KiB vs {normal_rss} KiB normally"
    assert cli.snapshot() == before


def test_a_redirect_is_not_followed(cli, yahoo_fake, tmp_path):
    add_yahoo(cli, yahoo_fake)
    target = TLSProvider("127.0.0.1", make_ca(tmp_path))  # any server that records what it is asked
    try:
        yahoo_fake.configure(faults={"token": "redirect"}, redirect_to=target.issuer.replace("https", "http") + "/stolen")
        status, stderr, _, _ = signin_yahoo(cli, 30)
        assert status == PROVIDER_ERROR, stderr
        assert "302" in error_of(stderr)["message"], stderr
        assert target.paths == []
    finally:
        target.stop()
    assert not cli.keystore().exists()


# --- proxies and certificate authorities ----------------------------------------------------------


@pytest.fixture
def tls(cli, tmp_path) -> dict[str, Path]:
    """A private CA, and `cli` without the CA variables this machine's environment may set."""
    for name in ("CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"):
        cli.env.pop(name, None)
    return make_ca(tmp_path)


def forget_cache(cli: Authctl) -> None:
    """Drops the cached discovery document and key set, so that the next command fetches them."""
    shutil.rmtree(cli.home / "cache", ignore_errors=True)


def add_tls_provider(cli: Authctl, provider: TLSProvider) -> None:
    # --no-check: these tests are about the trust and proxy settings of the requests that follow,
    # which the check at add time would otherwise make first (and cache).
    result = cli.run("providers", "add", "oidc.tls", "--issuer", provider.issuer, "--client-id", CLIENT_ID, "--no-check")
    assert result.returncode == OK, str(result)


def test_a_private_ca_is_trusted_through_ssl_cert_file_and_named_when_missing(cli, tls):
    provider = TLSProvider("127.0.0.1", tls)
    try:
        add_tls_provider(cli, provider)
        token = provider.sign()
        refused = cli.run("verify", "--provider", "oidc.tls", "--json", input=token)
        assert refused.returncode == PROVIDER_ERROR, str(refused)
        message = json_error(refused)["message"]
        assert "cannot verify the TLS certificate" in message and "SSL_CERT_FILE" in message, message
        assert "(the system default)" in message, message
        trusted = cli.run("verify", "--provider", "oidc.tls", input=token, env={"SSL_CERT_FILE": str(tls["ca"])})
        assert trusted.returncode == OK and '"sub" : "tls-user"' in trusted.stdout.replace('": ', '" : '), str(trusted)
        forget_cache(cli)
        wrong = cli.run("verify", "--provider", "oidc.tls", "--json", input=token, env={"SSL_CERT_FILE": str(tls["cert"].parent / "none.pem")})
        assert wrong.returncode == PROVIDER_ERROR and "none.pem (SSL_CERT_FILE)" in json_error(wrong)["message"], str(wrong)
    finally:
        provider.stop()


def test_requests_go_through_the_https_proxy(cli, tls):
    provider = TLSProvider(TLS_HOST, tls)  # provider.test: only the proxy can resolve it
    proxy = ConnectProxy({TLS_HOST: "127.0.0.1"})
    port = provider.issuer.rsplit(":", 1)[1]
    try:
        add_tls_provider(cli, provider)
        token = provider.sign()
        env = {"SSL_CERT_FILE": str(tls["ca"])}
        direct = cli.run("verify", "--provider", "oidc.tls", "--json", input=token, env=env)
        assert direct.returncode == PROVIDER_ERROR and TLS_HOST in json_error(direct)["message"], str(direct)
        proxied = cli.run("verify", "--provider", "oidc.tls", input=token, env={**env, "HTTPS_PROXY": proxy.url})
        assert proxied.returncode == OK, str(proxied)
        assert f"{TLS_HOST}:{port}" in proxy.tunnels
        forget_cache(cli)
        bypassed = cli.run("verify", "--provider", "oidc.tls", "--json", input=token,
                           env={**env, "HTTPS_PROXY": proxy.url, "NO_PROXY": TLS_HOST})
        assert bypassed.returncode == PROVIDER_ERROR, str(bypassed)
    finally:
        proxy.stop()
        provider.stop()
    forget_cache(cli)
    dead = cli.run("verify", "--provider", "oidc.tls", "--json", input=token, env={**env, "https_proxy": proxy.url})
    assert dead.returncode == PROVIDER_ERROR, str(dead)
    assert f"through the proxy {proxy.url} (from https_proxy)" in json_error(dead)["message"], str(dead)


# --- the library and the machine ------------------------------------------------------------------


def test_a_missing_libcurl_is_named_with_the_package_to_install(cli, tls):
    provider = TLSProvider("127.0.0.1", tls)
    try:
        add_tls_provider(cli, provider)
        env = {"AUTHCTL_LIBCURL": "/nonexistent/libcurl.so.4"}
        result = cli.run("verify", "--provider", "oidc.tls", "--json", input=provider.sign(), env=env)
        assert result.returncode == PROVIDER_ERROR, str(result)
        assert "apt install libcurl4" in json_error(result)["message"], str(result)
        # Commands that send nothing never load it.
        assert cli.run("providers", "list", env=env).returncode == OK
        assert cli.run("whoami", "--check", env=env).returncode == 3
        assert provider.paths == []
    finally:
        provider.stop()


def test_nothing_is_written_outside_authctls_own_directories(cli, yahoo_fake):
    user_home = Path(cli.env["HOME"])
    env = {key: value for key, value in cli.env.items() if not key.startswith("XDG_")}
    for args in (["--version"], ["whoami", "--check"], ["providers", "list"]):
        subprocess.run([str(cli.binary), *args], env=env, cwd=cli.tmp, capture_output=True, timeout=30)
    add = subprocess.run([str(cli.binary), "providers", "add", YAHOO_ID, "--client-id", yahoo_fake.client_id,
                          "--client-secret-stdin", "--issuer", yahoo_fake.issuer], env=env, cwd=cli.tmp,
                         input=(yahoo_fake.client_secret + "\n").encode(), capture_output=True, timeout=30)
    assert add.returncode == OK, add
    signin = subprocess.run([str(cli.binary), "signin", "--provider", YAHOO_ID, "--browser", cli.browser(),
                             "--timeout", "30"], env=env, cwd=cli.tmp, capture_output=True, timeout=60)
    assert signin.returncode == OK, signin
    everything = sorted(str(path.relative_to(user_home)) for path in user_home.rglob("*"))
    assert not [path for path in everything if "org.swift" in path or path.startswith(".local")], everything
    assert {path.split("/")[0] for path in everything} <= {".config", ".cache"}, everything
    assert any(path.startswith(".cache/authctl/") for path in everything), everything  # discovery, JWKS
    assert not any(path.startswith(".config/authctl/cache") for path in everything), everything
