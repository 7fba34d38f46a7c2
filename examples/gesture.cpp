// gesture.cpp — examples/gesture.c in C++: the same scene, hit-tests and pinch, the same output, through a
// small RAII wrapper (an owning App, statuses turned into exceptions, a lambda as the delivery callback).
//
//   c++ -std=c++17 examples/gesture.cpp $(pkg-config --cflags --libs tactile) -o gesture && ./gesture
#include <tactile.h>

#include <array>
#include <cinttypes>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

/// A refused call, with the library's message.
struct Error : std::runtime_error {
    tactile_status status;
    Error(const char *call, tactile_status s)
        : std::runtime_error(std::string(call) + " failed: " + tactile_status_name(s) + " (" +
                             tactile_last_error_message() + ")"),
          status(s) {}
};

void check(tactile_status status, const char *call) {
    if (status != TACTILE_OK) throw Error(call, status);
}
#define CHECK(call) check((call), #call)

/// An owning app handle with a std::function delivery callback.
class App {
public:
    using Delivery = std::function<void(const tactile_delivery &)>;

    App() { CHECK(tactile_app_create(nullptr, &app_)); }
    ~App() { tactile_app_destroy(app_); }
    App(const App &) = delete;
    App &operator=(const App &) = delete;

    tactile_app handle() const { return app_; }

    void on_delivery(Delivery fn) {
        delivery_ = std::move(fn);
        CHECK(tactile_app_set_delivery_callback(app_, &App::trampoline, this));
    }

    std::string delivery_log() const {
        size_t length = 0;
        CHECK(tactile_app_delivery_log(app_, nullptr, 0, &length));
        std::string text(length + 1, '\0');
        CHECK(tactile_app_delivery_log(app_, text.data(), text.size(), nullptr));
        text.resize(length);
        return text;
    }

private:
    static void trampoline(void *self, const tactile_delivery *d) { static_cast<App *>(self)->delivery_(*d); }

    tactile_app app_{};
    Delivery delivery_;
};

const char *const phase_names[] = {"began", "moved", "stationary", "ended", "cancelled"};

tactile_event touch(uint32_t finger, tactile_touch_phase phase, tactile_view window, uint64_t t, double x, double y) {
    tactile_event e{};
    e.kind = TACTILE_EVENT_TOUCH;
    e.code = static_cast<uint8_t>(phase);
    e.touch_id = finger;
    e.window_id = tactile_window_id(window);
    e.timestamp_ns = t;
    e.x = x;
    e.y = y;
    return e;
}

void run() {
    App app;
    const tactile_app a = app.handle();
    tactile_view window;
    CHECK(tactile_scene_build(a, TACTILE_SCENE_PHONE, 0, 1, &window));

    const std::array<tactile_point, 4> points{{{100, 200}, {220, 200}, {160, 20}, {160, 470}}};
    std::array<tactile_view, 4> hits{};
    CHECK(tactile_hit_test_batch(a, window, points.data(), points.size(), hits.data()));
    for (size_t i = 0; i < points.size(); i++) {
        std::printf("hit (%.0f,%.0f) -> view %u\n", points[i].x, points[i].y, static_cast<uint32_t>(hits[i].id));
        if (hits[i].id == 0) continue;
        void *data = nullptr;
        CHECK(tactile_view_get_user_data(a, hits[i], &data));
        if (data == nullptr) CHECK(tactile_view_set_user_data(a, hits[i], reinterpret_cast<void *>(i + 1)));
    }
    CHECK(tactile_view_set_flags(a, hits[0], TACTILE_VIEW_MULTIPLE_TOUCH, 1));

    CHECK(tactile_app_set_delivery_log(a, 1));
    app.on_delivery([a](const tactile_delivery &d) {
        int64_t tag = 0;
        CHECK(tactile_view_get_tag(a, d.view, &tag));
        std::printf("t=%" PRIu64 " %s view=%u tag=%" PRId64 " user=%" PRIuPTR, d.timestamp_ns, phase_names[d.phase],
                    static_cast<uint32_t>(d.view.id), tag, reinterpret_cast<uintptr_t>(d.user_data));
        for (uint32_t i = 0; i < d.count; i++) {
            const tactile_touch &t = d.touches[i];
            std::printf(" [%u %s (%.2f,%.2f) from (%.2f,%.2f) taps=%u]", t.touch_id, phase_names[t.phase], t.x, t.y,
                        t.previous_x, t.previous_y, t.tap_count);
        }
        std::printf("\n");
    });

    const uint64_t ms = 1000000;
    auto post = [a](std::array<tactile_event, 2> frame) { CHECK(tactile_post_batch(a, frame.data(), 2, nullptr)); };
    post({touch(1, TACTILE_PHASE_BEGAN, window, 1 * ms, 100, 200), touch(2, TACTILE_PHASE_BEGAN, window, 1 * ms, 220, 200)});
    for (int step = 1; step <= 4; step++) {
        post({touch(1, TACTILE_PHASE_MOVED, window, (1 + step) * ms, 100 - 10 * step, 200 - 5 * step),
              touch(2, TACTILE_PHASE_MOVED, window, (1 + step) * ms, 220 + 10 * step, 200 + 5 * step)});
    }
    post({touch(1, TACTILE_PHASE_ENDED, window, 6 * ms, 60, 180), touch(2, TACTILE_PHASE_ENDED, window, 6 * ms, 260, 220)});
    CHECK(tactile_app_run_until_idle(a));

    tactile_counters c;
    CHECK(tactile_app_counters(a, &c));
    std::printf("counters posted=%" PRIu64 " delivered=%" PRIu64 " errors=%" PRIu64 "\n", c.posted, c.delivered,
                c.errors);
    std::printf("log:\n%s", app.delivery_log().c_str());
}

}  // namespace

int main() {
    try {
        run();
    } catch (const Error &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
