// The freedesktop Secret Service through the system's libsecret, loaded with dlopen at first use
// (as CCurl loads libcurl), with the few libsecret and GLib functions and types authctl needs
// declared here: no development headers. Every call runs on a thread of its own and is given up
// after a deadline, so a keyring that prompts or hangs cannot hang authctl (Decisions/0024).
#ifndef CSECRET_H
#define CSECRET_H

#include <stddef.h>

/// What `csecret_run` does.
enum {
    CSECRET_STORE = 1,   // store `secret` under the fields (replacing an item with the same ones)
    CSECRET_LOOKUP = 2,  // `*result` = the secret, or NULL when there is no such item (CSECRET_LOCKED: one is locked)
    CSECRET_CLEAR = 3,   // remove the item (none is not an error)
    CSECRET_SEARCH = 4,  // `*result` = the ids of the document's items, one per line
    CSECRET_PROBE = 5,   // store and remove a probe item: the keyring answers and is unlocked
};

/// The attributes of an item, in this order (a NULL is left out).
enum { CSECRET_HOME = 0, CSECRET_DOCUMENT, CSECRET_ID, CSECRET_PROVIDER, CSECRET_ACCOUNT, CSECRET_LABEL, CSECRET_FIELDS };

/// Results of `csecret_run`.
/// CSECRET_LOCKED: the item exists but its collection is locked (a lookup or removal could not reach it).
enum { CSECRET_OK = 0, CSECRET_FAILED = -1, CSECRET_TIMED_OUT = -2, CSECRET_LOCKED = -3 };

/// Loads libsecret from `path` ("libsecret-1.so.0"), once per process; later calls return the
/// first call's result. Returns 0, or -1 with the loader's reason in `reason`.
int csecret_load(const char *path, char *reason, size_t reason_size);

/// Runs `operation` with the item `fields` (CSECRET_FIELDS entries) on a new thread, waiting at
/// most `timeout_ms`. A result string is malloc'd: free it with `csecret_free`. On failure the
/// reason (GLib's message) is in `reason`.
int csecret_run(int operation, const char *const *fields, const char *secret, int timeout_ms,
                char **result, char *reason, size_t reason_size);

void csecret_free(char *text);

#endif
