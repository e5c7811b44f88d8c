#!/bin/sh
# The packages users download: a tarball and a Debian package of the static release binary,
# with its manual page, completions, README and license. Each is then unpacked into a temporary
# root and run from there (check-dist.sh).
#   sh Tests/release/make-dist.sh BINARY VERSION DEB_ARCH OUTDIR
set -eu
binary=$1 version=$2 arch=$3 out=$4
name="authctl-$version-linux-$(uname -m)"
rm -rf "$out" && mkdir -p "$out"
# Without its symbol table: 78 MB becomes 60 MB (most of the rest is Foundation's static ICU data).
stripped="$out/authctl"
cp "$binary" "$stripped" && strip "$stripped"
binary=$stripped

# Tarball: authctl-VERSION-linux-ARCH/{bin,share,README.md,LICENSE}, ready for PREFIX=/usr/local.
make -s install-files BIN="$binary" DESTDIR="$out/$name" PREFIX=
cp README.md Docs/LICENSE "$out/$name/"
tar -C "$out" --owner=0 --group=0 --sort=name -czf "$out/$name.tar.gz" "$name"

# Debian package: /usr/bin, man and completions where Debian's packages put them; in
# /usr/share/doc/authctl the README and the license the manual page points to, and the changelog
# Debian policy asks of every package (a native one: changelog.gz). lintian finds no error in it
# (check-dist.sh runs it).
root="$out/deb"
make -s install-files BIN="$binary" DESTDIR="$root" PREFIX=/usr ZSH_COMPLETIONS=/usr/share/zsh/vendor-completions
gzip -9n "$root/usr/share/man/man1/authctl.1"
ln -s authctl.1.gz "$root/usr/share/man/man1/docker-credential-authctl.1.gz"  # the helper's name has the same page
doc="$root/usr/share/doc/authctl"
install -d "$doc" "$root/DEBIAN"
install -m 0644 Docs/LICENSE "$doc/copyright"
install -m 0644 README.md "$doc/README.md" && gzip -9n "$doc/README.md"
# The date of the commit built (reproducible), else now.
when=$(git log -1 --format=%cD 2>/dev/null || date -R)
cat > "$doc/changelog" <<CHANGELOG
authctl ($version) unstable; urgency=medium

  * Release $version, built from the authctl source tree. What changed is in
    the git history; what it does is in README.md.gz next to this file.

 -- authctl authors <authctl@users.noreply.github.com>  $when
CHANGELOG
gzip -9n "$doc/changelog"
size=$(du -sk "$root/usr" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: authctl
Version: $version
Architecture: $arch
Maintainer: authctl authors <authctl@users.noreply.github.com>
Installed-Size: $size
Depends: libc6, libcurl4, sensible-utils
Section: utils
Priority: optional
Homepage: https://github.com/authctl/authctl
Description: sign in with GitHub, Yahoo or any OpenID Connect provider from a terminal
 authctl signs a person in through the browser (authorization code with PKCE
 and a loopback redirect), keeps the account and its tokens in a private
 keystore, and hands tokens to shell pipelines, git, kubectl and docker.
CONTROL
dpkg-deb --root-owner-group --build "$root" "$out/authctl_${version}_$arch.deb" >/dev/null
rm -rf "$root" "$out/$name" "$stripped"
ls -l "$out"
