/* CPU hints the Swift engine cannot spell: header-only, inlined into TactileCore. Internal; not installed. */
#ifndef TACTILE_CORE_SUPPORT_H
#define TACTILE_CORE_SUPPORT_H

/** Asks the CPU to fetch the cache line at `p` for writing, so a later store does not stall on ownership. */
static inline void tactile_prefetch_for_write(const void *p) { __builtin_prefetch(p, 1, 3); }

#endif
