"""`make bench`: authctl's hot paths and crypto, each beside a baseline measured in the same run.

1. Hot paths. A real sign-in against oidc-provider-mock fills a fresh home; the provider is then
   STOPPED, so `whoami` and `token` below cannot touch the network (they would fail if they did).
   Each command runs RUNS times, interleaved; the median wall time of each is printed beside
   `cat keystore.json`, `/bin/true`, and a Swift program that only links Foundation and
   FoundationNetworking as authctl does (compiled here with swiftc -O): the floor any Swift tool
   that speaks HTTPS pays on Linux before running a line of its own.
2. Crypto. `authctl-bench` (release) prints RS256-2048 and ES256 verifications per second; OpenSSL's
   `openssl speed -seconds 1 rsa2048 ecdsap256` runs right after; the ratios are printed.

Environment: AUTHCTL_BIN (release authctl), BENCH_BIN (release authctl-bench).
"""

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from e2e_constants import USERS  # noqa: E402
from providers import start_provider  # noqa: E402

RUNS = int(os.environ.get("BENCH_RUNS", "60"))


def median_seconds(commands: dict[str, list[str]]) -> dict[str, float]:
    """Runs every command RUNS times, round-robin so that drift hits them alike."""
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(RUNS):
        for name, argv in commands.items():
            start = time.perf_counter()
            result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
            samples[name].append(time.perf_counter() - start)
            if result.returncode != 0:
                raise SystemExit(f"bench: {name} exited {result.returncode}")
    return {name: statistics.median(values) for name, values in samples.items()}


FOUNDATION_FLOOR_SOURCE = """import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
_ = URLSessionConfiguration.ephemeral
"""


def foundation_floor() -> str:
    """Builds the baseline program into .build-bench (ignored by git); returns its path."""
    directory = HERE.parent.parent / ".build-bench"
    directory.mkdir(exist_ok=True)
    source, binary = directory / "floor.swift", directory / "foundation-floor"
    source.write_text(FOUNDATION_FLOOR_SOURCE)
    subprocess.run(["swiftc", "-O", str(source), "-o", str(binary)], check=True, stderr=subprocess.DEVNULL)
    return str(binary)


def hot_paths(authctl: str) -> None:
    home = Path(tempfile.mkdtemp(prefix="authctl-bench-")) / "home"
    provider = start_provider("mock")
    try:
        browser = f"{sys.executable} {HERE / 'browser.py'} --user alice --password {USERS['alice']['password']}"
        add = [authctl, "--home", str(home), "providers", "add", "oidc.bench", "--issuer", provider.issuer,
               "--client-id", provider.client_id, "--client-secret-stdin"]
        subprocess.run(add, input=provider.client_secret.encode(), check=True, stderr=subprocess.DEVNULL)
        subprocess.run([authctl, "--home", str(home), "signin", "--provider", "oidc.bench", "--timeout", "60",
                        "--browser", browser], check=True, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    finally:
        provider.stop()
    keystore = str(home / "keystore.json")
    floor = foundation_floor()
    medians = median_seconds({
        "/bin/true": ["/bin/true"],
        "cat keystore.json": ["cat", keystore],
        "swift+Foundation": [floor],
        "authctl whoami": [authctl, "--home", str(home), "whoami"],
        "authctl token": [authctl, "--home", str(home), "token"],
    })
    shutil.rmtree(home.parent, ignore_errors=True)
    true_time, cat_time, floor_time = medians["/bin/true"], medians["cat keystore.json"], medians["swift+Foundation"]
    print(f"Hot paths: median wall time of {RUNS} runs each (provider stopped: no network)")
    print(f"  {'command':<20} {'median':>10} {'vs /bin/true':>13} {'vs cat':>8} {'vs swift+Foundation':>20}")
    for name, seconds in medians.items():
        print(f"  {name:<20} {seconds * 1000:>8.2f}ms {seconds / true_time:>12.1f}x {seconds / cat_time:>7.1f}x"
              f" {seconds / floor_time:>19.2f}x")


def crypto(bench: str) -> None:
    ours = dict(line.split() for line in subprocess.run([bench], capture_output=True, text=True, check=True).stdout.splitlines()
                if line.strip())
    text = subprocess.run(["openssl", "speed", "-seconds", "1", "rsa2048", "ecdsap256"],
                          capture_output=True, text=True, check=True).stdout
    rsa = re.search(r"^rsa 2048 bits\s+\S+\s+\S+\s+(\S+)\s+(\S+)", text, re.M)
    ec = re.search(r"^\s*256 bits ecdsa \(nistp256\)\s+\S+\s+\S+\s+(\S+)\s+(\S+)", text, re.M)
    if not rsa or not ec:
        raise SystemExit("bench: could not read openssl speed's output")
    rows = [("RS256-2048 verify", float(ours["rs256_2048_verify_per_s"]), float(rsa.group(2))),
            ("ES256 verify", float(ours["es256_verify_per_s"]), float(ec.group(2)))]
    print("Crypto: verifications per second, release build vs OpenSSL in the same run")
    print(f"  {'operation':<20} {'authctl':>10} {'OpenSSL':>10} {'OpenSSL time / ours':>20}")
    for name, mine, openssl in rows:
        print(f"  {name:<20} {mine:>10.0f} {openssl:>10.0f} {mine / openssl:>19.2f}x  (ours takes {openssl / mine:.2f}x OpenSSL's time)")


def main() -> None:
    authctl = os.environ.get("AUTHCTL_BIN", str(HERE.parent.parent / ".build/release/authctl"))
    bench = os.environ.get("BENCH_BIN", str(HERE.parent.parent / ".build/release/authctl-bench"))
    hot_paths(authctl)
    print()
    crypto(bench)


if __name__ == "__main__":
    main()
