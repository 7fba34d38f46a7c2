// Hit-testing benchmarks: UIKit's hitTest on Tactile's packed view tree (through tactile_hit_test) beside a
// naive UIKit-style object tree (hittest_reference.hpp) mirrored from the same scene, in the same run.
//
//  hittest.grid.tactile/N      ns per tactile_hit_test on TACTILE_SCENE_GRID_OF_GRIDS of N views (N = 10^2 …
//                              10^6): √N containers of √N leaves tiled over a 1000×1000 window. Each iteration
//                              asks one point of a precomputed array of kQueries seeded random points in the
//                              window, cycling. SetComplexityN(views) + Complexity(): Google Benchmark fits the
//                              big-O (the _BigO / _RMS entries of the JSON).
//  hittest.grid.reference/N    the same queries on the reference tree (RefView::hitTest, virtual, recursive).
//  hittest.grid_batch.tactile/N ns per point with tactile_hit_test_batch of kBatch points (the C-call overhead
//                              spread over a batch).
//  hittest.{phone,list,random}.{tactile,reference}
//                              the other standard scenes at their default sizes (phone ~300, list 10^4, random
//                              10^3 views; 320×480 windows).
//  hittest.update.{tactile,reference}
//                              on a GRID_OF_GRIDS scene of 10^5 views, each iteration moves one leaf (round-robin
//                              over all leaves; each pass moves every leaf to home ± 1/8 of its size, the sign
//                              flipping from pass to pass, so every move is to a new position) with
//                              tactile_view_set_center, then hit-tests the moved leaf's new center: ns per
//                              move + query (moved_hit_share: how often the moved leaf was the answer; 1 here).
//                              The reference sets its mirrored view's center and hit-tests it the same way.
//
// Counters: ns_per_query (the summary's figure; wall time over the benchmark loop / queries), hit_share,
// views, bytes_per_view (tactile_tree_stats_get; for the reference: heap bytes of the mirror, mallinfo2),
// ref_bytes_per_view, build_ms, mirror_ms, mismatches, edge_mismatches, edge_probes.
//
// Every scene is built once (a static cache, never freed: the OS reclaims it at exit) and checked when it is
// built: the packed tree and the reference must return the same view for every query point (single and batch
// calls) and for "edge probes" (the corners of sampled views mapped to window space, and their neighbours one
// ulp away, where pruning by frame boxes and grid cells is most likely to go wrong). The counters
// `mismatches` and `edge_mismatches` must be 0; the first few disagreements are printed to stderr with a
// reproducer (scene kind, n, seed, point). The update benchmark re-mirrors its moved scene after each run and
// checks it the same way.
#include "common.hpp"
#include "hittest_reference.hpp"

#include <cinttypes>
#include <cmath>
#include <map>
#include <tuple>
#include <memory>
#include <utility>

namespace {

using namespace tb;
using hit::RefView;

constexpr size_t kQueries = size_t{1} << 14;  // query points per scene (a power of two: the index wraps by mask)
constexpr uint64_t kQuerySeed = 0x5EED0F7AC711EULL;
constexpr uint64_t kSceneSeed = 1;
constexpr size_t kBatch = 256;             // points per tactile_hit_test_batch call
constexpr size_t kEdgeViews = 1000;        // views sampled for edge probes (all when the scene is smaller)
constexpr int kMaxReported = 5;            // mismatches printed per scene

const char *scene_name(uint32_t kind) {
    switch (kind) {
    case TACTILE_SCENE_PHONE: return "PHONE";
    case TACTILE_SCENE_LIST: return "LIST";
    case TACTILE_SCENE_GRID_OF_GRIDS: return "GRID_OF_GRIDS";
    case TACTILE_SCENE_RANDOM: return "RANDOM";
    default: return "?";
    }
}

/// SplitMix64, for query points and samples.
struct SplitMix {
    uint64_t state;
    uint64_t next() {
        state += 0x9E3779B97F4A7C15ULL;
        uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    double unit() { return static_cast<double>(next() >> 11) * 0x1p-53; }
};

double elapsed_s(uint64_t t0) { return static_cast<double>(now_ns() - t0) * 1e-9; }

/// A built scene with its reference mirror, query points and agreement check results.
struct Scene {
    uint32_t kind = 0;
    size_t requested = 0;  // view_count passed to tactile_scene_build (0 = the scene's default)
    uint64_t seed = kSceneSeed;
    App app{TACTILE_LOOP_DETERMINISTIC};
    tactile_view window{0};
    tactile_tree_stats stats{};
    double build_s = 0;
    std::unique_ptr<RefView> ref;
    double mirror_s = 0;
    double ref_bytes = 0;
    std::vector<tactile_point> queries;
    uint64_t mismatches = 0;
    uint64_t edge_mismatches = 0;
    uint64_t edge_probes = 0;
    double check_s = 0;
    int reported = 0;

    double views() const { return static_cast<double>(stats.views); }
};

/// Seeded random points uniformly over the window's bounds.
std::vector<tactile_point> make_queries(tactile_app app, tactile_view window, uint64_t seed) {
    tactile_rect b{};
    TCHECK(tactile_view_get_bounds(app, window, &b));
    SplitMix rng{seed};
    std::vector<tactile_point> points(kQueries);
    for (auto &p : points) {
        p.x = b.x + rng.unit() * b.width;
        p.y = b.y + rng.unit() * b.height;
    }
    return points;
}

/// Mirrors `scene` into a reference tree, recording the time and heap bytes it took.
std::unique_ptr<RefView> mirror(Scene &scene, double *seconds, double *bytes) {
    const size_t heap0 = hit::heap_bytes_in_use();
    const uint64_t t0 = now_ns();
    std::unique_ptr<RefView> ref = RefView::mirror(scene.app.get(), scene.window);
    if (seconds) *seconds = elapsed_s(t0);
    if (bytes) *bytes = static_cast<double>(hit::heap_bytes_in_use() - heap0);
    return ref;
}

void report_mismatch(Scene &scene, const char *what, double x, double y, uint64_t packed, uint64_t reference) {
    if (scene.reported++ >= kMaxReported) return;
    std::fprintf(stderr,
                 "tactile-bench: hittest MISMATCH (%s): scene=%s n=%zu seed=%" PRIu64 " point=(%.17g, %.17g) "
                 "packed=%" PRIu64 " reference=%" PRIu64 "\n",
                 what, scene_name(scene.kind), scene.requested, scene.seed, x, y, packed, reference);
}

/// Edge probes: corners of sampled views mapped into window space, with their one-ulp neighbours.
std::vector<tactile_point> edge_probes(RefView &root, uint64_t seed) {
    std::vector<RefView *> all;
    all.reserve(1024);
    root.collect(all);
    std::vector<RefView *> sample;
    if (all.size() <= kEdgeViews) {
        sample = all;
    } else {
        SplitMix rng{seed ^ 0xED6EULL};
        for (size_t i = 0; i < kEdgeViews; ++i) sample.push_back(all[rng.next() % all.size()]);
    }
    std::vector<tactile_point> probes;
    probes.reserve(sample.size() * 21);
    for (RefView *v : sample) {
        const tactile_rect &b = v->geometry().bounds;
        const double xs[2] = {b.x, b.x + b.width}, ys[2] = {b.y, b.y + b.height};
        for (double lx : xs) {
            for (double ly : ys) {
                double x, y;
                hit::to_root(v, lx, ly, &x, &y);
                if (!std::isfinite(x) || !std::isfinite(y)) continue;
                probes.push_back({x, y});
                probes.push_back({std::nextafter(x, -INFINITY), y});
                probes.push_back({std::nextafter(x, INFINITY), y});
                probes.push_back({x, std::nextafter(y, -INFINITY)});
                probes.push_back({x, std::nextafter(y, INFINITY)});
            }
        }
        double cx, cy;
        hit::to_root(v, b.x + b.width / 2, b.y + b.height / 2, &cx, &cy);
        if (std::isfinite(cx) && std::isfinite(cy)) probes.push_back({cx, cy});
    }
    return probes;
}

/// Compares the packed tree with `ref` on the scene's query points (single and batch calls) and on edge
/// probes; returns {mismatches on the queries, mismatches on the edge probes, edge probes}.
struct CheckResult {
    uint64_t mismatches = 0, edge_mismatches = 0, edge_probes = 0;
};

CheckResult check_agreement(Scene &scene, RefView &ref) {
    CheckResult r;
    const tactile_app app = scene.app.get();
    std::vector<tactile_view> batch(scene.queries.size());
    TCHECK(tactile_hit_test_batch(app, scene.window, scene.queries.data(), scene.queries.size(), batch.data()));
    for (size_t i = 0; i < scene.queries.size(); ++i) {
        const tactile_point &p = scene.queries[i];
        tactile_view single{0};
        TCHECK(tactile_hit_test(app, scene.window, p.x, p.y, &single));
        RefView *h = ref.hitTest(p.x, p.y);
        const uint64_t expected = h ? h->id() : 0;
        if (single.id != expected || batch[i].id != expected) {
            ++r.mismatches;
            report_mismatch(scene, single.id != expected ? "query" : "query, batch call", p.x, p.y,
                            single.id != expected ? single.id : batch[i].id, expected);
        }
    }
    const std::vector<tactile_point> probes = edge_probes(ref, scene.seed);
    std::vector<tactile_view> out(probes.size());
    if (!probes.empty()) TCHECK(tactile_hit_test_batch(app, scene.window, probes.data(), probes.size(), out.data()));
    for (size_t i = 0; i < probes.size(); ++i) {
        RefView *h = ref.hitTest(probes[i].x, probes[i].y);
        const uint64_t expected = h ? h->id() : 0;
        if (out[i].id != expected) {
            ++r.edge_mismatches;
            report_mismatch(scene, "edge probe", probes[i].x, probes[i].y, out[i].id, expected);
        }
    }
    r.edge_probes = probes.size();
    return r;
}

/// Builds `kind` with `view_count` views (0 = default), mirrors it and checks agreement.
std::unique_ptr<Scene> build_scene(uint32_t kind, size_t view_count) {
    auto scene = std::make_unique<Scene>();
    scene->kind = kind;
    scene->requested = view_count;
    const uint64_t t0 = now_ns();
    TCHECK(tactile_scene_build(scene->app.get(), kind, view_count, scene->seed, &scene->window));
    scene->build_s = elapsed_s(t0);
    scene->queries = make_queries(scene->app.get(), scene->window, kQuerySeed ^ (view_count * 0x9E37ULL) ^ kind);
    scene->ref = mirror(*scene, &scene->mirror_s, &scene->ref_bytes);
    // The check also warms the packed tree: grids are built lazily on a container's first hit-test.
    const uint64_t t1 = now_ns();
    const CheckResult c = check_agreement(*scene, *scene->ref);
    scene->check_s = elapsed_s(t1);
    scene->mismatches = c.mismatches;
    scene->edge_mismatches = c.edge_mismatches;
    scene->edge_probes = c.edge_probes;
    // Memory as the queries find the tree: with the grids the check built (they were left out before 2026-11-27,
    // which understated bytes_per_view by 140-190 B on the grid scenes).
    TCHECK(tactile_tree_stats_get(scene->app.get(), &scene->stats));
    TREQUIRE(scene->stats.views > 0, "a scene without views");
    return scene;
}

/// The cache: one scene per (kind, view count, purpose); purpose 1 is the update benchmark's own scene.
Scene &cached_scene(uint32_t kind, size_t view_count, int purpose = 0) {
    static auto *cache = new std::map<std::tuple<uint32_t, size_t, int>, std::unique_ptr<Scene>>();
    auto &slot = (*cache)[{kind, view_count, purpose}];
    if (!slot) slot = build_scene(kind, view_count);
    return *slot;
}

void report_scene(benchmark::State &state, const Scene &scene) {
    state.counters["views"] = scene.views();
    state.counters["bytes_per_view"] = static_cast<double>(scene.stats.bytes) / scene.views();
    state.counters["ref_bytes_per_view"] = scene.ref_bytes / scene.views();
    state.counters["build_ms"] = scene.build_s * 1e3;
    state.counters["mirror_ms"] = scene.mirror_s * 1e3;
    state.counters["mismatches"] = static_cast<double>(scene.mismatches);
    state.counters["edge_mismatches"] = static_cast<double>(scene.edge_mismatches);
    state.counters["edge_probes"] = static_cast<double>(scene.edge_probes);
}

void report_per_query(benchmark::State &state, uint64_t t0, uint64_t t1, uint64_t queries, uint64_t hits) {
    state.SetItemsProcessed(static_cast<int64_t>(queries));
    state.counters["ns_per_query"] = queries ? static_cast<double>(t1 - t0) / static_cast<double>(queries) : 0.0;
    // Share of queries answered by a view other than nothing (a sanity figure; also keeps the results live).
    state.counters["hit_share"] = queries ? static_cast<double>(hits) / static_cast<double>(queries) : 0.0;
}

// ---- Latency per query -----------------------------------------------------------------------------

void BM_hit_tactile(benchmark::State &state, uint32_t kind, size_t view_count) {
    Scene &scene = cached_scene(kind, view_count);
    const tactile_app app = scene.app.get();
    const tactile_view window = scene.window;
    const tactile_point *q = scene.queries.data();
    size_t i = 0;
    uint64_t hits = 0;
    const uint64_t t0 = now_ns();
    for (auto _ : state) {
        tactile_view v{0};
        const tactile_status status = tactile_hit_test(app, window, q[i].x, q[i].y, &v);
        if (status != TACTILE_OK) fail_status("tactile_hit_test", status, __FILE__, __LINE__);
        hits += v.id != 0;
        i = (i + 1) & (kQueries - 1);
    }
    const uint64_t t1 = now_ns();
    report_per_query(state, t0, t1, state.iterations(), hits);
    report_scene(state, scene);
    state.SetComplexityN(static_cast<int64_t>(scene.stats.views));
}

void BM_hit_reference(benchmark::State &state, uint32_t kind, size_t view_count) {
    Scene &scene = cached_scene(kind, view_count);
    RefView *root = scene.ref.get();
    const tactile_point *q = scene.queries.data();
    size_t i = 0;
    uint64_t hits = 0;
    const uint64_t t0 = now_ns();
    for (auto _ : state) {
        RefView *h = root->hitTest(q[i].x, q[i].y);
        benchmark::DoNotOptimize(h);
        hits += h != nullptr;
        i = (i + 1) & (kQueries - 1);
    }
    const uint64_t t1 = now_ns();
    report_per_query(state, t0, t1, state.iterations(), hits);
    report_scene(state, scene);
    state.counters["bytes_per_view"] = scene.ref_bytes / scene.views();
    state.SetComplexityN(static_cast<int64_t>(scene.stats.views));
}

void BM_hit_batch_tactile(benchmark::State &state, uint32_t kind, size_t view_count) {
    Scene &scene = cached_scene(kind, view_count);
    const tactile_app app = scene.app.get();
    std::vector<tactile_view> out(kBatch);
    size_t offset = 0;
    uint64_t hits = 0;
    const uint64_t t0 = now_ns();
    for (auto _ : state) {
        TCHECK(tactile_hit_test_batch(app, scene.window, scene.queries.data() + offset, kBatch, out.data()));
        hits += out[0].id != 0;
        offset = (offset + kBatch) & (kQueries - 1);
    }
    const uint64_t t1 = now_ns();
    report_per_query(state, t0, t1, state.iterations() * kBatch, hits * kBatch);
    state.counters.erase("hit_share");  // only the first point of each batch was looked at
    report_scene(state, scene);
}

// ---- Update cost -----------------------------------------------------------------------------------

constexpr size_t kUpdateViews = 100000;

/// A leaf of the update scene: its handle, the mirror's view, home center and its container's window offset.
struct Leaf {
    tactile_view view;
    RefView *ref;
    tactile_point home;
    double dx, dy;           // the two alternating moves are home ± (dx, dy)
    double to_window_x, to_window_y;  // container space -> window space (identity containers, zero origins)
};

struct UpdateState {
    std::vector<Leaf> leaves;
    size_t next = 0;
    uint64_t pass = 0;
};

/// The leaves of a GRID_OF_GRIDS scene (the window's grandchildren), from its mirror.
std::vector<Leaf> grid_leaves(Scene &scene) {
    std::vector<Leaf> leaves;
    for (const auto &container : scene.ref->subviews()) {
        const hit::Geometry &cg = container->geometry();
        const double ox = cg.center.x - cg.bounds.width / 2 - cg.bounds.x;
        const double oy = cg.center.y - cg.bounds.height / 2 - cg.bounds.y;
        for (const auto &leaf : container->subviews()) {
            const hit::Geometry &g = leaf->geometry();
            leaves.push_back(Leaf{tactile_view{leaf->id()}, leaf.get(), g.center, g.bounds.width / 8,
                                  g.bounds.height / 8, ox, oy});
        }
    }
    TREQUIRE(!leaves.empty(), "the update scene has no leaves");
    return leaves;
}

/// The next move: which leaf and where its center goes.
template <typename Move>
void next_move(UpdateState &u, Move move) {
    Leaf &leaf = u.leaves[u.next];
    const double sign = (u.pass & 1) ? -1.0 : 1.0;
    move(leaf, leaf.home.x + sign * leaf.dx, leaf.home.y + sign * leaf.dy);
    if (++u.next == u.leaves.size()) {
        u.next = 0;
        ++u.pass;
    }
}

void BM_update_tactile(benchmark::State &state) {
    Scene &scene = cached_scene(TACTILE_SCENE_GRID_OF_GRIDS, kUpdateViews, /*purpose*/ 1);
    static UpdateState u{grid_leaves(scene)};
    const tactile_app app = scene.app.get();
    const tactile_view window = scene.window;
    uint64_t moved_hits = 0;
    const uint64_t t0 = now_ns();
    for (auto _ : state) {
        next_move(u, [&](Leaf &leaf, double x, double y) {
            const tactile_status s1 = tactile_view_set_center(app, leaf.view, x, y);
            if (s1 != TACTILE_OK) fail_status("tactile_view_set_center", s1, __FILE__, __LINE__);
            tactile_view v{0};
            const tactile_status s2 = tactile_hit_test(app, window, x + leaf.to_window_x, y + leaf.to_window_y, &v);
            if (s2 != TACTILE_OK) fail_status("tactile_hit_test", s2, __FILE__, __LINE__);
            moved_hits += v.id == leaf.view.id;
        });
    }
    const uint64_t t1 = now_ns();
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
    state.counters["ns_per_update"] = static_cast<double>(t1 - t0) / static_cast<double>(state.iterations());
    state.counters["moved_hit_share"] = static_cast<double>(moved_hits) / static_cast<double>(state.iterations());
    // The moved tree must still agree with a fresh mirror of itself (grid maintenance under moves).
    std::unique_ptr<RefView> fresh = mirror(scene, nullptr, nullptr);
    const int reported_before = scene.reported;
    const CheckResult c = check_agreement(scene, *fresh);
    if (c.mismatches + c.edge_mismatches > 0 && reported_before < kMaxReported) {
        std::fprintf(stderr, "tactile-bench: (the mismatches above are after %" PRIu64 " moves on the update scene)\n",
                     u.pass * u.leaves.size() + u.next);
    }
    state.counters["mismatches"] = static_cast<double>(c.mismatches);
    state.counters["edge_mismatches"] = static_cast<double>(c.edge_mismatches);
    state.counters["views"] = scene.views();
}

void BM_update_reference(benchmark::State &state) {
    Scene &scene = cached_scene(TACTILE_SCENE_GRID_OF_GRIDS, kUpdateViews, /*purpose*/ 1);
    // Its own mirror, moved independently of the packed scene.
    static std::unique_ptr<RefView> tree = mirror(scene, nullptr, nullptr);
    static UpdateState u = [] {
        UpdateState s;
        // Re-point the leaves at this tree's views (same order as the scene's mirror).
        for (const auto &container : tree->subviews()) {
            const hit::Geometry &cg = container->geometry();
            const double ox = cg.center.x - cg.bounds.width / 2 - cg.bounds.x;
            const double oy = cg.center.y - cg.bounds.height / 2 - cg.bounds.y;
            for (const auto &leaf : container->subviews()) {
                const hit::Geometry &g = leaf->geometry();
                s.leaves.push_back(Leaf{tactile_view{leaf->id()}, leaf.get(), g.center, g.bounds.width / 8,
                                        g.bounds.height / 8, ox, oy});
            }
        }
        return s;
    }();
    RefView *root = tree.get();
    uint64_t moved_hits = 0;
    const uint64_t t0 = now_ns();
    for (auto _ : state) {
        next_move(u, [&](Leaf &leaf, double x, double y) {
            leaf.ref->geometry().center = tactile_point{x, y};
            RefView *h = root->hitTest(x + leaf.to_window_x, y + leaf.to_window_y);
            benchmark::DoNotOptimize(h);
            moved_hits += h == leaf.ref;
        });
    }
    const uint64_t t1 = now_ns();
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
    state.counters["ns_per_update"] = static_cast<double>(t1 - t0) / static_cast<double>(state.iterations());
    state.counters["moved_hit_share"] = static_cast<double>(moved_hits) / static_cast<double>(state.iterations());
}

// ---- Registration ----------------------------------------------------------------------------------

void register_hittest_benchmarks() {
    const Profile &p = profile();
    const std::vector<int64_t> sizes = {100, 1000, 10000, 100000, 1000000};
    // Every hit-test benchmark: the profile's hit-test repetitions, its micro-benchmark min time.
    auto add = [&](const std::string &name, auto fn, benchmark::TimeUnit unit = benchmark::kNanosecond) {
        return with_repetitions(benchmark::RegisterBenchmark(name.c_str(), fn), p.hittest_repetitions)
            ->Unit(unit)
            ->MinTime(p.micro_min_time_s);
    };
    constexpr uint32_t grid = TACTILE_SCENE_GRID_OF_GRIDS;

    auto *packed = add("hittest.grid.tactile",
                       [](benchmark::State &s) { BM_hit_tactile(s, grid, static_cast<size_t>(s.range(0))); });
    auto *reference = add("hittest.grid.reference",
                          [](benchmark::State &s) { BM_hit_reference(s, grid, static_cast<size_t>(s.range(0))); });
    for (int64_t n : sizes) {
        packed->Arg(n);
        if (n <= p.hittest_reference_max_n) reference->Arg(n);
    }
    packed->Complexity(benchmark::oAuto);
    reference->Complexity(benchmark::oAuto);

    add("hittest.grid_batch.tactile",
        [](benchmark::State &s) { BM_hit_batch_tactile(s, grid, static_cast<size_t>(s.range(0))); },
        benchmark::kMicrosecond)
        ->Arg(10000)
        ->Arg(1000000);

    struct Standard {
        const char *name;
        uint32_t kind;
    };
    for (const Standard &sc : {Standard{"phone", TACTILE_SCENE_PHONE}, Standard{"list", TACTILE_SCENE_LIST},
                               Standard{"random", TACTILE_SCENE_RANDOM}}) {
        const uint32_t kind = sc.kind;
        const std::string base = std::string("hittest.") + sc.name + ".";
        add(base + "tactile", [kind](benchmark::State &s) { BM_hit_tactile(s, kind, 0); });
        add(base + "reference", [kind](benchmark::State &s) { BM_hit_reference(s, kind, 0); });
    }

    add("hittest.update.tactile", BM_update_tactile);
    add("hittest.update.reference", BM_update_reference);
}

}  // namespace

TACTILE_BENCH_AREA(register_hittest_benchmarks);
