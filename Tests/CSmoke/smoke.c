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

    CHECK(tactile_app_destroy(app) == TACTILE_OK);
    CHECK(tactile_app_destroy(app) == TACTILE_ERR_INVALID_HANDLE);

    printf("C smoke: %s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
