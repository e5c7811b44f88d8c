#!/bin/sh
# Unpacks each package of make dist into a temporary root and runs authctl from there: the
# binary, the docker helper link, the manual page and the completion scripts must all be in place
# and work with nothing else installed from this tree. The .deb also carries its README, license
# and changelog, and lintian reports no error in it.
#   sh Tests/release/check-dist.sh OUTDIR
set -eu
out=$1
fail() { echo "check-dist: FAIL: $*" >&2; exit 1; }
check_root() {  # ROOT PREFIX MAN ZSH: what a package installed under ROOT/PREFIX
    root=$1 prefix=$2 man=$3 zsh=$4
    bin="$root$prefix/bin/authctl"
    version=$(env -i PATH=/usr/bin:/bin "$bin" --version) || fail "$bin does not run"
    [ "$version" = "authctl $VERSION" ] || fail "$bin --version says '$version'"
    helper=$(echo ghcr.io | env -i PATH=/usr/bin:/bin AUTHCTL_HOME="$root/home" "$root$prefix/bin/docker-credential-authctl" get || true)
    [ "$helper" = "credentials not found in native keychain" ] || fail "docker-credential-authctl answered '$helper'"
    case $man in
        *.gz) gzip -dc "$root$man" > "$root/authctl.1" ;;
        *) cp "$root$man" "$root/authctl.1" ;;
    esac
    [ -z "$(man --warnings -l "$root/authctl.1" 2>&1 >/dev/null)" ] || fail "the manual page has warnings"
    man -l "$root/authctl.1" 2>/dev/null | grep -q "kube-credential" || fail "the manual page lacks commands"
    bash -n "$root$prefix/share/bash-completion/completions/authctl" || fail "bash completion"
    if command -v zsh >/dev/null; then zsh -n "$root$zsh/_authctl" || fail "zsh completion"; fi
    if command -v fish >/dev/null; then fish -n "$root$prefix/share/fish/vendor_completions.d/authctl.fish" || fail "fish completion"; fi
}
VERSION=$(ls "$out"/*.deb | sed 's/.*authctl_\(.*\)_.*\.deb/\1/')

tarball=$(ls "$out"/*.tar.gz)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
tar -C "$root" -xzf "$tarball"
top="$root/$(basename "$tarball" .tar.gz)"
[ -f "$top/LICENSE" ] && [ -f "$top/README.md" ] || fail "the tarball lacks LICENSE or README.md"
check_root "$top" "" /share/man/man1/authctl.1 /share/zsh/site-functions
echo "check-dist: $(basename "$tarball") ok"

deb=$(ls "$out"/*.deb)
dpkg-deb --info "$deb" | grep -q "Package: authctl" || fail "no control file in $deb"
dpkg-deb -x "$deb" "$root/deb"
for doc in copyright README.md.gz changelog.gz; do
    [ -f "$root/deb/usr/share/doc/authctl/$doc" ] || fail "the .deb lacks /usr/share/doc/authctl/$doc"
done
# Debian's own checks: any error fails (warnings are printed; --fail-on error is lintian's default).
command -v lintian >/dev/null || fail "lintian is not installed (make system-deps installs it)"
lintian --fail-on error --tag-display-limit 0 "$deb" || fail "lintian reports errors in $deb"
check_root "$root/deb" /usr /usr/share/man/man1/authctl.1.gz /usr/share/zsh/vendor-completions
echo "check-dist: $(basename "$deb") ok"
