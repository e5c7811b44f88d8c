#!/usr/bin/env bash
# Creates <repo>/.venv for the end-to-end harness (Tests/e2e) and installs the pinned
# requirements into it. Idempotent: re-installs only when requirements.txt (or the
# interpreter) changed, tracked by a hash stamp inside the venv.
#
#   Tests/e2e/setup-venv.sh                       # create or refresh <repo>/.venv
#   Tests/e2e/setup-venv.sh .venv                 # same; a relative path is taken from the cwd
#   Tests/e2e/setup-venv.sh [DIR] --print-python  # then print the venv's python path on stdout
#
# Python >= 3.12 is needed (oidc-provider-mock 0.4.8). Searched in this order:
#   $E2E_PYTHON, python3.13 / python3.12 / python3 on PATH (pyenv shims that cannot run are
#   skipped), /root/.pyenv/versions/3.1[2-9]*/bin/python3, $(pyenv root)/versions/3.1[2-9]*.
# The venv directory: the first non-option argument, else $E2E_VENV, else <repo>/.venv.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="${E2E_VENV:-$repo/.venv}"
print_python=0
for argument in "$@"; do
    case "$argument" in
        --print-python) print_python=1 ;;
        -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "setup-venv: unknown option $argument" >&2; exit 2 ;;
        *) venv="$argument" ;;
    esac
done
case "$venv" in /*) ;; *) venv="$PWD/$venv" ;; esac
requirements="$here/requirements.txt"
stamp="$venv/.e2e-requirements.sha256"

log() { printf 'setup-venv: %s\n' "$*" >&2; }

suitable() {
    # True when "$1" runs and is CPython >= 3.12.
    [ -n "$1" ] || return 1
    "$1" -c 'import sys, venv; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1
}

find_python() {
    local candidate
    if [ -n "${E2E_PYTHON:-}" ]; then
        if suitable "$E2E_PYTHON"; then echo "$E2E_PYTHON"; return 0; fi
        log "E2E_PYTHON=$E2E_PYTHON is not a working Python >= 3.12"
        return 1
    fi
    for candidate in python3.13 python3.12 python3; do
        if command -v "$candidate" >/dev/null 2>&1 && suitable "$candidate"; then
            command -v "$candidate"; return 0
        fi
    done
    for candidate in /root/.pyenv/versions/3.1[2-9]*/bin/python3; do
        if [ -x "$candidate" ] && suitable "$candidate"; then echo "$candidate"; return 0; fi
    done
    if command -v pyenv >/dev/null 2>&1; then
        local root
        root="$(pyenv root 2>/dev/null || true)"
        for candidate in "$root"/versions/3.1[2-9]*/bin/python3; do
            if [ -x "$candidate" ] && suitable "$candidate"; then echo "$candidate"; return 0; fi
        done
    fi
    return 1
}

venv_python="$venv/bin/python"

if ! suitable "$venv_python"; then
    if ! base_python="$(find_python)"; then
        log "no Python >= 3.12 found (tried \$E2E_PYTHON, python3.13, python3.12, python3,"
        log "/root/.pyenv/versions/3.1[2-9]*, \$(pyenv root)/versions/3.1[2-9]*)."
        log "Install one (e.g. 'pyenv install 3.12') or point E2E_PYTHON at it."
        exit 1
    fi
    log "creating $venv with $base_python ($("$base_python" -c 'import sys; print(sys.version.split()[0])'))"
    rm -rf "$venv"
    "$base_python" -m venv "$venv"
fi

want="$( { cat "$requirements"; "$venv_python" -c 'import sys; print(sys.version)'; } | sha256sum | cut -d' ' -f1)"
have="$(cat "$stamp" 2>/dev/null || true)"
if [ "$want" != "$have" ]; then
    log "installing $(grep -c '==' "$requirements") pinned packages into $venv"
    "$venv_python" -m pip install --disable-pip-version-check --no-input -q -r "$requirements"
    echo "$want" > "$stamp"
fi

if [ "$print_python" = 1 ]; then
    echo "$venv_python"
fi
