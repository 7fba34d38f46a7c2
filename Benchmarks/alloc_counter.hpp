// Heap allocations made by the calling thread while an AllocCount is alive (see alloc_counter.cpp).
#pragma once
#include <cstdint>

namespace tb {
extern thread_local bool alloc_counting;
extern thread_local uint64_t alloc_count;

/// Counts this thread's allocations from construction to `stop()`.
class AllocCount {
public:
    AllocCount() : start_(alloc_count) { alloc_counting = true; }
    ~AllocCount() { alloc_counting = false; }
    uint64_t stop() {
        alloc_counting = false;
        return alloc_count - start_;
    }

private:
    uint64_t start_;
};
}  // namespace tb
