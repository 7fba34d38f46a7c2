// Latency benchmarks: the time from a producer's post to the handler seeing the event. On Tactile's side the
// handler is touchesMoved: the delivery callback (tactile_app_set_delivery_callback) after the queue, the run
// loop and the touch router; on the references' side it is the consumer's loop seeing the record.
//
// The producer stamps tactile_event.timestamp_ns with steady_clock (CLOCK_MONOTONIC) nanoseconds just before
// posting. Tactile: the app has a window (common.hpp, TouchStage) and one finger down on its canvas (a began
// record posted and delivered before anything is recorded); the timed records are moved samples of that
// finger, each its own event, and the delivery callback takes now once per touchesMoved and records
// now - touch.timestamp_ns (the delivered touch's timestamp is the posted record's). References: the consumer
// takes now once per drained batch and records now - stamp for each event.
// Each repetition records a fixed number of samples (after a short unrecorded warm-up) and reports the
// p50 / p99 / p99.9 / max latency in microseconds as counters; perf/bench takes the median over repetitions.
// cpu_share and steal_pct (common.hpp) tell whether the spinning threads really had their CPUs: on a shared
// 2-core VM a preempted spinner turns microseconds into milliseconds, and perf/bench flags such runs.
//
//  latency.spin.*    the consumer spins on tactile_app_step (deterministic app) on the benchmark thread; the
//                    producer thread posts one moved sample every few microseconds (busy-wait gap), so the
//                    queue is never saturated. Reference: std::mutex + std::deque with the same spinning
//                    consumer (no routing).
//  latency.parked.*  the consumer is Tactile's LIVE loop (tactile_app_start_live): it parks between events
//                    and the producer's post wakes it through the coalesced Dispatch source; the gap between
//                    posts (~150 us) is long enough that it parks every time (the wakes_per_event counter
//                    shows it: ~1 means one wake-up signal per event). The producer waits for each delivery
//                    (touchesMoved) before the next gap, so one event is in flight at a time. Reference:
//                    Dispatch waking a parked worker (tactile_ref_dispatch_async of one closure per event)
//                    with the same gaps.
#include "references.hpp"

namespace {

using namespace tb;

/// Samples not recorded at the start of each run (page faults, thread start-up, caches).
int warmup_samples(int samples) { return std::max(100, samples / 20); }

/// Give up (abort) if one event is not delivered within this time: the consumer is stuck.
constexpr uint64_t kDeliveryTimeoutNs = 2'000'000'000;

// ---- Spinning consumer -----------------------------------------------------------------------------

/// Consumer-side record of a spinning run (consumer thread only).
struct SpinSink {
    std::vector<double> samples;  // reserved up front: no allocation while recording
    uint64_t received = 0;
    uint64_t warmup = 0;
};

void record_sample(SpinSink &sink, uint64_t latency_ns) {
    if (sink.received++ >= sink.warmup) sink.samples.push_back(static_cast<double>(latency_ns));
}

void record_batch(SpinSink &sink, uint64_t now, const tactile_event *events, size_t count) {
    for (size_t i = 0; i < count; ++i) record_sample(sink, now - events[i].timestamp_ns);
}

/// Tactile's spinning consumer: the delivery callback. touchesMoved records one sample per touch; the
/// finger's touchesBegan (before the run) is only counted.
struct SpinDeliverySink {
    SpinSink spin;
    uint64_t began = 0;
};

void spin_delivery(void *user, const tactile_delivery *delivery) {
    const uint64_t now = now_ns();
    auto *sink = static_cast<SpinDeliverySink *>(user);
    if (delivery->phase != TACTILE_PHASE_MOVED) {
        sink->began += delivery->phase == TACTILE_PHASE_BEGAN ? delivery->count : 0;
        return;
    }
    for (uint32_t i = 0; i < delivery->count; ++i) record_sample(sink->spin, now - delivery->touches[i].timestamp_ns);
}

/// Producer of the spinning benchmarks: `total` copies of `prototype`, each stamped at post time, `gap_ns`
/// apart (distinct stamps: each is its own event).
template <typename Post>
void produce_spaced(uint64_t total, uint64_t gap_ns, tactile_event prototype, Post post) {
    tactile_event event = prototype;
    for (uint64_t i = 0; i < total; ++i) {
        const uint64_t stamp = now_ns();
        event.timestamp_ns = stamp;
        event.x = 10.0 + static_cast<double>(i & 255);
        post(event);
        spin_until(stamp + gap_ns);
    }
}

void BM_latency_spin_tactile(benchmark::State &state) {
    const Profile &p = profile();
    App app(TACTILE_LOOP_DETERMINISTIC, 4096);
    const tactile_app handle = app.get();
    const TouchStage stage = build_touch_stage(handle, 1);
    SpinDeliverySink sink;
    app.set_delivery(spin_delivery, &sink);
    // The finger goes down through the queue like the samples that follow.
    const tactile_event began = stage.touch(1, TACTILE_PHASE_BEGAN, now_ns());
    TCHECK(tactile_post(handle, &began));
    TCHECK(tactile_app_run_until_idle(handle));
    TREQUIRE(sink.began == 1, "the began finger was not delivered to the canvas");
    const tactile_event moved = stage.touch(1, TACTILE_PHASE_MOVED, 0);
    const uint64_t total = static_cast<uint64_t>(p.spin_samples + warmup_samples(p.spin_samples));
    const MachineSample before = MachineSample::take();
    for (auto _ : state) {
        SpinSink &spin = sink.spin;
        spin.samples.clear();
        spin.samples.reserve(static_cast<size_t>(p.spin_samples));
        spin.received = 0;
        spin.warmup = static_cast<uint64_t>(warmup_samples(p.spin_samples));
        std::thread producer([&] {
            produce_spaced(total, p.spin_gap_ns, moved, [&](const tactile_event &e) {
                while (!TPOST_OK_OR_FULL(tactile_post(handle, &e))) cpu_relax();
            });
        });
        while (spin.received < total) TCHECK(tactile_app_step(handle));
        producer.join();
    }
    report_machine_share(state, before, MachineSample::take(), 2);  // producer and consumer both spin
    app.check_all_drained(total + 1);
    check_routing_clean(app.route_counters());
    report_latency(state, sink.spin.samples);
}

void BM_latency_spin_mutex_deque(benchmark::State &state) {
    const Profile &p = profile();
    MutexDeque queue;
    std::deque<tactile_event> taken;
    SpinSink sink;
    const uint64_t total = static_cast<uint64_t>(p.spin_samples + warmup_samples(p.spin_samples));
    const MachineSample before = MachineSample::take();
    for (auto _ : state) {
        sink.samples.clear();
        sink.samples.reserve(static_cast<size_t>(p.spin_samples));
        sink.received = 0;
        sink.warmup = static_cast<uint64_t>(warmup_samples(p.spin_samples));
        std::thread producer([&] {
            produce_spaced(total, p.spin_gap_ns, make_touch_event(1, 0), [&](const tactile_event &e) { queue.push(e); });
        });
        while (sink.received < total) {
            if (queue.take_all(taken) == 0) continue;
            const uint64_t now = now_ns();
            for (const tactile_event &e : taken) record_batch(sink, now, &e, 1);
            taken.clear();
        }
        producer.join();
    }
    report_machine_share(state, before, MachineSample::take(), 2);  // producer and consumer both spin
    report_latency(state, sink.samples);
}

// ---- Parked consumer -------------------------------------------------------------------------------

/// Record of a run whose consumer runs on a Dispatch thread; the producer reads `delivered`.
struct ParkedSink {
    std::vector<double> latency_ns;     // one slot per event, preallocated
    std::atomic<uint64_t> delivered{0}; // events seen by the consumer (release: their slots are written)
    std::atomic<uint64_t> began{0};     // Tactile: touchesBegan deliveries (the finger going down)
};

/// Tactile's parked consumer: the delivery callback on the live loop's queue. touchesMoved records one slot
/// per touch; touchesBegan is only counted.
void parked_delivery(void *user, const tactile_delivery *delivery) {
    const uint64_t now = now_ns();
    auto *sink = static_cast<ParkedSink *>(user);
    if (delivery->phase != TACTILE_PHASE_MOVED) {
        if (delivery->phase == TACTILE_PHASE_BEGAN) sink->began.fetch_add(delivery->count, std::memory_order_release);
        return;
    }
    uint64_t n = sink->delivered.load(std::memory_order_relaxed);
    for (uint32_t i = 0; i < delivery->count; ++i, ++n) {
        if (n < sink->latency_ns.size()) sink->latency_ns[n] = static_cast<double>(now - delivery->touches[i].timestamp_ns);
    }
    sink->delivered.store(n, std::memory_order_release);
}

/// Waits (spinning) until `sink.delivered` reaches `count`; aborts after kDeliveryTimeoutNs.
void wait_delivered(const ParkedSink &sink, uint64_t count, const char *what) {
    const uint64_t deadline = now_ns() + kDeliveryTimeoutNs;
    while (sink.delivered.load(std::memory_order_acquire) < count) {
        if (now_ns() > deadline) fail_message(what, __FILE__, __LINE__);
        cpu_relax();
    }
}

/// The recorded samples of a parked run (the warm-up ones dropped).
std::vector<double> recorded(const ParkedSink &sink, uint64_t warmup) {
    return std::vector<double>(sink.latency_ns.begin() + static_cast<std::ptrdiff_t>(warmup), sink.latency_ns.end());
}

void BM_latency_parked_tactile(benchmark::State &state) {
    const Profile &p = profile();
    const uint64_t warmup = static_cast<uint64_t>(warmup_samples(p.parked_samples));
    const uint64_t total = static_cast<uint64_t>(p.parked_samples) + warmup;
    App app(TACTILE_LOOP_LIVE, 4096);
    const tactile_app handle = app.get();
    ParkedSink sink;
    sink.latency_ns.assign(total, 0.0);
    // Views, the finger's window and the callback before the loop starts (they belong to the loop thread).
    const TouchStage stage = build_touch_stage(handle, 1);
    app.set_delivery(parked_delivery, &sink);
    TCHECK(tactile_app_start_live(handle));
    const tactile_event began = stage.touch(1, TACTILE_PHASE_BEGAN, now_ns());
    TCHECK(tactile_post(handle, &began));
    for (const uint64_t deadline = now_ns() + kDeliveryTimeoutNs; sink.began.load(std::memory_order_acquire) == 0;) {
        if (now_ns() > deadline) fail_message("the live loop did not deliver the began finger within 2 s", __FILE__, __LINE__);
        cpu_relax();
    }
    const tactile_counters before = app.counters();
    const MachineSample machine_before = MachineSample::take();
    for (auto _ : state) {
        sink.delivered.store(0, std::memory_order_relaxed);  // nothing in flight between runs
        tactile_event event = stage.touch(1, TACTILE_PHASE_MOVED, 0);
        for (uint64_t i = 0; i < total; ++i) {
            const uint64_t stamp = now_ns();
            event.timestamp_ns = stamp;
            event.x = 10.0 + static_cast<double>(i & 255);
            while (!TPOST_OK_OR_FULL(tactile_post(handle, &event))) cpu_relax();
            wait_delivered(sink, i + 1, "the live loop did not deliver an event within 2 s");
            spin_until(stamp + p.parked_gap_ns);
        }
    }
    const tactile_counters after = app.counters();
    report_machine_share(state, machine_before, MachineSample::take(), 1);  // the producer spins
    TCHECK(tactile_app_stop(handle));
    app.check_all_drained(total + 1);
    check_routing_clean(app.route_counters());
    report_latency(state, recorded(sink, warmup));
    state.counters["wakes_per_event"] =
        static_cast<double>(after.wake_signals - before.wake_signals) / static_cast<double>(total);
    state.counters["iterations_per_event"] =
        static_cast<double>(after.iterations - before.iterations) / static_cast<double>(total);
}

/// One Dispatch closure's context for the parked reference.
struct ParkedItem {
    ParkedSink *sink;
    uint64_t index;
    uint64_t stamp_ns;
};

void parked_dispatch_consume(void *context) {
    const uint64_t now = now_ns();
    auto *item = static_cast<ParkedItem *>(context);
    item->sink->latency_ns[item->index] = static_cast<double>(now - item->stamp_ns);
    item->sink->delivered.store(item->index + 1, std::memory_order_release);
}

void BM_latency_parked_dispatch(benchmark::State &state) {
    const Profile &p = profile();
    const uint64_t warmup = static_cast<uint64_t>(warmup_samples(p.parked_samples));
    const uint64_t total = static_cast<uint64_t>(p.parked_samples) + warmup;
    DispatchRef queue;
    ParkedSink sink;
    sink.latency_ns.assign(total, 0.0);
    std::vector<ParkedItem> items(total);
    const MachineSample machine_before = MachineSample::take();
    for (auto _ : state) {
        sink.delivered.store(0, std::memory_order_relaxed);  // nothing in flight between runs
        for (uint64_t i = 0; i < total; ++i) {
            const uint64_t stamp = now_ns();
            items[i] = ParkedItem{&sink, i, stamp};
            queue.async(parked_dispatch_consume, &items[i]);
            wait_delivered(sink, i + 1, "Dispatch did not run a closure within 2 s");
            spin_until(stamp + p.parked_gap_ns);
        }
    }
    report_machine_share(state, machine_before, MachineSample::take(), 1);  // the producer spins
    report_latency(state, recorded(sink, warmup));
}

// ---- Registration ----------------------------------------------------------------------------------

void register_latency_benchmarks() {
    auto latency = [](const char *name, void (*fn)(benchmark::State &)) {
        with_repetitions(benchmark::RegisterBenchmark(name, fn))
            ->Iterations(1)  // one run of the profile's sample count per repetition
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
    };
    latency("latency.spin.tactile", BM_latency_spin_tactile);
    latency("latency.spin.mutex_deque", BM_latency_spin_mutex_deque);
    latency("latency.parked.tactile_live", BM_latency_parked_tactile);
    latency("latency.parked.dispatch", BM_latency_parked_dispatch);
}

}  // namespace

TACTILE_BENCH_AREA(register_latency_benchmarks);
