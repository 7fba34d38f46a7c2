// Latency benchmarks: the time from a producer's post to the input handler seeing the event.
//
// The producer stamps tactile_event.timestamp_ns with steady_clock (CLOCK_MONOTONIC) nanoseconds just before
// posting; the consumer's handler takes now once per delivered batch and records now - stamp for each event.
// Each repetition records a fixed number of samples (after a short unrecorded warm-up) and reports the
// p50 / p99 / p99.9 / max latency in microseconds as counters; perf/bench takes the median over repetitions.
// cpu_share and steal_pct (common.hpp) tell whether the spinning threads really had their CPUs: on a shared
// 2-core VM a preempted spinner turns microseconds into milliseconds, and perf/bench flags such runs.
//
//  latency.spin.*    the consumer spins on tactile_app_step (deterministic app) on the benchmark thread; the
//                    producer thread posts one event every few microseconds (busy-wait gap), so the queue is
//                    never saturated. Reference: std::mutex + std::deque with the same spinning consumer.
//  latency.parked.*  the consumer is Tactile's LIVE loop (tactile_app_start_live): it parks between events
//                    and the producer's post wakes it through the coalesced Dispatch source; the gap between
//                    posts (~150 us) is long enough that it parks every time (the wakes_per_event counter
//                    shows it: ~1 means one wake-up signal per event). The producer waits for each delivery
//                    before the next gap, so one event is in flight at a time. Reference: Dispatch waking a
//                    parked worker (tactile_ref_dispatch_async of one closure per event) with the same gaps.
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

void record_batch(SpinSink &sink, uint64_t now, const tactile_event *events, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        if (sink.received++ >= sink.warmup) sink.samples.push_back(static_cast<double>(now - events[i].timestamp_ns));
    }
}

void spin_handler(void *user, const tactile_event *events, size_t count) {
    const uint64_t now = now_ns();
    record_batch(*static_cast<SpinSink *>(user), now, events, count);
}

/// Producer of the spinning benchmarks: `total` events, each stamped at post time, `gap_ns` apart.
template <typename Post>
void produce_spaced(uint64_t total, uint64_t gap_ns, Post post) {
    tactile_event event = make_touch_event(1, 0);
    for (uint64_t i = 0; i < total; ++i) {
        const uint64_t stamp = now_ns();
        event.timestamp_ns = stamp;
        event.x = static_cast<double>(i & 1023);
        post(event);
        spin_until(stamp + gap_ns);
    }
}

void BM_latency_spin_tactile(benchmark::State &state) {
    const Profile &p = profile();
    App app(TACTILE_LOOP_DETERMINISTIC, 4096);
    SpinSink sink;
    app.set_handler(spin_handler, &sink);
    const tactile_app handle = app.get();
    const uint64_t total = static_cast<uint64_t>(p.spin_samples + warmup_samples(p.spin_samples));
    const MachineSample before = MachineSample::take();
    for (auto _ : state) {
        sink.samples.clear();
        sink.samples.reserve(static_cast<size_t>(p.spin_samples));
        sink.received = 0;
        sink.warmup = static_cast<uint64_t>(warmup_samples(p.spin_samples));
        std::thread producer([&] {
            produce_spaced(total, p.spin_gap_ns, [&](const tactile_event &e) {
                while (!TPOST_OK_OR_FULL(tactile_post(handle, &e))) cpu_relax();
            });
        });
        while (sink.received < total) TCHECK(tactile_app_step(handle));
        producer.join();
    }
    report_machine_share(state, before, MachineSample::take(), 2);  // producer and consumer both spin
    app.check_all_drained(total);
    report_latency(state, sink.samples);
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
        std::thread producer([&] { produce_spaced(total, p.spin_gap_ns, [&](const tactile_event &e) { queue.push(e); }); });
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
};

void parked_handler(void *user, const tactile_event *events, size_t count) {
    const uint64_t now = now_ns();
    auto *sink = static_cast<ParkedSink *>(user);
    uint64_t n = sink->delivered.load(std::memory_order_relaxed);
    for (size_t i = 0; i < count; ++i, ++n) {
        if (n < sink->latency_ns.size()) sink->latency_ns[n] = static_cast<double>(now - events[i].timestamp_ns);
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
    ParkedSink sink;
    sink.latency_ns.assign(total, 0.0);
    app.set_handler(parked_handler, &sink);  // before the loop starts (the handler belongs to the loop thread)
    TCHECK(tactile_app_start_live(app.get()));
    const tactile_app handle = app.get();
    const tactile_counters before = app.counters();
    const MachineSample machine_before = MachineSample::take();
    for (auto _ : state) {
        sink.delivered.store(0, std::memory_order_relaxed);  // nothing in flight between runs
        tactile_event event = make_touch_event(1, 0);
        for (uint64_t i = 0; i < total; ++i) {
            const uint64_t stamp = now_ns();
            event.timestamp_ns = stamp;
            while (!TPOST_OK_OR_FULL(tactile_post(handle, &event))) cpu_relax();
            wait_delivered(sink, i + 1, "the live loop did not deliver an event within 2 s");
            spin_until(stamp + p.parked_gap_ns);
        }
    }
    const tactile_counters after = app.counters();
    report_machine_share(state, machine_before, MachineSample::take(), 1);  // the producer spins
    TCHECK(tactile_app_stop(handle));
    app.check_all_drained(total);
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
