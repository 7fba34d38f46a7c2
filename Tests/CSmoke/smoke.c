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

    printf("C smoke: %s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
