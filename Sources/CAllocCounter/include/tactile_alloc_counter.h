// Counts heap allocations made on the calling thread while counting is on, by interposing malloc & co. in the
// executable that links this target (the object-model benchmark): deterministic, unlike time.
#ifndef TACTILE_ALLOC_COUNTER_H
#define TACTILE_ALLOC_COUNTER_H
#include <stdbool.h>
#include <stdint.h>

/// Starts (true) or stops (false) counting this thread's allocations.
void tactile_alloc_counting(bool on);
/// Allocations counted on this thread so far.
uint64_t tactile_alloc_count(void);

#endif
