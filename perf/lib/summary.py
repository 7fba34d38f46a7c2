"""Turns tactile-bench's Google Benchmark JSON into Tactile's performance summary (stdlib only).

Each metric is a counter of one benchmark (the Tactile figure) set beside the same counter of its reference
benchmark, both taken as the median over repetitions. Benchmarks are named "<area>.<measure>.<impl>"; Google
Benchmark appends "/manual_time", "/repeats:N"... and the key used here is the part before the first '/'.

Benchmarks with arguments (e.g. "hittest.grid.tactile/10000", one per scene size) keep their numeric
arguments in the key; a family fitted with Complexity() also has "_BigO" / "_RMS" entries, read by
load_complexity().

Summary rows (summary.json is a list of these objects):
  metric     stable name, e.g. "queue.post_ns"
  value      Tactile's median, in `unit` (a string for a big-O row, e.g. "lgN")
  unit       "ns", "us", "B", "count", "%" (lower is better), "Meps" (millions of events per second) or "x"
             (a ratio; higher is better), "O()" (a big-O class), "" (a plain number)
  reference  the reference implementation's median, same unit (null if it was not run or there is none)
  ratio      > 1 always means Tactile is better than its reference:
             reference / value when lower is better, value / reference when higher is better
             (paired benchmarks, which run Tactile and its reference in every iteration: the median of the
             repetitions' own ratios)
             (null for rows where a ratio means nothing, e.g. a fit's RMS)
  budget     "<= X", ">= X", "> X" (the target), or null for informative metrics
  pass       true when the value meets the budget (always true without a budget)
"""
from __future__ import annotations

import json
import math
import re
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable


@dataclass(frozen=True)
class Metric:
    name: str
    unit: str
    benchmark: str         # Tactile's benchmark key (name before the first '/', plus numeric arguments)
    counter: str           # the counter holding the figure
    reference: str | None  # the reference benchmark (same counter unless reference_counter is set)
    reference_label: str   # human name of the reference, for the tables
    budget: str | None     # "<= 20", ">= 50" or None
    reference_counter: str | None = None  # the reference's counter, when it differs from `counter`
    # Derived metrics: compute(results) -> (value, reference) replaces the benchmark/counter lookup.
    compute: Callable[["Results"], tuple[Any, Any]] | None = None
    with_ratio: bool = True  # False: no ratio column (the reference is context, not a competitor)
    # The benchmark's own counter for the ratio (paired runs: the median of each repetition's ratio), instead of
    # the ratio of the two medians.
    ratio_counter: str | None = None


@dataclass
class Results:
    """What the summary is computed from: medians, cvs, complexity fits and per-run maxima of counters."""
    medians: dict[str, dict[str, float]]
    cvs: dict[str, dict[str, float]]
    complexity: dict[str, dict[str, Any]]
    maxima: dict[str, dict[str, float]]


def _counter(results: Results, key: str, counter: str) -> float | None:
    return results.medians.get(key, {}).get(counter)


def _ratio_of(a_key: str, b_key: str, counter: str) -> Callable[[Results], tuple[Any, Any]]:
    """value = median(b) / median(a) (e.g. reference time / Tactile time); no reference."""
    def compute(results: Results) -> tuple[Any, Any]:
        a, b = _counter(results, a_key, counter), _counter(results, b_key, counter)
        if a is None or b is None or a <= 0:
            return None, None
        return b / a, None
    return compute


def _sum_max(prefix: str, counters: tuple[str, ...]) -> Callable[[Results], tuple[Any, Any]]:
    """The sum over benchmarks starting with `prefix` of each counter's largest value in any run."""
    def compute(results: Results) -> tuple[Any, Any]:
        found = False
        total = 0.0
        for key, values in results.maxima.items():
            if not key.startswith(prefix):
                continue
            for c in counters:
                if c in values:
                    found = True
                    total += values[c]
        return (total if found else None), None
    return compute


def _big_o(family: str, ref_family: str, field: str) -> Callable[[Results], tuple[Any, Any]]:
    """A complexity fit's field ("big_o", or "rms" as a percentage) for Tactile's family and the reference's."""
    def get(results: Results, name: str) -> Any:
        value = results.complexity.get(name, {}).get(field)
        if field == "rms" and isinstance(value, (int, float)):
            return value * 100.0
        return value

    def compute(results: Results) -> tuple[Any, Any]:
        return get(results, family), get(results, ref_family)
    return compute


def _loglog_slope(family: str, ref_family: str, counter: str) -> Callable[[Results], tuple[Any, Any]]:
    """Least-squares slope of log(counter) against log(N) over a family's sizes: ~0 flat, ~0.5 like √N."""
    def slope(name: str, results: Results) -> float | None:
        points = []
        for key, values in results.medians.items():
            base, _, arg = key.partition("/")
            if base == name and arg.isdigit() and values.get(counter, 0) > 0:
                points.append((math.log(float(arg)), math.log(values[counter])))
        if len(points) < 2:
            return None
        mx = sum(x for x, _ in points) / len(points)
        my = sum(y for _, y in points) / len(points)
        sxx = sum((x - mx) ** 2 for x, _ in points)
        return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx > 0 else None

    def compute(results: Results) -> tuple[Any, Any]:
        return slope(family, results), slope(ref_family, results)
    return compute


def _grid(impl: str, n: int) -> str:
    return f"hittest.grid.{impl}/{n}"


METRICS: list[Metric] = [
    # Budgeted metrics (the project's targets).
    Metric("queue.post_ns", "ns", "queue.post.tactile", "ns_per_op",
           "queue.post.mutex_deque", "mutex+deque push", "<= 20"),
    # Headline throughput: producers post frames of 64 with tactile_post_batch, the consumer drains in batches.
    Metric("queue.throughput_1p1c_meps", "Meps", "queue.throughput_1p1c.tactile_batch64", "Meps",
           "queue.throughput_1p1c.mutex_deque_batch64", "mutex+deque, 64 per lock", ">= 50"),
    Metric("queue.throughput_2p1c_meps", "Meps", "queue.throughput_2p1c.tactile_batch64", "Meps",
           "queue.throughput_2p1c.mutex_deque_batch64", "mutex+deque, 64 per lock", ">= 10"),
    # Post -> touchesMoved (the delivery callback, through queue, run loop and router); references: no routing.
    Metric("latency.spin_p99_us", "us", "latency.spin.tactile", "p99_us",
           "latency.spin.mutex_deque", "mutex+deque, spinning", "<= 1"),
    Metric("latency.parked_p99_us", "us", "latency.parked.tactile_live", "p99_us",
           "latency.parked.dispatch", "DispatchQueue.async", "<= 50"),
    Metric("hittest.ns_1e4", "ns", _grid("tactile", 10**4), "ns_per_query",
           _grid("reference", 10**4), "naive object tree", "<= 100"),
    Metric("hittest.ns_1e6", "ns", _grid("tactile", 10**6), "ns_per_query",
           _grid("reference", 10**6), "naive object tree", "<= 1000"),
    Metric("hittest.ratio_vs_reference_1e5", "x", _grid("tactile", 10**5), "ns_per_query", None,
           "", "> 1", compute=_ratio_of(_grid("tactile", 10**5), _grid("reference", 10**5), "ns_per_query"),
           with_ratio=False),
    # Packed tree vs reference disagreements (random queries + edge probes, every scene): must be 0.
    Metric("hittest.mismatches", "count", "hittest.", "mismatches", None, "", "<= 0",
           compute=_sum_max("hittest.", ("mismatches", "edge_mismatches")), with_ratio=False),
    # One moved sample routed to its bound view (tactile_route, batches of 64, a no-op counting callback).
    Metric("route.moved_ns", "ns", "route.moved.tactile/1", "ns_per_event",
           "route.moved.reference/1", "C++ object router: hash map, std::set, virtual call", "<= 50"),
    # Heap allocations per routed moved sample (interposed malloc, counted on the routing thread): must be 0.
    Metric("route.allocs_per_event", "allocs", "route.moved.tactile/1", "allocs_per_event",
           "route.moved.reference/1", "C++ object router", "<= 0", with_ratio=False),
    # Informative metrics.
    Metric("capi.call_ns", "ns", "capi.call.tactile_noop", "ns_per_op",
           "capi.call.cpp_noinline", "noinline C++ call", None),
    Metric("queue.post_floor_cas_ns", "ns", "queue.post.cas_floor", "ns_per_op",
           None, "", None),
    Metric("queue.post_batch64_ns", "ns", "queue.post_batch64.tactile", "ns_per_op",
           "queue.post_batch64.mutex_deque", "mutex+deque, 64 per lock", None),
    Metric("queue.throughput_1p1c_single_meps", "Meps", "queue.throughput_1p1c.tactile", "Meps",
           "queue.throughput_1p1c.mutex_deque", "mutex+deque", None),
    Metric("queue.throughput_2p1c_single_meps", "Meps", "queue.throughput_2p1c.tactile", "Meps",
           "queue.throughput_2p1c.mutex_deque", "mutex+deque", None),
    # The same with the consumer and the producers pinned to two CPUs, Tactile and the deque back to back in every
    # iteration (tb::Placement): the cross-core case whatever the scheduler would have chosen (unpinned, two threads
    # sharing one vCPU run several times faster), and both sides in the same placement of the host's vCPUs. The ratio
    # is the median of the repetitions' own ratios.
    Metric("queue.throughput_1p1c_pinned_meps", "Meps", "queue.throughput_1p1c.paired_batch64_pinned", "Meps",
           "queue.throughput_1p1c.paired_batch64_pinned", "mutex+deque, 64 per lock, pinned, same iterations", None,
           reference_counter="ref_Meps", ratio_counter="ratio"),
    Metric("queue.throughput_2p1c_pinned_meps", "Meps", "queue.throughput_2p1c.paired_batch64_pinned", "Meps",
           "queue.throughput_2p1c.paired_batch64_pinned", "mutex+deque, 64 per lock, pinned, same iterations", None,
           reference_counter="ref_Meps", ratio_counter="ratio"),
    Metric("queue.throughput_1p1c_single_pinned_meps", "Meps", "queue.throughput_1p1c.paired_pinned", "Meps",
           "queue.throughput_1p1c.paired_pinned", "mutex+deque, pinned, same iterations", None,
           reference_counter="ref_Meps", ratio_counter="ratio"),
    # Where the host placed the two vCPUs during the paired 1p1c rows: a cache line's round trip between them, measured
    # before each iteration (EPYC VM: 50-80 ns near, ~330 far; every cross-core queue figure moves with it).
    Metric("queue.core_round_trip_ns", "ns", "queue.throughput_1p1c.paired_batch64_pinned", "round_trip_ns",
           None, "", None),
    Metric("queue.throughput_2p1c_single_pinned_meps", "Meps", "queue.throughput_2p1c.paired_pinned", "Meps",
           "queue.throughput_2p1c.paired_pinned", "mutex+deque, pinned, same iterations", None,
           reference_counter="ref_Meps", ratio_counter="ratio"),
    Metric("queue.throughput_1p1c_vs_dispatch_meps", "Meps", "queue.throughput_1p1c.tactile", "Meps",
           "queue.throughput_1p1c.dispatch", "DispatchQueue.async", None),
    Metric("queue.throughput_2p1c_vs_dispatch_meps", "Meps", "queue.throughput_2p1c.tactile", "Meps",
           "queue.throughput_2p1c.dispatch", "DispatchQueue.async", None),
    Metric("queue.throughput_1p1c_live_meps", "Meps", "queue.throughput_1p1c.tactile_live", "Meps",
           "queue.throughput_1p1c.dispatch", "DispatchQueue.async", None),
    # route.moved with frames of 5 and 10 fingers (one event, one touchesMoved per frame), per sample.
    Metric("route.moved_ns_5_fingers", "ns", "route.moved.tactile/5", "ns_per_event",
           "route.moved.reference/5", "C++ object router", None),
    Metric("route.moved_ns_10_fingers", "ns", "route.moved.tactile/10", "ns_per_event",
           "route.moved.reference/10", "C++ object router", None),
    # Producer thread -> queue -> run loop -> router -> touchesMoved, frames of 1 / 5 / 10 fingers.
    Metric("route.e2e_meps_1_finger", "Meps", "route.e2e.tactile/1", "Meps",
           "route.e2e.mutex_deque/1", "mutex+deque + C++ object router", None),
    Metric("route.e2e_meps_5_fingers", "Meps", "route.e2e.tactile/5", "Meps",
           "route.e2e.mutex_deque/5", "mutex+deque + C++ object router", None),
    Metric("route.e2e_meps_10_fingers", "Meps", "route.e2e.tactile/10", "Meps",
           "route.e2e.mutex_deque/10", "mutex+deque + C++ object router", None),
    # One finger, Tactile and the reference back to back in every iteration, pinned, as the queue's paired rows.
    Metric("route.e2e_meps_1_finger_pinned", "Meps", "route.e2e.paired_pinned/1", "Meps",
           "route.e2e.paired_pinned/1", "mutex+deque + C++ object router, pinned, same iterations", None,
           reference_counter="ref_Meps", ratio_counter="ratio"),
    Metric("latency.spin_p50_us", "us", "latency.spin.tactile", "p50_us",
           "latency.spin.mutex_deque", "mutex+deque, spinning", None),
    Metric("latency.spin_p999_us", "us", "latency.spin.tactile", "p999_us",
           "latency.spin.mutex_deque", "mutex+deque, spinning", None),
    Metric("latency.parked_p50_us", "us", "latency.parked.tactile_live", "p50_us",
           "latency.parked.dispatch", "DispatchQueue.async", None),
    Metric("latency.parked_p999_us", "us", "latency.parked.tactile_live", "p999_us",
           "latency.parked.dispatch", "DispatchQueue.async", None),
    Metric("hittest.ns_1e2", "ns", _grid("tactile", 10**2), "ns_per_query",
           _grid("reference", 10**2), "naive object tree", None),
    Metric("hittest.ns_1e3", "ns", _grid("tactile", 10**3), "ns_per_query",
           _grid("reference", 10**3), "naive object tree", None),
    Metric("hittest.ns_1e5", "ns", _grid("tactile", 10**5), "ns_per_query",
           _grid("reference", 10**5), "naive object tree", None),
    Metric("hittest.batch_ns_1e4", "ns", "hittest.grid_batch.tactile/10000", "ns_per_query",
           _grid("reference", 10**4), "naive object tree", None),
    Metric("hittest.batch_ns_1e6", "ns", "hittest.grid_batch.tactile/1000000", "ns_per_query",
           _grid("reference", 10**6), "naive object tree", None),
    Metric("hittest.ns_phone", "ns", "hittest.phone.tactile", "ns_per_query",
           "hittest.phone.reference", "naive object tree", None),
    Metric("hittest.ns_list_1e4", "ns", "hittest.list.tactile", "ns_per_query",
           "hittest.list.reference", "naive object tree", None),
    Metric("hittest.ns_random_1e3", "ns", "hittest.random.tactile", "ns_per_query",
           "hittest.random.reference", "naive object tree", None),
    Metric("hittest.update_ns_1e5", "ns", "hittest.update.tactile", "ns_per_update",
           "hittest.update.reference", "naive tree: set center + hitTest", None),
    Metric("hittest.big_o", "O()", "hittest.grid.tactile", "big_o", "hittest.grid.reference",
           "naive object tree", None, compute=_big_o("hittest.grid.tactile", "hittest.grid.reference", "big_o"),
           with_ratio=False),
    Metric("hittest.big_o_rms_pct", "%", "hittest.grid.tactile", "rms", "hittest.grid.reference",
           "naive object tree", None, compute=_big_o("hittest.grid.tactile", "hittest.grid.reference", "rms"),
           with_ratio=False),
    Metric("hittest.loglog_slope", "", "hittest.grid.tactile", "ns_per_query", "hittest.grid.reference",
           "naive object tree", None,
           compute=_loglog_slope("hittest.grid.tactile", "hittest.grid.reference", "ns_per_query"),
           with_ratio=False),
    Metric("viewtree.bytes_per_view", "B", _grid("tactile", 10**6), "bytes_per_view",
           _grid("tactile", 10**6), "naive object tree, heap", None, reference_counter="ref_bytes_per_view"),
    Metric("viewtree.bytes_per_view_1e4", "B", _grid("tactile", 10**4), "bytes_per_view",
           _grid("tactile", 10**4), "naive object tree, heap", None, reference_counter="ref_bytes_per_view"),
]

LOWER_IS_BETTER_UNITS = {"ns", "us", "ms", "s", "B", "count", "%"}
HIGHER_IS_BETTER_UNITS = {"Meps", "eps", "ops", "x"}


# ---- Direction and budgets -------------------------------------------------------------------------

def parse_budget(budget: str | None) -> tuple[str, float] | None:
    """"<= 20" -> ("<=", 20.0); None or unparsable -> None."""
    if not budget:
        return None
    text = budget.strip()
    for op in ("<=", ">=", "<", ">"):
        if text.startswith(op):
            try:
                return op, float(text[len(op):].strip())
            except ValueError:
                return None
    return None


def lower_is_better(budget: str | None, unit: str | None) -> bool:
    """The metric's direction: from its budget's operator, else from its unit (times are lower-better)."""
    parsed = parse_budget(budget)
    if parsed:
        return parsed[0].startswith("<")
    if unit in HIGHER_IS_BETTER_UNITS:
        return False
    return True  # ns, us and unknown units: lower is better


def meets_budget(value: float | None, budget: str | None) -> bool:
    parsed = parse_budget(budget)
    if parsed is None:
        return True
    if value is None:
        return False
    op, limit = parsed
    return {"<=": value <= limit, "<": value < limit, ">=": value >= limit, ">": value > limit}[op]


def ratio(value: float | None, reference: float | None, lower_better: bool) -> float | None:
    """> 1 means Tactile is better than the reference."""
    if value is None or reference is None or value <= 0 or reference <= 0:
        return None
    return reference / value if lower_better else value / reference


# ---- Reading Google Benchmark JSON -----------------------------------------------------------------

_ARG = re.compile(r"^-?\d+$")


def benchmark_key(name: str) -> str:
    """"hittest.grid.tactile/10000/min_time:0.100/repeats:3" -> "hittest.grid.tactile/10000": the name
    before the first '/' plus the benchmark's numeric arguments; Google Benchmark's own suffixes
    (min_time:, repeats:, manual_time, real_time, ...) are dropped."""
    parts = name.split("/")
    return "/".join([parts[0]] + [p for p in parts[1:] if _ARG.match(p)])


def _key(entry: dict[str, Any]) -> str:
    return benchmark_key(str(entry.get("run_name") or entry.get("name", "")))


def load_medians(path: Path) -> tuple[dict[str, dict[str, float]], dict[str, dict[str, float]], dict[str, Any]]:
    """Reads tactile-bench JSON. Returns (median counters per benchmark, cv per benchmark, context).

    Medians are Google Benchmark's "median" aggregates; for a benchmark run without repetitions (no
    aggregates) the median of its iteration entries is used.
    """
    data = json.loads(path.read_text())
    runs: dict[str, list[dict[str, Any]]] = {}
    medians: dict[str, dict[str, float]] = {}
    cvs: dict[str, dict[str, float]] = {}
    for entry in data.get("benchmarks", []):
        if entry.get("error_occurred"):
            continue
        key = _key(entry)
        numeric = {k: float(v) for k, v in entry.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
        if entry.get("run_type") == "aggregate":
            if entry.get("aggregate_name") == "median":
                medians[key] = numeric
            elif entry.get("aggregate_name") == "cv":
                cvs[key] = numeric
        else:
            runs.setdefault(key, []).append(numeric)
    for key, entries in runs.items():
        if key in medians:
            continue
        names = set().union(*(e.keys() for e in entries))
        medians[key] = {n: statistics.median(e[n] for e in entries if n in e) for n in names}
    return medians, cvs, data.get("context", {})


def load_complexity(path: Path) -> dict[str, dict[str, Any]]:
    """The complexity fits of families run with Complexity(): {family: {"big_o": "lgN", "cpu_coefficient":
    ..., "real_coefficient": ..., "time_unit": "ns", "rms": 0.12}} (rms as a fraction)."""
    data = json.loads(path.read_text())
    fits: dict[str, dict[str, Any]] = {}
    for entry in data.get("benchmarks", []):
        aggregate = entry.get("aggregate_name")
        if entry.get("run_type") != "aggregate" or aggregate not in ("BigO", "RMS"):
            continue
        fit = fits.setdefault(_key(entry), {})
        if aggregate == "BigO":
            for field in ("big_o", "cpu_coefficient", "real_coefficient", "time_unit"):
                if field in entry:
                    fit[field] = entry[field]
        elif "rms" in entry:
            fit["rms"] = entry["rms"]
    return fits


def load_maxima(path: Path) -> dict[str, dict[str, float]]:
    """The largest value of each counter over a benchmark's individual runs (repetitions)."""
    data = json.loads(path.read_text())
    maxima: dict[str, dict[str, float]] = {}
    for entry in data.get("benchmarks", []):
        if entry.get("run_type") == "aggregate" or entry.get("error_occurred"):
            continue
        slot = maxima.setdefault(_key(entry), {})
        for k, v in entry.items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                slot[k] = max(slot.get(k, float(v)), float(v))
    return maxima


def load_results(path: Path) -> tuple[Results, dict[str, Any]]:
    """Everything the summary needs from one tactile-bench JSON file, and its context."""
    medians, cvs, context = load_medians(path)
    return Results(medians, cvs, load_complexity(path), load_maxima(path)), context


# ---- Summary -----------------------------------------------------------------------------------------

def summarize(medians: dict[str, dict[str, float]] | Results, cvs: dict[str, dict[str, float]] | None = None
              ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Returns (summary rows for summary.json, display rows with extra columns). Metrics whose Tactile
    benchmark did not run (e.g. excluded by --filter) are left out. Accepts a Results or bare medians."""
    results = medians if isinstance(medians, Results) else Results(medians, cvs or {}, {}, {})
    rows: list[dict[str, Any]] = []
    display: list[dict[str, Any]] = []
    for m in METRICS:
        if m.compute is not None:
            value, ref = m.compute(results)
        else:
            value = results.medians.get(m.benchmark, {}).get(m.counter)
            ref = (results.medians.get(m.reference, {}).get(m.reference_counter or m.counter)
                   if m.reference else None)
        if value is None:
            continue
        if m.unit == "count" and isinstance(value, float) and value.is_integer():
            value = int(value)
        lower = lower_is_better(m.budget, m.unit)
        numeric = isinstance(value, (int, float)) and isinstance(ref, (int, float))
        r = ratio(value, ref, lower) if (m.with_ratio and numeric) else None
        if m.ratio_counter is not None:
            r = results.medians.get(m.benchmark, {}).get(m.ratio_counter)
        row = {
            "metric": m.name,
            "value": round(value, 4) if isinstance(value, float) else value,
            "unit": m.unit,
            "reference": round(ref, 4) if isinstance(ref, float) else ref,
            "ratio": round(r, 3) if r is not None else None,
            "budget": m.budget,
            "pass": meets_budget(value, m.budget) if isinstance(value, (int, float)) else m.budget is None,
        }
        rows.append(row)
        cv = results.cvs.get(m.benchmark, {}).get(m.counter) if m.compute is None else None
        display.append(dict(row, reference_label=m.reference_label, cv=cv, lower_is_better=lower))
    return rows, display


def machine_warnings(medians: dict[str, dict[str, float]], steal_limit: float = 5.0,
                     share_limit: float = 0.9) -> list[str]:
    """Benchmarks whose median run was starved: the hypervisor stole more than `steal_limit` percent of the
    CPU time, or the always-busy threads got less than `share_limit` of a CPU each (other load)."""
    warnings = []
    for name in sorted(medians):
        counters = medians[name]
        steal = counters.get("steal_pct")
        share = counters.get("cpu_share")
        reasons = []
        if steal is not None and steal > steal_limit:
            reasons.append(f"{steal:.0f}% CPU stolen by the hypervisor")
        if share is not None and share < share_limit:
            reasons.append(f"busy threads got {share * 100:.0f}% of a CPU each")
        if reasons:
            warnings.append(f"{name}: {', '.join(reasons)}")
    return warnings


def fmt_number(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    magnitude = abs(value)
    if magnitude >= 1000:
        return f"{value:,.0f}"
    if magnitude >= 100:
        return f"{value:.1f}"
    if magnitude >= 10:
        return f"{value:.2f}"
    return f"{value:.3f}"


def table_cells(row: dict[str, Any]) -> list[str]:
    if row["budget"] is None:
        verdict = "-"
    else:
        verdict = "pass" if row["pass"] else "FAIL"
    cv = row.get("cv")
    return [
        row["metric"],
        f"{fmt_number(row['value'])} {row['unit']}".rstrip(),
        f"{fmt_number(row['reference'])} ({row.get('reference_label', '')})" if row["reference"] is not None else "-",
        f"{row['ratio']:.2f}x" if row["ratio"] is not None else "-",
        row["budget"] or "-",
        verdict,
        f"{cv * 100:.0f}%" if isinstance(cv, (int, float)) else "-",
    ]


HEADERS = ["metric", "value", "reference", "ratio", "budget", "pass", "cv"]
RATIO_NOTE = ("ratio > 1 means Tactile is better than its reference (reference/value for times, "
              "value/reference for throughput); values are medians over repetitions; cv = coefficient of "
              "variation of Tactile's figure across repetitions.")


def render_text_table(display: list[dict[str, Any]]) -> str:
    cells = [HEADERS] + [table_cells(r) for r in display]
    widths = [max(len(c[i]) for c in cells) for i in range(len(HEADERS))]
    lines = []
    for n, row in enumerate(cells):
        lines.append("  ".join(c.ljust(widths[i]) if i in (0, 2) else c.rjust(widths[i]) for i, c in enumerate(row)))
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def render_markdown(display: list[dict[str, Any]], header_lines: list[str]) -> str:
    out = list(header_lines)
    out.append("")
    out.append("| " + " | ".join(HEADERS) + " |")
    out.append("| " + " | ".join(["---", "---:", "---", "---:", "---", "---", "---:"]) + " |")
    for r in display:
        out.append("| " + " | ".join(c.replace("|", "\\|") for c in table_cells(r)) + " |")
    out.append("")
    out.append(f"_{RATIO_NOTE}_")
    return "\n".join(out) + "\n"
