// Holding SIGINT and SIGTERM off while a token refresh is in flight (Docs/Decisions/0014): a
// signal handler of our own, in C because it must be async-signal-safe (an atomic store and
// write(2), nothing else), so the caught signal is recorded the moment it arrives and never lost
// to a handler that runs late.
#ifndef CSIGNALS_H
#define CSIGNALS_H

/// Starts a hold: SIGINT and SIGTERM are caught instead of ending the process; the first one
/// caught writes `notice` (copied; at most 511 bytes are kept) to stderr once. Holds nest: the
/// signals are caught until the outermost hold ends. A signal ignored when the hold starts (a
/// background job's SIGINT) stays ignored. Returns 0, or -1 with errno from sigaction.
int csignals_hold(const char *notice);

/// Ends a hold. At the end of the outermost one the default actions are back and the signal
/// caught meanwhile is returned (0 if none) for the caller to deliver; inner holds return 0.
int csignals_release(void);

#endif
