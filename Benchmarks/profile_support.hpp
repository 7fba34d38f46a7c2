// What the callgrind drivers (tactile-hittest-profile, tactile-route-profile) share: valgrind's client requests
// (or no-ops without valgrind's headers), the standard scenes by their command-line names and a seeded
// SplitMix64 stream of doubles in [0, 1).
//
// The drivers' contract with perf/lib/callgrind.py: the counted work runs in one extern "C" noinline function
// (found by --toggle-collect), called three times (warm-up, a timed native pass, the counted pass, the last
// one alone between CALLGRIND_START/STOP_INSTRUMENTATION); stdout holds key=value lines, among them
// counted_ops (operations per call of the loop function) and client_requests (0|1); exit code 3 means the
// library disagreed with its reference.
#pragma once

#include "common.hpp"

#include <cstring>
#include <string>

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define TACTILE_HAVE_CALLGRIND_REQUESTS 1
#endif
#endif
#ifndef TACTILE_HAVE_CALLGRIND_REQUESTS
#define TACTILE_HAVE_CALLGRIND_REQUESTS 0
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#endif

namespace tb::profiling {

/// The standard scene called `name` on the command line (grid, phone, list, random); false when unknown.
inline bool scene_kind(const std::string &name, uint32_t *kind) {
    if (name == "grid") *kind = TACTILE_SCENE_GRID_OF_GRIDS;
    else if (name == "phone") *kind = TACTILE_SCENE_PHONE;
    else if (name == "list") *kind = TACTILE_SCENE_LIST;
    else if (name == "random") *kind = TACTILE_SCENE_RANDOM;
    else return false;
    return true;
}

/// SplitMix64 doubles in [0, 1), as the benchmarks use: the same seed, the same points.
class UnitRandom {
public:
    explicit UnitRandom(uint64_t seed) : state_(seed) {}
    double next() {
        state_ += 0x9E3779B97F4A7C15ULL;
        uint64_t z = state_;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        return static_cast<double>(z >> 11) * 0x1p-53;
    }

private:
    uint64_t state_;
};

}  // namespace tb::profiling
