#!/bin/sh
# Runs a command at the lowest CPU priority, so that it only takes the CPU time the tests leave
# idle (make test's BACKGROUND, Docs/Decisions/0022). On Linux with autogroup scheduling (the
# kernel's default, /proc/self/autogroup), CPU time is shared between sessions first and nice
# only orders the processes inside one session: the command then gets a session of its own, whose
# autogroup is niced too. A signal to this script (Ctrl-C in make) ends that whole session.
#
#   sh Tests/Tools/low-priority.sh COMMAND [ARG...]
set -u
if [ ! -w /proc/self/autogroup ] || ! command -v setsid >/dev/null 2>&1; then
    exec nice -n 19 "$@"
fi
setsid sh -c 'echo 19 > /proc/self/autogroup; exec nice -n 19 "$@"' low-priority "$@" &
session=$!
trap 'kill -TERM -- -$session 2>/dev/null; wait $session; exit 130' INT TERM HUP
wait $session
