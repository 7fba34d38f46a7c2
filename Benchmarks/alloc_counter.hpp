// Heap allocations made by the calling thread while an AllocCount is alive, counted by the malloc interposer
// the harness links in (Sources/CAllocCounter/alloc_counter.c: malloc & co. defined in the executable forward to
// glibc's own entry points, so every allocation in the process — libtactile.so, the Swift runtime, the C++
// reference's operator new — passes there). Deterministic, unlike time: route.allocs_per_event comes from it.
#pragma once
#include <cstdint>

extern "C" {
#include "tactile_alloc_counter.h"
}

namespace tb {
/// Counts this thread's allocations from construction to `stop()`.
class AllocCount {
public:
    AllocCount() : start_(tactile_alloc_count()) { tactile_alloc_counting(true); }
    ~AllocCount() { tactile_alloc_counting(false); }
    uint64_t stop() {
        tactile_alloc_counting(false);
        return tactile_alloc_count() - start_;
    }

private:
    uint64_t start_;
};
}  // namespace tb
