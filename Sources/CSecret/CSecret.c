// libsecret and GLib through pointers resolved with dlsym; see include/CSecret.h.
#include "CSecret.h"
#include "CDynamicLibrary.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The ABI of the few GLib and libsecret types used (glib/gerror.h, glib/glist.h, libsecret/secret-schema.h).
typedef struct { uint32_t domain; int code; char *message; } GError;
typedef struct GList { void *data; struct GList *next; struct GList *prev; } GList;
typedef struct { const char *name; int type; } SecretSchemaAttribute;
typedef struct {
    const char *name;
    int flags;
    SecretSchemaAttribute attributes[32];
    int reserved;
    void *reserved1, *reserved2, *reserved3, *reserved4, *reserved5, *reserved6, *reserved7;
} SecretSchema;

enum { SECRET_SCHEMA_ATTRIBUTE_STRING = 0, SECRET_SEARCH_ALL = 1 << 1 };

static const char *const attribute_names[CSECRET_LABEL] = {
    "authctl-home", "authctl-document", "authctl-id", "authctl-provider", "authctl-account",
};

static const SecretSchema schema = {
    "dev.authctl.Secret", 0,
    {
        {"authctl-home", SECRET_SCHEMA_ATTRIBUTE_STRING},
        {"authctl-document", SECRET_SCHEMA_ATTRIBUTE_STRING},
        {"authctl-id", SECRET_SCHEMA_ATTRIBUTE_STRING},
        {"authctl-provider", SECRET_SCHEMA_ATTRIBUTE_STRING},
        {"authctl-account", SECRET_SCHEMA_ATTRIBUTE_STRING},
        {"authctl-probe", SECRET_SCHEMA_ATTRIBUTE_STRING},
        {NULL, 0},
    },
    0, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

static struct {
    int (*store)(const SecretSchema *, void *attributes, const char *collection, const char *label,
                 const char *password, void *cancellable, GError **error);
    char *(*lookup)(const SecretSchema *, void *attributes, void *cancellable, GError **error);
    int (*clear)(const SecretSchema *, void *attributes, void *cancellable, GError **error);
    GList *(*search)(const SecretSchema *, void *attributes, int flags, void *cancellable, GError **error);
    void *(*retrievable_attributes)(void *item);
    void (*password_free)(char *password);
    void *(*hash_table_new)(unsigned (*hash)(const void *), int (*equal)(const void *, const void *));
    void (*hash_table_insert)(void *table, void *key, void *value);
    void *(*hash_table_lookup)(void *table, const void *key);
    void (*hash_table_unref)(void *table);
    unsigned (*str_hash)(const void *);
    int (*str_equal)(const void *, const void *);
    void (*error_free)(GError *error);
    void (*list_free_full)(GList *list, void (*free_data)(void *));
    void (*object_unref)(void *object);
} secret;

static cdl_library library = CDL_LIBRARY_INITIALIZER;

int csecret_load(const char *path, char *reason, size_t reason_size) {
    // GLib and GObject are libsecret's dependencies: dlsym on its handle finds them.
    const cdl_symbol symbols[] = {
        {"secret_password_storev_sync", (void **)&secret.store},
        {"secret_password_lookupv_sync", (void **)&secret.lookup},
        {"secret_password_clearv_sync", (void **)&secret.clear},
        {"secret_password_searchv_sync", (void **)&secret.search},
        {"secret_retrievable_get_attributes", (void **)&secret.retrievable_attributes},
        {"secret_password_free", (void **)&secret.password_free},
        {"g_hash_table_new", (void **)&secret.hash_table_new},
        {"g_hash_table_insert", (void **)&secret.hash_table_insert},
        {"g_hash_table_lookup", (void **)&secret.hash_table_lookup},
        {"g_hash_table_unref", (void **)&secret.hash_table_unref},
        {"g_str_hash", (void **)&secret.str_hash},
        {"g_str_equal", (void **)&secret.str_equal},
        {"g_error_free", (void **)&secret.error_free},
        {"g_list_free_full", (void **)&secret.list_free_full},
        {"g_object_unref", (void **)&secret.object_unref},
    };
    return cdl_load(&library, path, "libsecret", symbols, sizeof symbols / sizeof symbols[0], NULL, reason, reason_size);
}

void csecret_free(char *text) { free(text); }

/// One call, shared by the caller and its thread; whichever finishes last frees it.
typedef struct {
    int operation;
    char *fields[CSECRET_FIELDS];
    char *secret;
    char *result;
    char reason[512];
    int status;
    int done;
    int references;
    pthread_mutex_t lock;
    pthread_cond_t finished;
} job_t;

static char *copy(const char *text) { return text != NULL ? strdup(text) : NULL; }

static void release(job_t *job) {
    pthread_mutex_lock(&job->lock);
    int last = --job->references == 0;
    pthread_mutex_unlock(&job->lock);
    if (!last) return;
    for (int i = 0; i < CSECRET_FIELDS; i++) free(job->fields[i]);
    if (job->secret != NULL) { memset(job->secret, 0, strlen(job->secret)); free(job->secret); }
    free(job->result);
    pthread_mutex_destroy(&job->lock);
    pthread_cond_destroy(&job->finished);
    free(job);
}

static void *attributes_of(job_t *job, int through) {
    void *table = secret.hash_table_new(secret.str_hash, secret.str_equal);
    for (int i = 0; i < through && i < CSECRET_LABEL; i++) {
        if (job->fields[i] != NULL) secret.hash_table_insert(table, (void *)attribute_names[i], job->fields[i]);
    }
    return table;
}

static void fail(job_t *job, GError *error, const char *otherwise) {
    snprintf(job->reason, sizeof job->reason, "%s", error != NULL && error->message != NULL ? error->message : otherwise);
    if (error != NULL) secret.error_free(error);
    job->status = CSECRET_FAILED;
}

static void search(job_t *job, void *attributes) {
    GError *error = NULL;
    GList *items = secret.search(&schema, attributes, SECRET_SEARCH_ALL, NULL, &error);
    if (error != NULL) return fail(job, error, "search failed");
    size_t size = 1, used = 0;
    for (GList *item = items; item != NULL; item = item->next) size += 64;
    job->result = calloc(size, 1);
    for (GList *item = items; item != NULL && job->result != NULL; item = item->next) {
        void *found = secret.retrievable_attributes(item->data);
        const char *id = found != NULL ? secret.hash_table_lookup(found, "authctl-id") : NULL;
        if (id != NULL && strlen(id) < 62) used += (size_t)snprintf(job->result + used, size - used, "%s\n", id);
        if (found != NULL) secret.hash_table_unref(found);
    }
    if (items != NULL) secret.list_free_full(items, secret.object_unref);
}

/// Whether an item with `attributes` exists, locked or not: a lookup that found no secret, or a
/// removal that removed nothing, then met a locked collection (libsecret reads and deletes
/// unlocked items only, and a prompt to unlock has nobody to answer it in an SSH session).
static int exists(void *attributes) {
    GError *error = NULL;
    GList *items = secret.search(&schema, attributes, SECRET_SEARCH_ALL, NULL, &error);
    if (error != NULL) { secret.error_free(error); return 0; }
    int found = items != NULL;
    if (items != NULL) secret.list_free_full(items, secret.object_unref);
    return found;
}

static void locked(job_t *job) {
    snprintf(job->reason, sizeof job->reason, "the collection holding the item is locked");
    job->status = CSECRET_LOCKED;
}

static void perform(job_t *job) {
    GError *error = NULL;
    job->status = CSECRET_OK;
    if (job->operation == CSECRET_PROBE) {
        void *table = secret.hash_table_new(secret.str_hash, secret.str_equal);
        secret.hash_table_insert(table, "authctl-probe", job->fields[CSECRET_HOME]);
        if (!secret.store(&schema, table, NULL, "authctl: probe (removed at once)", "probe", NULL, &error)) fail(job, error, "the keyring refused an item");
        else if (!secret.clear(&schema, table, NULL, &error) && error != NULL) fail(job, error, "the keyring kept the probe");
        secret.hash_table_unref(table);
        return;
    }
    void *attributes = attributes_of(job, job->operation == CSECRET_SEARCH ? CSECRET_ID : CSECRET_PROVIDER);
    if (job->operation == CSECRET_STORE) {
        void *all = attributes_of(job, CSECRET_LABEL);
        if (!secret.store(&schema, all, NULL, job->fields[CSECRET_LABEL], job->secret, NULL, &error)) fail(job, error, "the keyring refused the item");
        secret.hash_table_unref(all);
    } else if (job->operation == CSECRET_LOOKUP) {
        char *found = secret.lookup(&schema, attributes, NULL, &error);
        if (error != NULL) fail(job, error, "lookup failed");
        else if (found != NULL) { job->result = strdup(found); secret.password_free(found); }
        else if (exists(attributes)) locked(job);
    } else if (job->operation == CSECRET_CLEAR) {
        if (!secret.clear(&schema, attributes, NULL, &error) && error != NULL) fail(job, error, "removal failed");
        else if (exists(attributes)) locked(job);
    } else if (job->operation == CSECRET_SEARCH) {
        search(job, attributes);
    }
    secret.hash_table_unref(attributes);
}

static void *run_job(void *argument) {
    job_t *job = argument;
    perform(job);
    pthread_mutex_lock(&job->lock);
    job->done = 1;
    pthread_cond_signal(&job->finished);
    pthread_mutex_unlock(&job->lock);
    release(job);
    return NULL;
}

int csecret_run(int operation, const char *const *fields, const char *secret_text, int timeout_ms,
                char **result, char *reason, size_t reason_size) {
    *result = NULL;
    job_t *job = calloc(1, sizeof *job);
    if (job == NULL) { snprintf(reason, reason_size, "out of memory"); return CSECRET_FAILED; }
    job->operation = operation;
    for (int i = 0; i < CSECRET_FIELDS; i++) job->fields[i] = copy(fields[i]);
    job->secret = copy(secret_text);
    job->references = 2;
    pthread_mutex_init(&job->lock, NULL);
    pthread_cond_init(&job->finished, NULL);
    pthread_t thread;
    if (pthread_create(&thread, NULL, run_job, job) != 0) {
        job->references = 1;
        perform(job);
        job->done = 1;
    } else {
        pthread_detach(thread);
    }
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += timeout_ms / 1000;
    deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) { deadline.tv_sec += 1; deadline.tv_nsec -= 1000000000L; }
    pthread_mutex_lock(&job->lock);
    while (!job->done) {
        if (pthread_cond_timedwait(&job->finished, &job->lock, &deadline) == ETIMEDOUT) break;
    }
    int status = job->done ? job->status : CSECRET_TIMED_OUT;
    if (job->done) {
        *result = job->result;
        job->result = NULL;
        snprintf(reason, reason_size, "%s", job->reason);
    }
    pthread_mutex_unlock(&job->lock);
    release(job);
    return status;
}
