/*
 * tactile.h — the C API of Tactile (libtactile.so).
 *
 * Tactile is UIKit's event-dispatch core, headless, for Linux. This header is the only door for other
 * runtimes (C, C++, Python via ctypes, game engines, test rigs) and for the C++ benchmark harness.
 *
 * Conventions
 *  - Every call that can fail returns a tactile_status; TACTILE_OK is 0. On failure,
 *    tactile_last_error_message() returns a message for the calling thread (thread-local).
 *  - Objects are opaque, generation-checked handles passed by value. A null (zero), destroyed, stale or
 *    foreign handle is reported as TACTILE_ERR_INVALID_HANDLE; it never crashes.
 *  - Threading rules are stated per function: "any thread" functions are lock-free and may run
 *    concurrently with everything except tactile_app_destroy on the same app; "loop thread" functions
 *    must not run concurrently with each other for one app (the thread that drives the run loop).
 */
#ifndef TACTILE_H
#define TACTILE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Versioning ------------------------------------------------------------------------------ */

#define TACTILE_VERSION_MAJOR 0
#define TACTILE_VERSION_MINOR 1
#define TACTILE_VERSION_PATCH 0
/** Compile-time version: major * 10000 + minor * 100 + patch. */
#define TACTILE_VERSION (TACTILE_VERSION_MAJOR * 10000 + TACTILE_VERSION_MINOR * 100 + TACTILE_VERSION_PATCH)

/** Run-time version of the loaded library, encoded as TACTILE_VERSION. Any thread. */
uint32_t tactile_version(void);

/* ---- Errors ---------------------------------------------------------------------------------- */

typedef enum tactile_status {
    TACTILE_OK = 0,
    TACTILE_ERR_NULL_ARGUMENT = 1,      /**< a required pointer argument was NULL */
    TACTILE_ERR_INVALID_HANDLE = 2,     /**< null, destroyed, stale or foreign handle */
    TACTILE_ERR_QUEUE_FULL = 3,         /**< the event queue had no room; nothing was enqueued */
    TACTILE_ERR_INVALID_EVENT = 4,      /**< unknown event kind, phase, motion or system code */
    TACTILE_ERR_INVALID_COORDINATE = 5, /**< NaN or infinite coordinate, force or radius */
    TACTILE_ERR_OUT_OF_RANGE = 6,       /**< a numeric argument outside its documented range */
    TACTILE_ERR_INVALID_STATE = 7,      /**< the call is not allowed in the object's current state */
    TACTILE_ERR_LIMIT = 8               /**< a fixed capacity (e.g. number of live apps) is exhausted */
} tactile_status;

/** Message describing the last failure on the calling thread ("" if none). Valid until the next call
 *  on this thread. Any thread. */
const char *tactile_last_error_message(void);

/** Stable name of a status code, e.g. "TACTILE_ERR_QUEUE_FULL". Any thread. */
const char *tactile_status_name(tactile_status status);

/* ---- Input events ---------------------------------------------------------------------------- */

typedef enum tactile_event_kind {
    TACTILE_EVENT_TOUCH = 1,
    TACTILE_EVENT_MOTION = 2,
    TACTILE_EVENT_SYSTEM = 3
} tactile_event_kind;

/** Touch phases, with UIKit's UITouch.Phase raw values. */
typedef enum tactile_touch_phase {
    TACTILE_PHASE_BEGAN = 0,
    TACTILE_PHASE_MOVED = 1,
    TACTILE_PHASE_STATIONARY = 2,
    TACTILE_PHASE_ENDED = 3,
    TACTILE_PHASE_CANCELLED = 4
} tactile_touch_phase;

typedef enum tactile_motion_code {
    TACTILE_MOTION_SHAKE_BEGAN = 0,
    TACTILE_MOTION_SHAKE_ENDED = 1,
    TACTILE_MOTION_SHAKE_CANCELLED = 2
} tactile_motion_code;

typedef enum tactile_system_code {
    TACTILE_SYSTEM_CANCEL_ALL_TOUCHES = 0,
    TACTILE_SYSTEM_WILL_RESIGN_ACTIVE = 1,
    TACTILE_SYSTEM_DID_BECOME_ACTIVE = 2,
    TACTILE_SYSTEM_MEMORY_WARNING = 3
} tactile_system_code;

/** One input record (48 bytes, plain data). `code` is a tactile_touch_phase, tactile_motion_code or
 *  tactile_system_code according to `kind`. Coordinates are window points. */
typedef struct tactile_event {
    uint8_t kind;          /**< tactile_event_kind */
    uint8_t code;          /**< phase / motion code / system code */
    uint16_t flags;        /**< reserved, pass 0 */
    uint32_t touch_id;     /**< finger identity, chosen by the producer (touch events) */
    uint32_t window_id;    /**< target window (touch events) */
    uint32_t reserved;     /**< pass 0 */
    uint64_t timestamp_ns; /**< producer's timestamp, nanoseconds (monotonic clock) */
    double x, y;           /**< location in window coordinates */
    float force, radius;   /**< optional, 0 when unknown */
} tactile_event;

/* ---- Application and run loop ---------------------------------------------------------------- */

/** An application: one event queue plus one main run loop. */
typedef struct tactile_app { uint64_t id; } tactile_app;

/** How the run loop is driven. */
typedef enum tactile_loop_mode {
    /** Virtual clock, stepped by tactile_app_step / _run_until_idle / _advance: same inputs, same order. */
    TACTILE_LOOP_DETERMINISTIC = 0,
    /** Real clock; iterations run on a private serial Dispatch queue, woken by a coalesced source
     *  after tactile_app_start_live. */
    TACTILE_LOOP_LIVE = 1
} tactile_loop_mode;

typedef struct tactile_app_config {
    uint32_t queue_capacity; /**< event queue capacity, rounded up to a power of two; 0 = 4096 */
    uint32_t loop_mode;      /**< tactile_loop_mode */
} tactile_app_config;

/** Creates an app. `config` may be NULL (defaults). Any thread. */
tactile_status tactile_app_create(const tactile_app_config *config, tactile_app *out_app);

/** Destroys an app (stops a live loop first). Must not run concurrently with other calls on the same
 *  app; afterwards every call with the handle returns TACTILE_ERR_INVALID_HANDLE. Any thread. */
tactile_status tactile_app_destroy(tactile_app app);

/** Receives each drained batch of input events on the loop thread, in FIFO order per producer.
 *  Routing to views replaces this hook when the touch router lands; it stays as a tap. */
typedef void (*tactile_input_fn)(void *user_data, const tactile_event *events, size_t count);

/** Installs (or clears, with fn == NULL) the input hook. Loop thread (or before the loop starts). */
tactile_status tactile_app_set_input_handler(tactile_app app, tactile_input_fn fn, void *user_data);

/** Deterministic mode: runs one iteration at the current virtual time. Loop thread. */
tactile_status tactile_app_step(tactile_app app);
/** Deterministic mode: runs iterations until nothing is due at the current virtual time. Loop thread. */
tactile_status tactile_app_run_until_idle(tactile_app app);
/** Deterministic mode: advances the virtual clock by `ns`, firing what falls due in order. Loop thread. */
tactile_status tactile_app_advance(tactile_app app, uint64_t ns);

/** Live mode: starts the loop on its own serial Dispatch queue; returns at once. Any thread. */
tactile_status tactile_app_start_live(tactile_app app);
/** Live mode: stops the loop and waits for a running iteration to finish. Not from the input hook.
 *  Any thread. */
tactile_status tactile_app_stop(tactile_app app);

/* ---- Posting input (any thread, lock-free) --------------------------------------------------- */

/** Posts one event. TACTILE_ERR_QUEUE_FULL when there is no room (counted; nothing enqueued);
 *  TACTILE_ERR_INVALID_EVENT / _INVALID_COORDINATE for bad records (counted; nothing enqueued). */
tactile_status tactile_post(tactile_app app, const tactile_event *event);

/** Posts `count` events as one contiguous, ordered batch: all or nothing. `*out_posted` (may be NULL)
 *  receives the number enqueued (count or 0). A bad record rejects the whole batch. */
tactile_status tactile_post_batch(tactile_app app, const tactile_event *events, size_t count,
                                  size_t *out_posted);

/* ---- Counters -------------------------------------------------------------------------------- */

typedef struct tactile_counters {
    uint64_t posted;            /**< events accepted into the queue */
    uint64_t drained;           /**< events taken out by the loop */
    uint64_t rejected_full;     /**< events refused because the queue was full */
    uint64_t rejected_invalid;  /**< events refused as malformed */
    uint64_t coalesced;         /**< moved samples merged into a later move of the same touch */
    uint64_t wake_signals;      /**< wake-ups sent to a sleeping loop */
    uint64_t iterations;        /**< run-loop iterations */
    uint64_t errors;            /**< failed C API calls on this app */
} tactile_counters;

/** Reads the app's counters (a consistent-enough snapshot). Any thread. */
tactile_status tactile_app_counters(tactile_app app, tactile_counters *out_counters);

/* ---- References for benchmarks --------------------------------------------------------------- */

/** An empty exported call: measures the cost of crossing the C boundary. Any thread. */
void tactile_noop(void);

/** A serial DispatchQueue used as the reference consumer (`DispatchQueue.async` of one closure per
 *  event), so benchmarks compare the queue against Dispatch in the same process. */
typedef struct tactile_ref_dispatch tactile_ref_dispatch;
typedef void (*tactile_ref_fn)(void *context);
/** Creates a serial queue. Returns NULL on failure. Any thread. */
tactile_ref_dispatch *tactile_ref_dispatch_create(void);
/** `queue.async { fn(context) }`. Any thread. */
void tactile_ref_dispatch_async(tactile_ref_dispatch *queue, tactile_ref_fn fn, void *context);
/** Waits for every submitted closure, then frees the queue. Any thread. */
void tactile_ref_dispatch_destroy(tactile_ref_dispatch *queue);

#ifdef __cplusplus
}
#endif

#endif /* TACTILE_H */
