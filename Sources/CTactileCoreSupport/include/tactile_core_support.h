/* CPU hints and conversions the Swift engine cannot spell, inlined into TactileCore, and AddressSanitizer's
 * poisoning calls (support.c). Internal; not installed. */
#ifndef TACTILE_CORE_SUPPORT_H
#define TACTILE_CORE_SUPPORT_H

#include <stddef.h>

/** Asks the CPU to fetch the cache line at `p` for writing (exclusive), so a later store does not stall on
 *  ownership. On x86-64 this must be PREFETCHW: `__builtin_prefetch(p, 1, …)` compiles to a read prefetch
 *  (PREFETCHT0) unless the target enables PRFCHW, which the x86-64 baseline does not, and a line fetched shared
 *  still needs an ownership request at the store. PREFETCHW is in every AMD64 CPU since K8 and in Intel's since
 *  Broadwell; older Intel CPUs execute it as a no-op (Windows 8.1 x64 relies on that). */
static inline void tactile_prefetch_for_write(const void *p) {
#if defined(__x86_64__)
    __asm__ volatile("prefetchw %0" : : "m"(*(const char *)p));
#else
    __builtin_prefetch(p, 1, 3);
#endif
}

/** Copies a 48-byte event record into a queue cell as three 16-byte stores in ascending address order.
 *  Swift's own copy stored the record's three parts last first; a producer writing cells the consumer's core
 *  holds then ran at 0.6x on an AMD EPYC (family 25): 18 against 29 Meps far apart, 70 against 110 near, in a bare
 *  ring whose only change was that order (perf/results/queue-amd-2026-11-29.md). The empty `asm` statements keep
 *  the compiler from reordering the stores; x86 commits stores in program order. Inlined from this header, the
 *  stores are not instrumented by ASan or TSan (Swift does not pass its sanitizer to imported C); the cell is the
 *  queue's own, in bounds by its mask, and published by the release store of its sequence after this copy. */
static inline void tactile_store_record(void *cell_record, const void *record) {
    typedef char part __attribute__((vector_size(16), aligned(1)));
    const part *from = (const part *)record;
    part *to = (part *)cell_record;
    const part a = from[0], b = from[1], c = from[2];
    to[0] = a;
    __asm__ volatile("" ::: "memory");
    to[1] = b;
    __asm__ volatile("" ::: "memory");
    to[2] = c;
}

/** Evicts the cache line at `p` from every cache (CLFLUSHOPT; a copy the producer's core holds modified is written
 *  back): the queue's consumer gives up a cell it has read, so the producer that writes that cell a lap later takes
 *  the line from memory, a stream its prefetchers run ahead of, instead of asking the consumer's core to invalidate
 *  its copy, one ownership request per line that overlaps little across cores. Only where
 *  `tactile_cpu_prefers_consumed_line_eviction` says so. Weakly ordered and architecturally invisible: the
 *  cell's contents and the queue's ordering are unchanged whenever the eviction completes. */
static inline void tactile_evict_line(const void *p) {
#if defined(__x86_64__)
    __asm__ volatile("clflushopt %0" : : "m"(*(const char *)p));
#else
    (void)p;
#endif
}

/** One spin-wait hint (PAUSE on x86-64, YIELD on AArch64): a lagging queue consumer polls `tail` less often. */
static inline void tactile_cpu_relax(void) {
#if defined(__x86_64__)
    __asm__ volatile("pause");
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

/** 1 on the CPUs where the queue's consumer should evict the cells it has read (`tactile_evict_line`): AMD
 *  family 0x17 and later with CLFLUSHOPT, where it was measured (perf/results/queue-amd-2026-11-29.md). 0 on others,
 *  Intel's included (not measured; its last-level cache keeps a line both cores can reach). Reads CPUID. */
int tactile_cpu_prefers_consumed_line_eviction(void);

/** A grid cell coordinate: `f` (a coordinate in cell units) clamped to 0 ... `last`, NaN to 0. The conversion
 *  happens only inside the range, where C's truncation is defined; Swift's `Int(_: Double)` checks the range
 *  again (two compares and a trap branch per axis of every grid lookup, about a tenth of a hit-test). */
static inline long tactile_grid_cell(double f, long last) {
    if (!(f >= 1.0)) return 0;
    if (f >= (double)last) return last;
    return (long)f;
}

/** Marks `n` bytes at `p` unaddressable (a gap between lists in one block) when AddressSanitizer is on; nothing
 *  otherwise. Compiled in support.c, where the sanitizer's flag is seen. */
void tactile_poison_region(const void *p, size_t n);
/** Makes `n` bytes at `p` addressable again (before the block is freed). */
void tactile_unpoison_region(const void *p, size_t n);

#endif
