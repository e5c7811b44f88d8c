// See include/CDynamicLibrary.h.
#include "CDynamicLibrary.h"

#include <dlfcn.h>
#include <stdio.h>

static int load_locked(cdl_library *library, const char *path, const char *library_name, const cdl_symbol *symbols,
                       size_t count, int (*initialise)(char *, size_t)) {
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *error = dlerror();
        snprintf(library->reason, sizeof library->reason, "%s", error != NULL ? error : "cannot be loaded");
        return -1;
    }
    // Dependencies' symbols (GLib's for libsecret) are found through the library's handle too.
    for (size_t i = 0; i < count; i++) {
        *symbols[i].slot = dlsym(handle, symbols[i].name);
        if (*symbols[i].slot == NULL) {
            snprintf(library->reason, sizeof library->reason, "%s has no %s", library_name, symbols[i].name);
            return -1;
        }
    }
    return initialise != NULL ? initialise(library->reason, sizeof library->reason) : 0;
}

int cdl_load(cdl_library *library, const char *path, const char *library_name, const cdl_symbol *symbols,
             size_t count, int (*initialise)(char *reason, size_t reason_size), char *reason, size_t reason_size) {
    pthread_mutex_lock(&library->lock);
    if (library->result == 1) library->result = load_locked(library, path, library_name, symbols, count, initialise);
    int result = library->result;
    if (result != 0 && reason != NULL && reason_size > 0) snprintf(reason, reason_size, "%s", library->reason);
    pthread_mutex_unlock(&library->lock);
    return result;
}
