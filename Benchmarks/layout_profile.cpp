// tactile-layout-profile: the callgrind driver of the layout ceilings (perf/ceilings.json, layout.edit_*). It lays
// out N rows by constraints through tactile.h — each row a view pinned to the window's sides, stacked under the
// previous one, holding an icon and a label placed by constraints — then runs K edits inside
// tactile_layout_profile_loop(), the only code callgrind counts: one constraint's constant changed
// (tactile_constraint_set_constant, the middle row's label spacing, alternating) and tactile_layout_solve.
//
// Instructions per edit must not grow with N: the engine changes the constant in place and touches only the
// rows of the solver that mention it, and the solve writes only the views that moved (DESIGN-LAYOUT). The
// ceilings of 100 and 1,000 rows are the same number.
//
//   --rows N     rows (default 100; 3 views each plus the window)
//   --edits K    edits in the counted loop (default 200; even, so every pass ends where it began)
//   --print-config
// Output (stdout, key=value lines): views, constraints, counted_ops (= K), checksum (views moved over the
// loop), native_ns_per_edit, client_requests. Conventions shared with the other drivers: profile_support.hpp.
#include "profile_support.hpp"

#include <vector>

namespace {

struct Loop {
    tactile_app app;
    tactile_constraint_id edited;
    size_t edits;
};

[[noreturn]] void usage(const char *message) {
    std::fprintf(stderr, "tactile-layout-profile: %s\n", message);
    std::exit(2);
}

tactile_view make_view(tactile_app app, tactile_view parent) {
    tactile_rect zero{0, 0, 0, 0};
    tactile_view v{0};
    TCHECK(tactile_view_create(app, &zero, &v));
    TCHECK(tactile_view_add_child(app, parent, v));
    TCHECK(tactile_view_set_translates_frame(app, v, 0));
    return v;
}

tactile_constraint_id add(tactile_app app, tactile_view a, tactile_layout_attribute aa, tactile_view b,
                          tactile_layout_attribute ba, double constant, double multiplier = 1) {
    tactile_constraint c{a, aa, TACTILE_RELATION_EQUAL, b, ba, multiplier, constant, 1000};
    tactile_constraint_id id{0};
    TCHECK(tactile_constraint_add(app, &c, &id));
    return id;
}

}  // namespace

/// The counted region. Not inlined, not static: callgrind's --toggle-collect finds it by name.
extern "C" __attribute__((noinline)) uint64_t tactile_layout_profile_loop(const Loop *loop) {
    uint64_t moved_total = 0;
    for (size_t i = 0; i < loop->edits; ++i) {
        tactile_constraint_set_constant(loop->app, loop->edited, i % 2 == 0 ? 20 : 12);
        size_t moved = 0;
        tactile_layout_solve(loop->app, &moved);
        moved_total += moved;
    }
    return moved_total;
}

int main(int argc, char **argv) {
    size_t rows = 100, edits = 200;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage(("missing value after " + arg).c_str());
            return argv[++i];
        };
        if (arg == "--print-config") {
            std::printf("client_requests=%d\n", TACTILE_HAVE_CALLGRIND_REQUESTS);
            return 0;
        } else if (arg == "--rows") {
            rows = std::strtoull(value().c_str(), nullptr, 10);
        } else if (arg == "--edits") {
            edits = std::strtoull(value().c_str(), nullptr, 10);
        } else {
            usage(("unknown argument " + arg).c_str());
        }
    }
    if (rows == 0 || edits == 0 || edits % 2 != 0) usage("--rows must be > 0 and --edits even and > 0");

    tb::App app(TACTILE_LOOP_DETERMINISTIC);
    tactile_rect frame{0, 0, 390, 60.0 * static_cast<double>(rows)};
    tactile_view window{0};
    TCHECK(tactile_view_create(app.get(), &frame, &window));
    const tactile_view none{0};
    tactile_view previous = window;
    tactile_constraint_id edited{0};
    size_t constraints = 0;
    for (size_t r = 0; r < rows; ++r) {
        tactile_view row = make_view(app.get(), window), icon = make_view(app.get(), row), label = make_view(app.get(), row);
        add(app.get(), row, TACTILE_ATTRIBUTE_LEFT, window, TACTILE_ATTRIBUTE_LEFT, 0);
        add(app.get(), row, TACTILE_ATTRIBUTE_RIGHT, window, TACTILE_ATTRIBUTE_RIGHT, 0);
        add(app.get(), row, TACTILE_ATTRIBUTE_TOP, previous, previous.id == window.id ? TACTILE_ATTRIBUTE_TOP : TACTILE_ATTRIBUTE_BOTTOM, 0);
        add(app.get(), row, TACTILE_ATTRIBUTE_HEIGHT, none, TACTILE_ATTRIBUTE_NONE, 60);
        add(app.get(), icon, TACTILE_ATTRIBUTE_LEFT, row, TACTILE_ATTRIBUTE_LEFT, 16);
        add(app.get(), icon, TACTILE_ATTRIBUTE_CENTER_Y, row, TACTILE_ATTRIBUTE_CENTER_Y, 0);
        add(app.get(), icon, TACTILE_ATTRIBUTE_WIDTH, none, TACTILE_ATTRIBUTE_NONE, 40);
        add(app.get(), icon, TACTILE_ATTRIBUTE_HEIGHT, icon, TACTILE_ATTRIBUTE_WIDTH, 0);
        tactile_constraint_id spacing = add(app.get(), label, TACTILE_ATTRIBUTE_LEFT, icon, TACTILE_ATTRIBUTE_RIGHT, 12);
        add(app.get(), label, TACTILE_ATTRIBUTE_RIGHT, row, TACTILE_ATTRIBUTE_RIGHT, -16);
        add(app.get(), label, TACTILE_ATTRIBUTE_TOP, row, TACTILE_ATTRIBUTE_TOP, 8);
        add(app.get(), label, TACTILE_ATTRIBUTE_HEIGHT, none, TACTILE_ATTRIBUTE_NONE, 20);
        constraints += 12;
        if (r == rows / 2) edited = spacing;
        previous = row;
    }
    size_t moved = 0;
    TCHECK(tactile_layout_solve(app.get(), &moved));
    Loop loop{app.get(), edited, edits};

    const uint64_t warm = tactile_layout_profile_loop(&loop);
    const uint64_t t0 = tb::now_ns();
    const uint64_t checksum_native = tactile_layout_profile_loop(&loop);
    const double native_ns = static_cast<double>(tb::now_ns() - t0) / static_cast<double>(edits);

    CALLGRIND_START_INSTRUMENTATION;
    const uint64_t checksum = tactile_layout_profile_loop(&loop);
    CALLGRIND_STOP_INSTRUMENTATION;

    std::printf("views=%zu\nconstraints=%zu\ncounted_ops=%zu\nchecksum=%llu\nnative_ns_per_edit=%.1f\nclient_requests=%d\n",
                rows * 3 + 1, constraints, edits, static_cast<unsigned long long>(checksum), native_ns,
                TACTILE_HAVE_CALLGRIND_REQUESTS);
    // Every edit moves the label (2 frames change per pair of edits at least).
    if (checksum != warm || checksum != checksum_native || checksum < edits) {
        std::fprintf(stderr, "tactile-layout-profile: the edits did not move the label the same way in every pass\n");
        return 1;
    }
    std::fflush(stdout);
    std::_Exit(0);
}
