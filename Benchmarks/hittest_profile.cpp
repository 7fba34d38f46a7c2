// tactile-hittest-profile: a small driver for perf/profile-hittest. It builds one standard scene, then runs K
// hit-test queries inside tactile_profile_query_loop(), the only code callgrind counts:
//
//   valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no
//            --toggle-collect=tactile_profile_query_loop ./build/tactile-hittest-profile --n 100000 --queries 10000
//
// Scene building, mirroring and a warm-up pass over the same queries (which builds the packed tree's lazy
// grids) run before; with valgrind's client requests available (valgrind/callgrind.h) instrumentation is also
// switched on only around the loop, so a 10^6 scene builds at near-native speed under valgrind.
//
//   --scene grid|phone|list|random   (default grid = TACTILE_SCENE_GRID_OF_GRIDS)
//   --n N                            views (0 = the scene's default; default 100000)
//   --queries K                      queries in the counted loop (default 10000)
//   --impl tactile|batch|reference   tactile_hit_test per point, tactile_hit_test_batch of all K points, or
//                                    the naive reference tree (hittest_reference.hpp)
//   --seed S                         scene seed (default 1)
//   --print-config                   prints "client_requests=0|1" and exits
// Output (stdout, key=value lines): views, bytes, queries (= counted_ops), checksum, mismatches (packed vs
// reference on the K points, always checked outside the counted loop), native_ns_per_query (a timed pass, for
// orientation). The conventions shared with tactile-route-profile are in profile_support.hpp.
#include "hittest_reference.hpp"
#include "profile_support.hpp"

namespace {

enum class Impl { tactile, batch, reference };

struct Options {
    uint32_t kind = TACTILE_SCENE_GRID_OF_GRIDS;
    size_t n = 100000;
    size_t queries = 10000;
    Impl impl = Impl::tactile;
    uint64_t seed = 1;
};

struct Loop {
    tactile_app app;
    tactile_view window;
    const tactile_point *points;
    size_t count;
    tb::hit::RefView *ref;
    tactile_view *out;  // batch results
    Impl impl;
};

[[noreturn]] void usage(const char *message) {
    std::fprintf(stderr, "tactile-hittest-profile: %s\n", message);
    std::exit(2);
}

}  // namespace

/// The counted region. Not inlined, not static: callgrind's --toggle-collect finds it by name.
extern "C" __attribute__((noinline)) uint64_t tactile_profile_query_loop(const Loop *loop) {
    uint64_t checksum = 0;
    switch (loop->impl) {
    case Impl::tactile:
        for (size_t i = 0; i < loop->count; ++i) {
            tactile_view v{0};
            tactile_hit_test(loop->app, loop->window, loop->points[i].x, loop->points[i].y, &v);
            checksum += v.id;
        }
        break;
    case Impl::batch:
        tactile_hit_test_batch(loop->app, loop->window, loop->points, loop->count, loop->out);
        for (size_t i = 0; i < loop->count; ++i) checksum += loop->out[i].id;
        break;
    case Impl::reference:
        for (size_t i = 0; i < loop->count; ++i) {
            tb::hit::RefView *h = loop->ref->hitTest(loop->points[i].x, loop->points[i].y);
            checksum += h ? h->id() : 0;
        }
        break;
    }
    return checksum;
}

int main(int argc, char **argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage(("missing value after " + arg).c_str());
            return argv[++i];
        };
        if (arg == "--print-config") {
            std::printf("client_requests=%d\n", TACTILE_HAVE_CALLGRIND_REQUESTS);
            return 0;
        } else if (arg == "--scene") {
            if (!tb::profiling::scene_kind(value(), &o.kind)) usage("--scene: grid, phone, list or random");
        } else if (arg == "--n") {
            o.n = std::strtoull(value().c_str(), nullptr, 10);
        } else if (arg == "--queries") {
            o.queries = std::strtoull(value().c_str(), nullptr, 10);
        } else if (arg == "--impl") {
            const std::string s = value();
            if (s == "tactile") o.impl = Impl::tactile;
            else if (s == "batch") o.impl = Impl::batch;
            else if (s == "reference") o.impl = Impl::reference;
            else usage("--impl: tactile, batch or reference");
        } else if (arg == "--seed") {
            o.seed = std::strtoull(value().c_str(), nullptr, 10);
        } else {
            usage(("unknown argument " + arg).c_str());
        }
    }
    if (o.queries == 0) usage("--queries must be > 0");

    tb::App app(TACTILE_LOOP_DETERMINISTIC);
    tactile_view window{0};
    TCHECK(tactile_scene_build(app.get(), o.kind, o.n, o.seed, &window));
    tactile_rect b{};
    TCHECK(tactile_view_get_bounds(app.get(), window, &b));

    // Seeded uniform points over the window (SplitMix64, as the benchmarks use).
    std::vector<tactile_point> points(o.queries);
    tb::profiling::UnitRandom unit(0x5EED0F7AC711EULL ^ o.n);
    for (auto &p : points) {
        p.x = b.x + unit.next() * b.width;
        p.y = b.y + unit.next() * b.height;
    }

    // The reference mirror: always built, to check agreement on these points outside the counted loop.
    std::unique_ptr<tb::hit::RefView> ref = tb::hit::RefView::mirror(app.get(), window);
    std::vector<tactile_view> out(o.queries);
    Loop loop{app.get(), window, points.data(), points.size(), ref.get(), out.data(), o.impl};

    // Warm-up (builds lazy grids) and agreement check.
    uint64_t mismatches = 0;
    TCHECK(tactile_hit_test_batch(app.get(), window, points.data(), points.size(), out.data()));
    for (size_t i = 0; i < points.size(); ++i) {
        tb::hit::RefView *h = ref->hitTest(points[i].x, points[i].y);
        if (out[i].id != (h ? h->id() : 0)) ++mismatches;
    }
    const uint64_t warm = tactile_profile_query_loop(&loop);
    tactile_tree_stats stats{};  // after the warm-up: the grids it built are part of the tree's memory
    TCHECK(tactile_tree_stats_get(app.get(), &stats));

    // A timed native pass, for orientation (meaningless under valgrind).
    const uint64_t t0 = tb::now_ns();
    const uint64_t checksum_native = tactile_profile_query_loop(&loop);
    const double native_ns = static_cast<double>(tb::now_ns() - t0) / static_cast<double>(points.size());

    CALLGRIND_START_INSTRUMENTATION;
    const uint64_t checksum = tactile_profile_query_loop(&loop);
    CALLGRIND_STOP_INSTRUMENTATION;

    std::printf("views=%llu\nbytes=%llu\nqueries=%zu\ncounted_ops=%zu\nchecksum=%llu\nmismatches=%llu\n"
                "native_ns_per_query=%.1f\nclient_requests=%d\n",
                static_cast<unsigned long long>(stats.views), static_cast<unsigned long long>(stats.bytes),
                points.size(), points.size(), static_cast<unsigned long long>(checksum), static_cast<unsigned long long>(mismatches),
                native_ns, TACTILE_HAVE_CALLGRIND_REQUESTS);
    if (checksum != warm || checksum != checksum_native) {
        std::fprintf(stderr, "tactile-hittest-profile: the same queries gave different answers across passes\n");
        return 1;
    }
    std::fflush(stdout);
    // Skip the teardown of large trees (the OS reclaims them) and of the app (static destructors).
    std::_Exit(mismatches == 0 ? 0 : 3);
}
