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
#define TACTILE_VERSION_MINOR 5
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
    TACTILE_ERR_LIMIT = 8,              /**< a fixed capacity (e.g. number of live apps) is exhausted */
    TACTILE_ERR_CYCLE = 9,              /**< the operation would make a view its own ancestor */
    TACTILE_ERR_NOT_A_SUBVIEW = 10,     /**< not returned since 0.3 (a sibling that is not a subview puts the view on top, as UIKit) */
    TACTILE_ERR_UNSATISFIABLE = 11,     /**< a required constraint conflicts with the others: added broken (held just below required) */
    TACTILE_ERR_NO_COMMON_ANCESTOR = 12 /**< a constraint's views are in different hierarchies; nothing was added */
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

/** How a touch was made (tactile_event.flags bits 0–1), with UIKit's UITouch.TouchType raw values. A pencil
 *  touch carries its altitude and azimuth; the others are perpendicular to the screen. */
typedef enum tactile_touch_type {
    TACTILE_TOUCH_DIRECT = 0,
    TACTILE_TOUCH_INDIRECT = 1,
    TACTILE_TOUCH_PENCIL = 2,
    TACTILE_TOUCH_INDIRECT_POINTER = 3
} tactile_touch_type;

typedef enum tactile_motion_code {
    TACTILE_MOTION_SHAKE_BEGAN = 0,
    TACTILE_MOTION_SHAKE_ENDED = 1,
    TACTILE_MOTION_SHAKE_CANCELLED = 2
} tactile_motion_code;

typedef enum tactile_system_code {
    TACTILE_SYSTEM_CANCEL_ALL_TOUCHES = 0,
    TACTILE_SYSTEM_WILL_RESIGN_ACTIVE = 1,
    TACTILE_SYSTEM_DID_BECOME_ACTIVE = 2,
    TACTILE_SYSTEM_MEMORY_WARNING = 3,
    /** The device's orientation changed: `touch_id` holds the UIDeviceOrientation raw value (0 unknown,
     *  1 portrait, 2 portrait upside down, 3 landscape left, 4 landscape right, 5 face up, 6 face down);
     *  any other value is TACTILE_ERR_INVALID_EVENT. Object-model apps rotate (VCG-F). */
    TACTILE_SYSTEM_DEVICE_ORIENTATION = 4
} tactile_system_code;

/** One input record (48 bytes, plain data). `code` is a tactile_touch_phase, tactile_motion_code or
 *  tactile_system_code according to `kind`. Coordinates are window points. */
typedef struct tactile_event {
    uint8_t kind;          /**< tactile_event_kind */
    uint8_t code;          /**< phase / motion code / system code */
    uint16_t flags;        /**< touch events: bits 0–1 the tactile_touch_type (0: a finger); other bits 0 */
    uint32_t touch_id;     /**< finger identity, chosen by the producer (touch events); the orientation
                                (TACTILE_SYSTEM_DEVICE_ORIENTATION) */
    uint32_t window_id;    /**< target window: tactile_window_id(window), or 0 for the screen (touch events) */
    uint16_t altitude;     /**< TACTILE_TOUCH_PENCIL: altitude angle in units of (π/2)/65535 rad (65535: perpendicular) */
    uint16_t azimuth;      /**< TACTILE_TOUCH_PENCIL: azimuth angle in the window in units of 2π/65536 rad */
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

/** App options. */
typedef enum tactile_app_flag {
    /** Input goes to the input tap (tactile_app_set_input_handler) only: no touch routing. For embedders that
     *  route themselves, and for measuring the queue alone. */
    TACTILE_APP_RAW_INPUT = 1 << 0
} tactile_app_flag;

typedef struct tactile_app_config {
    uint32_t queue_capacity;  /**< event queue capacity, rounded up to a power of two; 0 = 4096 */
    uint32_t loop_mode;       /**< tactile_loop_mode */
    uint32_t touch_capacity;  /**< live touches the router holds (1…1024); 0 = 20 */
    uint32_t flags;           /**< tactile_app_flag bits; 0 = none */
    uint64_t tap_interval_ns; /**< longest pause between taps that still counts up tap_count; 0 = 350 ms */
    double tap_distance;      /**< farthest (points) between taps that still counts up; 0 = 10 */
} tactile_app_config;

/** Creates an app. `config` may be NULL (defaults). Any thread. */
tactile_status tactile_app_create(const tactile_app_config *config, tactile_app *out_app);

/** Destroys an app (stops a live loop first). Must not run concurrently with other calls on the same
 *  app; afterwards every call with the handle returns TACTILE_ERR_INVALID_HANDLE. Any thread.
 *  A deterministic app's queue and view tree may be kept (the last few apps', small trees only) for the next
 *  tactile_app_create with the same queue and touch capacities, which gets them as new: the destroyed app's
 *  view handles fail there too, and nothing of it shows (DESIGN-CAPI-APP-REUSE). */
tactile_status tactile_app_destroy(tactile_app app);

/** Receives each drained batch of input events on the loop thread, in FIFO order per producer, before the
 *  touch router routes them (a tap: it sees what the router will see). */
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

/** Posts one event. TACTILE_ERR_QUEUE_FULL when there is no room (counted in rejected_full; nothing enqueued;
 *  retry later: began/ended/cancelled must not be dropped); TACTILE_ERR_INVALID_EVENT / _INVALID_COORDINATE
 *  for bad records (counted; nothing enqueued). */
tactile_status tactile_post(tactile_app app, const tactile_event *event);

/** Posts `count` events as one contiguous, ordered batch: all or nothing. `*out_posted` (may be NULL)
 *  receives the number enqueued (count or 0). A bad record rejects the whole batch; a batch larger than the
 *  queue's capacity can never fit: TACTILE_ERR_OUT_OF_RANGE (counted in rejected_full and errors). Any thread. */
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
    uint64_t errors;            /**< calls on this app refused for misuse (bad handle, argument or event);
                                     back-pressure (QUEUE_FULL) is counted in rejected_full only */
    uint64_t delivered;         /**< touch handler calls and motion deliveries made by the router (updated
                                     after each routed batch) */
} tactile_counters;

/** Reads the app's counters (a consistent-enough snapshot). Any thread. */
tactile_status tactile_app_counters(tactile_app app, tactile_counters *out_counters);

/* ---- Views (loop thread) -------------------------------------------------------------------- */
/* The app's packed view tree. Every window is a root view; events' window coordinates are the root's bounds
 * space. All view functions belong to the loop thread (the thread stepping a deterministic loop, or the live
 * loop's callbacks) and must not run concurrently with each other for one app. */

/** A view handle; id 0 is never a view. Handles belong to the app that made them: stale (destroyed) handles
 *  and handles of another app are TACTILE_ERR_INVALID_HANDLE. */
typedef struct tactile_view { uint64_t id; } tactile_view;
typedef struct tactile_point { double x, y; } tactile_point;
typedef struct tactile_rect { double x, y, width, height; } tactile_rect;
/** CGAffineTransform's layout: (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty); applied about the center. */
typedef struct tactile_transform { double a, b, c, d, tx, ty; } tactile_transform;

/** View flags (UIView properties the engine decides with). */
typedef enum tactile_view_flag {
    TACTILE_VIEW_HIDDEN = 1 << 0,               /**< isHidden */
    TACTILE_VIEW_INTERACTION_DISABLED = 1 << 1, /**< isUserInteractionEnabled == false */
    TACTILE_VIEW_TRANSPARENT = 1 << 2,          /**< alpha < 0.01 */
    TACTILE_VIEW_CLIPS_TO_BOUNDS = 1 << 3,      /**< clipsToBounds (does not affect hit-testing) */
    TACTILE_VIEW_MULTIPLE_TOUCH = 1 << 4,       /**< isMultipleTouchEnabled */
    TACTILE_VIEW_EXCLUSIVE_TOUCH = 1 << 5       /**< isExclusiveTouch */
} tactile_view_flag;

/** `UIView(frame:)`: a parentless view (a window when it stays a root). NaN/∞ → INVALID_COORDINATE. */
tactile_status tactile_view_create(tactile_app app, const tactile_rect *frame, tactile_view *out_view);
/** Destroys a view: it leaves its superview; its subviews become parentless roots. */
tactile_status tactile_view_destroy(tactile_app app, tactile_view view);

/** `addSubview`: appends `child` front-most under `parent` (leaving its old superview first). */
tactile_status tactile_view_add_child(tactile_app app, tactile_view parent, tactile_view child);
/** `insertSubview(_:at:)`; the index is clamped to 0…count. */
tactile_status tactile_view_insert_child(tactile_app app, tactile_view parent, tactile_view child, int64_t index);
/** `insertSubview(_:aboveSubview:)` (above != 0) or `belowSubview:` (above == 0). A `sibling` that is not a
 *  subview of `parent` (a stranger, `parent` itself) puts `child` on top, as UIKit does. */
tactile_status tactile_view_insert_child_relative(tactile_app app, tactile_view parent, tactile_view child,
                                                  tactile_view sibling, int above);
/** `removeFromSuperview`; a no-op for a root. */
tactile_status tactile_view_remove_from_parent(tactile_app app, tactile_view view);
/** `bringSubviewToFront` / `sendSubviewToBack`; no-ops when `child` is not a subview of `parent`. */
tactile_status tactile_view_bring_to_front(tactile_app app, tactile_view parent, tactile_view child);
tactile_status tactile_view_send_to_back(tactile_app app, tactile_view parent, tactile_view child);
/** `exchangeSubview(at:withSubviewAt:)`; out-of-range indices → OUT_OF_RANGE. */
tactile_status tactile_view_exchange_children(tactile_app app, tactile_view parent, size_t i, size_t j);

/** `superview` (id 0 for a root). */
tactile_status tactile_view_parent(tactile_app app, tactile_view view, tactile_view *out_parent);
tactile_status tactile_view_child_count(tactile_app app, tactile_view view, size_t *out_count);
/** `subviews[index]`, back to front. */
tactile_status tactile_view_child_at(tactile_app app, tactile_view view, size_t index, tactile_view *out_child);

tactile_status tactile_view_set_frame(tactile_app app, tactile_view view, const tactile_rect *frame);
tactile_status tactile_view_get_frame(tactile_app app, tactile_view view, tactile_rect *out_frame);
tactile_status tactile_view_set_center(tactile_app app, tactile_view view, double x, double y);
tactile_status tactile_view_get_center(tactile_app app, tactile_view view, tactile_point *out_center);
tactile_status tactile_view_set_bounds(tactile_app app, tactile_view view, const tactile_rect *bounds);
tactile_status tactile_view_get_bounds(tactile_app app, tactile_view view, tactile_rect *out_bounds);
tactile_status tactile_view_set_transform(tactile_app app, tactile_view view, const tactile_transform *transform);
tactile_status tactile_view_get_transform(tactile_app app, tactile_view view, tactile_transform *out_transform);
/** Sets (on != 0) or clears the tactile_view_flag bits in `flags`; unknown bits → OUT_OF_RANGE. */
tactile_status tactile_view_set_flags(tactile_app app, tactile_view view, uint32_t flags, int on);
tactile_status tactile_view_get_flags(tactile_app app, tactile_view view, uint32_t *out_flags);
tactile_status tactile_view_set_tag(tactile_app app, tactile_view view, int64_t tag);
tactile_status tactile_view_get_tag(tactile_app app, tactile_view view, int64_t *out_tag);
/** An optional pointer of the caller's, handed back in every delivery to the view (tactile_delivery.user_data);
 *  NULL by default, forgotten when the view is destroyed. */
tactile_status tactile_view_set_user_data(tactile_app app, tactile_view view, void *user_data);
tactile_status tactile_view_get_user_data(tactile_app app, tactile_view view, void **out_user_data);
/** `viewWithTag`: depth-first from `root` itself; id 0 when none. */
tactile_status tactile_view_with_tag(tactile_app app, tactile_view root, int64_t tag, tactile_view *out_view);

/* ---- Hit-testing (loop thread) ---------------------------------------------------------------- */

/** UIKit's hitTest from `root` (a window) at (x, y) in its bounds space: the deepest front-most view that
 *  contains the point and accepts touches; id 0 for none (also for NaN/∞ points). */
tactile_status tactile_hit_test(tactile_app app, tactile_view root, double x, double y, tactile_view *out_view);
/** Hit-tests `count` points; out_views[i] receives each result. */
tactile_status tactile_hit_test_batch(tactile_app app, tactile_view root, const tactile_point *points, size_t count,
                                      tactile_view *out_views);

/* ---- Touch routing (loop thread) -------------------------------------------------------------- */
/* Every drained batch goes through UIKit's touch router: a touch is hit-tested once at began and bound to its
 * window and view for life; samples with one timestamp form one event; each view gets its changed touches per
 * phase (began, moved, ended, cancelled), single-touch views only their first finger, exclusive-touch rules in
 * both directions; a view removed from its window (or destroyed) mid-sequence gets its touches cancelled
 * first. Touch records name their window by `window_id = tactile_window_id(window)` (a root view), or 0 for
 * the screen: the windows given to tactile_app_set_screen, front-most first, in screen coordinates. */

/** The `window_id` that names `window` (a root view) in touch records. */
static inline uint32_t tactile_window_id(tactile_view window) { return (uint32_t)window.id + 1u; }

/** One touch in a delivery, in its window's coordinates. */
typedef struct tactile_touch {
    uint32_t touch_id;       /**< the producer's finger id */
    uint32_t phase;          /**< tactile_touch_phase */
    uint32_t tap_count;      /**< taps on the same view in quick succession (UITouch.tapCount) */
    uint32_t reserved;
    double x, y;             /**< location */
    double previous_x, previous_y;
    uint64_t timestamp_ns;   /**< last change */
} tactile_touch;

/** One handler call: `view` gets touchesBegan/Moved/Ended/Cancelled (by `phase`) with `touches`. */
typedef struct tactile_delivery {
    tactile_view view;
    tactile_view window;
    uint32_t phase;                 /**< tactile_touch_phase of the handler */
    uint32_t count;                 /**< touches in `touches` */
    const tactile_touch *touches;   /**< valid during the callback only */
    uint64_t timestamp_ns;          /**< the event's timestamp */
    void *user_data;                /**< the view's tactile_view_set_user_data pointer (NULL if none) */
} tactile_delivery;

/** Shake phases after the timing rule: ended when the shake lasted under a second, else cancelled. */
typedef enum tactile_motion_phase {
    TACTILE_MOTION_BEGAN = 0,
    TACTILE_MOTION_ENDED = 1,
    TACTILE_MOTION_CANCELLED = 2
} tactile_motion_phase;

typedef void (*tactile_delivery_fn)(void *user_data, const tactile_delivery *delivery);
typedef void (*tactile_motion_fn)(void *user_data, uint32_t phase, uint64_t timestamp_ns);

/** Installs (or clears, fn == NULL) the touch delivery callback. The callback may call loop-thread
 *  functions; removing or destroying a view from it delivers that view's cancellations at once (nested).
 *  Loop thread. */
tactile_status tactile_app_set_delivery_callback(tactile_app app, tactile_delivery_fn fn, void *user_data);
/** Installs (or clears) the motion (shake) callback. Loop thread. */
tactile_status tactile_app_set_motion_callback(tactile_app app, tactile_motion_fn fn, void *user_data);

/** The windows a touch with window_id 0 may land in, front-most first (copied). Loop thread. */
tactile_status tactile_app_set_screen(tactile_app app, const tactile_view *windows, size_t count);

/** `beginIgnoringInteractionEvents` / `endIgnoringInteractionEvents`: while ignoring (calls nest), new
 *  touches are not delivered; touches already down continue. Unbalanced ends are ignored. Loop thread. */
tactile_status tactile_app_begin_ignoring_interaction(tactile_app app);
tactile_status tactile_app_end_ignoring_interaction(tactile_app app);

/** Routes `count` events now, on the calling (loop) thread, bypassing the queue: for fuzzers, replays and
 *  benchmarks. Records are validated as by tactile_post_batch (a bad record rejects the whole call). */
tactile_status tactile_route(tactile_app app, const tactile_event *events, size_t count);

typedef struct tactile_route_counters {
    uint64_t samples;            /**< touch records routed */
    uint64_t frames;             /**< touch events built */
    uint64_t deliveries;         /**< handler calls */
    uint64_t began, ended, cancelled;  /**< sequences */
    uint64_t withheld;           /**< touches kept from their view (single-touch view, exclusive touch) */
    uint64_t ignored;            /**< touches that began while ignoring interaction or inactive */
    uint64_t missed;             /**< touches that hit no view */
    uint64_t swallowed_samples;  /**< later samples of ignored, missed or cancelled touches */
    uint64_t cancelled_detached; /**< touches of a view that left its window which ended without any handler
                                      call (the view never saw their began); the others got touchesCancelled
                                      before the view left and are counted in `cancelled` only */
    uint64_t motions;            /**< motion deliveries */
    uint64_t errors;             /**< bad input: table full, unknown touch, duplicate began, unknown window,
                                      unmatched shake, a touch sample older than the last touch event (delivered
                                      at the last event's time, never dropped) */
} tactile_route_counters;

/** Reads the router's counters. Loop thread. */
tactile_status tactile_app_route_counters(tactile_app app, tactile_route_counters *out_counters);

/** Turns the delivery log on (a line per routing decision, the same for the same input) or off (freeing
 *  it). Loop thread. */
tactile_status tactile_app_set_delivery_log(tactile_app app, int enabled);
/** Copies the log (NUL-terminated, truncated to `capacity`); `*out_length` (may be NULL) receives its full
 *  length without the NUL. `buffer` may be NULL with capacity 0 to ask for the length. Loop thread. */
tactile_status tactile_app_delivery_log(tactile_app app, char *buffer, size_t capacity, size_t *out_length);

/* ---- Controls (loop thread) ------------------------------------------------------------------- */
/* A view marked as a control tracks touches as UIKit's UIControl (a button) does and reports its control events
 * through the action callback. It tracks the first touch delivered to it, from touch down to its end: inside-ness
 * is its bounds grown by 70 points on each side, in its own coordinates. The C API has no responder chain: a
 * touch that lands on a subview goes to that subview, so make a control's subviews
 * TACTILE_VIEW_INTERACTION_DISABLED (as UIButton's own subviews are). */

/** UIControl.Event, with the SDK's bit values. Each action callback call carries one of them. */
typedef enum tactile_control_event {
    TACTILE_CONTROL_TOUCH_DOWN = 1 << 0,        /**< a touch went down on the control */
    TACTILE_CONTROL_TOUCH_DOWN_REPEAT = 1 << 1, /**< after TOUCH_DOWN, in its own call, for a tap count of 2 or more */
    TACTILE_CONTROL_TOUCH_DRAG_INSIDE = 1 << 2, /**< the tracked touch moved, inside */
    TACTILE_CONTROL_TOUCH_DRAG_OUTSIDE = 1 << 3, /**< the tracked touch moved, outside */
    TACTILE_CONTROL_TOUCH_DRAG_ENTER = 1 << 4,  /**< it came back inside (before its DRAG_INSIDE or UP_INSIDE) */
    TACTILE_CONTROL_TOUCH_DRAG_EXIT = 1 << 5,   /**< it went outside (before its DRAG_OUTSIDE or UP_OUTSIDE) */
    TACTILE_CONTROL_TOUCH_UP_INSIDE = 1 << 6,   /**< it lifted inside */
    TACTILE_CONTROL_TOUCH_UP_OUTSIDE = 1 << 7,  /**< it lifted outside */
    TACTILE_CONTROL_TOUCH_CANCEL = 1 << 8,      /**< it was cancelled (a system cancel, resign active, the control
                                                     leaving its window or destroyed) */
    TACTILE_CONTROL_VALUE_CHANGED = 1 << 12,    /**< UIKit's value controls; not sent by C API controls */
    TACTILE_CONTROL_PRIMARY_ACTION_TRIGGERED = 1 << 13 /**< after TOUCH_UP_INSIDE, in its own call, as a button */
} tactile_control_event;

/** One control event: `control_event` is one tactile_control_event bit; `timestamp_ns` the touch event's. */
typedef void (*tactile_action_fn)(void *user_data, tactile_view control, uint32_t control_event, uint64_t timestamp_ns);

/** Installs (or clears, fn == NULL) the action callback: one call per control event, in UIKit's order, after the
 *  delivery callback's call for the same touches — touch down, then touch-down-repeat; drag enter or exit, then
 *  drag inside or outside; on lift the crossing event, then touch up inside (then primary action triggered) or
 *  outside; touch cancel. Controls track touches with or without it. The callback may call loop-thread functions:
 *  removing the control from it sends its TOUCH_CANCEL at once (nested) and nothing more for that touch; after a
 *  touch-up action that destroyed or unmarked the control, no primary action follows. Loop thread. */
tactile_status tactile_app_set_action_callback(tactile_app app, tactile_action_fn fn, void *user_data);

/** Marks (is_control != 0) or unmarks a view as a control (`UIControl`); a control starts enabled. Unmarking
 *  forgets its state: tracking stops without actions, and a disabled control takes touches again. Marking an
 *  existing control again changes nothing. Destroying the view forgets it. Loop thread. */
tactile_status tactile_view_set_control(tactile_app app, tactile_view view, int is_control);

/** `UIControl.isEnabled`: a disabled control (enabled == 0) is passed over by hit-testing, so a touch goes to
 *  what is behind it. TACTILE_VIEW_INTERACTION_DISABLED keeps the value set by tactile_view_set_flags (which
 *  tactile_view_get_flags reports); re-enabling restores it. A touch already tracked goes on.
 *  TACTILE_ERR_INVALID_STATE for a view that is not a control. Loop thread. */
tactile_status tactile_view_set_control_enabled(tactile_app app, tactile_view view, int enabled);

/* ---- Gesture recognizers (loop thread) ------------------------------------------------------- */
/* UIKit's gesture recognizers, as the engine's gesture models (tap, pan, long press, pinch, rotation, swipe),
 * attached to views and fed by the touch router (DESIGN-GESTURE-CAPI). When a touch begins, its gestures are
 * fixed: those of the view it landed on, then those of each superview up to the window (the hit view's first,
 * each view's in the order they were added). Each delivery's touches go to those gestures before the delivery
 * callback runs for the view. Gestures see the touches the router delivers: a view that is not
 * TACTILE_VIEW_MULTIPLE_TOUCH gets only the first finger, so multi-finger gestures need that flag on the view.
 *
 * No simultaneous recognition: a gesture that begins (continuous) or is recognized (discrete) makes every other
 * gesture of its touches that is still possible fail. Failed gestures get no callback; they ignore the rest of
 * that touch sequence. After ended, cancelled or failed a gesture is reset and ignores the rest of the sequence.
 * cancels_touches_in_view (on by default): when the gesture begins or is recognized, each of its touches the
 * view was delivered and that has not ended gets a delivery with phase TACTILE_PHASE_CANCELLED (before the
 * gesture's state callback), and no further delivery; the gesture keeps receiving the touch. If a delivery callback
 * there cancels the gesture (removing or destroying its view), the state callback still reports its began (or
 * recognized) first and the cancellation after it, as UIKit's gesture environment queues it. Time-outs (a long
 * press beginning, a tap failing after the multi-tap interval, a swipe's time limit) run as timers on the
 * app's run loop, so deterministic stepping (tactile_app_advance) drives them; their callbacks carry the
 * deadline in the touches' clock. A touch cancelled by the router (a system cancel, its view leaving the window
 * or destroyed) cancels an active gesture and fails a possible one. A gesture whose view is destroyed is
 * dropped: its handle becomes invalid. Removing a view keeps its gestures. */

/** A gesture handle; id 0 is never a gesture. Generation-checked: a removed gesture's handle, a gesture of a
 *  destroyed view and another app's gesture are TACTILE_ERR_INVALID_HANDLE. */
typedef struct tactile_gesture { uint64_t id; } tactile_gesture;

/** The recognizer classes. */
typedef enum tactile_gesture_kind {
    TACTILE_GESTURE_TAP = 0,        /**< UITapGestureRecognizer: discrete */
    TACTILE_GESTURE_PAN = 1,        /**< UIPanGestureRecognizer: continuous, begins after 10 points */
    TACTILE_GESTURE_LONG_PRESS = 2, /**< UILongPressGestureRecognizer: continuous, begins after 0.5 s held */
    TACTILE_GESTURE_PINCH = 3,      /**< UIPinchGestureRecognizer: continuous, two fingers */
    TACTILE_GESTURE_ROTATION = 4,   /**< UIRotationGestureRecognizer: continuous, two fingers */
    TACTILE_GESTURE_SWIPE = 5       /**< UISwipeGestureRecognizer: discrete, 50 points within 0.5 s */
} tactile_gesture_kind;

/** UIGestureRecognizer.State, with UIKit's raw values. */
typedef enum tactile_gesture_state {
    TACTILE_GESTURE_POSSIBLE = 0,
    TACTILE_GESTURE_BEGAN = 1,
    TACTILE_GESTURE_CHANGED = 2,
    TACTILE_GESTURE_ENDED = 3,
    TACTILE_GESTURE_RECOGNIZED = 3, /**< a discrete gesture happened (the same value as ENDED) */
    TACTILE_GESTURE_CANCELLED = 4,
    TACTILE_GESTURE_FAILED = 5      /**< never passed to the callback */
} tactile_gesture_state;

/** UISwipeGestureRecognizer.Direction bits. */
typedef enum tactile_swipe_direction {
    TACTILE_SWIPE_RIGHT = 1 << 0,
    TACTILE_SWIPE_LEFT = 1 << 1,
    TACTILE_SWIPE_UP = 1 << 2,
    TACTILE_SWIPE_DOWN = 1 << 3
} tactile_swipe_direction;

/** A state change: `state` is BEGAN, CHANGED, ENDED (== RECOGNIZED) or CANCELLED, never FAILED or POSSIBLE;
 *  `view` the view the gesture is attached to; `timestamp_ns` the touch event's (or the time-out's deadline). */
typedef void (*tactile_gesture_fn)(void *user_data, tactile_gesture gesture, tactile_view view, uint32_t state,
                                   uint64_t timestamp_ns);

/** Installs (or clears, fn == NULL) the gesture callback: one call per state change, in the order the gestures
 *  change. The callback may call loop-thread functions (reading the gesture's values, removing it, removing
 *  views). Gestures recognize with or without it. Loop thread. */
tactile_status tactile_app_set_gesture_callback(tactile_app app, tactile_gesture_fn fn, void *user_data);

/** `view.addGestureRecognizer(_:)` with a new recognizer of `kind` (tactile_gesture_kind) in its default
 *  configuration (one tap of one finger; a pan of one or more fingers; a long press of one finger held 0.5 s,
 *  10 points of movement allowed; a swipe to the right), cancelling touches in the view. It takes part from the
 *  next touch that begins. Unknown kind → OUT_OF_RANGE; more than 65535 gestures → LIMIT. Loop thread. */
tactile_status tactile_view_add_gesture(tactile_app app, tactile_view view, uint32_t kind, tactile_gesture *out_gesture);
/** `removeGestureRecognizer(_:)`: forgets the gesture at once, without a callback (even when it was active);
 *  its handle becomes invalid. Loop thread. */
tactile_status tactile_gesture_remove(tactile_app app, tactile_gesture gesture);

/** `numberOfTapsRequired`: taps (1 … 64) for a tap; quick taps before the press (0 … 64) for a long press.
 *  Other kinds → INVALID_STATE; out of range → OUT_OF_RANGE. Loop thread. */
tactile_status tactile_gesture_set_taps_required(tactile_app app, tactile_gesture gesture, uint32_t taps);
/** `numberOfTouchesRequired` (1 … 1024) of a tap, long press or swipe; other kinds → INVALID_STATE.
 *  Loop thread. */
tactile_status tactile_gesture_set_touches_required(tactile_app app, tactile_gesture gesture, uint32_t touches);
/** A pan's `minimumNumberOfTouches` and `maximumNumberOfTouches` (1 ≤ minimum ≤ maximum; UINT32_MAX: no
 *  limit, the default). Other kinds → INVALID_STATE. Loop thread. */
tactile_status tactile_gesture_set_touch_range(tactile_app app, tactile_gesture gesture, uint32_t minimum,
                                               uint32_t maximum);
/** A long press's `minimumPressDuration`, in seconds (finite, 0 … 1e6; NaN → OUT_OF_RANGE). Other kinds →
 *  INVALID_STATE. Loop thread. */
tactile_status tactile_gesture_set_minimum_press_duration(tactile_app app, tactile_gesture gesture, double seconds);
/** A long press's `allowableMovement`, in points (finite, ≥ 0). Other kinds → INVALID_STATE. Loop thread. */
tactile_status tactile_gesture_set_allowable_movement(tactile_app app, tactile_gesture gesture, double points);
/** A swipe's `direction`: tactile_swipe_direction bits, at least one, no others (else OUT_OF_RANGE). Other
 *  kinds → INVALID_STATE. Loop thread. */
tactile_status tactile_gesture_set_direction(tactile_app app, tactile_gesture gesture, uint32_t directions);
/** `cancelsTouchesInView` (1 by default), any kind. Loop thread. */
tactile_status tactile_gesture_set_cancels_touches_in_view(tactile_app app, tactile_gesture gesture, int cancels);

/** `state` (a tactile_gesture_state; POSSIBLE again once a gesture ended). Loop thread. */
tactile_status tactile_gesture_get_state(tactile_app app, tactile_gesture gesture, uint32_t *out_state);
/** `view`: the view the gesture is attached to. Loop thread. */
tactile_status tactile_gesture_get_view(tactile_app app, tactile_gesture gesture, tactile_view *out_view);
/** `location(in: window)`: the centroid of the gesture's touches in window coordinates (where they last were
 *  once they lifted; (0, 0) before any touch). Loop thread. */
tactile_status tactile_gesture_get_location(tactile_app app, tactile_gesture gesture, tactile_point *out_location);
/** A pan's `translation(in: window)`, window points. Other kinds → INVALID_STATE. Loop thread. */
tactile_status tactile_gesture_get_translation(tactile_app app, tactile_gesture gesture, tactile_point *out_translation);
/** A pan's `velocity(in: window)`, window points per second. Other kinds → INVALID_STATE. Loop thread. */
tactile_status tactile_gesture_get_velocity(tactile_app app, tactile_gesture gesture, tactile_point *out_velocity);
/** A pinch's `scale` (1 at the start) and `velocity` (scale factor per second); `out_velocity` may be NULL.
 *  Other kinds → INVALID_STATE. Loop thread. */
tactile_status tactile_gesture_get_scale(tactile_app app, tactile_gesture gesture, double *out_scale,
                                         double *out_velocity);
/** A rotation's `rotation` (radians, clockwise positive) and `velocity` (radians per second); `out_velocity`
 *  may be NULL. Other kinds → INVALID_STATE. Loop thread. */
tactile_status tactile_gesture_get_rotation(tactile_app app, tactile_gesture gesture, double *out_rotation,
                                            double *out_velocity);

/* ---- Scroll views (loop thread) -------------------------------------------------------------- */
/* UIKit's UIScrollView on a view handle (DESIGN-CAPI-SCROLL): a view marked scrollable moves its content — its
 * subviews — by its content offset, which is its bounds origin (tactile_view_get_bounds reads it; hit-testing and
 * conversions follow it). The physics are the object model's (TactileCore's ScrollDrag, ScrollAxis and
 * ScrollAxisMotion, documented there), run by TactileCore's ScrollViewEngine, the same front end trace replays
 * use: C, Python and `tactile replay` give the same offsets and events for the same input.
 *
 * Drags (DESIGN-CAPI-SCROLL-DRAG): a touch that begins on a scroll view or any view inside it goes to the scroll
 * view's pan (UIPanGestureRecognizer's model), ahead of the C gestures and the delivery callback. The pan begins
 * once the fingers moved 10 points; the scroll view then drags if scrolling is enabled and the movement runs
 * within 45° of an axis that scrolls (content larger than the view along it, or TACTILE_SCROLL_ALWAYS_BOUNCE_*).
 * Its touches are then taken from their views, as UIKit's cancelsTouchesInView: a view that got a touch's began
 * gets a delivery with phase TACTILE_PHASE_CANCELLED (before the WILL_BEGIN_DRAGGING event) and nothing more of
 * it; its C gestures are cancelled or fail, a control gets TOUCH_CANCEL. A finger that lands while the scroll view
 * drags joins the drag and its view never gets it. The offset follows the fingers one to one from where the drag
 * began (no jump by the 10 points), rubber-banded past the edges when TACTILE_SCROLL_BOUNCES (else stopped
 * there), along one axis only with TACTILE_SCROLL_DIRECTIONAL_LOCK for a drag whose movement since touch-down
 * runs within 30° of it.
 * Nested scroll views (DESIGN-CAPI-SCROLL-NESTED): the innermost one that can scroll in the drag's direction
 * drags; the others ignore the rest of those touches. A C gesture that began (or was recognized) on a touch keeps
 * scroll views from dragging with it (DESIGN-CAPI-SCROLL-GESTURES).
 *
 * Release (DESIGN-CAPI-SCROLL-MOTION): lifting the fingers decelerates the content exponentially
 * (x(t) = x0 + P·(1 − e^(−k·t)), P = v0/1000·r/(1 − r) — Apple's projection —, k = −1000·ln r, r the deceleration rate), springs it back from past an edge (the
 * rubber band), or lands it on a page (TACTILE_SCROLL_PAGING: multiples of the view's size, the next page for a
 * flick). Motions are stepped by a common-mode timer every 1/60 s on the app's run loop (deterministic apps:
 * tactile_app_advance), the offset at each frame a function of the time since the release. A touch-down on a
 * decelerating scroll view stops it where it is (no DID_END_DECELERATING, as UIKit) and that touch is the scroll
 * view's alone. While any scroll view tracks a finger, drags or decelerates, the run loop runs in UIKit's tracking
 * mode (only common-mode timers fire; the C API's own timers are all common-mode).
 *
 * Differences from UIKit: no content-touch delay (delaysContentTouches): the content gets a touch-down at once and
 * a drag cancels it; touchesShouldCancel(in:) is true for every view, controls included (turn
 * TACTILE_SCROLL_CANCELS_CONTENT_TOUCHES off to keep content touches: a drag begun on the content then does not
 * scroll); the pans see only the touches the router delivers (a second finger on a view that is not
 * TACTILE_VIEW_MULTIPLE_TOUCH is not delivered, so it does not join a drag); tactile_view_set_bounds moves the
 * offset without a DID_SCROLL; no zooming, no scroll indicators, no safe-area insets (contentInset is the
 * adjusted inset). */

/** The scroll callback's events: UIScrollViewDelegate's methods. */
typedef enum tactile_scroll_event_kind {
    TACTILE_SCROLL_WILL_BEGIN_DRAGGING = 0,        /**< scrollViewWillBeginDragging */
    TACTILE_SCROLL_DID_SCROLL = 1,                 /**< scrollViewDidScroll: the offset changed (drag, motion frame, set) */
    TACTILE_SCROLL_WILL_END_DRAGGING = 2,          /**< scrollViewWillEndDragging(_:withVelocity:targetContentOffset:) */
    TACTILE_SCROLL_DID_END_DRAGGING = 3,           /**< scrollViewDidEndDragging(_:willDecelerate:) */
    TACTILE_SCROLL_WILL_BEGIN_DECELERATING = 4,    /**< scrollViewWillBeginDecelerating */
    TACTILE_SCROLL_DID_END_DECELERATING = 5,       /**< scrollViewDidEndDecelerating: at rest, within the range */
    TACTILE_SCROLL_DID_END_SCROLLING_ANIMATION = 6 /**< scrollViewDidEndScrollingAnimation (an animated set ended) */
} tactile_scroll_event_kind;

/** Scroll view options (tactile_scroll_set_options); the defaults are UIKit's: BOUNCES, SCROLL_ENABLED and
 *  CANCELS_CONTENT_TOUCHES on, the others off. */
typedef enum tactile_scroll_option {
    TACTILE_SCROLL_PAGING = 1 << 0,                  /**< isPagingEnabled */
    TACTILE_SCROLL_BOUNCES = 1 << 1,                 /**< bounces */
    TACTILE_SCROLL_ALWAYS_BOUNCE_HORIZONTAL = 1 << 2, /**< alwaysBounceHorizontal */
    TACTILE_SCROLL_ALWAYS_BOUNCE_VERTICAL = 1 << 3,  /**< alwaysBounceVertical */
    TACTILE_SCROLL_SCROLL_ENABLED = 1 << 4,          /**< isScrollEnabled (turning it off ends a drag as cancelled) */
    TACTILE_SCROLL_DIRECTIONAL_LOCK = 1 << 5,        /**< isDirectionalLockEnabled */
    TACTILE_SCROLL_CANCELS_CONTENT_TOUCHES = 1 << 6  /**< canCancelContentTouches */
} tactile_scroll_option;

/** What a scroll view is doing (tactile_scroll_get_state). */
typedef enum tactile_scroll_state {
    TACTILE_SCROLL_TRACKING = 1 << 0,     /**< isTracking: a finger that touched it (or its content) is down */
    TACTILE_SCROLL_DRAGGING = 1 << 1,     /**< isDragging */
    TACTILE_SCROLL_DECELERATING = 1 << 2, /**< isDecelerating (decelerating, bouncing back or paging) */
    TACTILE_SCROLL_ANIMATING = 1 << 3     /**< an animated tactile_scroll_set_content_offset is running */
} tactile_scroll_state;

/** UIScrollView.DecelerationRate.normal and .fast: the velocity kept per millisecond. */
#define TACTILE_SCROLL_DECELERATION_NORMAL 0.998
#define TACTILE_SCROLL_DECELERATION_FAST 0.99

typedef struct tactile_size { double width, height; } tactile_size;
/** UIEdgeInsets. */
typedef struct tactile_insets { double top, left, bottom, right; } tactile_insets;

/** One delegate call. The callback may change `target` during TACTILE_SCROLL_WILL_END_DRAGGING (UIKit's inout
 *  targetContentOffset: the content then decelerates to exactly there, kept within the range; ignored for a
 *  paging scroll view and for NaN/∞); every other change is ignored. (An offset the callback sets then is where
 *  the release starts; an animated set it starts then is dropped: the release takes over.) Valid during the
 *  callback only. */
typedef struct tactile_scroll_event {
    tactile_view view;       /**< the scroll view */
    uint32_t kind;           /**< tactile_scroll_event_kind */
    uint32_t decelerate;     /**< DID_END_DRAGGING: 1 when a motion follows (then WILL_BEGIN_DECELERATING) */
    tactile_point offset;    /**< contentOffset now */
    tactile_point velocity;  /**< WILL_END_DRAGGING: the release velocity in points per millisecond (UIKit's unit) */
    tactile_point target;    /**< WILL_END_DRAGGING: where the content will come to rest (may be changed) */
    uint64_t timestamp_ns;   /**< the touch event's timestamp; for a motion's frame, the touches' clock then */
    void *user_data;         /**< the view's tactile_view_set_user_data pointer */
} tactile_scroll_event;

typedef void (*tactile_scroll_fn)(void *user_data, tactile_scroll_event *event);

/** Installs (or clears, fn == NULL) the scroll callback (DESIGN-CAPI-SCROLL-EVENTS): one call per delegate event,
 *  in UIKit's order. A drag: WILL_BEGIN_DRAGGING, DID_SCROLL per move that moved the content, WILL_END_DRAGGING,
 *  DID_END_DRAGGING (decelerate); then, when a motion follows, WILL_BEGIN_DECELERATING, DID_SCROLL per frame and
 *  DID_END_DECELERATING at rest. A scroll view let go out of its range without a drag (caught while bouncing)
 *  goes WILL_BEGIN_DECELERATING … DID_END_DECELERATING. An animated set: DID_SCROLL per frame, then
 *  DID_END_SCROLLING_ANIMATION. A motion interrupted (a touch-down catching it, a set offset, unmarking) ends
 *  without its end event, as UIKit. Events a call makes (a set offset) carry the last touch event's timestamp.
 *  The callback may call loop-thread functions (set offsets, remove or destroy views). Scroll views scroll with
 *  or without it. Loop thread. */
tactile_status tactile_app_set_scroll_callback(tactile_app app, tactile_scroll_fn fn, void *user_data);

/** Marks (scrollable != 0) or unmarks `view` as a scroll view (UIScrollView). A new scroll view has no content
 *  (size 0 × 0, no inset), UIKit's options and deceleration rate, its bounds origin as its offset, and
 *  TACTILE_VIEW_CLIPS_TO_BOUNDS set (as UIScrollView's init). Marking a scroll view again changes nothing.
 *  Unmarking stops its motion and drops its drag without events (touches it took stay away from their views until
 *  they end); destroying the view forgets it. Loop thread. */
tactile_status tactile_view_set_scrollable(tactile_app app, tactile_view view, int scrollable);

/* The setters and getters below take a scroll view: another view is TACTILE_ERR_INVALID_STATE. */

/** `contentSize`: finite, not negative (NaN/∞ → INVALID_COORDINATE, negative → OUT_OF_RANGE). Loop thread. */
tactile_status tactile_scroll_set_content_size(tactile_app app, tactile_view view, double width, double height);
tactile_status tactile_scroll_get_content_size(tactile_app app, tactile_view view, tactile_size *out_size);
/** `contentInset` (finite; negative insets are allowed, as UIKit). Loop thread. */
tactile_status tactile_scroll_set_content_inset(tactile_app app, tactile_view view, const tactile_insets *inset);
tactile_status tactile_scroll_get_content_inset(tactile_app app, tactile_view view, tactile_insets *out_inset);
/** `setContentOffset(_:animated:)` (DESIGN-CAPI-SCROLL-OFFSET), not limited to the scrolling range (as UIKit):
 *  animated == 0 moves it at once (a motion in progress stops without its end event; DID_SCROLL if it changed);
 *  animated != 0 eases it there over 0.3 s on the run loop (DID_SCROLL per frame, then
 *  DID_END_SCROLLING_ANIMATION; nothing when already there). NaN/∞ → INVALID_COORDINATE. Loop thread. */
tactile_status tactile_scroll_set_content_offset(tactile_app app, tactile_view view, double x, double y, int animated);
/** `contentOffset` (the bounds origin). Loop thread. */
tactile_status tactile_scroll_get_content_offset(tactile_app app, tactile_view view, tactile_point *out_offset);
/** Sets (on != 0) or clears the tactile_scroll_option bits in `options`; unknown bits → OUT_OF_RANGE. Loop thread. */
tactile_status tactile_scroll_set_options(tactile_app app, tactile_view view, uint32_t options, int on);
tactile_status tactile_scroll_get_options(tactile_app app, tactile_view view, uint32_t *out_options);
/** `decelerationRate`: the velocity kept per millisecond, 0 < rate < 1 (TACTILE_SCROLL_DECELERATION_NORMAL by
 *  default; NaN, ≤ 0 or ≥ 1 → OUT_OF_RANGE). Takes effect at the next release. Loop thread. */
tactile_status tactile_scroll_set_deceleration_rate(tactile_app app, tactile_view view, double rate);
tactile_status tactile_scroll_get_deceleration_rate(tactile_app app, tactile_view view, double *out_rate);
/** tactile_scroll_state bits: isTracking, isDragging, isDecelerating, animating. Loop thread. */
tactile_status tactile_scroll_get_state(tactile_app app, tactile_view view, uint32_t *out_state);

/** The modes a run loop runs in. */
typedef enum tactile_run_loop_mode {
    TACTILE_RUN_LOOP_DEFAULT = 0,  /**< RunLoop.Mode.default */
    TACTILE_RUN_LOOP_TRACKING = 1  /**< RunLoop.Mode.tracking: while a scroll view tracks, drags or decelerates */
} tactile_run_loop_mode;

/** The mode the app's run loop runs in now (a tactile_run_loop_mode). Loop thread. */
tactile_status tactile_app_get_run_loop_mode(tactile_app app, uint32_t *out_mode);

/* ---- Auto Layout (loop thread) ---------------------------------------------------------------- */

/** Physical layout attributes, with UIKit's NSLayoutAttribute values. */
typedef enum tactile_layout_attribute {
    TACTILE_ATTRIBUTE_NONE = 0,
    TACTILE_ATTRIBUTE_LEFT = 1,
    TACTILE_ATTRIBUTE_RIGHT = 2,
    TACTILE_ATTRIBUTE_TOP = 3,
    TACTILE_ATTRIBUTE_BOTTOM = 4,
    TACTILE_ATTRIBUTE_WIDTH = 7,
    TACTILE_ATTRIBUTE_HEIGHT = 8,
    TACTILE_ATTRIBUTE_CENTER_X = 9,
    TACTILE_ATTRIBUTE_CENTER_Y = 10
} tactile_layout_attribute;

/** NSLayoutRelation values. */
typedef enum tactile_layout_relation {
    TACTILE_RELATION_LESS_THAN_OR_EQUAL = -1,
    TACTILE_RELATION_EQUAL = 0,
    TACTILE_RELATION_GREATER_THAN_OR_EQUAL = 1
} tactile_layout_relation;

/** `item1.attribute1 (relation) multiplier * item2.attribute2 + constant` at `priority` (1 ... 1000, 1000 =
 *  required). item2 id 0 with TACTILE_ATTRIBUTE_NONE: a width or height equal to a constant. */
typedef struct tactile_constraint {
    tactile_view item1;
    int32_t attribute1;
    int32_t relation;
    tactile_view item2;
    int32_t attribute2;
    double multiplier;
    double constant;
    float priority;
} tactile_constraint;

typedef struct tactile_constraint_id { uint64_t id; } tactile_constraint_id;

/** Adds a constraint to the app's layout (views in it are measured in their parent's coordinates; a view named
 *  by a constraint keeps its current frame by default, see tactile_view_set_translates_frame).
 *  TACTILE_ERR_OUT_OF_RANGE for an unknown attribute or relation, a priority outside 1 ... 1000 or a location
 *  paired with a size; TACTILE_ERR_INVALID_COORDINATE for NaN/infinity; TACTILE_ERR_NO_COMMON_ANCESTOR;
 *  TACTILE_ERR_UNSATISFIABLE when a required constraint conflicts (it is added, broken; *out_id is set). */
tactile_status tactile_constraint_add(tactile_app app, const tactile_constraint *constraint, tactile_constraint_id *out_id);
tactile_status tactile_constraint_remove(tactile_app app, tactile_constraint_id id);
/** Changes a constraint's constant in place (incremental re-solve). */
tactile_status tactile_constraint_set_constant(tactile_app app, tactile_constraint_id id, double constant);
/** Whether a view's current frame is held by required constraints (UIKit's
 *  translatesAutoresizingMaskIntoConstraints; 1 by default). Turn it off for views the constraints place. */
tactile_status tactile_view_set_translates_frame(tactile_app app, tactile_view view, int translates);
/** Solves and writes every moved view's frame (center and bounds size) into the tree; *out_moved (may be NULL)
 *  receives how many views moved. */
tactile_status tactile_layout_solve(tactile_app app, size_t *out_moved);

/* ---- Scenes (loop thread) --------------------------------------------------------------------- */

/** The standard seeded scenes shared by tests, benchmarks, fuzzers and the CLI (the table in the TactileCore documentation, "Architecture"). */
typedef enum tactile_scene_kind {
    TACTILE_SCENE_PHONE = 0,         /**< ~300 views: bars, a scrolled table, a hidden overlay */
    TACTILE_SCENE_LIST = 1,          /**< a scrolled list of rows, each with a label and a button */
    TACTILE_SCENE_GRID_OF_GRIDS = 2, /**< √n containers of √n leaves: the hit-test scaling scene */
    TACTILE_SCENE_RANDOM = 3,        /**< random: overlap, hidden/disabled/transparent, transforms, bounds origins */
    TACTILE_SCENE_TABLE = 4          /**< a header and a scroll view (its window's child 1, already scrollable) of
                                          44-point rows, each with a label and a button (6 + 3 per row views) */
} tactile_scene_kind;

/** Builds a scene of about `view_count` views (0: the scene's default) from `seed`; returns its window. */
tactile_status tactile_scene_build(tactile_app app, uint32_t kind, size_t view_count, uint64_t seed,
                                   tactile_view *out_window);

typedef struct tactile_tree_stats {
    uint64_t views;  /**< live views */
    uint64_t bytes;  /**< bytes held by the packed tree (columns, child lists, grids) */
} tactile_tree_stats;

tactile_status tactile_tree_stats_get(tactile_app app, tactile_tree_stats *out_stats);

#ifdef __cplusplus
}
#endif

#endif /* TACTILE_H */
