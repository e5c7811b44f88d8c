#!/bin/sh
# Fails when a build log holds a compiler warning (issue 39: the build stays warning-free). It
# reads the log of a build make test already does, rather than building again with
# -warnings-as-errors; each warning is printed once (the compiler repeats them per job).
set -eu
log=$1
warnings=$(grep -E '^/[^:]+:[0-9]+:[0-9]+: warning: ' "$log" | sort -u || true)
if [ -n "$warnings" ]; then
    printf '%s\n' "$warnings" >&2
    echo "check-warnings: $(printf '%s\n' "$warnings" | wc -l) compiler warning(s) in $log; the build must be warning-free" >&2
    exit 1
fi
