/* C smoke test of tactile.h against libtactile.so, compiled by a plain C compiler: the header is valid C,
 * the exported symbols link, and a hostile producer gets statuses, messages and counters. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "tactile.h"

static int failures = 0;
#define CHECK(cond) do { if (!(cond)) { fprintf(stderr, "FAIL %s:%d: %s (%s)\n", __FILE__, __LINE__, #cond, \
    tactile_last_error_message()); failures++; } } while (0)

static size_t received = 0;
static uint64_t last_ts = 0;
static void on_input(void *user, const tactile_event *events, size_t count) {
    (void)user;
    for (size_t i = 0; i < count; i++) {
        CHECK(events[i].timestamp_ns >= last_ts);
        last_ts = events[i].timestamp_ns;
    }
    received += count;
}

/* DESIGN-CONTROL-CAPI: the control events a tapped control sends, in order. */
static uint32_t actions[8];
static size_t action_count = 0;
static void on_action(void *user, tactile_view control, uint32_t event, uint64_t timestamp_ns) {
    (void)user; (void)control; (void)timestamp_ns;
    if (action_count < 8) actions[action_count++] = event;
}

/* DESIGN-GESTURE-CAPI: the state changes a gesture reports. */
static uint32_t gesture_states[8];
static size_t gesture_count = 0;
static void on_gesture(void *user, tactile_gesture gesture, tactile_view view, uint32_t state, uint64_t timestamp_ns) {
    (void)user; (void)gesture; (void)view; (void)timestamp_ns;
    if (gesture_count < 8) gesture_states[gesture_count++] = state;
}

/* DESIGN-CAPI-SCROLL-EVENTS: the scroll events of a flick, in order; the callback moves the target. */
static uint32_t scroll_kinds[512];
static size_t scroll_count = 0;
static uint32_t scroll_decelerate = 9;
static void on_scroll(void *user, tactile_scroll_event *event) {
    (void)user;
    if (scroll_count < 512) scroll_kinds[scroll_count++] = event->kind;
    if (event->kind == TACTILE_SCROLL_DID_END_DRAGGING) scroll_decelerate = event->decelerate;
    if (event->kind == TACTILE_SCROLL_WILL_END_DRAGGING) event->target.y = 500; /* UIKit's inout targetContentOffset */
}

/* DESIGN-CAPI-SCROLL: a scroll view of 320 × 2000 points flicked up, decelerating on the run loop. */
static void scroll_smoke(void) {
    tactile_app app;
    CHECK(tactile_app_create(NULL, &app) == TACTILE_OK);
    tactile_rect frame = { 0, 0, 320, 480 };
    tactile_view window, scroll;
    CHECK(tactile_view_create(app, &frame, &window) == TACTILE_OK);
    CHECK(tactile_view_create(app, &frame, &scroll) == TACTILE_OK);
    CHECK(tactile_view_add_child(app, window, scroll) == TACTILE_OK);
    CHECK(tactile_scroll_set_content_size(app, scroll, 320, 2000) == TACTILE_ERR_INVALID_STATE); /* not yet a scroll view */
    CHECK(tactile_view_set_scrollable(app, scroll, 1) == TACTILE_OK);
    CHECK(tactile_scroll_set_content_size(app, scroll, 320, 2000) == TACTILE_OK);
    CHECK(tactile_scroll_set_content_size(app, scroll, NAN, 2000) == TACTILE_ERR_INVALID_COORDINATE);
    CHECK(tactile_scroll_set_deceleration_rate(app, scroll, 1.0) == TACTILE_ERR_OUT_OF_RANGE);
    CHECK(tactile_scroll_set_deceleration_rate(app, scroll, TACTILE_SCROLL_DECELERATION_NORMAL) == TACTILE_OK);
    CHECK(tactile_app_set_scroll_callback(app, on_scroll, NULL) == TACTILE_OK);
    tactile_event flick[8];
    for (int i = 0; i < 8; i++) {
        flick[i] = (tactile_event){ .kind = TACTILE_EVENT_TOUCH, .code = i == 0 ? TACTILE_PHASE_BEGAN : i == 7 ? TACTILE_PHASE_ENDED
                                    : TACTILE_PHASE_MOVED, .touch_id = 1, .window_id = tactile_window_id(window),
                                    .timestamp_ns = 1000000000ull + (uint64_t)i * 16000000ull, .x = 160, .y = 400 - 32.0 * (i < 7 ? i : 6) };
    }
    CHECK(tactile_route(app, flick, 7) == TACTILE_OK);
    uint32_t state = 0, mode = 9;
    CHECK(tactile_scroll_get_state(app, scroll, &state) == TACTILE_OK
          && state == (TACTILE_SCROLL_TRACKING | TACTILE_SCROLL_DRAGGING));
    CHECK(tactile_app_get_run_loop_mode(app, &mode) == TACTILE_OK && mode == TACTILE_RUN_LOOP_TRACKING);
    CHECK(tactile_route(app, &flick[7], 1) == TACTILE_OK);
    CHECK(scroll_decelerate == 1);
    CHECK(tactile_app_advance(app, 5000000000ull) == TACTILE_OK);
    tactile_point offset;
    CHECK(tactile_scroll_get_content_offset(app, scroll, &offset) == TACTILE_OK && offset.x == 0 && offset.y == 500);
    CHECK(tactile_app_get_run_loop_mode(app, &mode) == TACTILE_OK && mode == TACTILE_RUN_LOOP_DEFAULT);
    CHECK(scroll_count > 8 && scroll_kinds[0] == TACTILE_SCROLL_WILL_BEGIN_DRAGGING
          && scroll_kinds[scroll_count - 1] == TACTILE_SCROLL_DID_END_DECELERATING);
    CHECK(tactile_app_destroy(app) == TACTILE_OK);
}

int main(void) {
    CHECK(tactile_version() == TACTILE_VERSION);
    tactile_app_config config = { .queue_capacity = 8, .loop_mode = TACTILE_LOOP_DETERMINISTIC };
    tactile_app app;
    CHECK(tactile_app_create(&config, &app) == TACTILE_OK);
    CHECK(tactile_app_set_input_handler(app, on_input, NULL) == TACTILE_OK);

    tactile_event e = { .kind = TACTILE_EVENT_TOUCH, .code = TACTILE_PHASE_BEGAN, .touch_id = 1, .x = 5, .y = 6 };
    for (int i = 0; i < 8; i++) { e.timestamp_ns = (uint64_t)i; CHECK(tactile_post(app, &e) == TACTILE_OK); }
    CHECK(tactile_post(app, &e) == TACTILE_ERR_QUEUE_FULL);
    CHECK(strstr(tactile_last_error_message(), "full") != NULL);

    tactile_event bad = e;
    bad.code = 99;
    CHECK(tactile_post(app, &bad) == TACTILE_ERR_INVALID_EVENT);
    bad = e;
    bad.x = NAN;
    CHECK(tactile_post(app, &bad) == TACTILE_ERR_INVALID_COORDINATE);
    CHECK(tactile_post(app, NULL) == TACTILE_ERR_NULL_ARGUMENT);
    tactile_app forged = { app.id + (1u << 16) };
    CHECK(tactile_post(forged, &e) == TACTILE_ERR_INVALID_HANDLE);

    CHECK(tactile_app_run_until_idle(app) == TACTILE_OK);
    CHECK(received == 8);

    tactile_counters c;
    CHECK(tactile_app_counters(app, &c) == TACTILE_OK);
    CHECK(c.posted == 8 && c.drained == 8 && c.rejected_full == 1 && c.rejected_invalid == 2 && c.errors == 3);

    /* A control: a tap sends touch down, touch up inside, primary action; a bad handle is an error. */
    tactile_rect window_frame = { 0, 0, 320, 480 }, button_frame = { 100, 100, 100, 50 };
    tactile_view window, button;
    CHECK(tactile_view_create(app, &window_frame, &window) == TACTILE_OK);
    CHECK(tactile_view_create(app, &button_frame, &button) == TACTILE_OK);
    CHECK(tactile_view_add_child(app, window, button) == TACTILE_OK);
    CHECK(tactile_view_set_control(app, button, 1) == TACTILE_OK);
    CHECK(tactile_view_set_control_enabled(app, button, 1) == TACTILE_OK);
    CHECK(tactile_app_set_action_callback(app, on_action, NULL) == TACTILE_OK);
    tactile_event tap[2] = {
        { .kind = TACTILE_EVENT_TOUCH, .code = TACTILE_PHASE_BEGAN, .touch_id = 9, .window_id = tactile_window_id(window),
          .timestamp_ns = 100, .x = 150, .y = 125 },
        { .kind = TACTILE_EVENT_TOUCH, .code = TACTILE_PHASE_ENDED, .touch_id = 9, .window_id = tactile_window_id(window),
          .timestamp_ns = 200, .x = 150, .y = 125 },
    };
    CHECK(tactile_route(app, tap, 2) == TACTILE_OK);
    CHECK(action_count == 3 && actions[0] == TACTILE_CONTROL_TOUCH_DOWN && actions[1] == TACTILE_CONTROL_TOUCH_UP_INSIDE
          && actions[2] == TACTILE_CONTROL_PRIMARY_ACTION_TRIGGERED);
    tactile_view stale = { button.id + (1ull << 32) };
    CHECK(tactile_view_set_control(app, stale, 1) == TACTILE_ERR_INVALID_HANDLE);
    CHECK(tactile_view_set_control_enabled(app, window, 0) == TACTILE_ERR_INVALID_STATE);

    /* A tap gesture on the window, beside the button: recognized on the lift; misuse is an error. */
    tactile_gesture tap_gesture;
    CHECK(tactile_view_add_gesture(app, window, TACTILE_GESTURE_TAP, &tap_gesture) == TACTILE_OK);
    CHECK(tactile_gesture_set_taps_required(app, tap_gesture, 1) == TACTILE_OK);
    CHECK(tactile_app_set_gesture_callback(app, on_gesture, NULL) == TACTILE_OK);
    tactile_event tap_beside[2] = {
        { .kind = TACTILE_EVENT_TOUCH, .code = TACTILE_PHASE_BEGAN, .touch_id = 10, .window_id = tactile_window_id(window),
          .timestamp_ns = 1000, .x = 20, .y = 300 },
        { .kind = TACTILE_EVENT_TOUCH, .code = TACTILE_PHASE_ENDED, .touch_id = 10, .window_id = tactile_window_id(window),
          .timestamp_ns = 2000, .x = 20, .y = 300 },
    };
    CHECK(tactile_route(app, tap_beside, 2) == TACTILE_OK);
    CHECK(gesture_count == 1 && gesture_states[0] == TACTILE_GESTURE_RECOGNIZED);
    tactile_point location;
    CHECK(tactile_gesture_get_location(app, tap_gesture, &location) == TACTILE_OK && location.x == 20 && location.y == 300);
    tactile_point translation;
    CHECK(tactile_gesture_get_translation(app, tap_gesture, &translation) == TACTILE_ERR_INVALID_STATE);
    CHECK(tactile_gesture_set_taps_required(app, tap_gesture, 0) == TACTILE_ERR_OUT_OF_RANGE);
    CHECK(tactile_gesture_remove(app, tap_gesture) == TACTILE_OK);
    CHECK(tactile_gesture_remove(app, tap_gesture) == TACTILE_ERR_INVALID_HANDLE);

    CHECK(tactile_app_destroy(app) == TACTILE_OK);
    CHECK(tactile_app_destroy(app) == TACTILE_ERR_INVALID_HANDLE);

    scroll_smoke();

    printf("C smoke: %s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
