// The floor under queue.throughput_1p1c.tactile_batch64: a bare ring with EventQueue's layout (4,096 cells of one
// cache line: sequence word, 48-byte record, padding), one producer posting batches of 64 (ticket claimed with a
// CAS, records written, then the batch's sequences published) and a consumer polling the head cell and yielding
// when it finds nothing — the benchmark's structure without the C API, run loop or validation. Prints Meps for
// 7 runs of 2^22 events, and the consumer's drains (how many records it found at once).
//   cc -O2 -pthread perf/lib/ring_floor.c -o /tmp/ring_floor && /tmp/ring_floor [PRODUCER_CPU CONSUMER_CPU [OPTION...]]
// CPUs default to 1 and 0 (-1: not pinned; equal: both threads on one CPU, taking turns). Options: `reverse`
// publishes a batch's sequences last cell first, so a consumer polling the batch's first cell sees the batch whole;
// `evict` has the consumer CLFLUSHOPT each cell it has read before publishing head, as EventQueue does on AMD
// (family 0x17 and later): the producer then takes its cells from memory, not from the consumer's core.
// The record copy stores its parts first to last, as EventQueue does (tactile_store_record); in the opposite order
// this ring runs at 0.6x on an AMD EPYC. See perf/results/queue-amd-2026-11-29.md.
// Single posts (perf/results/queue-amd-2026-11-29.md, "Single posts and the consumer's prefetchers"): `single` posts
// one record per claim, prefetching the cell four tickets ahead for writing, as EventQueue.postValidated does.
// Consumer variants: `noread` advances head to tail without reading a cell (no cell line crosses cores: the
// producer's floor); `descend` reads tail and scans the claimed cells top-down, taking the published prefix, so
// its prefetchers run down over cells already read rather than up over the ones the producer writes next (a lap
// later, in a ring that fits the consumer's L2, the producer meets them there too); `backoff=CYCLES` has the
// consumer wait that many TSC cycles after a drain of fewer than 32 records; `lag=K` has the consumer read only
// cells at least K behind tail while tail keeps moving, and the rest once tail has stood still for 5,000 TSC cycles
// (its prefetchers then stay among cells already written; x86-64 only).
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

enum { CAPACITY = 4096, MASK = CAPACITY - 1, BATCH = 64, RUNS = 7 };
typedef struct { uint64_t words[6]; } record;
typedef struct { _Atomic uint64_t sequence; record payload; uint64_t pad; } __attribute__((aligned(64))) cell;

static cell *cells;
static _Alignas(64) _Atomic uint64_t tail;
static _Alignas(64) _Atomic uint64_t head;
static _Alignas(64) uint64_t known_head;  // the producer's copy of head
static _Atomic int go;
static const uint64_t total = 1u << 22;
static int producer_cpu = 1, consumer_cpu = 0, reverse = 0, evict = 0, single = 0, noread = 0, descend = 0;
static uint64_t backoff_cycles = 0, lag = 0;

static uint64_t now_ns(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000000ull + t.tv_nsec; }
static void pin(int cpu) {
    if (cpu < 0) return;
    cpu_set_t set; CPU_ZERO(&set); CPU_SET(cpu, &set);
    pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

/// One record per claim, as tactile_post does.
static void produce_single(void) {
    record event;
    memset(&event, 1, sizeof event);
    for (uint64_t i = 0; i < total; i++) {
        uint64_t position = atomic_load_explicit(&tail, memory_order_relaxed);
        while (position + 1 - known_head > CAPACITY) {
            known_head = atomic_load_explicit(&head, memory_order_acquire);
            if (position + 1 - known_head > CAPACITY) sched_yield();
        }
        uint64_t expected = position;
        atomic_compare_exchange_strong(&tail, &expected, position + 1);
#if defined(__x86_64__)
        __asm__ volatile("prefetchw %0" : : "m"(cells[(position + 4) & MASK]));  // tactile_prefetch_for_write
#endif
        event.words[0] = i;
        cells[position & MASK].payload = event;
        atomic_store_explicit(&cells[position & MASK].sequence, position + 1, memory_order_release);
    }
}

static void *produce(void *unused) {
    (void)unused;
    pin(producer_cpu);
    record events[BATCH];
    memset(events, 1, sizeof events);
    while (!atomic_load(&go)) {}
    if (single) { produce_single(); return 0; }
    for (uint64_t i = 0; i < total; i += BATCH) {
        uint64_t position = atomic_load_explicit(&tail, memory_order_relaxed);
        while (position + BATCH - known_head > CAPACITY) {
            known_head = atomic_load_explicit(&head, memory_order_acquire);
            if (position + BATCH - known_head > CAPACITY) sched_yield();
        }
        uint64_t expected = position;  // one producer: the CAS always wins, but costs what the queue's claim costs
        atomic_compare_exchange_strong(&tail, &expected, position + BATCH);
        for (int j = 0; j < BATCH; j++) cells[(position + j) & MASK].payload = events[j];
        for (int k = 0; k < BATCH; k++) {
            int j = reverse ? BATCH - 1 - k : k;
            atomic_store_explicit(&cells[(position + j) & MASK].sequence, position + j + 1, memory_order_release);
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 2) { producer_cpu = atoi(argv[1]); consumer_cpu = atoi(argv[2]); }
    for (int i = 3; i < argc; i++) {
        if (strcmp(argv[i], "reverse") == 0) reverse = 1;
        else if (strcmp(argv[i], "evict") == 0) evict = 1;
        else if (strcmp(argv[i], "single") == 0) single = 1;
        else if (strcmp(argv[i], "noread") == 0) noread = 1;
        else if (strcmp(argv[i], "descend") == 0) descend = 1;
        else if (strncmp(argv[i], "backoff=", 8) == 0) backoff_cycles = strtoull(argv[i] + 8, 0, 10);
        else if (strncmp(argv[i], "lag=", 4) == 0) lag = strtoull(argv[i] + 4, 0, 10);
        else {
            fprintf(stderr, "unknown option %s (reverse, evict, single, noread, descend, backoff=CYCLES, lag=K)\n", argv[i]);
            return 2;
        }
    }
    cells = mmap(0, CAPACITY * sizeof(cell), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (cells == MAP_FAILED) return 1;
    pin(consumer_cpu);
    static record taken[256];
    for (int run = 0; run < RUNS; run++) {
        memset(cells, 0, CAPACITY * sizeof(cell));
        atomic_store(&tail, 0); atomic_store(&head, 0); known_head = 0; atomic_store(&go, 0);
        pthread_t producer;
        pthread_create(&producer, 0, produce, 0);
        uint64_t position = 0, checksum = 0, drains = 0;
        uint64_t last_tail = ~0ull, still_since = 0;  // `lag`: tail as last seen while waiting, and since when
        const uint64_t t0 = now_ns();
        atomic_store(&go, 1);
        while (position < total) {
            int n = 0;
            uint64_t end = position + 256;  // where this drain stops at the latest
#if defined(__x86_64__)
            if (lag) {
                const uint64_t claimed = atomic_load_explicit(&tail, memory_order_acquire);
                if (claimed == position) { sched_yield(); continue; }
                if (claimed - position > lag) {
                    end = claimed - lag < end ? claimed - lag : end;
                } else {
                    const uint64_t now = __builtin_ia32_rdtsc();
                    if (claimed != last_tail) { last_tail = claimed; still_since = now; }
                    if (now - still_since < 5000) {
                        for (int k = 0; k < 8; k++) __builtin_ia32_pause();  // polling tail less often spares the producer
                        continue;
                    }
                }
            }
#endif
            if (noread || descend) {
                const uint64_t claimed = atomic_load_explicit(&tail, memory_order_acquire);
                const uint64_t stop = claimed - position > 256 ? position + 256 : claimed;
                if (noread) {
                    n = (int)(stop - position);
                    position = stop;
                } else {
                    uint64_t published = stop;  // the lowest unpublished cell, scanning down
                    for (uint64_t c = stop; c-- != position;)
                        if (atomic_load_explicit(&cells[c & MASK].sequence, memory_order_acquire) != c + 1)
                            published = c;
                    while (position != published) taken[n++] = cells[position++ & MASK].payload;
                }
            } else {
                while (position != end
                       && atomic_load_explicit(&cells[position & MASK].sequence, memory_order_acquire) == position + 1) {
                    taken[n++] = cells[position & MASK].payload;
                    position++;
                }
            }
            if (n == 0) { sched_yield(); continue; }
            if (evict)
                for (int k = 0; k < n; k++) __asm__ volatile("clflushopt %0" : : "m"(cells[(position - n + k) & MASK]));
            atomic_store_explicit(&head, position, memory_order_release);
            for (int k = 0; k < n; k++) checksum += taken[k].words[0];
            drains++;
#if defined(__x86_64__)
            if (backoff_cycles && n < 32) {
                const uint64_t until = __builtin_ia32_rdtsc() + backoff_cycles;
                while (__builtin_ia32_rdtsc() < until) __builtin_ia32_pause();
            }
#endif
        }
        const uint64_t t1 = now_ns();
        pthread_join(producer, 0);
        printf("%.1f (%.1f per drain)%s", total * 1e3 / (double)(t1 - t0), (double)total / (double)drains,
               run + 1 < RUNS ? "  " : " Meps\n");
        fflush(stdout);
        if (checksum == 42) puts("");  // keeps the copies
    }
    return 0;
}
