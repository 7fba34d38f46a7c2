// C-boundary benchmarks: the cost of calling into libtactile.so.
//
//  capi.call.tactile_noop   ns per tactile_noop(): an empty Swift function exported with @_cdecl, called
//                           through the PLT of the shared library (what every C API call pays at least).
//  capi.call.cpp_noinline   reference: ns per call of an empty C++ function in another translation unit,
//                           marked noinline (references.cpp), so the call cannot be optimised away.
// Each iteration makes 16 calls so the benchmark loop's own overhead is spread; ns_per_op covers the loop.
#include "references.hpp"

namespace {

using namespace tb;

constexpr int kCallsPerIteration = 16;

template <typename Call>
void run_calls(benchmark::State &state, Call call) {
    const uint64_t t0 = now_ns();
    for (auto _ : state) {
        for (int i = 0; i < kCallsPerIteration; ++i) {
            call();
            benchmark::ClobberMemory();
        }
    }
    const uint64_t t1 = now_ns();
    const double calls = static_cast<double>(state.iterations()) * kCallsPerIteration;
    state.SetItemsProcessed(static_cast<int64_t>(calls));
    state.counters["ns_per_op"] = calls > 0 ? static_cast<double>(t1 - t0) / calls : 0.0;
}

void BM_capi_tactile_noop(benchmark::State &state) { run_calls(state, [] { tactile_noop(); }); }

void BM_capi_cpp_noinline(benchmark::State &state) { run_calls(state, [] { ref_empty_call(); }); }

void register_capi_benchmarks() {
    const double min_time = profile().micro_min_time_s;
    with_repetitions(benchmark::RegisterBenchmark("capi.call.tactile_noop", BM_capi_tactile_noop))
        ->Unit(benchmark::kNanosecond)
        ->MinTime(min_time);
    with_repetitions(benchmark::RegisterBenchmark("capi.call.cpp_noinline", BM_capi_cpp_noinline))
        ->Unit(benchmark::kNanosecond)
        ->MinTime(min_time);
}

}  // namespace

TACTILE_BENCH_AREA(register_capi_benchmarks);
