#include "CSignals.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t holds_lock = PTHREAD_MUTEX_INITIALIZER;
static int holds;                     // nesting depth, under holds_lock
static struct sigaction previous[2];  // the actions a hold replaced, under holds_lock
static const int held[2] = {SIGINT, SIGTERM};

static char notice_text[512];         // written before the handler is installed, read by it
static size_t notice_length;
static atomic_int caught;             // the first signal caught during the hold, 0 if none
static atomic_int handlers_running;   // handlers between entry and exit, on any thread

static void on_signal(int number) {
    int saved_errno = errno;
    atomic_fetch_add(&handlers_running, 1);
    int none = 0;
    if (atomic_compare_exchange_strong(&caught, &none, number) && notice_length > 0) {
        ssize_t ignored = write(STDERR_FILENO, notice_text, notice_length);
        (void)ignored;
    }
    atomic_fetch_sub(&handlers_running, 1);
    errno = saved_errno;
}

int csignals_hold(const char *notice) {
    pthread_mutex_lock(&holds_lock);
    if (holds == 0) {
        size_t length = notice ? strlen(notice) : 0;
        if (length >= sizeof notice_text) length = sizeof notice_text - 1;
        memcpy(notice_text, notice ? notice : "", length);
        notice_length = length;
        atomic_store(&caught, 0);
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_signal;
        sigemptyset(&action.sa_mask);
        for (int i = 0; i < 2; i++) sigaddset(&action.sa_mask, held[i]);  // one handler at a time per thread
        action.sa_flags = SA_RESTART;
        for (int i = 0; i < 2; i++) {
            // A signal the process was started with ignored (a background job's SIGINT, nohup)
            // stays ignored: catching it would print the notice and then deliver nothing.
            if (sigaction(held[i], NULL, &previous[i]) != 0 ||
                (previous[i].sa_handler != SIG_IGN && sigaction(held[i], &action, NULL) != 0)) {
                int failure = errno;
                for (int j = 0; j < i; j++) sigaction(held[j], &previous[j], NULL);
                pthread_mutex_unlock(&holds_lock);
                errno = failure;
                return -1;
            }
        }
    }
    holds++;
    pthread_mutex_unlock(&holds_lock);
    return 0;
}

int csignals_release(void) {
    pthread_mutex_lock(&holds_lock);
    int number = 0;
    if (holds > 0 && --holds == 0) {
        for (int i = 0; i < 2; i++) sigaction(held[i], &previous[i], NULL);
        // A handler that started before the actions were restored finishes its store first.
        while (atomic_load(&handlers_running) > 0) sched_yield();
        number = atomic_exchange(&caught, 0);
    }
    pthread_mutex_unlock(&holds_lock);
    return number;
}
