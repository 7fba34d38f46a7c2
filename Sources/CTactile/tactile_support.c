// The parts of the C API that are plain C: the thread-local last-error message, status names, version.
// Everything else is implemented in Swift (Sources/TactileCAPI) with @_cdecl exports.
#include "tactile.h"
#include "tactile_internal.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

// Layout checks: the Swift side copies these records field by field.
_Static_assert(sizeof(tactile_event) == 48, "tactile_event must stay 48 bytes");
_Static_assert(offsetof(tactile_event, timestamp_ns) == 16, "tactile_event layout changed");
_Static_assert(offsetof(tactile_event, x) == 24, "tactile_event layout changed");
_Static_assert(sizeof(tactile_counters) == 72, "tactile_counters layout changed");
_Static_assert(sizeof(tactile_delivery) == 48, "tactile_delivery layout changed");

static _Thread_local char last_error[512];
// A handle error is formatted when the message is read, not when the call fails: a caller that retries with a
// stale handle, or a fuzzer's input full of them, pays no formatting (`what` and `gone` are static strings).
static _Thread_local struct { const char *what; const char *gone; uint64_t id; } pending_handle_error;

_Atomic uint64_t tactile_internal_app_words[TACTILE_INTERNAL_APP_SLOTS];
void *_Atomic tactile_internal_app_objects[TACTILE_INTERNAL_APP_SLOTS];
void *_Atomic tactile_internal_app_queues[TACTILE_INTERNAL_APP_SLOTS];

void tactile_internal_set_error(const char *message) {
    if (!message) message = "";
    pending_handle_error.what = NULL;
    size_t n = strlen(message);
    if (n >= sizeof last_error) n = sizeof last_error - 1;
    memcpy(last_error, message, n);
    last_error[n] = '\0';
}

void tactile_internal_set_handle_error(const char *what, uint64_t id, const char *gone) {
    pending_handle_error.what = what;
    pending_handle_error.gone = gone;
    pending_handle_error.id = id;
}

const char *tactile_last_error_message(void) {
    if (pending_handle_error.what) {
        snprintf(last_error, sizeof last_error, "%s handle %" PRIu64 " is null, %s, stale or foreign",
                 pending_handle_error.what, pending_handle_error.id, pending_handle_error.gone);
        pending_handle_error.what = NULL;
    }
    return last_error;
}

uint32_t tactile_version(void) { return TACTILE_VERSION; }

const char *tactile_status_name(tactile_status status) {
    switch (status) {
    case TACTILE_OK: return "TACTILE_OK";
    case TACTILE_ERR_NULL_ARGUMENT: return "TACTILE_ERR_NULL_ARGUMENT";
    case TACTILE_ERR_INVALID_HANDLE: return "TACTILE_ERR_INVALID_HANDLE";
    case TACTILE_ERR_QUEUE_FULL: return "TACTILE_ERR_QUEUE_FULL";
    case TACTILE_ERR_INVALID_EVENT: return "TACTILE_ERR_INVALID_EVENT";
    case TACTILE_ERR_INVALID_COORDINATE: return "TACTILE_ERR_INVALID_COORDINATE";
    case TACTILE_ERR_OUT_OF_RANGE: return "TACTILE_ERR_OUT_OF_RANGE";
    case TACTILE_ERR_INVALID_STATE: return "TACTILE_ERR_INVALID_STATE";
    case TACTILE_ERR_LIMIT: return "TACTILE_ERR_LIMIT";
    case TACTILE_ERR_CYCLE: return "TACTILE_ERR_CYCLE";
    case TACTILE_ERR_NOT_A_SUBVIEW: return "TACTILE_ERR_NOT_A_SUBVIEW";
    case TACTILE_ERR_UNSATISFIABLE: return "TACTILE_ERR_UNSATISFIABLE";
    case TACTILE_ERR_NO_COMMON_ANCESTOR: return "TACTILE_ERR_NO_COMMON_ANCESTOR";
    }
    return "TACTILE_ERR_UNKNOWN";
}
