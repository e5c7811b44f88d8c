#!/bin/sh
# The release link applied the hot-path order (Tests/release/hot-path.order, Decision 0017), and
# the order still names the code it was made from:
# - authctl's own global functions it names (each in a section of its own, so the linker can move
#   it) lie at ascending addresses, 90% of them or more: lld placed them in the file's order (a
#   link without the order gets about half; the toolchain's libraries keep many of their
#   functions in one section per object, so those are not counted);
# - half or more of all the names it lists are in the binary (fewer: the hot path has changed
#   under it; run `make hot-path-order`). A stale order only costs page faults, so this is a
#   warning, never a failure: a refactor that renames the hot path must not wait on valgrind
#   (Decision 0022). With too few of its functions left to judge the layout, that is a warning too.
#   sh Tests/release/check-order.sh .build/release/authctl Tests/release/hot-path.order
set -eu
binary=$1
order=$2
fail() { echo "check-order: FAIL: $*" >&2; exit 1; }
[ "$(uname -s)" = Linux ] || { echo "check-order: skipped (the order is a Linux link option)"; exit 0; }
symbols=$(mktemp)
trap 'rm -f "$symbols"' EXIT
nm --defined-only "$binary" | awk '{ print $3, $1, $2 }' > "$symbols"
awk -v symbols="$symbols" '
    BEGIN { while ((getline line < symbols) > 0) { split(line, f, " "); address[f[1]] = f[2]; kind[f[1]] = f[3] } }
    /^#/ || NF == 0 { next }
    { listed++ }
    $1 in address { found++ }
    ($1 in address) && kind[$1] == "T" && $1 ~ /^\$s[0-9]+Auth/ {
        value = address[$1]
        if (checked > 0) { pairs++; if (value > previous) ascending++ }
        previous = value; checked++
    }
    END {
        printf "check-order: %d of %d names found; %d of %d function pairs in order\n", found, listed, ascending, pairs
        stale = found * 2 < listed
        if (stale) print "check-order: WARNING: the order file is stale (fewer than half its names are in the binary); run make hot-path-order" > "/dev/stderr"
        if (pairs < 20 && stale) { print "check-order: WARNING: too few of its functions are left to check the layout" > "/dev/stderr"; exit 0 }
        if (pairs < 20 || ascending * 10 < pairs * 9) { print "check-order: FAIL: the hot path is not laid out in the order file (is the release link lld with --symbol-ordering-file?)" > "/dev/stderr"; exit 1 }
    }' "$order"
