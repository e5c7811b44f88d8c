#!/usr/bin/env bash
# The demo without make: creates the venv if needed, then runs demo.py with it.
#   Tests/e2e/demo.sh [--provider mock|dot] [--scripted|--system-browser]
# AUTHCTL_BIN (default <repo>/.build/debug/authctl) must already be built.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="$(bash "$here/setup-venv.sh" --print-python)"
exec "$python" "$here/demo.py" "$@"
