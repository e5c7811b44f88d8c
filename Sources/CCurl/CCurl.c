// Calls into libcurl through pointers resolved with dlsym, so that authctl neither links libcurl
// nor needs its headers; see include/CCurl.h.
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/// CURL_GLOBAL_DEFAULT (CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32).
#define CCURL_GLOBAL_DEFAULT 3L

static struct {
    int (*global_init)(long flags);
    const char *(*version)(void);
    void *(*easy_init)(void);
    void (*easy_cleanup)(void *handle);
    int (*easy_perform)(void *handle);
    const char *(*easy_strerror)(int code);
    int (*easy_setopt)(void *handle, int option, ...);
    int (*easy_getinfo)(void *handle, int info, ...);
    void *(*slist_append)(void *list, const char *value);
    void (*slist_free_all)(void *list);
} curl;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static int load_result = 1;  // 1: not tried yet, 0: loaded, -1: failed
static char load_reason[512];

static void *resolve(void *library, const char *name, int *missing) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && *missing == 0) {
        *missing = 1;
        snprintf(load_reason, sizeof load_reason, "%s has no %s", "libcurl", name);
    }
    return symbol;
}

static int load_locked(const char *path) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *error = dlerror();
        snprintf(load_reason, sizeof load_reason, "%s", error != NULL ? error : "cannot be loaded");
        return -1;
    }
    int missing = 0;
    *(void **)&curl.global_init = resolve(library, "curl_global_init", &missing);
    *(void **)&curl.version = resolve(library, "curl_version", &missing);
    *(void **)&curl.easy_init = resolve(library, "curl_easy_init", &missing);
    *(void **)&curl.easy_cleanup = resolve(library, "curl_easy_cleanup", &missing);
    *(void **)&curl.easy_perform = resolve(library, "curl_easy_perform", &missing);
    *(void **)&curl.easy_strerror = resolve(library, "curl_easy_strerror", &missing);
    *(void **)&curl.easy_setopt = resolve(library, "curl_easy_setopt", &missing);
    *(void **)&curl.easy_getinfo = resolve(library, "curl_easy_getinfo", &missing);
    *(void **)&curl.slist_append = resolve(library, "curl_slist_append", &missing);
    *(void **)&curl.slist_free_all = resolve(library, "curl_slist_free_all", &missing);
    if (missing) return -1;
    if (curl.global_init(CCURL_GLOBAL_DEFAULT) != 0) {
        snprintf(load_reason, sizeof load_reason, "curl_global_init failed");
        return -1;
    }
    return 0;
}

int ccurl_load(const char *path, char *reason, size_t reason_size) {
    pthread_mutex_lock(&load_lock);
    if (load_result == 1) load_result = load_locked(path);
    int result = load_result;
    if (result != 0 && reason != NULL && reason_size > 0) snprintf(reason, reason_size, "%s", load_reason);
    pthread_mutex_unlock(&load_lock);
    return result;
}

const char *ccurl_version(void) { return curl.version(); }

ccurl_handle *ccurl_easy_init(void) { return (ccurl_handle *)curl.easy_init(); }
void ccurl_easy_cleanup(ccurl_handle *handle) { curl.easy_cleanup(handle); }
int ccurl_easy_perform(ccurl_handle *handle) { return curl.easy_perform(handle); }
const char *ccurl_easy_strerror(int code) { return curl.easy_strerror(code); }

int ccurl_setopt_long(ccurl_handle *handle, int option, long value) {
    return curl.easy_setopt(handle, option, value);
}
int ccurl_setopt_string(ccurl_handle *handle, int option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}
int ccurl_setopt_pointer(ccurl_handle *handle, int option, void *value) {
    return curl.easy_setopt(handle, option, value);
}
int ccurl_setopt_offset(ccurl_handle *handle, int option, int64_t value) {
    return curl.easy_setopt(handle, option, (long long)value);
}
int ccurl_setopt_data_callback(ccurl_handle *handle, int option, ccurl_data_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}
int ccurl_setopt_progress_callback(ccurl_handle *handle, ccurl_progress_callback callback) {
    return curl.easy_setopt(handle, CCURLOPT_XFERINFOFUNCTION, callback);
}

int ccurl_getinfo_long(ccurl_handle *handle, int info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}
int ccurl_getinfo_string(ccurl_handle *handle, int info, const char **value) {
    return curl.easy_getinfo(handle, info, value);
}

ccurl_slist *ccurl_slist_append(ccurl_slist *list, const char *value) {
    return (ccurl_slist *)curl.slist_append(list, value);
}
void ccurl_slist_free_all(ccurl_slist *list) { curl.slist_free_all(list); }
