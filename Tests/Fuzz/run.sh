#!/bin/sh
# Runs every fuzz target for SECONDS each, from its seed corpus (Tests/Fuzz/Corpus/<target>) and
# the corpus it grew before (.build-fuzz/corpus/<target>). Prints one line per target: executions,
# coverage (libFuzzer's cov: edges, ft: features), corpus size. A crash, leak, timeout or
# out-of-memory stops with its input saved under .build-fuzz/artifacts/ and a non-zero exit.
# libFuzzer runs one thread: FUZZ_JOBS targets (default: one per core) run at once, each still
# for SECONDS, and their lines come out in target order.
#
#   sh Tests/Fuzz/run.sh SECONDS [TARGET...]
set -eu
seconds=${1:?usage: run.sh SECONDS [TARGET...]}
shift
binary=.build-fuzz/${FUZZ_CONFIG:-release}/authctl-fuzz
targets=${*:-"loopback-request json jws pasted-redirect keystore argv"}
jobs=${FUZZ_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
mkdir -p .build-fuzz/artifacts .build-fuzz/logs

# One target for SECONDS: its line on stdout, or what failed on stderr and status 1.
fuzz_one() {
    target=$1
    corpus=.build-fuzz/corpus/$target
    log=.build-fuzz/logs/$target.log
    mkdir -p "$corpus"
    # -timeout: one input taking over 10 s is a hang; -rss_limit_mb / -malloc_limit_mb: a parser
    # must not balloon. -detect_leaks=0: LeakSanitizer reports the Swift runtime's lazily built
    # globals (metadata caches, `static let`s) as leaks, which would drown real findings.
    if ASAN_OPTIONS=detect_leaks=0 AUTHCTL_FUZZ_TARGET=$target "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -malloc_limit_mb=256 -detect_leaks=0 \
        -print_final_stats=1 -artifact_prefix=.build-fuzz/artifacts/"$target"- \
        "$corpus" "Tests/Fuzz/Corpus/$target" >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1)
        cov=$(echo "$done_line" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
        ft=$(echo "$done_line" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
        units=$(ls "$corpus" | wc -l)
        printf 'fuzz %-17s %10s runs in %ss  cov %5s  ft %6s  corpus %s\n' "$target" "$runs" "$seconds" "$cov" "$ft" "$units"
    else
        echo "fuzz $target: FAILED; see $log and .build-fuzz/artifacts/$target-*" >&2
        grep -E 'ERROR|SUMMARY|Fatal error|Test unit written' "$log" | head -5 >&2
        return 1
    fi
}

status=0
set -- $targets
while [ $# -gt 0 ]; do
    batch="" pids=""
    while [ $# -gt 0 ] && [ $(echo $batch | wc -w) -lt "$jobs" ]; do
        fuzz_one "$1" >".build-fuzz/logs/$1.line" 2>&1 &
        batch="$batch $1" pids="$pids $!"
        shift
    done
    for pid in $pids; do wait "$pid" || status=1; done
    for target in $batch; do
        if grep -q ': FAILED;' ".build-fuzz/logs/$target.line"; then cat ".build-fuzz/logs/$target.line" >&2
        else cat ".build-fuzz/logs/$target.line"; fi
    done
done
exit $status
