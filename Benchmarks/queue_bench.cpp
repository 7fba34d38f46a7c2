// Queue benchmarks: the cost of posting and the producer -> consumer throughput of Tactile's event queue,
// measured through the C API (tactile_post / tactile_post_batch, tactile_app_step on a deterministic app).
// The apps are TACTILE_APP_RAW_INPUT: records go to the counting input tap only, so routing (measured by
// route_bench.cpp) is not part of these figures.
//
//  queue.post.*            ns per tactile_post, one producer, uncontended. Blocks of 1024 posts are timed
//                          (manual time); the drain (tactile_app_step, no-op counting handler) is outside the
//                          block. Reference: std::mutex + std::deque push_back, same block/drain structure.
//  queue.post.cas_floor    the floor under queue.post: ns per bare, uncontended __atomic_compare_exchange_n on a
//                          64-byte-aligned counter (one locked instruction per op, like the queue's ticket
//                          claim), same block structure. A post cannot cost less than this on this machine.
//  queue.post_batch64.*    ns per event with tactile_post_batch of 64 (16 batches per block). Reference: the
//                          deque with 64 events pushed under one lock.
//  queue.throughput_1p1c.* one producer thread posts N events (retrying on QUEUE_FULL) while the consumer
//                          (the benchmark thread) spins on tactile_app_step with a counting handler until all N
//                          are consumed; the block from start to last event consumed is timed (manual time).
//                          Variants: single tactile_post, tactile_post_batch of 64. References: mutex+deque
//                          (consumer swaps the whole deque out under the lock = batched drain; single push and
//                          64-per-lock push), and Dispatch (tactile_ref_dispatch_async, one closure per event,
//                          timed until the last closure ran).
//                          The headline figures (summary: queue.throughput_1p1c_meps / _2p1c_meps) are the
//                          batch-of-64 variants: a digitizer posts a frame of samples at once and the consumer
//                          drains in batches; the single-post variants are queue.throughput_*_single_meps.
//  queue.throughput_*.paired*_pinned
//                          Tactile and the mutex+deque (single posts; `batch64`: 64 per post/lock) run back to back
//                          in every iteration, the consumer pinned to one CPU and the producers to another
//                          (tb::Placement), the one going first alternating. Unpinned, the scheduler decides whether
//                          the threads share one vCPU (taking turns: no line crosses cores) or run on two, and on a
//                          VM the host moves the two vCPUs between near and far cores within minutes: each moved
//                          the figures 3-10x, so benchmarks run one after the other compared different machines.
//                          Reports Tactile's Meps, the deque's ref_Meps and their ratio per repetition, and
//                          round_trip_ns: a cache line's round trip between the two CPUs before each iteration
//                          (the host's placement: 50-80 ns near, ~330 far on the EPYC VM).
//  queue.throughput_2p1c.* the same with two producer threads (N/2 each). The machine this was written for has
//                          2 cores, so 2p1c runs 3 busy threads on 2 cores: it measures the queue oversubscribed.
//  queue.throughput_1p1c.tactile_live
//                          one producer thread posts N single events to a TACTILE_LOOP_LIVE app
//                          (tactile_app_start_live): the consumer is the live run loop on its Dispatch queue,
//                          woken by the producer's posts; its input handler counts and stamps the last event.
//                          Timed from the start line to the last event handled. Reference: Dispatch async of one
//                          closure per event (queue.throughput_1p1c.dispatch, the same structure).
//
// Throughput runs also report steal_pct (CPU time the hypervisor took during the run, see common.hpp).
// Consumers that poll (Tactile, deque) yield the CPU after an empty poll, producers yield after a FULL
// answer: the same policy for both, so neither starves the other when threads outnumber cores.
#include "references.hpp"

#include <optional>

namespace {

using namespace tb;

constexpr int kPostBlock = 1024;   // posts per timed block
constexpr size_t kBatch = 64;      // events per tactile_post_batch / per deque lock

// ---- Consumers' sinks ------------------------------------------------------------------------------

/// What the consumer keeps: a count and a checksum that reads each event's payload.
struct CountingSink {
    uint64_t count = 0;
    uint64_t checksum = 0;
};

void counting_handler(void *user, const tactile_event *events, size_t count) {
    auto *sink = static_cast<CountingSink *>(user);
    uint64_t sum = 0;
    for (size_t i = 0; i < count; ++i) sum += events[i].touch_id;
    sink->checksum += sum;
    sink->count += count;
}

/// The Dispatch reference's consumer state; closures run one at a time on the serial queue.
struct DispatchSink {
    std::atomic<uint64_t> count{0};
    uint64_t target = 0;
    uint64_t checksum = 0;
    uint64_t done_ns = 0;
    Latch latch;
};

/// One closure's context: the event it carries and the sink it reports to.
struct DispatchItem {
    tactile_event event;
    DispatchSink *sink;
};

void dispatch_consume(void *context) {
    auto *item = static_cast<DispatchItem *>(context);
    DispatchSink *sink = item->sink;
    sink->checksum += item->event.touch_id;
    uint64_t n = sink->count.load(std::memory_order_relaxed) + 1;
    sink->count.store(n, std::memory_order_relaxed);
    if (n == sink->target) {
        sink->done_ns = now_ns();
        sink->latch.signal();
    }
}

// ---- Reporting -------------------------------------------------------------------------------------

/// Per-op cost counters for the block benchmarks.
void report_per_op(benchmark::State &state, uint64_t total_ns, uint64_t total_ops) {
    state.SetItemsProcessed(static_cast<int64_t>(total_ops));
    state.counters["ns_per_op"] = total_ops ? static_cast<double>(total_ns) / static_cast<double>(total_ops) : 0.0;
}

/// Throughput counters: Meps (plain, from the timed blocks) and events (a rate, events/s).
void report_throughput(benchmark::State &state, uint64_t total_ns, uint64_t total_events,
                       const MachineSample &before) {
    report_machine_share(state, before, MachineSample::take(), 0);
    state.SetItemsProcessed(static_cast<int64_t>(total_events));
    state.counters["events"] = benchmark::Counter(static_cast<double>(total_events), benchmark::Counter::kIsRate);
    state.counters["Meps"] = total_ns ? static_cast<double>(total_events) * 1e3 / static_cast<double>(total_ns) : 0.0;
}

double seconds_between(uint64_t t0, uint64_t t1) { return static_cast<double>(t1 - t0) * 1e-9; }

// ---- queue.post ------------------------------------------------------------------------------------

void BM_post_tactile(benchmark::State &state) {
    App app(TACTILE_LOOP_DETERMINISTIC, 4096, TACTILE_APP_RAW_INPUT);
    CountingSink sink;
    app.set_handler(counting_handler, &sink);
    tactile_event event = make_touch_event(1, 0);
    const tactile_app handle = app.get();
    uint64_t total_ns = 0, total_ops = 0;
    for (auto _ : state) {
        const uint64_t t0 = now_ns();
        for (int i = 0; i < kPostBlock; ++i) {
            event.timestamp_ns = static_cast<uint64_t>(i);
            const tactile_status status = tactile_post(handle, &event);
            if (status != TACTILE_OK) fail_status("tactile_post", status, __FILE__, __LINE__);
        }
        const uint64_t t1 = now_ns();
        state.SetIterationTime(seconds_between(t0, t1));
        total_ns += t1 - t0;
        total_ops += kPostBlock;
        // Drain outside the timed block.
        sink.count = 0;
        TCHECK(tactile_app_step(handle));
        TREQUIRE(sink.count == kPostBlock, "one step did not drain the block");
    }
    app.check_all_drained(total_ops);
    report_per_op(state, total_ns, total_ops);
}

void BM_post_mutex_deque(benchmark::State &state) {
    MutexDeque queue;
    std::deque<tactile_event> taken;
    tactile_event event = make_touch_event(1, 0);
    uint64_t total_ns = 0, total_ops = 0, checksum = 0;
    for (auto _ : state) {
        const uint64_t t0 = now_ns();
        for (int i = 0; i < kPostBlock; ++i) {
            event.timestamp_ns = static_cast<uint64_t>(i);
            queue.push(event);
        }
        const uint64_t t1 = now_ns();
        state.SetIterationTime(seconds_between(t0, t1));
        total_ns += t1 - t0;
        total_ops += kPostBlock;
        TREQUIRE(queue.take_all(taken) == static_cast<size_t>(kPostBlock), "deque drain lost events");
        for (const tactile_event &e : taken) checksum += e.touch_id;
        taken.clear();
    }
    benchmark::DoNotOptimize(checksum);
    report_per_op(state, total_ns, total_ops);
}

/// The counter the CAS floor works on, alone on its cache line.
struct alignas(64) AlignedCounter {
    uint64_t value = 0;
    char pad[64 - sizeof(uint64_t)];
};

void BM_post_cas_floor(benchmark::State &state) {
    static AlignedCounter counter;
    TREQUIRE(reinterpret_cast<uintptr_t>(&counter.value) % 64 == 0, "the CAS counter is not 64-byte aligned");
    uint64_t total_ns = 0, total_ops = 0, failed = 0;
    uint64_t expected = __atomic_load_n(&counter.value, __ATOMIC_RELAXED);
    for (auto _ : state) {
        const uint64_t t0 = now_ns();
        for (int i = 0; i < kPostBlock; ++i) {
            // One locked cmpxchg per op; uncontended, so it succeeds the first time (expected is kept current).
            if (!__atomic_compare_exchange_n(&counter.value, &expected, expected + 1, /*weak*/ false,
                                             __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
                ++failed;  // `expected` now holds the current value
            } else {
                ++expected;
            }
        }
        const uint64_t t1 = now_ns();
        state.SetIterationTime(seconds_between(t0, t1));
        total_ns += t1 - t0;
        total_ops += kPostBlock;
    }
    TREQUIRE(failed == 0, "an uncontended CAS failed");
    report_per_op(state, total_ns, total_ops);
}

// ---- queue.post_batch64 ----------------------------------------------------------------------------

void BM_post_batch_tactile(benchmark::State &state) {
    App app(TACTILE_LOOP_DETERMINISTIC, 4096, TACTILE_APP_RAW_INPUT);
    CountingSink sink;
    app.set_handler(counting_handler, &sink);
    std::vector<tactile_event> batch(kBatch, make_touch_event(1, 0));
    const tactile_app handle = app.get();
    uint64_t total_ns = 0, total_ops = 0;
    for (auto _ : state) {
        const uint64_t t0 = now_ns();
        for (int b = 0; b < kPostBlock / static_cast<int>(kBatch); ++b) {
            for (size_t j = 0; j < kBatch; ++j) batch[j].timestamp_ns = b * kBatch + j;
            size_t posted = 0;
            const tactile_status status = tactile_post_batch(handle, batch.data(), kBatch, &posted);
            if (status != TACTILE_OK) fail_status("tactile_post_batch", status, __FILE__, __LINE__);
            if (posted != kBatch) fail_message("tactile_post_batch: OK but not all posted", __FILE__, __LINE__);
        }
        const uint64_t t1 = now_ns();
        state.SetIterationTime(seconds_between(t0, t1));
        total_ns += t1 - t0;
        total_ops += kPostBlock;
        sink.count = 0;
        TCHECK(tactile_app_step(handle));
        TREQUIRE(sink.count == kPostBlock, "one step did not drain the block");
    }
    app.check_all_drained(total_ops);
    report_per_op(state, total_ns, total_ops);
}

void BM_post_batch_mutex_deque(benchmark::State &state) {
    MutexDeque queue;
    std::deque<tactile_event> taken;
    std::vector<tactile_event> batch(kBatch, make_touch_event(1, 0));
    uint64_t total_ns = 0, total_ops = 0, checksum = 0;
    for (auto _ : state) {
        const uint64_t t0 = now_ns();
        for (int b = 0; b < kPostBlock / static_cast<int>(kBatch); ++b) {
            for (size_t j = 0; j < kBatch; ++j) batch[j].timestamp_ns = b * kBatch + j;
            queue.push_batch(batch.data(), kBatch);
        }
        const uint64_t t1 = now_ns();
        state.SetIterationTime(seconds_between(t0, t1));
        total_ns += t1 - t0;
        total_ops += kPostBlock;
        TREQUIRE(queue.take_all(taken) == static_cast<size_t>(kPostBlock), "deque drain lost events");
        for (const tactile_event &e : taken) checksum += e.touch_id;
        taken.clear();
    }
    benchmark::DoNotOptimize(checksum);
    report_per_op(state, total_ns, total_ops);
}

// ---- queue.throughput ------------------------------------------------------------------------------

/// Events per run, rounded down to a multiple of producers * kBatch so every producer posts whole batches.
uint64_t events_per_run(int producers) {
    const uint64_t unit = static_cast<uint64_t>(producers) * kBatch;
    return std::max<uint64_t>(unit, profile().throughput_events / unit * unit);
}

/// Producer `index` posts `count` events to `app`, one tactile_post each (batch == 1) or in batches.
void produce_tactile(tactile_app app, int index, uint64_t count, size_t batch) {
    const uint32_t touch = static_cast<uint32_t>(index + 1);
    if (batch <= 1) {
        tactile_event event = make_touch_event(touch, 0);
        for (uint64_t i = 0; i < count; ++i) {
            event.timestamp_ns = i;
            while (!TPOST_OK_OR_FULL(tactile_post(app, &event))) std::this_thread::yield();
        }
        return;
    }
    std::vector<tactile_event> events(batch, make_touch_event(touch, 0));
    for (uint64_t i = 0; i < count; i += batch) {
        for (size_t j = 0; j < batch; ++j) events[j].timestamp_ns = i + j;
        size_t posted = 0;
        while (!TPOST_OK_OR_FULL(tactile_post_batch(app, events.data(), batch, &posted))) std::this_thread::yield();
        if (posted != batch) fail_message("tactile_post_batch: OK but not all posted", __FILE__, __LINE__);
    }
}

/// Starts `producers` threads, each pinned where `placement` says (none: unpinned), that wait at `start` and then run
/// `body(index)`; returns once all have arrived at the start line.
template <typename Body>
std::vector<std::thread> start_producers(int producers, const Placement *placement, StartLine &start, Body body) {
    std::vector<std::thread> threads;
    for (int p = 0; p < producers; ++p) {
        threads.emplace_back([&start, placement, body, p] {
            if (placement) placement->pin_producer();
            start.arrive_and_wait();
            body(p);
        });
    }
    start.wait_for_arrivals(producers);
    return threads;
}

/// One timed run through Tactile's queue: `producers` threads post `total` events between them (single posts or
/// batches) while this thread steps the app until all are consumed. Returns the nanoseconds from the start line to
/// the last event consumed.
uint64_t run_tactile(tactile_app handle, CountingSink &sink, int producers, uint64_t total, size_t batch,
                     const Placement *placement) {
    const uint64_t per_producer = total / static_cast<uint64_t>(producers);
    sink.count = 0;
    StartLine start;
    std::vector<std::thread> threads = start_producers(producers, placement, start, [&](int p) {
        produce_tactile(handle, p, per_producer, batch);
    });
    const uint64_t t0 = now_ns();
    start.open();
    while (sink.count < total) {
        const uint64_t before = sink.count;
        TCHECK(tactile_app_step(handle));
        if (sink.count == before) std::this_thread::yield();
    }
    const uint64_t t1 = now_ns();
    for (auto &t : threads) t.join();
    TREQUIRE(sink.count == total, "the consumer received more events than were posted");
    return t1 - t0;
}

/// The same run through the mutex+deque reference; adds the consumed events' checksum to `checksum`.
uint64_t run_mutex_deque(MutexDeque &queue, int producers, uint64_t total, size_t batch, const Placement *placement,
                         uint64_t &checksum) {
    const uint64_t per_producer = total / static_cast<uint64_t>(producers);
    std::deque<tactile_event> taken;
    StartLine start;
    std::vector<std::thread> threads = start_producers(producers, placement, start, [&](int p) {
        std::vector<tactile_event> events(std::max<size_t>(batch, 1), make_touch_event(static_cast<uint32_t>(p + 1), 0));
        if (batch <= 1) {
            for (uint64_t i = 0; i < per_producer; ++i) {
                events[0].timestamp_ns = i;
                queue.push(events[0]);
            }
        } else {
            for (uint64_t i = 0; i < per_producer; i += batch) {
                for (size_t j = 0; j < batch; ++j) events[j].timestamp_ns = i + j;
                queue.push_batch(events.data(), batch);
            }
        }
    });
    const uint64_t t0 = now_ns();
    start.open();
    uint64_t consumed = 0;
    while (consumed < total) {
        const size_t n = queue.take_all(taken);
        if (n == 0) {
            std::this_thread::yield();
            continue;
        }
        uint64_t sum = 0;
        for (const tactile_event &e : taken) sum += e.touch_id;
        checksum += sum;
        consumed += n;
        taken.clear();
    }
    const uint64_t t1 = now_ns();
    for (auto &t : threads) t.join();
    TREQUIRE(consumed == total, "the deque consumer received more events than were posted");
    return t1 - t0;
}

void BM_throughput_tactile(benchmark::State &state, int producers, size_t batch) {
    App app(TACTILE_LOOP_DETERMINISTIC, 4096, TACTILE_APP_RAW_INPUT);
    CountingSink sink;
    app.set_handler(counting_handler, &sink);
    const uint64_t total = events_per_run(producers);
    const uint64_t full_before = app.counters().rejected_full;
    uint64_t total_ns = 0, total_events = 0;
    const MachineSample machine_before = MachineSample::take();
    for (auto _ : state) {
        const uint64_t ns = run_tactile(app.get(), sink, producers, total, batch, nullptr);
        state.SetIterationTime(static_cast<double>(ns) * 1e-9);
        total_ns += ns;
        total_events += total;
    }
    app.check_all_drained(total_events);
    benchmark::DoNotOptimize(sink.checksum);
    report_throughput(state, total_ns, total_events, machine_before);
    const uint64_t full = app.counters().rejected_full - full_before;
    state.counters["full_per_event"] =
        total_events ? static_cast<double>(full) / static_cast<double>(total_events) : 0.0;
}

void BM_throughput_mutex_deque(benchmark::State &state, int producers, size_t batch) {
    MutexDeque queue;
    const uint64_t total = events_per_run(producers);
    uint64_t total_ns = 0, total_events = 0, checksum = 0;
    const MachineSample machine_before = MachineSample::take();
    for (auto _ : state) {
        const uint64_t ns = run_mutex_deque(queue, producers, total, batch, nullptr, checksum);
        state.SetIterationTime(static_cast<double>(ns) * 1e-9);
        total_ns += ns;
        total_events += total;
    }
    benchmark::DoNotOptimize(checksum);
    report_throughput(state, total_ns, total_events, machine_before);
}

/// Tactile and the mutex+deque run back to back in every iteration, pinned (tb::Placement), the one that goes first
/// alternating: the host moves the two vCPUs between near and far cores within minutes, and each placement changes
/// both figures several times over (perf/results/queue-amd-2026-11-29.md), so two benchmarks run one after the other
/// can compare one placement's Tactile with another's deque. Reports Tactile's `Meps`, the deque's `ref_Meps` and
/// `ratio`, Tactile's over the deque's in this repetition (the summary takes the median of the repetitions' ratios),
/// and `round_trip_ns`, the two CPUs' cache-line round trip measured before each iteration (Placement::round_trip_ns).
void BM_throughput_paired(benchmark::State &state, int producers, size_t batch) {
    Placement placement;
    App app(TACTILE_LOOP_DETERMINISTIC, 4096, TACTILE_APP_RAW_INPUT);
    CountingSink sink;
    app.set_handler(counting_handler, &sink);
    MutexDeque queue;
    const uint64_t total = events_per_run(producers);
    uint64_t tactile_ns = 0, deque_ns = 0, total_events = 0, checksum = 0, round = 0;
    double round_trips_ns = 0;
    const MachineSample machine_before = MachineSample::take();
    for (auto _ : state) {
        uint64_t t = 0, d = 0;
        round_trips_ns += placement.round_trip_ns();  // manual time: not in the figure
        if (round++ % 2 == 0) {
            t = run_tactile(app.get(), sink, producers, total, batch, &placement);
            d = run_mutex_deque(queue, producers, total, batch, &placement, checksum);
        } else {
            d = run_mutex_deque(queue, producers, total, batch, &placement, checksum);
            t = run_tactile(app.get(), sink, producers, total, batch, &placement);
        }
        state.SetIterationTime(static_cast<double>(t) * 1e-9);
        tactile_ns += t;
        deque_ns += d;
        total_events += total;
    }
    app.check_all_drained(total_events);
    benchmark::DoNotOptimize(sink.checksum);
    benchmark::DoNotOptimize(checksum);
    report_throughput(state, tactile_ns, total_events, machine_before);
    const double ref = deque_ns ? static_cast<double>(total_events) * 1e3 / static_cast<double>(deque_ns) : 0.0;
    state.counters["ref_Meps"] = ref;
    state.counters["ratio"] = ref > 0 ? state.counters["Meps"].value / ref : 0.0;
    state.counters["pinned"] = placement.pinned() ? 1 : 0;
    state.counters["round_trip_ns"] = round > 0 ? round_trips_ns / static_cast<double>(round) : 0.0;
}

/// The live loop's consumer state: the handler runs on the loop's serial Dispatch queue.
struct LiveSink {
    std::atomic<uint64_t> count{0};
    uint64_t target = 0;
    uint64_t checksum = 0;
    uint64_t done_ns = 0;
    Latch latch;
};

void live_counting_handler(void *user, const tactile_event *events, size_t count) {
    auto *sink = static_cast<LiveSink *>(user);
    uint64_t sum = 0;
    for (size_t i = 0; i < count; ++i) sum += events[i].touch_id;
    sink->checksum += sum;
    const uint64_t n = sink->count.load(std::memory_order_relaxed) + count;
    sink->count.store(n, std::memory_order_relaxed);
    if (n >= sink->target && n - count < sink->target) {
        sink->done_ns = now_ns();
        sink->latch.signal();
    }
}

void BM_throughput_tactile_live(benchmark::State &state) {
    App app(TACTILE_LOOP_LIVE, 4096, TACTILE_APP_RAW_INPUT);
    LiveSink sink;
    sink.target = ~uint64_t{0};
    app.set_handler(live_counting_handler, &sink);  // before the loop starts (the handler belongs to the loop)
    const tactile_app handle = app.get();
    TCHECK(tactile_app_start_live(handle));
    const uint64_t total = events_per_run(1);
    const tactile_counters before = app.counters();
    uint64_t total_ns = 0, total_events = 0;
    const MachineSample machine_before = MachineSample::take();
    for (auto _ : state) {
        // Nothing is in flight between runs: the previous run waited for its last event.
        sink.count.store(0, std::memory_order_relaxed);
        sink.done_ns = 0;
        sink.target = total;
        sink.latch.reset();
        StartLine start;
        std::thread producer([&] {
            start.arrive_and_wait();
            produce_tactile(handle, 0, total, 1);
        });
        start.wait_for_arrivals(1);
        const uint64_t t0 = now_ns();
        start.open();
        sink.latch.wait();  // the handler stamps done_ns before signalling
        const uint64_t t1 = sink.done_ns;
        producer.join();
        TREQUIRE(sink.count.load() == total, "the live loop handled a different number of events than were posted");
        state.SetIterationTime(seconds_between(t0, t1));
        total_ns += t1 - t0;
        total_events += total;
    }
    const tactile_counters after = app.counters();
    TCHECK(tactile_app_stop(handle));
    app.check_all_drained(total_events);
    benchmark::DoNotOptimize(sink.checksum);
    report_throughput(state, total_ns, total_events, machine_before);
    const double events = static_cast<double>(total_events ? total_events : 1);
    state.counters["full_per_event"] = static_cast<double>(after.rejected_full - before.rejected_full) / events;
    state.counters["wakes_per_event"] = static_cast<double>(after.wake_signals - before.wake_signals) / events;
    state.counters["events_per_iteration"] =
        after.iterations > before.iterations ? events / static_cast<double>(after.iterations - before.iterations) : 0.0;
}

void BM_throughput_dispatch(benchmark::State &state, int producers) {
    DispatchRef queue;
    DispatchSink sink;
    const uint64_t total = events_per_run(producers);
    const uint64_t per_producer = total / static_cast<uint64_t>(producers);
    std::vector<DispatchItem> items(total);
    for (uint64_t i = 0; i < total; ++i) {
        const int p = static_cast<int>(i / per_producer);
        items[i] = DispatchItem{make_touch_event(static_cast<uint32_t>(p + 1), i), &sink};
    }
    uint64_t total_ns = 0, total_events = 0;
    const MachineSample machine_before = MachineSample::take();
    for (auto _ : state) {
        sink.count.store(0, std::memory_order_relaxed);
        sink.target = total;
        sink.done_ns = 0;
        sink.latch.reset();
        StartLine start;
        std::vector<std::thread> threads;
        for (int p = 0; p < producers; ++p) {
            threads.emplace_back([&, p] {
                start.arrive_and_wait();
                DispatchItem *first = items.data() + static_cast<uint64_t>(p) * per_producer;
                for (uint64_t i = 0; i < per_producer; ++i) queue.async(dispatch_consume, first + i);
            });
        }
        start.wait_for_arrivals(producers);
        const uint64_t t0 = now_ns();
        start.open();
        sink.latch.wait();  // the last closure stamps done_ns before signalling
        const uint64_t t1 = sink.done_ns;
        for (auto &t : threads) t.join();
        TREQUIRE(sink.count.load() == total, "Dispatch ran a different number of closures than submitted");
        state.SetIterationTime(seconds_between(t0, t1));
        total_ns += t1 - t0;
        total_events += total;
    }
    benchmark::DoNotOptimize(sink.checksum);
    report_throughput(state, total_ns, total_events, machine_before);
}

// ---- Registration ----------------------------------------------------------------------------------

void register_queue_benchmarks() {
    const Profile &p = profile();
    auto micro = [&](const char *name, void (*fn)(benchmark::State &)) {
        with_repetitions(benchmark::RegisterBenchmark(name, fn))
            ->UseManualTime()
            ->Unit(benchmark::kMicrosecond)
            ->MinTime(p.micro_min_time_s);
    };
    micro("queue.post.tactile", BM_post_tactile);
    micro("queue.post.mutex_deque", BM_post_mutex_deque);
    micro("queue.post.cas_floor", BM_post_cas_floor);
    micro("queue.post_batch64.tactile", BM_post_batch_tactile);
    micro("queue.post_batch64.mutex_deque", BM_post_batch_mutex_deque);

    auto throughput = [&](const std::string &name, auto fn) {
        with_repetitions(benchmark::RegisterBenchmark(name.c_str(), fn))
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond)
            ->MinTime(p.throughput_min_time_s);
    };
    for (int producers : {1, 2}) {
        const std::string prefix = "queue.throughput_" + std::to_string(producers) + "p1c.";
        throughput(prefix + "tactile", [producers](benchmark::State &s) { BM_throughput_tactile(s, producers, 1); });
        throughput(prefix + "tactile_batch64",
                   [producers](benchmark::State &s) { BM_throughput_tactile(s, producers, kBatch); });
        throughput(prefix + "mutex_deque",
                   [producers](benchmark::State &s) { BM_throughput_mutex_deque(s, producers, 1); });
        throughput(prefix + "mutex_deque_batch64",
                   [producers](benchmark::State &s) { BM_throughput_mutex_deque(s, producers, kBatch); });
        throughput(prefix + "paired_pinned", [producers](benchmark::State &s) { BM_throughput_paired(s, producers, 1); });
        throughput(prefix + "paired_batch64_pinned",
                   [producers](benchmark::State &s) { BM_throughput_paired(s, producers, kBatch); });
        throughput(prefix + "dispatch", [producers](benchmark::State &s) { BM_throughput_dispatch(s, producers); });
        if (producers == 1) throughput(prefix + "tactile_live", BM_throughput_tactile_live);
    }
}

}  // namespace

TACTILE_BENCH_AREA(register_queue_benchmarks);
