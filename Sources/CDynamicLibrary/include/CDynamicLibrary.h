// A shared library opened with dlopen at first use and its functions resolved with dlsym: the one
// loader behind CCurl (libcurl) and CSecret (libsecret), so authctl links neither.
#ifndef CDYNAMICLIBRARY_H
#define CDYNAMICLIBRARY_H

#include <pthread.h>
#include <stddef.h>

/// One function to resolve: its exported name and the pointer to fill in.
typedef struct {
    const char *name;
    void **slot;
} cdl_symbol;

/// A library's load state: tried once, its result (and reason) kept for every later call.
typedef struct {
    pthread_mutex_t lock;
    int result;  // 1: not tried yet, 0: loaded, -1: failed
    char reason[512];
} cdl_library;

#define CDL_LIBRARY_INITIALIZER {PTHREAD_MUTEX_INITIALIZER, 1, {0}}

/// Opens `path` (a file name for the dynamic loader, such as "libcurl.so.4") once, resolves every
/// symbol into its slot, then runs `initialise` (may be NULL; returns 0, or -1 with its reason).
/// Thread-safe; later calls return the first call's result. Returns 0, or -1 with the reason in
/// `reason`: the loader's message (which names the file), or "<library_name> has no <symbol>".
int cdl_load(cdl_library *library, const char *path, const char *library_name, const cdl_symbol *symbols,
             size_t count, int (*initialise)(char *reason, size_t reason_size), char *reason, size_t reason_size);

#endif
