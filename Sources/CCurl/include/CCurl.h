// The handful of libcurl functions and constants authctl uses, declared here so that no curl
// development headers are needed; libcurl itself is loaded with dlopen at the first request
// (Docs/Decisions/0013-network-layer.md). Values are libcurl's ABI (curl/curl.h), stable since 7.x.
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>
#include <stdint.h>

/// A libcurl easy handle (`CURL *`).
typedef struct ccurl_handle ccurl_handle;
/// A libcurl string list (`struct curl_slist *`).
typedef struct ccurl_slist ccurl_slist;

/// CURLOPT_WRITEFUNCTION / CURLOPT_HEADERFUNCTION: return `size * count` to go on, anything else to abort.
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
/// CURLOPT_XFERINFOFUNCTION: return non-zero to abort the transfer.
typedef int (*ccurl_progress_callback)(void *context, int64_t download_total, int64_t download_now,
                                       int64_t upload_total, int64_t upload_now);

/// CURLoption values (CURLOPTTYPE_LONG 0, OBJECTPOINT 10000, FUNCTIONPOINT 20000, OFF_T 30000).
enum {
    CCURLOPT_WRITEDATA = 10001,
    CCURLOPT_URL = 10002,
    CCURLOPT_PROXY = 10004,
    CCURLOPT_ERRORBUFFER = 10010,
    CCURLOPT_WRITEFUNCTION = 20011,
    CCURLOPT_USERAGENT = 10018,
    CCURLOPT_HTTPHEADER = 10023,
    CCURLOPT_HEADERDATA = 10029,
    CCURLOPT_CUSTOMREQUEST = 10036,
    CCURLOPT_NOPROGRESS = 43,
    CCURLOPT_NOBODY = 44,
    CCURLOPT_POST = 47,
    CCURLOPT_FOLLOWLOCATION = 52,
    CCURLOPT_XFERINFODATA = 10057,
    CCURLOPT_CAINFO = 10065,
    CCURLOPT_HEADERFUNCTION = 20079,
    CCURLOPT_HTTPGET = 80,
    CCURLOPT_CAPATH = 10097,
    CCURLOPT_NOSIGNAL = 99,
    CCURLOPT_MAXFILESIZE_LARGE = 30117,
    CCURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CCURLOPT_TIMEOUT_MS = 155,
    CCURLOPT_CONNECTTIMEOUT_MS = 156,
    CCURLOPT_COPYPOSTFIELDS = 10165,
    CCURLOPT_PROTOCOLS = 181,
    CCURLOPT_XFERINFOFUNCTION = 20219,
    CCURLOPT_PROTOCOLS_STR = 10318,
};

/// CURLINFO values (STRING 0x100000, LONG 0x200000).
enum {
    CCURLINFO_RESPONSE_CODE = 0x200002,
    CCURLINFO_CAINFO = 0x100000 + 61,
    CCURLINFO_CAPATH = 0x100000 + 62,
};

/// CURLcode values authctl tells apart.
enum {
    CCURLE_OK = 0,
    CCURLE_UNSUPPORTED_PROTOCOL = 1,
    CCURLE_URL_MALFORMAT = 3,
    CCURLE_COULDNT_RESOLVE_PROXY = 5,
    CCURLE_COULDNT_RESOLVE_HOST = 6,
    CCURLE_COULDNT_CONNECT = 7,
    CCURLE_WRITE_ERROR = 23,
    CCURLE_OPERATION_TIMEDOUT = 28,
    CCURLE_SSL_CONNECT_ERROR = 35,
    CCURLE_ABORTED_BY_CALLBACK = 42,
    CCURLE_UNKNOWN_OPTION = 48,
    CCURLE_GOT_NOTHING = 52,
    CCURLE_SEND_ERROR = 55,
    CCURLE_RECV_ERROR = 56,
    CCURLE_SSL_CERTPROBLEM = 58,
    CCURLE_PEER_FAILED_VERIFICATION = 60,
    CCURLE_FILESIZE_EXCEEDED = 63,
    CCURLE_SSL_CACERT_BADFILE = 77,
    CCURLE_SSL_ISSUER_ERROR = 83,
    CCURLE_PROXY = 97,
};

/// CURLPROTO_HTTP | CURLPROTO_HTTPS, for CURLOPT_PROTOCOLS on libcurl older than 7.85.
enum { CCURLPROTO_HTTP_AND_HTTPS = 1 | 2 };
/// CURL_ERROR_SIZE: the size of the buffer CURLOPT_ERRORBUFFER points to.
enum { CCURL_ERROR_SIZE = 256 };

/// Loads libcurl from `path` (a file name for the dynamic loader, such as "libcurl.so.4") and
/// initialises it, once per process; later calls return the first call's result. Returns 0 on
/// success; otherwise writes the loader's reason into `reason` and returns -1.
int ccurl_load(const char *path, char *reason, size_t reason_size);

/// `curl_version()`, such as "libcurl/7.88.1 OpenSSL/3.0.19". Only after a successful load.
const char *ccurl_version(void);

ccurl_handle *ccurl_easy_init(void);
void ccurl_easy_cleanup(ccurl_handle *handle);
int ccurl_easy_perform(ccurl_handle *handle);
const char *ccurl_easy_strerror(int code);

int ccurl_setopt_long(ccurl_handle *handle, int option, long value);
int ccurl_setopt_string(ccurl_handle *handle, int option, const char *value);
int ccurl_setopt_pointer(ccurl_handle *handle, int option, void *value);
int ccurl_setopt_offset(ccurl_handle *handle, int option, int64_t value);
int ccurl_setopt_data_callback(ccurl_handle *handle, int option, ccurl_data_callback callback);
int ccurl_setopt_progress_callback(ccurl_handle *handle, ccurl_progress_callback callback);

int ccurl_getinfo_long(ccurl_handle *handle, int info, long *value);
/// The string is owned by libcurl (or NULL when unset).
int ccurl_getinfo_string(ccurl_handle *handle, int info, const char **value);

ccurl_slist *ccurl_slist_append(ccurl_slist *list, const char *value);
void ccurl_slist_free_all(ccurl_slist *list);

#endif
