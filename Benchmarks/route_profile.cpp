// tactile-route-profile: a small driver for perf/profile-route. It builds one standard scene, puts F fingers
// on F different views of it, then routes K frames of touch records inside tactile_route_profile_loop(), the
// only code callgrind counts:
//
//   valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no
//            --toggle-collect=tactile_route_profile_loop ./build/tactile-route-profile --fingers 10 --frames 1000
//
// A frame is F records with one timestamp (one event), 16.7 ms after the previous frame. The delivery callback
// only counts (counting_delivery, common.hpp). Workloads:
//   moved   the fingers are down (one began frame, before anything is counted); each frame moves every finger
//           and is routed with tactile_route(app, frame, F)
//   taps    each frame is a tap of every finger: a began frame (hit-tested and bound), then an ended frame;
//           the fingers tap the same points, so tap_count climbs as in a fast multi-tap
//   post    as moved, but through the queue and the run loop: tactile_post_batch(frame), then
//           tactile_app_run_until_idle
// Scene building, finger placement and a warm-up pass over K frames run first; with valgrind's client
// requests available instrumentation is also switched on only around the counted pass (profile_support.hpp).
//
//   --scene grid|phone|list|random   (default phone)
//   --n N                            views (0 = the scene's default; default 0)
//   --fingers F                      fingers, each on its own view (default 1)
//   --frames K                       frames in the counted loop (default 1000)
//   --workload moved|taps|post       (default moved)
//   --impl tactile|reference         the library, or the C++ object router of references.hpp (moved only;
//                                    one counting View per finger, bound without a hit-test)
//   --seed S                         scene seed (default 1)
//   --print-config                   prints "client_requests=0|1" and exits
// Output (stdout, key=value lines): views, fingers, frames, samples (records per pass, = counted_ops),
// deliveries (handler calls per pass), native_ns_per_sample (a timed pass, for orientation). Every pass is
// checked outside the counted loop: each record reached its view, and the router counted nothing withheld,
// missed, swallowed or bad (the run aborts otherwise).
#include "profile_support.hpp"
#include "references.hpp"

#include <algorithm>

namespace {

enum class Workload { moved, taps, post };
enum class Impl { tactile, reference };

struct Options {
    uint32_t kind = TACTILE_SCENE_PHONE;
    size_t n = 0;
    size_t fingers = 1;
    size_t frames = 1000;
    Workload workload = Workload::moved;
    Impl impl = Impl::tactile;
    uint64_t seed = 1;
};

constexpr uint64_t kFrameNs = 16'666'667;  // 60 Hz

struct Loop {
    Workload workload;
    Impl impl;
    tactile_app app;
    tactile_event *moved;         // F records: the frame of moved (and post) samples
    tactile_event *began;         // F records: a tap's began frame
    tactile_event *ended;         // F records: a tap's ended frame
    const tactile_point *homes;   // where each finger is down
    size_t fingers;
    size_t frames;
    uint64_t *clock;              // the last timestamp used (ns), carried across passes
    tb::objref::Router *router;   // the reference (impl reference)
};

[[noreturn]] void usage(const char *message) {
    std::fprintf(stderr, "tactile-route-profile: %s\n", message);
    std::exit(2);
}

/// Stamps `count` records with `timestamp`.
inline void stamp(tactile_event *frame, size_t count, uint64_t timestamp) {
    for (size_t k = 0; k < count; ++k) frame[k].timestamp_ns = timestamp;
}

}  // namespace

/// The counted region: routes loop->frames frames; returns the records routed. Not inlined, not static:
/// callgrind's --toggle-collect finds it by name.
extern "C" __attribute__((noinline)) uint64_t tactile_route_profile_loop(const Loop *loop) {
    const size_t n = loop->fingers;
    uint64_t clock = *loop->clock;
    uint64_t routed = 0;
    for (size_t f = 0; f < loop->frames; ++f) {
        clock += kFrameNs;
        if (loop->workload == Workload::taps) {
            stamp(loop->began, n, clock);
            TCHECK(tactile_route(loop->app, loop->began, n));
            clock += kFrameNs;
            stamp(loop->ended, n, clock);
            TCHECK(tactile_route(loop->app, loop->ended, n));
            routed += 2 * n;
            continue;
        }
        const double dx = 0.5 * static_cast<double>(f & 3);  // each finger wiggles around its home point
        for (size_t k = 0; k < n; ++k) {
            loop->moved[k].timestamp_ns = clock;
            loop->moved[k].x = loop->homes[k].x + dx;
        }
        if (loop->impl == Impl::reference) {
            loop->router->route(loop->moved, loop->moved + n);
        } else if (loop->workload == Workload::post) {
            TCHECK(tactile_post_batch(loop->app, loop->moved, n, nullptr));
            TCHECK(tactile_app_run_until_idle(loop->app));
        } else {
            TCHECK(tactile_route(loop->app, loop->moved, n));
        }
        routed += n;
    }
    *loop->clock = clock;
    return routed;
}

namespace {

Options parse(int argc, char **argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage(("missing value after " + arg).c_str());
            return argv[++i];
        };
        if (arg == "--print-config") {
            std::printf("client_requests=%d\n", TACTILE_HAVE_CALLGRIND_REQUESTS);
            std::exit(0);
        } else if (arg == "--scene") {
            if (!tb::profiling::scene_kind(value(), &o.kind)) usage("--scene: grid, phone, list or random");
        } else if (arg == "--n") {
            o.n = std::strtoull(value().c_str(), nullptr, 10);
        } else if (arg == "--fingers") {
            o.fingers = std::strtoull(value().c_str(), nullptr, 10);
        } else if (arg == "--frames") {
            o.frames = std::strtoull(value().c_str(), nullptr, 10);
        } else if (arg == "--workload") {
            const std::string s = value();
            if (s == "moved") o.workload = Workload::moved;
            else if (s == "taps") o.workload = Workload::taps;
            else if (s == "post") o.workload = Workload::post;
            else usage("--workload: moved, taps or post");
        } else if (arg == "--impl") {
            const std::string s = value();
            if (s == "tactile") o.impl = Impl::tactile;
            else if (s == "reference") o.impl = Impl::reference;
            else usage("--impl: tactile or reference");
        } else if (arg == "--seed") {
            o.seed = std::strtoull(value().c_str(), nullptr, 10);
        } else {
            usage(("unknown argument " + arg).c_str());
        }
    }
    if (o.fingers == 0 || o.fingers > 20) usage("--fingers must be 1…20 (the router's default touch table)");
    if (o.frames == 0) usage("--frames must be > 0");
    if (o.impl == Impl::reference && o.workload != Workload::moved) usage("--impl reference routes moved only");
    return o;
}

/// F seeded points of `window` that hit F different views (each finger gets its own view, so no finger is
/// withheld by a single-touch view).
std::vector<tactile_point> place_fingers(tactile_app app, tactile_view window, size_t fingers, uint64_t seed) {
    tactile_rect b{};
    TCHECK(tactile_view_get_bounds(app, window, &b));
    tb::profiling::UnitRandom unit(0xF1A6E25ULL ^ seed);
    std::vector<tactile_point> homes;
    std::vector<uint64_t> views;
    for (int tries = 0; homes.size() < fingers && tries < 100000; ++tries) {
        const tactile_point p{b.x + unit.next() * b.width, b.y + unit.next() * b.height};
        tactile_view hit{0};
        TCHECK(tactile_hit_test(app, window, p.x, p.y, &hit));
        if (hit.id == 0 || std::find(views.begin(), views.end(), hit.id) != views.end()) continue;
        views.push_back(hit.id);
        homes.push_back(p);
    }
    TREQUIRE(homes.size() == fingers, "the scene has too few touchable views for one view per finger");
    return homes;
}

/// F records of `phase`, finger k + 1 at homes[k], in `window_id`.
std::vector<tactile_event> frame_of(const std::vector<tactile_point> &homes, uint32_t phase, uint32_t window_id) {
    std::vector<tactile_event> frame;
    for (size_t k = 0; k < homes.size(); ++k) {
        tactile_event e = tb::make_touch_event(static_cast<uint32_t>(k + 1), 0, homes[k].x, homes[k].y);
        e.code = static_cast<uint8_t>(phase);
        e.window_id = window_id;
        frame.push_back(e);
    }
    return frame;
}

}  // namespace

int main(int argc, char **argv) {
    const Options o = parse(argc, argv);

    tb::App app(TACTILE_LOOP_DETERMINISTIC);
    tactile_view window{0};
    TCHECK(tactile_scene_build(app.get(), o.kind, o.n, o.seed, &window));
    tactile_tree_stats stats{};
    TCHECK(tactile_tree_stats_get(app.get(), &stats));
    const std::vector<tactile_point> homes = place_fingers(app.get(), window, o.fingers, o.seed);
    const uint32_t window_id = tactile_window_id(window);
    std::vector<tactile_event> moved = frame_of(homes, TACTILE_PHASE_MOVED, window_id);
    std::vector<tactile_event> began = frame_of(homes, TACTILE_PHASE_BEGAN, window_id);
    std::vector<tactile_event> ended = frame_of(homes, TACTILE_PHASE_ENDED, window_id);
    uint64_t clock = 1'000'000'000;

    // Delivery: the library's callback or the reference's views only count.
    tb::DeliverySink sink;
    app.set_delivery(tb::counting_delivery, &sink);
    tb::objref::DeliveryCount ref_count;
    tb::objref::Router router;
    const std::unique_ptr<tb::objref::View> ref_window = std::make_unique<tb::objref::View>();
    std::vector<std::unique_ptr<tb::objref::View>> ref_views;
    if (o.workload != Workload::taps) {  // the fingers go down before anything is counted
        clock += kFrameNs;
        if (o.impl == Impl::reference) {
            for (size_t k = 0; k < o.fingers; ++k) {
                ref_views.push_back(tb::objref::make_counting_view(&ref_count));
                router.begin(static_cast<uint32_t>(k + 1), ref_views.back().get(), ref_window.get(), homes[k].x,
                             homes[k].y, clock);
            }
        } else {
            stamp(began.data(), began.size(), clock);
            TCHECK(tactile_route(app.get(), began.data(), began.size()));
            TREQUIRE(sink.touches == o.fingers, "a finger did not begin on its view");
        }
    }

    Loop loop{o.workload, o.impl, app.get(), moved.data(), began.data(), ended.data(), homes.data(),
              o.fingers, o.frames, &clock, &router};
    const uint64_t samples = o.frames * o.fingers * (o.workload == Workload::taps ? 2 : 1);
    const uint64_t events = o.frames * (o.workload == Workload::taps ? 2 : 1);
    uint64_t deliveries = 0;
    // One pass of the loop, checked outside it (`counted`: only this pass is instrumented).
    auto pass = [&](bool counted) {
        const tactile_route_counters before = app.route_counters();
        const tb::DeliverySink sink_before = sink;
        const tb::objref::DeliveryCount ref_before = ref_count;
        if (counted) CALLGRIND_START_INSTRUMENTATION;
        const uint64_t routed = tactile_route_profile_loop(&loop);
        if (counted) CALLGRIND_STOP_INSTRUMENTATION;
        TREQUIRE(routed == samples, "the loop routed a different number of records");
        if (o.impl == Impl::reference) {
            TREQUIRE(router.unknown() == 0, "the reference router met an unknown finger");
            TREQUIRE(ref_count.touches - ref_before.touches == samples, "a sample did not reach its reference view");
            deliveries = ref_count.deliveries - ref_before.deliveries;
            return;
        }
        const tactile_route_counters after = app.route_counters();
        tb::check_routing_clean(after);
        TREQUIRE(after.samples - before.samples == samples, "the router counted a different number of samples");
        TREQUIRE(after.frames - before.frames == events, "each frame should have been one event");
        TREQUIRE(sink.touches - sink_before.touches == samples, "a sample did not reach its view");
        deliveries = sink.deliveries - sink_before.deliveries;
    };

    pass(false);  // warm-up
    const uint64_t t0 = tb::now_ns();
    pass(false);  // a timed native pass, for orientation (meaningless under valgrind)
    const double native_ns = static_cast<double>(tb::now_ns() - t0) / static_cast<double>(samples);
    pass(true);
    if (o.workload == Workload::post) {
        const tactile_counters c = app.counters();
        TREQUIRE(c.coalesced == 0, "the queue coalesced moved samples (one frame is drained per iteration)");
        app.check_all_drained(3 * samples);
    }

    std::printf("views=%llu\nfingers=%zu\nframes=%zu\nsamples=%llu\ncounted_ops=%llu\ndeliveries=%llu\n"
                "native_ns_per_sample=%.1f\nclient_requests=%d\n",
                static_cast<unsigned long long>(stats.views), o.fingers, o.frames,
                static_cast<unsigned long long>(samples), static_cast<unsigned long long>(samples),
                static_cast<unsigned long long>(deliveries), native_ns, TACTILE_HAVE_CALLGRIND_REQUESTS);
    return 0;
}
