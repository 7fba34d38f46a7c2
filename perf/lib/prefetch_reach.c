// How far a consumer's hardware prefetchers reach past the queue cells it reads, measured as what they cost the
// producer. Thread B (CPU 0) reads the cells from FIRST up to (not including) LAST of a 4,096-cell ring laid out as
// EventQueue's (ascending, or top-down with `down`) and CLFLUSHOPTs each one, as EventQueue's consumer does on AMD;
// then thread A (CPU 1), which held every line before, writes every cell as a post does (claim CAS, record,
// sequence) and times each write with RDTSCP. Cells B read and flushed come to A from memory (cheap); cells B's
// prefetchers pulled in without B reading them are still in B's caches, and A pays a transfer from B's core for
// each. Prints the mean TSC cycles per write in 16-cell buckets from 256 cells below FIRST to 256 above LAST,
// averaged over 90 laps.
//   cc -O2 -pthread perf/lib/prefetch_reach.c -o /tmp/prefetch_reach && /tmp/prefetch_reach [FIRST LAST [down]]
// x86-64 only (RDTSCP, CLFLUSHOPT, PREFETCHW). See perf/results/queue-amd-2026-11-29.md, "Single posts and the
// consumer's prefetchers".
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { CAPACITY = 4096, LAPS = 100, WARMUP = 10 };
typedef struct { uint64_t words[6]; } record;
typedef struct { _Atomic uint64_t sequence; record payload; uint64_t pad; } __attribute__((aligned(64))) cell;

static cell *cells;
static _Alignas(64) _Atomic uint64_t tail;
static _Alignas(64) _Atomic int phase;  // 0: A's turn; 1: B reads; 2: B exits
static int first = 1024, last = 3072, down = 0;
static double cycles[CAPACITY];

static void pin(int cpu) {
    cpu_set_t set; CPU_ZERO(&set); CPU_SET(cpu, &set);
    pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

static void *reader(void *unused) {
    (void)unused;
    pin(0);
    uint64_t checksum = 0;
    for (;;) {
        int now;
        while ((now = atomic_load(&phase)) == 0) {}
        if (now == 2) break;
        for (int k = 0; k < last - first; k++) {
            const int i = down ? last - 1 - k : first + k;
            checksum += atomic_load_explicit(&cells[i].sequence, memory_order_acquire) + cells[i].payload.words[0];
            __asm__ volatile("clflushopt %0" : : "m"(cells[i]));
        }
        atomic_store(&phase, 0);
    }
    return (void *)(uintptr_t)checksum;
}

int main(int argc, char **argv) {
    if (argc > 2) { first = atoi(argv[1]); last = atoi(argv[2]); }
    if (argc > 3) down = strcmp(argv[3], "down") == 0;
    if (first < 0 || last > CAPACITY || first >= last) {
        fprintf(stderr, "need 0 <= FIRST < LAST <= %d\n", CAPACITY);
        return 2;
    }
    pin(1);
    cells = mmap(0, CAPACITY * sizeof(cell), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (cells == MAP_FAILED) return 1;
    memset(cells, 0, CAPACITY * sizeof(cell));
    pthread_t b;
    pthread_create(&b, 0, reader, 0);
    record event;
    memset(&event, 1, sizeof event);
    unsigned aux;
    for (int lap = 0; lap < LAPS; lap++) {
        for (int i = 0; i < CAPACITY; i++) __asm__ volatile("clflushopt %0" : : "m"(cells[i]));
        for (int i = 0; i < CAPACITY; i++) (void)atomic_load(&cells[i].sequence);  // A holds every line
        atomic_store(&phase, 1);
        while (atomic_load(&phase) != 0) {}
        for (int i = 0; i < CAPACITY; i++) {
            const uint64_t t0 = __builtin_ia32_rdtscp(&aux);
            const uint64_t position = atomic_load_explicit(&tail, memory_order_relaxed);
            uint64_t expected = position;
            atomic_compare_exchange_strong(&tail, &expected, position + 1);
            __asm__ volatile("prefetchw %0" : : "m"(cells[(position + 4) % CAPACITY]));
            event.words[0] = position;
            cells[position % CAPACITY].payload = event;
            atomic_store_explicit(&cells[position % CAPACITY].sequence, position + 1, memory_order_release);
            if (lap >= WARMUP) cycles[position % CAPACITY] += (double)(__builtin_ia32_rdtscp(&aux) - t0);
        }
    }
    atomic_store(&phase, 2);
    pthread_join(b, 0);
    printf("B read cells %d..%d %s. A's TSC cycles per write, 16-cell buckets:\n", first, last - 1,
           down ? "top-down" : "ascending");
    const int from = first >= 256 ? first - 256 : 0, to = last + 256 <= CAPACITY ? last + 256 : CAPACITY;
    double read_sum = 0;
    for (int bucket = from; bucket < to; bucket += 16) {
        double sum = 0;
        for (int i = bucket; i < bucket + 16 && i < to; i++) sum += cycles[i] / (LAPS - WARMUP);
        if (bucket >= first && bucket < last) {  // B's own cells: one line for all of them
            read_sum += sum;
            if (bucket + 16 >= last)
                printf("  %4d..%4d %6.0f  (the cells B read and flushed, mean)\n", first, last - 1,
                       read_sum / (last - first));
            continue;
        }
        printf("  %4d..%4d %6.0f\n", bucket, bucket + 15, sum / 16);
    }
    return 0;
}
