// Touch-routing benchmarks: UIKit's touch delivery (touchesMoved to the view a finger is bound to) through the
// C API, beside a UIKit-style object router (references.hpp, objref::Router) in the same run.
//
// Both sides use the same stage (common.hpp, TouchStage): a small window whose 300×300 canvas accepts multiple
// touches; fingers begin on it before anything is timed, then only moved samples are routed. Tactile's
// delivery callback counts handler calls and touches; the reference's view does the same in a virtual
// touchesMoved. Every run checks that each moved sample reached the view and that the router counted no bad,
// missed, withheld or swallowed input.
//
//  route.moved.tactile/F   ns per moved sample routed synchronously with tactile_route (no queue), F = 1, 5, 10
//                          fingers: batches of about kBatch samples per call, frames of F samples (fingers
//                          1…F, one timestamp per frame: one event, one touchesMoved with F touches). Blocks of
//                          kCallsPerBlock calls are timed (manual time); writing each frame's timestamp and
//                          positions is inside the block, on both sides. Counters: ns_per_event (per sample;
//                          /1 is the summary's route.moved_ns), items_per_second, deliveries_per_event (1/F).
//  route.moved.reference/F the same batches through objref::Router: per sample, the Touch is found in a
//                          std::unordered_map<uint32_t, Touch *>, updated, put in a std::set<Touch *> for its
//                          view, and View::touchesMoved (virtual) is called with the set.
//  route.e2e.tactile/F     end to end, F = 1, 5, 10 fingers: a producer thread posts frames of F moved samples
//                          (one tactile_post_batch per frame, one timestamp per frame, retrying on QUEUE_FULL)
//                          into a deterministic app; the consumer (the benchmark thread) spins on
//                          tactile_app_step, which drains the queue and routes it, until every sample reached
//                          the view. Timed from the start line to the last delivery (manual time), as
//                          queue.throughput_1p1c. Counters: Meps (millions of touch samples per second) and
//                          events (a rate), as the queue benchmarks; frames_split_pct: share of posted frames
//                          that reached the router in more than one piece (a drain that caught a frame half
//                          published, or cut by the drain's batch size), which turns one frame into two events.
//  route.e2e.mutex_deque/F the same with std::mutex + std::deque (one push_batch per frame, the consumer swaps the
//                          deque out) feeding objref::Router.
//  route.e2e.paired_pinned/1
//                          both of the above with one finger, back to back in every iteration, the consumer pinned to
//                          one CPU and the producer to another (tb::Placement), the one going first alternating, as
//                          queue_bench.cpp's paired rows: Tactile's Meps, the reference's ref_Meps and their ratio.
//                          Unpinned, the reference's producer sleeps on the mutex and is woken beside the consumer,
//                          so its threads share a vCPU part of the time; pinned, both pay lines crossing cores.
#include "alloc_counter.hpp"
#include "references.hpp"

#include <string>

namespace {

using namespace tb;

constexpr size_t kBatch = 64;         // moved samples per tactile_route call (route.moved), whole frames
constexpr int kCallsPerBlock = 16;    // tactile_route calls per timed block (1024 samples)

double seconds_between(uint64_t t0, uint64_t t1) { return static_cast<double>(t1 - t0) * 1e-9; }

/// A batch of whole frames of `fingers` moved samples (fingers 1…F, at most kBatch samples).
std::vector<tactile_event> moved_batch(const TouchStage &stage, int fingers) {
    std::vector<tactile_event> batch;
    const size_t frames = kBatch / static_cast<size_t>(fingers);
    for (size_t f = 0; f < frames; ++f)
        for (int k = 1; k <= fingers; ++k) batch.push_back(stage.touch(static_cast<uint32_t>(k), TACTILE_PHASE_MOVED, 0));
    return batch;
}

/// Writes frame timestamps and positions into `batch` (frames of `fingers` samples): the per-sample work both
/// sides of route.moved do inside the timed block.
inline void stamp_batch(std::vector<tactile_event> &batch, int fingers, uint64_t &clock, double x0) {
    for (size_t i = 0; i < batch.size(); ++i) {
        if (i % static_cast<size_t>(fingers) == 0) ++clock;
        batch[i].timestamp_ns = clock;
        batch[i].x = x0 + static_cast<double>(clock & 63);
    }
}

/// Heap allocations per sample of `route_block` (one block of samples, after the timed runs: counting adds
/// nothing to the timings).
template <typename RouteBlock>
double allocs_per_event(uint64_t samples_per_block, RouteBlock route_block) {
    tb::AllocCount count;
    route_block();
    return static_cast<double>(count.stop()) / static_cast<double>(samples_per_block);
}

/// `samples` were timed (`total_ns`); `routed` samples (timed + counted) made `deliveries` handler calls.
void report_moved(benchmark::State &state, uint64_t total_ns, uint64_t samples, uint64_t routed, uint64_t deliveries) {
    state.SetItemsProcessed(static_cast<int64_t>(samples));
    state.counters["ns_per_event"] = samples ? static_cast<double>(total_ns) / static_cast<double>(samples) : 0.0;
    state.counters["deliveries_per_event"] =
        routed ? static_cast<double>(deliveries) / static_cast<double>(routed) : 0.0;
}

// ---- route.moved -----------------------------------------------------------------------------------

void BM_route_moved_tactile(benchmark::State &state) {
    const int fingers = static_cast<int>(state.range(0));
    App app(TACTILE_LOOP_DETERMINISTIC);
    const tactile_app handle = app.get();
    const TouchStage stage = build_touch_stage(handle, fingers);
    DeliverySink sink;
    app.set_delivery(counting_delivery, &sink);
    uint64_t clock = 1;
    begin_fingers(handle, stage, fingers, ++clock);
    TREQUIRE(sink.deliveries == 1 && sink.touches == static_cast<uint64_t>(fingers),
             "the began fingers were not delivered to the canvas together");
    const tactile_route_counters before = app.route_counters();
    const DeliverySink sink_before = sink;

    std::vector<tactile_event> batch = moved_batch(stage, fingers);
    const uint64_t per_block = kCallsPerBlock * batch.size();
    uint64_t total_ns = 0, samples = 0;
    for (auto _ : state) {
        const uint64_t t0 = now_ns();
        for (int c = 0; c < kCallsPerBlock; ++c) {
            stamp_batch(batch, fingers, clock, stage.x);
            const tactile_status status = tactile_route(handle, batch.data(), batch.size());
            if (status != TACTILE_OK) fail_status("tactile_route", status, __FILE__, __LINE__);
        }
        const uint64_t t1 = now_ns();
        state.SetIterationTime(seconds_between(t0, t1));
        total_ns += t1 - t0;
        samples += per_block;
    }
    state.counters["allocs_per_event"] = allocs_per_event(per_block, [&] {
        for (int c = 0; c < kCallsPerBlock; ++c) {
            stamp_batch(batch, fingers, clock, stage.x);
            TCHECK(tactile_route(handle, batch.data(), batch.size()));
        }
    });
    const uint64_t routed = samples + per_block;  // timed runs + the counted block
    const tactile_route_counters after = app.route_counters();
    check_routing_clean(after);
    TREQUIRE(after.samples - before.samples == routed, "the router counted a different number of samples");
    TREQUIRE(after.frames - before.frames == routed / static_cast<uint64_t>(fingers),
             "each frame of moved samples should have been one event");
    TREQUIRE(sink.moved - sink_before.moved == routed, "a moved sample did not reach touchesMoved");
    report_moved(state, total_ns, samples, routed, sink.deliveries - sink_before.deliveries);
}

void BM_route_moved_reference(benchmark::State &state) {
    objref::DeliveryCount count;
    const std::unique_ptr<objref::View> window = std::make_unique<objref::View>();
    const std::unique_ptr<objref::View> canvas = objref::make_counting_view(&count);
    objref::Router router;
    const int fingers = static_cast<int>(state.range(0));
    TouchStage stage;  // only its coordinates: the reference binds the fingers without a hit-test
    stage.x = 160;
    stage.y = 84;
    uint64_t clock = 1;
    ++clock;
    for (int k = 1; k <= fingers; ++k) router.begin(static_cast<uint32_t>(k), canvas.get(), window.get(), stage.x, stage.y + 10.0 * (k - 1), clock);
    const objref::DeliveryCount count_before = count;

    std::vector<tactile_event> batch = moved_batch(stage, fingers);
    const uint64_t per_block = kCallsPerBlock * batch.size();
    uint64_t total_ns = 0, samples = 0;
    for (auto _ : state) {
        const uint64_t t0 = now_ns();
        for (int c = 0; c < kCallsPerBlock; ++c) {
            stamp_batch(batch, fingers, clock, stage.x);
            router.route(batch.cbegin(), batch.cend());
        }
        const uint64_t t1 = now_ns();
        state.SetIterationTime(seconds_between(t0, t1));
        total_ns += t1 - t0;
        samples += per_block;
    }
    state.counters["allocs_per_event"] = allocs_per_event(per_block, [&] {
        for (int c = 0; c < kCallsPerBlock; ++c) {
            stamp_batch(batch, fingers, clock, stage.x);
            router.route(batch.cbegin(), batch.cend());
        }
    });
    const uint64_t routed = samples + per_block;  // timed runs + the counted block
    TREQUIRE(router.unknown() == 0, "the reference router met an unknown finger");
    TREQUIRE(count.moved - count_before.moved == routed, "a moved sample did not reach the reference's touchesMoved");
    report_moved(state, total_ns, samples, routed, count.deliveries - count_before.deliveries);
}

// ---- route.e2e -------------------------------------------------------------------------------------

/// Samples per run: the profile's throughput_events rounded down to whole frames.
uint64_t samples_per_run(int fingers) {
    const uint64_t unit = static_cast<uint64_t>(fingers);
    return std::max<uint64_t>(unit, profile().throughput_events / unit * unit);
}

/// Frames of `fingers` moved samples, fingers 1…fingers, stamped `first_stamp`, `first_stamp` + 1, ...
struct FrameSource {
    std::vector<tactile_event> frame;
    uint64_t stamp;

    FrameSource(const TouchStage &stage, int fingers, uint64_t first_stamp) : stamp(first_stamp) {
        for (int k = 1; k <= fingers; ++k) frame.push_back(stage.touch(static_cast<uint32_t>(k), TACTILE_PHASE_MOVED, 0));
    }
    /// The next frame (same timestamp for all its samples; positions move 1 pt per frame, wrapping).
    const std::vector<tactile_event> &next() {
        ++stamp;
        const double dx = static_cast<double>(stamp & 63);
        for (tactile_event &e : frame) {
            e.timestamp_ns = stamp;
            e.x = 100.0 + dx;
        }
        return frame;
    }
};

void report_e2e(benchmark::State &state, uint64_t total_ns, uint64_t total_samples, const MachineSample &before) {
    report_machine_share(state, before, MachineSample::take(), 0);
    state.SetItemsProcessed(static_cast<int64_t>(total_samples));
    state.counters["events"] = benchmark::Counter(static_cast<double>(total_samples), benchmark::Counter::kIsRate);
    state.counters["Meps"] =
        total_ns ? static_cast<double>(total_samples) * 1e3 / static_cast<double>(total_ns) : 0.0;
}

/// Tactile's side of an e2e run: an app with the finger(s) down on the canvas, fed by a producer thread.
struct TactileE2E {
    App app{TACTILE_LOOP_DETERMINISTIC, 4096};
    TouchStage stage;
    DeliverySink sink;

    explicit TactileE2E(int fingers) : stage(build_touch_stage(app.get(), fingers)) {
        app.set_delivery(counting_delivery, &sink);
        begin_fingers(app.get(), stage, fingers, 1);
        TREQUIRE(sink.touches == static_cast<uint64_t>(fingers), "a began finger was not delivered to the canvas");
    }

    /// One timed run: a producer thread (pinned where `placement` says; none: unpinned) posts `frames` frames
    /// stamped from `first_stamp` on, one tactile_post_batch each, while this thread steps the app until every
    /// sample reached touchesMoved. Returns the nanoseconds from the start line to the last delivery.
    uint64_t run(int fingers, uint64_t frames, uint64_t first_stamp, const Placement *placement) {
        const tactile_app handle = app.get();
        const uint64_t total = frames * static_cast<uint64_t>(fingers);
        const uint64_t moved_before = sink.moved;
        StartLine start;
        std::thread producer([&] {
            if (placement) placement->pin_producer();
            FrameSource source(stage, fingers, first_stamp);
            start.arrive_and_wait();
            for (uint64_t f = 0; f < frames; ++f) {
                const std::vector<tactile_event> &frame = source.next();
                size_t posted = 0;
                while (!TPOST_OK_OR_FULL(tactile_post_batch(handle, frame.data(), frame.size(), &posted)))
                    std::this_thread::yield();
                if (posted != frame.size()) fail_message("tactile_post_batch: OK but not all posted", __FILE__, __LINE__);
            }
        });
        start.wait_for_arrivals(1);
        const uint64_t t0 = now_ns();
        start.open();
        while (sink.moved - moved_before < total) {
            const uint64_t seen = sink.moved;
            TCHECK(tactile_app_step(handle));
            if (sink.moved == seen) std::this_thread::yield();
        }
        const uint64_t t1 = now_ns();
        producer.join();
        TREQUIRE(sink.moved - moved_before == total, "the view received more moved touches than were posted");
        return t1 - t0;
    }
};

/// The reference's side: std::mutex + std::deque feeding objref::Router, the finger(s) down on a counting view.
struct DequeE2E {
    MutexDeque queue;
    std::deque<tactile_event> taken;
    objref::DeliveryCount count;
    std::unique_ptr<objref::View> window = std::make_unique<objref::View>();
    std::unique_ptr<objref::View> canvas = objref::make_counting_view(&count);
    objref::Router router;
    TouchStage stage;

    explicit DequeE2E(int fingers) {
        stage.x = 160;
        stage.y = 84;
        for (int k = 1; k <= fingers; ++k)
            router.begin(static_cast<uint32_t>(k), canvas.get(), window.get(), stage.x, stage.y + 10.0 * (k - 1), 1);
    }

    /// The same run as TactileE2E::run: one push_batch per frame, the consumer swaps the deque out and routes it.
    uint64_t run(int fingers, uint64_t frames, uint64_t first_stamp, const Placement *placement) {
        const uint64_t total = frames * static_cast<uint64_t>(fingers);
        const uint64_t moved_before = count.moved;
        StartLine start;
        std::thread producer([&] {
            if (placement) placement->pin_producer();
            FrameSource source(stage, fingers, first_stamp);
            start.arrive_and_wait();
            for (uint64_t f = 0; f < frames; ++f) {
                const std::vector<tactile_event> &frame = source.next();
                queue.push_batch(frame.data(), frame.size());
            }
        });
        start.wait_for_arrivals(1);
        const uint64_t t0 = now_ns();
        start.open();
        while (count.moved - moved_before < total) {
            if (queue.take_all(taken) == 0) {
                std::this_thread::yield();
                continue;
            }
            router.route(taken.cbegin(), taken.cend());
            taken.clear();
        }
        const uint64_t t1 = now_ns();
        producer.join();
        TREQUIRE(count.moved - moved_before == total, "the reference view received more moved touches than were posted");
        TREQUIRE(router.unknown() == 0, "the reference router met an unknown finger");
        return t1 - t0;
    }
};

/// The timed, unpinned runs of one side (TactileE2E or DequeE2E), one per iteration; reports Meps and the machine's
/// share. Returns the samples posted.
template <typename Side>
uint64_t run_unpinned(benchmark::State &state, Side &side, int fingers) {
    const uint64_t total = samples_per_run(fingers);
    const uint64_t frames_per_run = total / static_cast<uint64_t>(fingers);
    uint64_t total_ns = 0, total_samples = 0, next_stamp = 2;
    const MachineSample machine_before = MachineSample::take();
    for (auto _ : state) {
        const uint64_t ns = side.run(fingers, frames_per_run, next_stamp, nullptr);
        next_stamp += frames_per_run;
        state.SetIterationTime(static_cast<double>(ns) * 1e-9);
        total_ns += ns;
        total_samples += total;
    }
    report_e2e(state, total_ns, total_samples, machine_before);
    return total_samples;
}

void BM_route_e2e_tactile(benchmark::State &state) {
    const int fingers = static_cast<int>(state.range(0));
    TactileE2E e2e(fingers);
    const tactile_route_counters route_before = e2e.app.route_counters();
    const uint64_t full_before = e2e.app.counters().rejected_full;
    const uint64_t total_samples = run_unpinned(state, e2e, fingers);
    e2e.app.check_all_drained(total_samples);
    const tactile_route_counters route_after = e2e.app.route_counters();
    check_routing_clean(route_after);
    TREQUIRE(route_after.samples - route_before.samples == total_samples, "the router counted a different number of samples");
    const double frames = static_cast<double>(total_samples / static_cast<uint64_t>(fingers));
    const double router_frames = static_cast<double>(route_after.frames - route_before.frames);
    state.counters["frames_split_pct"] = frames > 0 ? 100.0 * (router_frames - frames) / frames : 0.0;
    state.counters["deliveries_per_frame"] =
        frames > 0 ? static_cast<double>(route_after.deliveries - route_before.deliveries) / frames : 0.0;
    state.counters["full_per_event"] =
        total_samples ? static_cast<double>(e2e.app.counters().rejected_full - full_before) / static_cast<double>(total_samples)
                      : 0.0;
}

void BM_route_e2e_mutex_deque(benchmark::State &state) {
    const int fingers = static_cast<int>(state.range(0));
    DequeE2E e2e(fingers);
    run_unpinned(state, e2e, fingers);
}

/// Tactile and the reference back to back in every iteration, pinned (tb::Placement), the one going first
/// alternating, as queue.throughput_*.paired*_pinned: `Meps`, the reference's `ref_Meps` and their `ratio`.
void BM_route_e2e_paired(benchmark::State &state) {
    const int fingers = static_cast<int>(state.range(0));
    Placement placement;
    TactileE2E tactile(fingers);
    DequeE2E reference(fingers);
    const uint64_t total = samples_per_run(fingers);
    const uint64_t frames_per_run = total / static_cast<uint64_t>(fingers);
    uint64_t tactile_ns = 0, reference_ns = 0, total_samples = 0, next_stamp = 2, round = 0;
    const MachineSample machine_before = MachineSample::take();
    for (auto _ : state) {
        uint64_t t = 0, r = 0;
        if (round++ % 2 == 0) {
            t = tactile.run(fingers, frames_per_run, next_stamp, &placement);
            r = reference.run(fingers, frames_per_run, next_stamp, &placement);
        } else {
            r = reference.run(fingers, frames_per_run, next_stamp, &placement);
            t = tactile.run(fingers, frames_per_run, next_stamp, &placement);
        }
        next_stamp += frames_per_run;
        state.SetIterationTime(static_cast<double>(t) * 1e-9);
        tactile_ns += t;
        reference_ns += r;
        total_samples += total;
    }
    tactile.app.check_all_drained(total_samples);
    check_routing_clean(tactile.app.route_counters());
    report_e2e(state, tactile_ns, total_samples, machine_before);
    const double ref = reference_ns ? static_cast<double>(total_samples) * 1e3 / static_cast<double>(reference_ns) : 0.0;
    state.counters["ref_Meps"] = ref;
    state.counters["ratio"] = ref > 0 ? state.counters["Meps"].value / ref : 0.0;
    state.counters["pinned"] = placement.pinned() ? 1 : 0;
}

// ---- Registration ----------------------------------------------------------------------------------

void register_route_benchmarks() {
    const Profile &p = profile();
    for (auto [name, fn] : {std::pair{"route.moved.tactile", BM_route_moved_tactile},
                            std::pair{"route.moved.reference", BM_route_moved_reference}}) {
        with_repetitions(benchmark::RegisterBenchmark(name, fn))
            ->Arg(1)
            ->Arg(5)
            ->Arg(10)
            ->UseManualTime()
            ->Unit(benchmark::kMicrosecond)
            ->MinTime(p.micro_min_time_s);
    }
    for (auto [name, fn] : {std::pair{"route.e2e.tactile", BM_route_e2e_tactile},
                            std::pair{"route.e2e.mutex_deque", BM_route_e2e_mutex_deque}}) {
        with_repetitions(benchmark::RegisterBenchmark(name, fn))
            ->Arg(1)
            ->Arg(5)
            ->Arg(10)
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond)
            ->MinTime(p.throughput_min_time_s);
    }
    with_repetitions(benchmark::RegisterBenchmark("route.e2e.paired_pinned", BM_route_e2e_paired))
        ->Arg(1)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond)
        ->MinTime(p.throughput_min_time_s);
}

}  // namespace

TACTILE_BENCH_AREA(register_route_benchmarks);
