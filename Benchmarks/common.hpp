// Shared helpers of tactile-bench: status checks, clocks, the run profile (quick / full), RAII handles for
// tactile apps, percentiles, and the per-area registration hook.
//
// Naming: every benchmark is registered as "<area>.<measure>.<implementation>" (no '/' in the name), e.g.
// "queue.post.tactile" and its reference "queue.post.mutex_deque"; Google Benchmark appends its own
// "/manual_time", "/repeats:N"... suffixes, and perf/bench keys on the part before the first '/' plus any
// numeric arguments (a family over sizes, e.g. "hittest.grid.tactile/10000").
#pragma once

#include <tactile.h>
#include <tactile_bench.h>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include <pthread.h>
#include <sched.h>
#include <time.h>

namespace tb {

// ---- Status checks ---------------------------------------------------------------------------------

[[noreturn]] inline void fail_status(const char *expr, tactile_status status, const char *file, int line) {
    std::fprintf(stderr, "tactile-bench: %s:%d: %s returned %s (%d): %s\n", file, line, expr,
                 tactile_status_name(status), static_cast<int>(status), tactile_last_error_message());
    std::fflush(stderr);
    std::abort();
}

[[noreturn]] inline void fail_message(const char *message, const char *file, int line) {
    std::fprintf(stderr, "tactile-bench: %s:%d: %s\n", file, line, message);
    std::fflush(stderr);
    std::abort();
}

}  // namespace tb

/// Evaluates a tactile_status expression; aborts with the status name and the library's message unless OK.
#define TCHECK(expr)                                                                   \
    do {                                                                               \
        tactile_status tcheck_status_ = (expr);                                        \
        if (tcheck_status_ != TACTILE_OK) ::tb::fail_status(#expr, tcheck_status_, __FILE__, __LINE__); \
    } while (0)

/// Aborts with a message when a harness invariant does not hold.
#define TREQUIRE(cond, message)                                                        \
    do {                                                                               \
        if (!(cond)) ::tb::fail_message("check failed: " #cond ": " message, __FILE__, __LINE__); \
    } while (0)

namespace tb {

/// A post that may meet a full queue: OK -> true, QUEUE_FULL -> false (caller retries), anything else aborts.
#define TPOST_OK_OR_FULL(expr)                                                         \
    ([&]() -> bool {                                                                   \
        tactile_status tpost_status_ = (expr);                                         \
        if (tpost_status_ == TACTILE_OK) return true;                                  \
        if (tpost_status_ == TACTILE_ERR_QUEUE_FULL) return false;                     \
        ::tb::fail_status(#expr, tpost_status_, __FILE__, __LINE__);                   \
    }())

// ---- Clocks and waiting ----------------------------------------------------------------------------

using Clock = std::chrono::steady_clock;  // CLOCK_MONOTONIC: the clock tactile_event.timestamp_ns uses

inline uint64_t now_ns() {
    return static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count());
}

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

/// Busy-waits until now_ns() >= deadline.
inline void spin_until(uint64_t deadline_ns) {
    while (now_ns() < deadline_ns) cpu_relax();
}

/// A one-shot start line for threads: each worker calls arrive_and_wait(); the driver waits until all have
/// arrived (so thread start-up is outside the timed region), takes its start time, then opens the line.
class StartLine {
public:
    void arrive_and_wait() {
        arrived_.fetch_add(1, std::memory_order_acq_rel);
        while (!open_.load(std::memory_order_acquire)) std::this_thread::yield();
    }
    void wait_for_arrivals(int count) const {
        while (arrived_.load(std::memory_order_acquire) < count) std::this_thread::yield();
    }
    void open() { open_.store(true, std::memory_order_release); }

private:
    std::atomic<int> arrived_{0};
    std::atomic<bool> open_{false};
};

/// Where a cross-core benchmark's threads run when it asks for a fixed placement: the consumer (the benchmark
/// thread) on the first CPU the process may use, every producer on the second. Unpinned, the scheduler decides per
/// process — both threads sharing one vCPU and taking turns, or on two — and a queue's throughput differs 3-10x
/// between those (perf/results/queue-amd-2026-11-29.md); pinned, both sides of a comparison measure lines crossing
/// between two cores. Restores the benchmark thread's CPU set when it goes. With fewer than two CPUs it pins
/// nothing (`pinned()` is false).
class Placement {
public:
    Placement() {
        CPU_ZERO(&saved_);
        if (pthread_getaffinity_np(pthread_self(), sizeof saved_, &saved_) != 0) return;
        for (int cpu = 0; cpu < CPU_SETSIZE && producer_cpu_ < 0; ++cpu) {
            if (!CPU_ISSET(cpu, &saved_)) continue;
            if (consumer_cpu_ < 0) consumer_cpu_ = cpu; else producer_cpu_ = cpu;
        }
        if (pinned()) pin(consumer_cpu_);
    }
    ~Placement() {
        if (pinned()) pthread_setaffinity_np(pthread_self(), sizeof saved_, &saved_);
    }
    Placement(const Placement &) = delete;
    Placement &operator=(const Placement &) = delete;

    bool pinned() const { return producer_cpu_ >= 0; }
    /// Called on a producer thread.
    void pin_producer() const {
        if (pinned()) pin(producer_cpu_);
    }
    /// The round trip of one cache line between the two CPUs, in ns (the mean of `trips`; 0 when not pinned): a
    /// thread on the producers' CPU answers each store of the benchmark thread. On a VM it tells where the host
    /// placed the two vCPUs: on the EPYC of perf/results/queue-amd-2026-11-29.md, 50-80 ns near, ~330 far.
    double round_trip_ns(int trips = 2000) const {
        if (!pinned()) return 0.0;
        const int64_t end = 2 + 2 * static_cast<int64_t>(trips);
        alignas(64) std::atomic<int64_t> ball{0};
        std::thread partner([&] {
            pin_producer();
            ball.store(1, std::memory_order_release);  // running on its CPU: the timing starts now
            for (int64_t v = 2; v < end; v += 2) {
                while (ball.load(std::memory_order_acquire) != v) {}
                ball.store(v + 1, std::memory_order_release);
            }
        });
        while (ball.load(std::memory_order_acquire) != 1) {}
        const uint64_t t0 = now_ns();
        for (int64_t v = 2; v < end; v += 2) {
            ball.store(v, std::memory_order_release);
            while (ball.load(std::memory_order_acquire) != v + 1) {}
        }
        const uint64_t t1 = now_ns();
        partner.join();
        return static_cast<double>(t1 - t0) / trips;
    }

private:
    static void pin(int cpu) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    }
    cpu_set_t saved_;
    int consumer_cpu_ = -1, producer_cpu_ = -1;
};

// ---- Events ----------------------------------------------------------------------------------------

/// A valid touch-moved record of finger `touch_id` (window 1), stamped `stamp_ns`.
inline tactile_event make_touch_event(uint32_t touch_id, uint64_t stamp_ns, double x = 10.0, double y = 20.0) {
    tactile_event e{};
    e.kind = TACTILE_EVENT_TOUCH;
    e.code = TACTILE_PHASE_MOVED;
    e.flags = 0;
    e.touch_id = touch_id;
    e.window_id = 1;
    e.altitude = 0;
    e.azimuth = 0;
    e.timestamp_ns = stamp_ns;
    e.x = x;
    e.y = y;
    e.force = 0.5f;
    e.radius = 4.0f;
    return e;
}

// ---- Tactile app handle ----------------------------------------------------------------------------

/// Owns a tactile_app for the duration of one benchmark run; every call is checked.
class App {
public:
    /// `flags`: tactile_app_flag bits (TACTILE_APP_RAW_INPUT for the queue benchmarks: no routing).
    explicit App(tactile_loop_mode mode, uint32_t queue_capacity = 4096, uint32_t flags = 0) {
        tactile_app_config config{};
        config.queue_capacity = queue_capacity;
        config.loop_mode = static_cast<uint32_t>(mode);
        config.flags = flags;
        TCHECK(tactile_app_create(&config, &app_));
        TREQUIRE(app_.id != 0, "tactile_app_create returned OK with a null handle");
    }
    ~App() {
        if (app_.id != 0) TCHECK(tactile_app_destroy(app_));
    }
    App(const App &) = delete;
    App &operator=(const App &) = delete;

    tactile_app get() const { return app_; }

    void set_handler(tactile_input_fn fn, void *user) { TCHECK(tactile_app_set_input_handler(app_, fn, user)); }

    tactile_counters counters() const {
        tactile_counters c{};
        TCHECK(tactile_app_counters(app_, &c));
        return c;
    }

    /// Installs the touch delivery callback (loop thread, or before a live loop starts).
    void set_delivery(tactile_delivery_fn fn, void *user) { TCHECK(tactile_app_set_delivery_callback(app_, fn, user)); }

    /// The touch router's counters (loop thread: a stopped or deterministic loop).
    tactile_route_counters route_counters() const {
        tactile_route_counters c{};
        TCHECK(tactile_app_route_counters(app_, &c));
        return c;
    }

    /// Checks the queue's bookkeeping after a run: nothing malformed, everything posted was drained.
    void check_all_drained(uint64_t expected_posted_at_least) const {
        tactile_counters c = counters();
        TREQUIRE(c.rejected_invalid == 0, "the library rejected a benchmark event as malformed");
        TREQUIRE(c.posted == c.drained, "posted != drained at the end of a run");
        TREQUIRE(c.posted >= expected_posted_at_least, "the queue counted fewer posts than the harness made");
    }

private:
    tactile_app app_{0};
};

// ---- Touch routing ---------------------------------------------------------------------------------

/// A small window for the routing benchmarks: a 320×480 window with a navigation-bar-like strip holding two
/// buttons and a content view holding a 300×300 canvas flagged TACTILE_VIEW_MULTIPLE_TOUCH (so every finger
/// landing on it is delivered to it). Fingers land on the canvas (`x`, `y` + 10·k); `window_id` names the
/// window in touch records.
struct TouchStage {
    tactile_view window{0};
    tactile_view canvas{0};
    uint32_t window_id = 0;
    double x = 0, y = 0;  ///< where finger 1 lands (window coordinates); finger k lands 10·(k-1) pt lower

    /// A touch record of finger `touch_id` in this window, phase `phase`, stamped `stamp_ns`.
    tactile_event touch(uint32_t touch_id, uint32_t phase, uint64_t stamp_ns) const {
        tactile_event e = make_touch_event(touch_id, stamp_ns, x, y + 10.0 * (touch_id - 1));
        e.code = static_cast<uint8_t>(phase);
        e.window_id = window_id;
        return e;
    }
};

/// Builds a TouchStage in `app` (loop thread) and checks that the fingers hit the canvas.
///
/// Touch records name their window with tactile_window_id (window_id 0 means the screen).
inline TouchStage build_touch_stage(tactile_app app, int fingers = 10) {
    auto view = [&](tactile_view parent, double x, double y, double w, double h) {
        const tactile_rect frame{x, y, w, h};
        tactile_view v{0};
        TCHECK(tactile_view_create(app, &frame, &v));
        if (parent.id != 0) TCHECK(tactile_view_add_child(app, parent, v));
        return v;
    };
    TouchStage stage;
    stage.window = view(tactile_view{0}, 0, 0, 320, 480);
    stage.window_id = tactile_window_id(stage.window);
    const tactile_view bar = view(stage.window, 0, 0, 320, 64);
    view(bar, 8, 20, 60, 36);
    view(bar, 252, 20, 60, 36);
    const tactile_view content = view(stage.window, 0, 64, 320, 416);
    stage.canvas = view(content, 10, 10, 300, 300);
    TCHECK(tactile_view_set_flags(app, stage.canvas, TACTILE_VIEW_MULTIPLE_TOUCH, 1));
    stage.x = 160;
    stage.y = 84;
    for (int k = 0; k < fingers; ++k) {
        tactile_view hit{0};
        TCHECK(tactile_hit_test(app, stage.window, stage.x, stage.y + 10.0 * k, &hit));
        TREQUIRE(hit.id == stage.canvas.id, "a finger of the touch stage does not land on its canvas");
    }
    return stage;
}

/// Routes a began record for fingers 1…`fingers` (one event, stamped `stamp_ns`) with tactile_route (loop thread).
inline void begin_fingers(tactile_app app, const TouchStage &stage, int fingers, uint64_t stamp_ns) {
    std::vector<tactile_event> began;
    for (int k = 1; k <= fingers; ++k) began.push_back(stage.touch(static_cast<uint32_t>(k), TACTILE_PHASE_BEGAN, stamp_ns));
    TCHECK(tactile_route(app, began.data(), began.size()));
}

/// What a counting delivery callback records (loop thread only).
struct DeliverySink {
    uint64_t deliveries = 0;  ///< handler calls
    uint64_t touches = 0;     ///< touches handed to handlers
    uint64_t moved = 0;       ///< touches handed to touchesMoved
};

/// The benchmarks' delivery callback (`user` is a DeliverySink): counts, nothing more.
inline void counting_delivery(void *user, const tactile_delivery *delivery) {
    auto *sink = static_cast<DeliverySink *>(user);
    sink->deliveries += 1;
    sink->touches += delivery->count;
    if (delivery->phase == TACTILE_PHASE_MOVED) sink->moved += delivery->count;
}

/// Checks the router's bookkeeping after a run: no bad input, nothing missed, withheld or swallowed.
inline void check_routing_clean(const tactile_route_counters &c) {
    TREQUIRE(c.errors == 0, "the router counted bad input");
    TREQUIRE(c.missed == 0 && c.withheld == 0 && c.ignored == 0, "a finger of the benchmark was not bound to its view");
    TREQUIRE(c.swallowed_samples == 0 && c.cancelled == 0, "the router swallowed or cancelled benchmark samples");
}

// ---- Statistics ------------------------------------------------------------------------------------

/// Nearest-rank percentile (q in [0, 1]) of `sorted` (ascending), or 0 when empty.
inline double percentile_sorted(const std::vector<double> &sorted, double q) {
    if (sorted.empty()) return 0.0;
    double rank = q * static_cast<double>(sorted.size());
    size_t index = rank <= 1.0 ? 0 : static_cast<size_t>(rank + 0.999999999) - 1;
    return sorted[std::min(index, sorted.size() - 1)];
}

/// Sets p50_us / p99_us / p999_us / max_us / samples counters from nanosecond latency samples.
inline void report_latency(benchmark::State &state, std::vector<double> samples_ns) {
    std::sort(samples_ns.begin(), samples_ns.end());
    auto us = [](double ns) { return ns / 1000.0; };
    state.counters["p50_us"] = us(percentile_sorted(samples_ns, 0.50));
    state.counters["p99_us"] = us(percentile_sorted(samples_ns, 0.99));
    state.counters["p999_us"] = us(percentile_sorted(samples_ns, 0.999));
    state.counters["max_us"] = samples_ns.empty() ? 0.0 : us(samples_ns.back());
    state.counters["samples"] = static_cast<double>(samples_ns.size());
}

// ---- Machine share ---------------------------------------------------------------------------------

/// CPU accounting around a run, to tell a starved run from a slow library on a shared machine: the process's
/// CPU time and the system's /proc/stat tick totals (all CPUs), including the ticks the hypervisor stole.
struct MachineSample {
    uint64_t wall_ns = 0;
    uint64_t process_cpu_ns = 0;
    uint64_t total_ticks = 0;
    uint64_t steal_ticks = 0;

    static MachineSample take() {
        MachineSample s;
        s.wall_ns = now_ns();
        timespec ts{};
        if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == 0)
            s.process_cpu_ns = static_cast<uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<uint64_t>(ts.tv_nsec);
        std::ifstream stat("/proc/stat");
        std::string cpu;
        uint64_t field = 0;
        if (stat >> cpu && cpu == "cpu") {
            // user nice system idle iowait irq softirq steal [guest guest_nice: already in user/nice]
            for (int i = 0; i < 8 && stat >> field; ++i) {
                s.total_ticks += field;
                if (i == 7) s.steal_ticks = field;
            }
        }
        return s;
    }
};

/// Sets steal_pct (share of all CPU time the hypervisor took from this VM during the run, from /proc/stat
/// ticks: coarse, 10 ms) and, when `busy_threads` > 0, cpu_share (process CPU time / (busy_threads * wall):
/// ~1 when every always-busy thread of the run had a CPU to itself).
inline void report_machine_share(benchmark::State &state, const MachineSample &before, const MachineSample &after,
                                 int busy_threads) {
    const uint64_t ticks = after.total_ticks - before.total_ticks;
    state.counters["steal_pct"] =
        ticks ? 100.0 * static_cast<double>(after.steal_ticks - before.steal_ticks) / static_cast<double>(ticks) : 0.0;
    if (busy_threads > 0 && after.wall_ns > before.wall_ns) {
        state.counters["cpu_share"] = static_cast<double>(after.process_cpu_ns - before.process_cpu_ns) /
                                      (static_cast<double>(busy_threads) * static_cast<double>(after.wall_ns - before.wall_ns));
    }
}

// ---- Run profile -----------------------------------------------------------------------------------

/// Sizes and durations; `--tactile_profile=quick|full` picks one (default full).
struct Profile {
    std::string name;
    int repetitions;             ///< repetitions per benchmark (aggregated as mean/median/stddev/cv)
    double micro_min_time_s;     ///< min time of the per-call micro-benchmarks (post, C call)
    double throughput_min_time_s;
    uint64_t throughput_events;  ///< events per throughput run (per iteration)
    int spin_samples;            ///< latency samples per repetition, spinning consumer
    uint64_t spin_gap_ns;        ///< gap between posts, spinning consumer (queue never saturated)
    int parked_samples;          ///< latency samples per repetition, parked consumer
    uint64_t parked_gap_ns;      ///< gap between posts, parked consumer (long enough that it parks)
    int64_t hittest_reference_max_n;  ///< largest GRID_OF_GRIDS scene the reference tree is timed on
    int hittest_repetitions;     ///< repetitions of the hit-test benchmarks (their cv is ~1-2%: fewer suffice)
};

Profile &profile();

/// Applies the profile's repetitions (or `repetitions` when > 0) and aggregate reporting to a benchmark.
inline benchmark::internal::Benchmark *with_repetitions(benchmark::internal::Benchmark *b, int repetitions = 0) {
    return b->Repetitions(repetitions > 0 ? repetitions : profile().repetitions)->DisplayAggregatesOnly(true);
}

// ---- Area registration -----------------------------------------------------------------------------

/// The registration functions of every area (one per source file), run by main after the profile is known.
std::vector<std::function<void()>> &areas();

struct AreaRegistrar {
    explicit AreaRegistrar(std::function<void()> fn) { areas().push_back(std::move(fn)); }
};

}  // namespace tb

/// Registers an area's benchmark-registration function (called once the profile is known).
#define TACTILE_BENCH_AREA(fn) static ::tb::AreaRegistrar tactile_area_registrar_##fn{fn}
