#!/bin/sh
# Installs the system packages the tests need, at the pinned versions, only when they are not
# already there (so a machine that has them needs no network and no root).
#   sh Tests/e2e/install-system-deps.sh zsh=5.9-4+b15 fish=3.6.0-3.1+deb12u1
set -eu
missing=""
for pinned in "$@"; do
    package=${pinned%%=*} version=${pinned#*=}
    installed=$(dpkg-query -W -f '${Version}' "$package" 2>/dev/null || true)
    [ "$installed" = "$version" ] || missing="$missing $pinned"
done
[ -z "$missing" ] && exit 0
command -v apt-get >/dev/null || { echo "install-system-deps: no apt-get; install$missing by hand" >&2; exit 1; }
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
echo "install-system-deps: installing$missing"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
