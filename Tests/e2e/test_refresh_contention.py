"""Refresh under contention, the issue's acceptance test: 20 `authctl token` processes at once.

django-oauth-toolkit rotates refresh tokens and, on reuse, revokes the whole token family
(REFRESH_TOKEN_REUSE_PROTECTION, no grace period). If two authctl processes refreshed with the
same refresh token, the second would be refused and the family killed: some processes would
fail, and the next refresh too. authctl holds the keystore lock across the refresh and re-reads
the keystore under it, so the provider must see exactly one refresh grant.

The provider's count of refresh grants comes from two places, both DOT's own: its request log
(`POST /o/token/` lines after the sign-in: every refresh attempt, refused ones included) and its
database (refresh tokens issued: the refreshes that succeeded).

This module starts its own DOT whose access tokens live LIFETIME seconds, so that its log and
database hold this module's requests only.
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
import time

import pytest
import requests

from e2e_helpers import OK
from providers import Provider, start_provider

pytestmark = pytest.mark.dot

PROCESSES = 20
LIFETIME = 30  # seconds: DOT's access (and ID) tokens in this module
# authctl never refreshes a token that still has 90% of its lifetime left (a refresh could not give
# a longer-lived one). Past this age, a --min-valid above the lifetime makes it refresh.
REFRESH_DUE_SECONDS = LIFETIME * 0.1 + 0.5
TOKEN_POST = re.compile(r'"(?:\x1b\[[0-9;]*m)*POST /o/token/ HTTP/1\.1[^"]*" (\d{3})')


@pytest.fixture(scope="module")
def contention_dot(tmp_path_factory):
    try:
        provider = start_provider("dot", args=["--access-token-seconds", str(LIFETIME)],
                                  log_dir=tmp_path_factory.mktemp("dot-contention"))
    except Exception as error:  # noqa: BLE001 - a missing prerequisite fails, it never skips
        pytest.fail(f"could not start the django-oauth-toolkit provider: {error}", pytrace=False)
    yield provider
    provider.stop()


class TokenEndpointLog:
    """`POST /o/token/` requests in DOT's request log after a mark."""

    def __init__(self, provider: Provider):
        self.path = provider.log_path
        self.offset = self.path.stat().st_size

    def statuses(self) -> list[int]:
        time.sleep(0.3)  # werkzeug logs after answering
        with open(self.path, "rb") as log:
            log.seek(self.offset)
            text = log.read().decode(errors="replace")
        return [int(status) for status in TOKEN_POST.findall(text)]


def refresh_grants(provider: Provider) -> int:
    """Refresh tokens DOT has issued so far, from its database. Every successful grant (code or
    refresh) creates one row, and rotation only marks the old row revoked, so after the sign-in the
    increase is the number of successful refresh grants. (Access tokens are no counter: DOT deletes
    the old one on rotation.)"""
    database = provider.log_path.parent / "dot-db" / "db.sqlite3"
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10) as connection:
        [(count,)] = connection.execute(
            "SELECT COUNT(*) FROM oauth2_provider_refreshtoken").fetchall()
    return count


def _token(cli, *options: str) -> str:
    result = cli.run("token", *options)
    assert result.returncode == OK, str(result)
    return result.stdout.strip()


def _all_at_once(cli, *options: str) -> list[tuple[int, str, str]]:
    """PROCESSES `authctl token` started together; [(status, stdout, stderr)] once all ended."""
    env = {"AUTHCTL_LOCK_TIMEOUT": "60"}
    processes = [cli.popen("token", *options, env=env) for _ in range(PROCESSES)]
    deadline = time.monotonic() + 120
    results = []
    try:
        for process in processes:
            try:
                out, err = process.communicate(timeout=max(1.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                raise AssertionError(f"an `authctl token` did not finish within 120 s\n{cli.diagnostics()}") from None
            results.append((process.returncode, out.decode(errors="replace"), err.decode(errors="replace")))
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=5)
    return results


def _describe(results) -> str:
    return "\n".join(f"[{i}] exit {code} stdout={out.strip()[:24]!r}... stderr={err.strip()!r}"
                     for i, (code, out, err) in enumerate(results))


def _accepted(provider: Provider, token: str) -> bool:
    response = requests.get(provider.discovery()["userinfo_endpoint"], headers={"Authorization": f"Bearer {token}"},
                            timeout=10)
    return response.status_code == 200


def _check_one_refresh(cli, provider: Provider, old: str, results, log: TokenEndpointLog, grants_before: int) -> str:
    failed = [r for r in results if r[0] != OK]
    assert not failed, f"{len(failed)} of {PROCESSES} failed (a race: DOT revokes the family on reuse)\n" \
                       f"{_describe(results)}\n{cli.diagnostics()}"
    printed = {out.strip() for _, out, _ in results}
    attempts = log.statuses()
    grants = refresh_grants(provider) - grants_before
    context = (f"distinct tokens printed: {len(printed)}; refresh requests at DOT: {attempts}; "
               f"successful refresh grants: {grants}\n{_describe(results)}")
    assert len(printed) == 1, f"all {PROCESSES} must print the same token\n{context}"
    [new] = printed
    assert new and new != old, f"the token was not refreshed\n{context}"
    assert attempts == [200], f"DOT must see exactly one refresh request\n{context}"
    assert grants == 1, context
    assert _accepted(provider, new), "DOT does not accept the refreshed token"
    return new


def test_twenty_processes_refresh_once(cli, contention_dot):
    """The refreshed token satisfies --min-valid: every waiter must find it under the lock."""
    min_valid = LIFETIME - 10
    cli.add_provider(contention_dot)
    result = cli.signin()
    assert result.returncode == OK, str(result)
    signed_in_at = time.monotonic()
    old = _token(cli, "--min-valid", str(min_valid))  # 30 s left >= 20: no refresh yet
    # Wait until fewer than `min_valid` seconds are left: the stored token needs a refresh, while
    # the refreshed one (LIFETIME seconds) will satisfy --min-valid for ~10 s.
    time.sleep(max(0.0, signed_in_at + (LIFETIME - min_valid) + 1 - time.monotonic()))
    log, grants_before = TokenEndpointLog(contention_dot), refresh_grants(contention_dot)

    results = _all_at_once(cli, "--min-valid", str(min_valid))
    new = _check_one_refresh(cli, contention_dot, old, results, log, grants_before)

    # The rotated refresh token was stored: one more refresh succeeds (reuse would kill the family).
    time.sleep(REFRESH_DUE_SECONDS)
    later = _token(cli, "--min-valid", str(LIFETIME + 60))
    assert later != new and _accepted(contention_dot, later)
    assert cli.run("whoami", "--check").returncode == OK


def test_twenty_processes_refresh_once_with_min_valid_3600(cli, contention_dot):
    """The issue's literal acceptance test: `token --min-valid 3600` x 20 at once, while DOT only
    issues LIFETIME-second tokens, so even the refreshed token is shorter than --min-valid.
    Exactly one refresh is still expected: a process that waited for the lock and finds a token
    refreshed meanwhile takes it instead of refreshing again."""
    cli.add_provider(contention_dot)
    result = cli.signin()
    assert result.returncode == OK, str(result)
    old = _token(cli, "--min-valid", "0")
    time.sleep(REFRESH_DUE_SECONDS)  # the stored token is now due for a refresh
    log, grants_before = TokenEndpointLog(contention_dot), refresh_grants(contention_dot)

    results = _all_at_once(cli, "--min-valid", "3600")
    _check_one_refresh(cli, contention_dot, old, results, log, grants_before)
    assert cli.run("whoami", "--check").returncode == OK


def test_the_counters_see_a_refresh(cli, contention_dot):
    """The harness itself: one sequential forced refresh shows as one request and one grant."""
    cli.add_provider(contention_dot)
    assert cli.signin().returncode == OK
    old = _token(cli, "--min-valid", "0")
    time.sleep(REFRESH_DUE_SECONDS)
    log, grants_before = TokenEndpointLog(contention_dot), refresh_grants(contention_dot)
    new = _token(cli, "--min-valid", "3600")
    assert new != old
    assert log.statuses() == [200]
    assert refresh_grants(contention_dot) - grants_before == 1


def test_a_reused_refresh_token_kills_the_family(cli, contention_dot):
    """The premise, checked: two copies of one keystore each refresh with the same refresh token,
    as racing processes without the lock would. DOT refuses the second and revokes the family, so
    the first copy's rotated refresh token dies too. A race therefore shows as failures."""
    import shutil

    cli.add_provider(contention_dot)
    assert cli.signin().returncode == OK
    twin = cli.tmp / "twin-home"
    shutil.copytree(cli.home, twin)
    time.sleep(REFRESH_DUE_SECONDS)
    first = _token(cli, "--min-valid", "3600")
    assert first
    reused = cli.run("--home", str(twin), "token", "--min-valid", "3600", home=False)
    assert reused.returncode != OK and reused.stdout == "", str(reused)
    time.sleep(REFRESH_DUE_SECONDS)  # the token `first` got is due again, so this must refresh
    after = cli.run("token", "--min-valid", "3600")
    assert after.returncode != OK, f"DOT should have revoked the whole family on reuse\n{after}"
