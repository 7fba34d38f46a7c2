// tactile-bench entry point: picks the run profile, registers every area's benchmarks, runs them.
//
//   tactile-bench [--tactile_profile=quick|full] [Google Benchmark flags...]
//
// quick: 3 repetitions, short min-times and smaller runs (perf/bench --quick); full (default): 10 repetitions
// (5 for the hit-test benchmarks, whose figures vary by ~1-2% between repetitions).
// Each area (queue_bench.cpp, latency_bench.cpp, capi_bench.cpp, ...) registers itself with
// TACTILE_BENCH_AREA; its benchmarks are created here, after the profile is known.
#include "common.hpp"

#include <cstring>

namespace tb {

Profile &profile() {
    static Profile p{
        /*name*/ "full",
        /*repetitions*/ 10,
        /*micro_min_time_s*/ 0.5,
        /*throughput_min_time_s*/ 0.5,
        /*throughput_events*/ 1u << 19,
        /*spin_samples*/ 100000,
        /*spin_gap_ns*/ 3000,
        /*parked_samples*/ 4000,
        /*parked_gap_ns*/ 150000,
        /*hittest_reference_max_n*/ 1000000,
        /*hittest_repetitions*/ 5,
    };
    return p;
}

static void use_quick_profile() {
    Profile &p = profile();
    p.name = "quick";
    p.repetitions = 3;
    p.micro_min_time_s = 0.1;
    p.throughput_min_time_s = 0.1;
    p.throughput_events = 1u << 18;
    p.spin_samples = 20000;
    p.parked_samples = 1500;
    p.hittest_repetitions = 3;
}

std::vector<std::function<void()>> &areas() {
    static std::vector<std::function<void()>> list;
    return list;
}

}  // namespace tb

int main(int argc, char **argv) {
    // Line-buffered stdout: results appear as each benchmark finishes, also through a pipe (perf/bench).
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    // Take our own flag out of argv before Google Benchmark parses the rest.
    std::vector<char *> args;
    const char *prefix = "--tactile_profile=";
    for (int i = 0; i < argc; ++i) {
        if (i > 0 && std::strncmp(argv[i], prefix, std::strlen(prefix)) == 0) {
            const char *value = argv[i] + std::strlen(prefix);
            if (std::strcmp(value, "quick") == 0) {
                tb::use_quick_profile();
            } else if (std::strcmp(value, "full") != 0) {
                std::fprintf(stderr, "tactile-bench: unknown profile '%s' (quick or full)\n", value);
                return 2;
            }
            continue;
        }
        args.push_back(argv[i]);
    }
    int n = static_cast<int>(args.size());
    args.push_back(nullptr);

    const uint32_t version = tactile_version();
    if (version != TACTILE_VERSION) {
        std::fprintf(stderr, "tactile-bench: libtactile.so is version %u, the header says %u\n", version,
                     static_cast<unsigned>(TACTILE_VERSION));
        return 2;
    }

    for (auto &area : tb::areas()) area();

    benchmark::Initialize(&n, args.data());
    if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 1;
    benchmark::AddCustomContext("tactile_profile", tb::profile().name);
    benchmark::AddCustomContext("tactile_version", std::to_string(version));
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
