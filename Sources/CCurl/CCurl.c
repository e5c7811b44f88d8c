// Calls into libcurl through pointers resolved with dlsym, so that authctl neither links libcurl
// nor needs its headers; see include/CCurl.h.
#include "CCurl.h"
#include "CDynamicLibrary.h"

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

static cdl_library library = CDL_LIBRARY_INITIALIZER;

static int global_init(char *reason, size_t reason_size) {
    if (curl.global_init(CCURL_GLOBAL_DEFAULT) == 0) return 0;
    snprintf(reason, reason_size, "curl_global_init failed");
    return -1;
}

int ccurl_load(const char *path, char *reason, size_t reason_size) {
    const cdl_symbol symbols[] = {
        {"curl_global_init", (void **)&curl.global_init},
        {"curl_version", (void **)&curl.version},
        {"curl_easy_init", (void **)&curl.easy_init},
        {"curl_easy_cleanup", (void **)&curl.easy_cleanup},
        {"curl_easy_perform", (void **)&curl.easy_perform},
        {"curl_easy_strerror", (void **)&curl.easy_strerror},
        {"curl_easy_setopt", (void **)&curl.easy_setopt},
        {"curl_easy_getinfo", (void **)&curl.easy_getinfo},
        {"curl_slist_append", (void **)&curl.slist_append},
        {"curl_slist_free_all", (void **)&curl.slist_free_all},
    };
    return cdl_load(&library, path, "libcurl", symbols, sizeof symbols / sizeof symbols[0], global_init, reason, reason_size);
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
