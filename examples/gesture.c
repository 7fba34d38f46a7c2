/*
 * gesture.c — drives Tactile from C: builds the standard phone scene, hit-tests a batch of points, routes a
 * two-finger pinch through the touch router and prints every delivery, the counters and the router's own
 * delivery log.
 *
 * examples/gesture.cpp (C++) and bindings/python/examples/gesture.py (Python, ctypes) drive the same scene
 * the same way and print the same text, byte for byte; scripts/test checks that they agree.
 *
 *   cc -std=c11 examples/gesture.c $(pkg-config --cflags --libs tactile) -o gesture && ./gesture
 */
#include <stdio.h>
#include <stdlib.h>
#include <tactile.h>

#define CHECK(call)                                                                                 \
    do {                                                                                            \
        tactile_status status_ = (call);                                                            \
        if (status_ != TACTILE_OK) {                                                                \
            fprintf(stderr, "%s failed: %s (%s)\n", #call, tactile_status_name(status_),           \
                    tactile_last_error_message());                                                  \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)

static const char *const phase_names[] = {"began", "moved", "stationary", "ended", "cancelled"};

/* One line per handler call: view (index part of the handle), its tag and user data, then each touch. */
static void on_delivery(void *user, const tactile_delivery *d) {
    tactile_app app = *(const tactile_app *)user;
    int64_t tag = 0;
    CHECK(tactile_view_get_tag(app, d->view, &tag));
    printf("t=%llu %s view=%u tag=%lld user=%llu", (unsigned long long)d->timestamp_ns, phase_names[d->phase],
           (unsigned)(uint32_t)d->view.id, (long long)tag, (unsigned long long)(uintptr_t)d->user_data);
    for (uint32_t i = 0; i < d->count; i++) {
        const tactile_touch *t = &d->touches[i];
        printf(" [%u %s (%.2f,%.2f) from (%.2f,%.2f) taps=%u]", t->touch_id, phase_names[t->phase], t->x, t->y,
               t->previous_x, t->previous_y, t->tap_count);
    }
    printf("\n");
}

static tactile_event touch(uint32_t finger, tactile_touch_phase phase, tactile_view window, uint64_t t, double x,
                           double y) {
    tactile_event e = {0};
    e.kind = TACTILE_EVENT_TOUCH;
    e.code = (uint8_t)phase;
    e.touch_id = finger;
    e.window_id = tactile_window_id(window);
    e.timestamp_ns = t;
    e.x = x;
    e.y = y;
    return e;
}

int main(void) {
    tactile_app app;
    CHECK(tactile_app_create(NULL, &app));
    tactile_view window;
    CHECK(tactile_scene_build(app, TACTILE_SCENE_PHONE, 0, 1, &window));

    /* Hit-test where the fingers will land; give each view hit user data: its first point's number (1, 2, ...). */
    const tactile_point points[] = {{100, 200}, {220, 200}, {160, 20}, {160, 470}};
    tactile_view hits[4];
    CHECK(tactile_hit_test_batch(app, window, points, 4, hits));
    for (int i = 0; i < 4; i++) {
        printf("hit (%.0f,%.0f) -> view %u\n", points[i].x, points[i].y, (unsigned)(uint32_t)hits[i].id);
        void *data = NULL;
        if (hits[i].id != 0) CHECK(tactile_view_get_user_data(app, hits[i], &data));
        if (hits[i].id != 0 && data == NULL) CHECK(tactile_view_set_user_data(app, hits[i], (void *)(uintptr_t)(i + 1)));
    }
    /* Both fingers land in one view: let it take more than one touch (isMultipleTouchEnabled). */
    CHECK(tactile_view_set_flags(app, hits[0], TACTILE_VIEW_MULTIPLE_TOUCH, 1));

    CHECK(tactile_app_set_delivery_log(app, 1));
    CHECK(tactile_app_set_delivery_callback(app, on_delivery, &app));

    /* A pinch: two fingers down in one frame, four frames spreading them apart, both up. 1 ms apart. */
    const uint64_t ms = 1000000;
    tactile_event frame[2];
    frame[0] = touch(1, TACTILE_PHASE_BEGAN, window, 1 * ms, 100, 200);
    frame[1] = touch(2, TACTILE_PHASE_BEGAN, window, 1 * ms, 220, 200);
    CHECK(tactile_post_batch(app, frame, 2, NULL));
    for (int step = 1; step <= 4; step++) {
        frame[0] = touch(1, TACTILE_PHASE_MOVED, window, (1 + step) * ms, 100 - 10 * step, 200 - 5 * step);
        frame[1] = touch(2, TACTILE_PHASE_MOVED, window, (1 + step) * ms, 220 + 10 * step, 200 + 5 * step);
        CHECK(tactile_post_batch(app, frame, 2, NULL));
    }
    frame[0] = touch(1, TACTILE_PHASE_ENDED, window, 6 * ms, 60, 180);
    frame[1] = touch(2, TACTILE_PHASE_ENDED, window, 6 * ms, 260, 220);
    CHECK(tactile_post_batch(app, frame, 2, NULL));
    CHECK(tactile_app_run_until_idle(app));

    tactile_counters c;
    CHECK(tactile_app_counters(app, &c));
    printf("counters posted=%llu delivered=%llu errors=%llu\n", (unsigned long long)c.posted,
           (unsigned long long)c.delivered, (unsigned long long)c.errors);

    size_t length = 0;
    CHECK(tactile_app_delivery_log(app, NULL, 0, &length));
    char *log = malloc(length + 1);
    CHECK(tactile_app_delivery_log(app, log, length + 1, NULL));
    printf("log:\n%s", log);
    free(log);
    CHECK(tactile_app_destroy(app));
    return 0;
}
