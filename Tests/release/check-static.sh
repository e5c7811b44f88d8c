#!/bin/sh
# The release binary stands alone: no Swift runtime, Foundation, dispatch, C++ runtime or libcurl
# among the libraries it loads at start (libcurl comes later, with dlopen, only when a request is sent), and
# it runs from a bare directory with the toolchain off PATH and LD_LIBRARY_PATH empty.
#   sh Tests/release/check-static.sh .build/release/authctl
set -eu
binary=$1
fail() { echo "check-static: FAIL: $*" >&2; exit 1; }

needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "check-static: $binary needs: $(echo $needed)"
for library in $needed; do
    case $library in
        libswift*|libFoundation*|lib_Foundation*|libdispatch*|libBlocksRuntime*|libcurl*|libicu*)
            fail "links $library; build with --static-swift-stdlib (make release)" ;;
        libstdc++*|libgcc_s*)
            fail "links $library; make release links the C++ runtime statically (Docs/Decisions/0017)" ;;
    esac
done
# Foundation is FoundationEssentials only: the full Foundation (CoreFoundation, ICU) costs every
# command its load-time set-up (Docs/Decisions/0017). Its symbols are mangled with the module name.
if nm "$binary" 2>/dev/null | grep -q '$s10Foundation\|$s18FoundationNetworking\|$s31FoundationInternationalization'; then
    fail "contains Foundation, FoundationNetworking or FoundationInternationalization; import FoundationEssentials"
fi
# Position-dependent: the loader maps it without relocating the image (Docs/Decisions/0017).
case $(uname -s) in
    Linux) readelf -h "$binary" | grep -q "Type:.*EXEC" || fail "is position-independent; make release links it with -no-pie" ;;
esac
ldd "$binary" | grep -q "/opt/swift\|swift/linux" && fail "resolves a library from the Swift toolchain: $(ldd "$binary")"

bare=$(mktemp -d)
trap 'rm -rf "$bare"' EXIT
cp "$binary" "$bare/authctl"
mkdir -m 700 "$bare/home"
run() { env -i PATH=/usr/bin:/bin HOME="$bare" LD_LIBRARY_PATH= "$bare/authctl" "$@"; }
env -i PATH=/usr/bin:/bin sh -c 'command -v swift' >/dev/null 2>&1 && fail "swift is on the bare PATH; cannot hide the toolchain"
version=$(run --version) || fail "--version failed in a bare environment"
status=0
run --home "$bare/home" whoami --check || status=$?
[ "$status" -eq 3 ] || fail "whoami --check exited $status, expected 3 (not signed in)"
run --home "$bare/home" providers list >/dev/null 2>&1 || fail "providers list failed in a bare environment"
echo "check-static: ok: $version runs without the toolchain"
