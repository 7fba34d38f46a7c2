/* Deterministic gate on heap allocations per routed touch event (DESIGN-ALLOCATION, DESIGN-BUDGETS: routing a moved event costs 0
 * allocations and 0 retain/release), through the C API of libtactile.so.
 *
 * This program defines malloc, calloc, realloc, free, posix_memalign, aligned_alloc, memalign, valloc and
 * pvalloc itself; built with -rdynamic they interpose on every caller in the process (libtactile.so, the Swift
 * runtime, Dispatch) and forward to glibc's own allocator (__libc_malloc ...), counting calls while `counting`
 * is on. It also defines swift_retain / swift_release (and their _n and bridge-object variants), forwarding to
 * the Swift runtime through dlsym(RTLD_NEXT), and counts the calls made from code in libtactile.so.
 *
 * Scenario: a 320×480 window with a few views, a counting delivery callback, one finger began on a view
 * (tactile_route). Then, after a warm-up of each path:
 *   1. tactile_route of batches of 64 moved samples, each its own timestamp (so its own event): 100000 samples;
 *   2. tactile_post_batch of the same batches + tactile_app_run_until_idle (queue, run loop, routing): 10000;
 *   3. tactile_route of moved samples of a finger a control tracks (drag events through the action callback);
 *   4. tactile_route of moved samples of a finger dragging a scroll view (DESIGN-CAPI-SCROLL-DRAG: the pan, the
 *      offset, a DID_SCROLL through the scroll callback per sample; the content gets nothing);
 *   5. calls with a destroyed view, a made-up app and an unknown gesture handle (their error text, no allocation).
 * Prints allocations (and frees) per event for the paths and retains/releases per event, and fails when
 * any path allocates, or when paths 1 and 3 (tactile_route straight into the router) retain or release
 * (DESIGN-BUDGETS: 0; until 2026-11-28 the router took its front end with one retain per call). The run
 * loop's path and the scroll drag's retains and releases are printed, not gated (perf/README.md has the figures).
 *
 * Run it against the release build of libtactile.so: at -Onone, unspecialised generic code in the router
 * (iterating an Array through IndexingIterator) allocates a coroutine frame per event, which says nothing
 * about the shipped library.
 *
 * ROUTE_ALLOCS_TRACE=N prints the call stacks of the first N counted allocations and retains/releases
 * (backtrace_symbols_fd: "library(+offset)"; resolve with addr2line -f -C -e library offset).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tactile.h"

/* ---- Allocation interposition ----------------------------------------------------------------------- */

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static volatile int counting = 0;  /* counts while non-zero (set and read on the main thread; others count too) */
static volatile unsigned long allocations = 0, frees = 0, retains = 0, releases = 0;
static int trace_budget = 0;       /* stacks still to print (ROUTE_ALLOCS_TRACE) */
static __thread int in_trace = 0;  /* no counting or tracing inside the tracer itself */

/* The text of libtactile.so: retains and releases are counted when their caller is in it. */
static uintptr_t tactile_start = 0, tactile_end = 0;

static void trace(const char *what, size_t size) {
    if (trace_budget <= 0 || in_trace) return;
    in_trace = 1;
    trace_budget--;
    void *frames[32];
    int n = backtrace(frames, 32);
    char line[96];
    int len = snprintf(line, sizeof line, "---- %s (%zu bytes):\n", what, size);
    if (len > 0) (void)!write(2, line, (size_t)len);
    backtrace_symbols_fd(frames, n, 2);
    in_trace = 0;
}

static inline void note_alloc(const char *what, size_t size) {
    if (!counting || in_trace) return;
    allocations++;
    trace(what, size);
}

void *malloc(size_t size) {
    note_alloc("malloc", size);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    note_alloc("calloc", count * size);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    note_alloc("realloc", size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer && counting && !in_trace) frees++;
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    note_alloc("memalign", size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    note_alloc("aligned_alloc", size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    note_alloc("posix_memalign", size);
    if (alignment == 0 || (alignment & (alignment - 1)) != 0 || alignment % sizeof(void *) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer) return ENOMEM;
    *out = pointer;
    return 0;
}

void *valloc(size_t size) {
    note_alloc("valloc", size);
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    note_alloc("pvalloc", size);
    return __libc_pvalloc(size);
}

/* ---- Retain / release interposition ----------------------------------------------------------------- */

typedef void *(*retain_fn)(void *);
typedef void *(*retain_n_fn)(void *, uint32_t);
typedef void (*release_fn)(void *);
typedef void (*release_n_fn)(void *, uint32_t);

static inline int from_tactile(void *caller) {
    uintptr_t a = (uintptr_t)caller;
    return a >= tactile_start && a < tactile_end;
}

/* Counts a retain or release of `object` made by libtactile.so; one of NULL touches no reference count (the
 * runtime returns at once), so it is not counted. */
static inline void note_rr(volatile unsigned long *counter, const char *what, const void *object, void *caller) {
    if (!counting || in_trace || !object || !from_tactile(caller)) return;
    (*counter)++;
    trace(what, 0);
}

/* Resolves the Swift runtime's definition once (a benign race: every thread finds the same pointer). */
#define NEXT(type, name)                                         \
    static type next_##name = NULL;                              \
    if (!next_##name) next_##name = (type)dlsym(RTLD_NEXT, #name)

void *swift_retain(void *object) {
    NEXT(retain_fn, swift_retain);
    note_rr(&retains, "swift_retain", object, __builtin_return_address(0));
    return next_swift_retain(object);
}

void *swift_retain_n(void *object, uint32_t n) {
    NEXT(retain_n_fn, swift_retain_n);
    note_rr(&retains, "swift_retain_n", object, __builtin_return_address(0));
    return next_swift_retain_n(object, n);
}

void swift_release(void *object) {
    NEXT(release_fn, swift_release);
    note_rr(&releases, "swift_release", object, __builtin_return_address(0));
    next_swift_release(object);
}

void swift_release_n(void *object, uint32_t n) {
    NEXT(release_n_fn, swift_release_n);
    note_rr(&releases, "swift_release_n", object, __builtin_return_address(0));
    next_swift_release_n(object, n);
}

void *swift_bridgeObjectRetain(void *object) {
    NEXT(retain_fn, swift_bridgeObjectRetain);
    note_rr(&retains, "swift_bridgeObjectRetain", object, __builtin_return_address(0));
    return next_swift_bridgeObjectRetain(object);
}

void swift_bridgeObjectRelease(void *object) {
    NEXT(release_fn, swift_bridgeObjectRelease);
    note_rr(&releases, "swift_bridgeObjectRelease", object, __builtin_return_address(0));
    next_swift_bridgeObjectRelease(object);
}

/* Finds the executable text of libtactile.so (the object that defines tactile_route). */
static int find_tactile(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    const Dl_info *target = data;
    if ((uintptr_t)info->dlpi_addr != (uintptr_t)target->dli_fbase || strcmp(info->dlpi_name, target->dli_fname) != 0)
        return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X)) continue;
        uintptr_t start = info->dlpi_addr + ph->p_vaddr;
        if (tactile_start == 0 || start < tactile_start) tactile_start = start;
        if (start + ph->p_memsz > tactile_end) tactile_end = start + ph->p_memsz;
    }
    return 1;
}

/* ---- The scenario ----------------------------------------------------------------------------------- */

enum { BATCH = 64, WARMUP = 1024, ROUTED = 100000, POSTED = 10000, POST_CHUNK = 1024, MISUSED = 1000 };

static unsigned long moved_touches = 0, deliveries = 0;

static void on_delivery(void *user, const tactile_delivery *delivery) {
    (void)user;
    deliveries++;
    if (delivery->phase == TACTILE_PHASE_MOVED) moved_touches += delivery->count;
}

static unsigned long actions = 0;

static void on_action(void *user, tactile_view control, uint32_t event, uint64_t timestamp_ns) {
    (void)user; (void)control; (void)event; (void)timestamp_ns;
    actions++;
}

static unsigned long scrolls = 0;

static void on_scroll(void *user, tactile_scroll_event *event) {
    (void)user;
    if (event->kind == TACTILE_SCROLL_DID_SCROLL) scrolls++;
}

static int failures = 0;
#define CHECK_OK(expr)                                                                                   \
    do {                                                                                                 \
        tactile_status check_status_ = (expr);                                                           \
        if (check_status_ != TACTILE_OK) {                                                               \
            fprintf(stderr, "FAIL %s:%d: %s returned %s: %s\n", __FILE__, __LINE__, #expr,               \
                    tactile_status_name(check_status_), tactile_last_error_message());                   \
            exit(1);                                                                                     \
        }                                                                                                \
    } while (0)

static tactile_app app;
static tactile_event batch[BATCH];
static uint64_t clock_ns = 1000;

static tactile_view make_view(tactile_view parent, double x, double y, double w, double h) {
    tactile_rect frame = {x, y, w, h};
    tactile_view v;
    CHECK_OK(tactile_view_create(app, &frame, &v));
    if (parent.id != 0) CHECK_OK(tactile_view_add_child(app, parent, v));
    return v;
}

/* Fills `batch` with `n` moved samples of finger 1, each its own timestamp. */
static void fill(size_t n) {
    for (size_t i = 0; i < n; i++) {
        batch[i].timestamp_ns = ++clock_ns;
        batch[i].x = 100.0 + (double)(clock_ns & 63);
    }
}

/* Routes `samples` moved samples with tactile_route, in batches of BATCH. */
static void route_samples(unsigned long samples) {
    for (unsigned long done = 0; done < samples;) {
        size_t n = samples - done < BATCH ? (size_t)(samples - done) : BATCH;
        fill(n);
        CHECK_OK(tactile_route(app, batch, n));
        done += n;
    }
}

/* Posts `samples` moved samples with tactile_post_batch (batches of BATCH) and runs the loop until idle after
 * every POST_CHUNK samples (the queue holds 4096). */
static void post_samples(unsigned long samples) {
    unsigned long pending = 0;
    for (unsigned long done = 0; done < samples;) {
        size_t n = samples - done < BATCH ? (size_t)(samples - done) : BATCH;
        fill(n);
        size_t posted = 0;
        CHECK_OK(tactile_post_batch(app, batch, n, &posted));
        done += n;
        pending += n;
        if (pending >= POST_CHUNK || done == samples) {
            CHECK_OK(tactile_app_run_until_idle(app));
            pending = 0;
        }
    }
}

struct measure {
    unsigned long allocations, frees, retains, releases, moved;
};

static struct measure begin_count(void) {
    struct measure m = {allocations, frees, retains, releases, moved_touches};
    counting = 1;
    return m;
}

static struct measure end_count(struct measure before) {
    counting = 0;
    struct measure m = {allocations - before.allocations, frees - before.frees, retains - before.retains,
                        releases - before.releases, moved_touches - before.moved};
    return m;
}

static void report_moved(const char *path, struct measure m, unsigned long samples, unsigned long expected_moved) {
    printf("%-44s %7lu samples: %lu allocations (%.4f per event), %lu frees, %lu retains (%.4f per event), "
           "%lu releases (%.4f per event)\n",
           path, samples, m.allocations, (double)m.allocations / (double)samples, m.frees, m.retains,
           (double)m.retains / (double)samples, m.releases, (double)m.releases / (double)samples);
    if (m.moved != expected_moved) {
        fprintf(stderr, "FAIL %s: %lu moved touches delivered for %lu samples\n", path, m.moved, samples);
        failures++;
    }
}

static void report(const char *path, struct measure m, unsigned long samples) { report_moved(path, m, samples, samples); }

int main(void) {
    const char *trace_env = getenv("ROUTE_ALLOCS_TRACE");
    if (trace_env) {
        void *frames[4];
        backtrace(frames, 4);  /* loads the unwinder now, not inside a counted allocation */
    }
    Dl_info info;
    if (!dladdr((void *)&tactile_route, &info) || !info.dli_fname) {
        fprintf(stderr, "FAIL: cannot locate libtactile.so\n");
        return 1;
    }
    dl_iterate_phdr(find_tactile, &info);
    if (tactile_start == 0) {
        fprintf(stderr, "FAIL: cannot find the text of %s\n", info.dli_fname);
        return 1;
    }

    /* The counters must see the library's allocations and retains at all: creating and destroying an app
     * allocates (Swift objects, the queue's ring) and retains. */
    struct measure probe = begin_count();
    tactile_app scratch;
    CHECK_OK(tactile_app_create(NULL, &scratch));
    CHECK_OK(tactile_app_destroy(scratch));
    probe = end_count(probe);
    if (probe.allocations == 0 || probe.retains + probe.releases == 0) {
        fprintf(stderr, "FAIL: the interposed malloc / swift_retain saw nothing while an app was created (%lu "
                "allocations, %lu retains, %lu releases): build with -rdynamic\n", probe.allocations, probe.retains,
                probe.releases);
        return 1;
    }

    CHECK_OK(tactile_app_create(NULL, &app));
    tactile_view none = {0};
    tactile_view window = make_view(none, 0, 0, 320, 480);
    tactile_view bar = make_view(window, 0, 0, 320, 64);
    make_view(bar, 8, 20, 60, 36);
    tactile_view content = make_view(window, 0, 64, 320, 416);
    tactile_view canvas = make_view(content, 10, 10, 300, 300);
    make_view(content, 10, 320, 300, 60);
    CHECK_OK(tactile_app_set_delivery_callback(app, on_delivery, NULL));

    tactile_event began = {.kind = TACTILE_EVENT_TOUCH, .code = TACTILE_PHASE_BEGAN, .touch_id = 1,
                           .window_id = tactile_window_id(window), .timestamp_ns = clock_ns, .x = 160, .y = 100};
    CHECK_OK(tactile_route(app, &began, 1));
    tactile_route_counters rc;
    CHECK_OK(tactile_app_route_counters(app, &rc));
    if (rc.began != 1 || deliveries != 1) {
        fprintf(stderr, "FAIL: the finger did not begin on a view (began %llu, missed %llu, deliveries %lu)\n",
                (unsigned long long)rc.began, (unsigned long long)rc.missed, deliveries);
        return 1;
    }
    tactile_view hit;
    CHECK_OK(tactile_hit_test(app, window, 160, 100, &hit));
    if (hit.id != canvas.id) fprintf(stderr, "note: the finger landed on view %llx, not the canvas\n", (unsigned long long)hit.id);

    for (int i = 0; i < BATCH; i++) {
        batch[i] = began;
        batch[i].code = TACTILE_PHASE_MOVED;
    }

    /* Warm-up of both paths (lazily grown buffers, first-use initialisation). */
    route_samples(WARMUP);
    post_samples(WARMUP);

    if (trace_env) trace_budget = atoi(trace_env);  /* stacks of the measured paths only */
    struct measure before = begin_count();
    route_samples(ROUTED);
    struct measure routed = end_count(before);

    before = begin_count();
    post_samples(POSTED);
    struct measure looped = end_count(before);

    CHECK_OK(tactile_app_route_counters(app, &rc));
    if (rc.errors || rc.swallowed_samples || rc.cancelled || rc.missed) {
        fprintf(stderr, "FAIL: the router counted errors %llu, swallowed %llu, cancelled %llu, missed %llu\n",
                (unsigned long long)rc.errors, (unsigned long long)rc.swallowed_samples,
                (unsigned long long)rc.cancelled, (unsigned long long)rc.missed);
        failures++;
    }

    /* 3. The same moved samples to a control tracking the finger (DESIGN-CONTROL-CAPI): drag events through the
     *    action callback. The finger lifts, the canvas becomes a control, a new finger goes down on it. */
    tactile_event lift = began;
    lift.code = TACTILE_PHASE_ENDED;
    lift.timestamp_ns = ++clock_ns;
    CHECK_OK(tactile_route(app, &lift, 1));
    CHECK_OK(tactile_view_set_control(app, canvas, 1));
    CHECK_OK(tactile_app_set_action_callback(app, on_action, NULL));
    began.timestamp_ns = ++clock_ns;
    CHECK_OK(tactile_route(app, &began, 1));
    route_samples(WARMUP);
    unsigned long actions_before = actions;
    before = begin_count();
    route_samples(ROUTED);
    struct measure tracked = end_count(before);
    if (actions - actions_before < ROUTED) {
        fprintf(stderr, "FAIL: the control sent %lu actions for %d moved samples\n", actions - actions_before, ROUTED);
        failures++;
    }

    /* 4. The same moved samples dragging a scroll view (DESIGN-CAPI-SCROLL-DRAG): the content (a long strip, its
     *    offset mid-way, so the back-and-forth of the samples stays within its range) is a scroll view; a new
     *    finger drags it, each sample moving the offset (a DID_SCROLL); the canvas gets its touch cancelled once. */
    lift.timestamp_ns = ++clock_ns;
    CHECK_OK(tactile_route(app, &lift, 1));
    CHECK_OK(tactile_view_set_control(app, canvas, 0));
    CHECK_OK(tactile_view_set_scrollable(app, content, 1));
    CHECK_OK(tactile_scroll_set_content_size(app, content, 100000, 416));
    CHECK_OK(tactile_scroll_set_content_offset(app, content, 50000, 0, 0));
    CHECK_OK(tactile_app_set_scroll_callback(app, on_scroll, NULL));
    began.timestamp_ns = ++clock_ns;
    began.x = 80;  /* the samples then move it right by 20 points at least: the drag begins at once */
    CHECK_OK(tactile_route(app, &began, 1));
    route_samples(WARMUP);
    uint32_t scroll_state = 0;
    CHECK_OK(tactile_scroll_get_state(app, content, &scroll_state));
    if (!(scroll_state & TACTILE_SCROLL_DRAGGING)) {
        fprintf(stderr, "FAIL: the scroll view is not dragging (state %u)\n", scroll_state);
        failures++;
    }
    unsigned long scrolls_before = scrolls;
    before = begin_count();
    route_samples(ROUTED);
    struct measure dragged = end_count(before);
    if (scrolls - scrolls_before < ROUTED) {
        fprintf(stderr, "FAIL: the scroll view sent %lu did-scrolls for %d moved samples\n", scrolls - scrolls_before, ROUTED);
        failures++;
    }

    /* 5. Misuse in a loop (DESIGN-BAD-INPUT): a destroyed view, a made-up app and a gesture handle the app never
     * made fail with TACTILE_ERR_INVALID_HANDLE and text naming the handle, and allocate nothing. */
    tactile_view gone = make_view((tactile_view){0}, 0, 0, 10, 10);
    CHECK_OK(tactile_view_destroy(app, gone));
    tactile_app bogus = {987654321};
    tactile_gesture never = {77};
    tactile_rect out_frame;
    uint32_t out_state;
    char expected[160];
    snprintf(expected, sizeof expected, "view handle %llu is null, destroyed, stale or foreign", (unsigned long long)gone.id);
    if (tactile_view_get_frame(app, gone, &out_frame) != TACTILE_ERR_INVALID_HANDLE
        || strcmp(tactile_last_error_message(), expected) != 0) {
        fprintf(stderr, "FAIL: a destroyed view's call gave \"%s\", expected \"%s\"\n", tactile_last_error_message(), expected);
        failures++;
    }
    before = begin_count();
    for (int i = 0; i < MISUSED; i++) {
        if (tactile_view_get_frame(app, gone, &out_frame) != TACTILE_ERR_INVALID_HANDLE
            || tactile_app_step(bogus) != TACTILE_ERR_INVALID_HANDLE
            || tactile_gesture_get_state(app, never, &out_state) != TACTILE_ERR_INVALID_HANDLE) {
            fprintf(stderr, "FAIL: a misused call did not return TACTILE_ERR_INVALID_HANDLE\n");
            failures++;
            break;
        }
    }
    struct measure misused = end_count(before);
    snprintf(expected, sizeof expected, "gesture handle %llu is null, removed, stale or foreign", (unsigned long long)never.id);
    if (strcmp(tactile_last_error_message(), expected) != 0) {
        fprintf(stderr, "FAIL: an unknown gesture's call gave \"%s\", expected \"%s\"\n", tactile_last_error_message(), expected);
        failures++;
    }
    printf("%-44s %7d calls: %lu allocations\n", "invalid handles (view, app, gesture)", 3 * MISUSED, misused.allocations);
    if (misused.allocations) {
        fprintf(stderr, "FAIL: calls with invalid handles allocated %lu times for %d calls\n", misused.allocations, 3 * MISUSED);
        failures++;
    }

    report("tactile_route (routing only)", routed, ROUTED);
    report("tactile_post_batch + run_until_idle (loop)", looped, POSTED);
    report("tactile_route to a tracking control", tracked, ROUTED);
    report_moved("tactile_route dragging a scroll view", dragged, ROUTED, 0);
    if (dragged.allocations) {
        fprintf(stderr, "FAIL: dragging a scroll view allocated %lu times for %d moved samples\n", dragged.allocations, ROUTED);
        failures++;
    }
    if (tracked.allocations) {
        fprintf(stderr, "FAIL: routing to a control allocated %lu times for %d moved samples\n", tracked.allocations, ROUTED);
        failures++;
    }
    if (routed.allocations) {
        fprintf(stderr, "FAIL: tactile_route allocated %lu times for %d moved samples\n", routed.allocations, ROUTED);
        failures++;
    }
    if (looped.allocations) {
        fprintf(stderr, "FAIL: the queue + run loop + routing path allocated %lu times for %d moved samples\n",
                looped.allocations, POSTED);
        failures++;
    }
    /* DESIGN-BUDGETS: routing a moved event retains and releases nothing. The direct routing paths are gated;
     * the run loop's path (a drain's bookkeeping) and the scroll drag (the scroll engine's records) are printed. */
    if (routed.retains || routed.releases || tracked.retains || tracked.releases) {
        fprintf(stderr, "FAIL: tactile_route retained %lu and released %lu times for %d moved samples, %lu and %lu "
                "times for %d samples to a tracking control (budget 0)\n", routed.retains, routed.releases, ROUTED,
                tracked.retains, tracked.releases, ROUTED);
        failures++;
    }
    CHECK_OK(tactile_app_destroy(app));
    printf("route allocations: %s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
