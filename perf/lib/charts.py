"""Hand-written SVG charts from tactile-bench's Google Benchmark JSON (stdlib only; no matplotlib needed).

- hittest_scaling_svg(): ns per hit-test query against the number of views N, log-log, Tactile's packed tree
  (tactile_hit_test) beside the naive reference tree, on GRID_OF_GRIDS scenes; budgets drawn as markers.
- latency_distribution_svg(): p50 / p99 / p99.9 / max post-to-handler latency per variant (spinning and
  parked consumers, Tactile and references) as grouped bars on a log scale, with the p99 budgets.
- write_charts(): both, from a raw JSON file into a results directory; returns the paths written.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import summary

FONT = "font-family='DejaVu Sans, Helvetica, Arial, sans-serif'"
COLORS = {"tactile": "#1f6fd1", "reference": "#d1561f", "batch": "#5aa0f0", "budget": "#2a9d3a",
          "p50": "#7fb3ef", "p99": "#1f6fd1", "p999": "#123f7a", "max": "#9a9a9a"}


def _fmt_tick(value: float) -> str:
    if value >= 1000:
        return f"{value:,.0f}"
    return f"{value:g}"


def _power_of_ten(exponent: int) -> str:
    """"10" with a superscript exponent (SVG tspan), for axis ticks."""
    return f"10<tspan dy='-6' font-size='9'>{exponent}</tspan>"


class LogAxes:
    """A plot area with log10 scales on both axes (or log y and a categorical x)."""

    def __init__(self, width: int, height: int, left: int, right: int, top: int, bottom: int,
                 y_range: tuple[float, float], x_range: tuple[float, float] | None = None,
                 x_pad_decades: tuple[float, float] = (0.0, 0.0)) -> None:
        self.width, self.height = width, height
        self.x0, self.x1 = left, width - right
        self.y0, self.y1 = top, height - bottom
        self.ylo, self.yhi = math.log10(y_range[0]), math.log10(y_range[1])
        if x_range:
            # Ticks go on the decades of x_range; the plotted span is padded so end points keep their labels.
            self.xtick_lo, self.xtick_hi = round(math.log10(x_range[0])), round(math.log10(x_range[1]))
            self.xlo = math.log10(x_range[0]) - x_pad_decades[0]
            self.xhi = math.log10(x_range[1]) + x_pad_decades[1]

    def x(self, value: float) -> float:
        return self.x0 + (math.log10(value) - self.xlo) / (self.xhi - self.xlo) * (self.x1 - self.x0)

    def y(self, value: float) -> float:
        return self.y1 - (math.log10(value) - self.ylo) / (self.yhi - self.ylo) * (self.y1 - self.y0)


def _decades(lo: float, hi: float) -> tuple[float, float]:
    """The enclosing powers of ten of [lo, hi]."""
    return 10 ** math.floor(math.log10(lo)), 10 ** math.ceil(math.log10(hi))


def _y_grid(ax: LogAxes, parts: list[str], label: str) -> None:
    lo, hi = round(ax.ylo), round(ax.yhi)
    for e in range(lo, hi + 1):
        v = 10.0 ** e
        y = ax.y(v)
        parts.append(f"<line x1='{ax.x0}' y1='{y:.1f}' x2='{ax.x1}' y2='{y:.1f}' stroke='#d0d0d0'/>")
        parts.append(f"<text x='{ax.x0 - 6}' y='{y + 4:.1f}' text-anchor='end' font-size='12' {FONT}>"
                     f"{escape(_fmt_tick(v))}</text>")
        if e < hi:
            for m in range(2, 10):
                ym = ax.y(v * m)
                parts.append(f"<line x1='{ax.x0}' y1='{ym:.1f}' x2='{ax.x1}' y2='{ym:.1f}' stroke='#f0f0f0'/>")
    cy = (ax.y0 + ax.y1) / 2
    parts.append(f"<text x='16' y='{cy:.0f}' text-anchor='middle' font-size='13' {FONT} "
                 f"transform='rotate(-90 16 {cy:.0f})'>{escape(label)}</text>")


def _frame(ax: LogAxes, parts: list[str]) -> None:
    parts.append(f"<rect x='{ax.x0}' y='{ax.y0}' width='{ax.x1 - ax.x0}' height='{ax.y1 - ax.y0}' "
                 "fill='none' stroke='#606060'/>")


def _svg(width: int, height: int, parts: list[str]) -> str:
    return ("<?xml version='1.0' encoding='UTF-8'?>\n"
            f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
            f"viewBox='0 0 {width} {height}'>\n<rect width='100%' height='100%' fill='white'/>\n"
            + "\n".join(parts) + "\n</svg>\n")


def _series(medians: dict[str, dict[str, float]], family: str, counter: str) -> list[tuple[float, float]]:
    points = []
    for key, values in medians.items():
        base, _, arg = key.partition("/")
        if base == family and arg.isdigit() and values.get(counter, 0) > 0:
            points.append((float(values.get("views", float(arg))), values[counter]))
    return sorted(points)


def hittest_scaling_svg(medians: dict[str, dict[str, float]], complexity: dict[str, dict[str, Any]],
                        subtitle: str = "") -> str | None:
    """The log-log scaling chart, or None when the JSON has no GRID_OF_GRIDS hit-test results."""
    series = [
        ("tactile_hit_test (packed tree)", "tactile", _series(medians, "hittest.grid.tactile", "ns_per_query"),
         complexity.get("hittest.grid.tactile", {}).get("big_o")),
        ("tactile_hit_test_batch, per point", "batch",
         _series(medians, "hittest.grid_batch.tactile", "ns_per_query"), None),
        ("naive UIKit-style object tree", "reference",
         _series(medians, "hittest.grid.reference", "ns_per_query"),
         complexity.get("hittest.grid.reference", {}).get("big_o")),
    ]
    series = [s for s in series if s[2]]
    if not series:
        return None
    budgets = [(1e4, 100.0), (1e6, 1000.0)]
    xs = [x for _, _, pts, _ in series for x, _ in pts]
    ys = [y for _, _, pts, _ in series for _, y in pts] + [b for _, b in budgets]
    width, height = 760, 480
    ax = LogAxes(width, height, 80, 20, 56, 110, _decades(min(ys) / 1.3, max(ys) * 1.3),
                 _decades(min(xs), max(xs)), x_pad_decades=(0.2, 0.45))
    parts = [f"<text x='{width / 2}' y='24' text-anchor='middle' font-size='16' font-weight='bold' {FONT}>"
             "Hit-test latency vs. views (GRID_OF_GRIDS, log-log)</text>"]
    if subtitle:
        parts.append(f"<text x='{width / 2}' y='42' text-anchor='middle' font-size='11' fill='#555' {FONT}>"
                     f"{escape(subtitle)}</text>")
    _y_grid(ax, parts, "ns per query (median)")
    for e in range(ax.xtick_lo, ax.xtick_hi + 1):
        x = ax.x(10.0 ** e)
        parts.append(f"<line x1='{x:.1f}' y1='{ax.y0}' x2='{x:.1f}' y2='{ax.y1}' stroke='#d0d0d0'/>")
        parts.append(f"<text x='{x:.1f}' y='{ax.y1 + 20}' text-anchor='middle' font-size='12' {FONT}>"
                     f"{_power_of_ten(e)}</text>")
    parts.append(f"<text x='{(ax.x0 + ax.x1) / 2:.0f}' y='{ax.y1 + 38}' text-anchor='middle' font-size='13' "
                 f"{FONT}>views in the scene (N)</text>")
    _frame(ax, parts)
    for n, budget in budgets:
        x, y = ax.x(n), ax.y(budget)
        parts.append(f"<line x1='{x - 14:.1f}' y1='{y:.1f}' x2='{x + 14:.1f}' y2='{y:.1f}' "
                     f"stroke='{COLORS['budget']}' stroke-width='3'/>")
        parts.append(f"<text x='{x - 17:.1f}' y='{y + 15:.1f}' text-anchor='end' font-size='11' "
                     f"fill='{COLORS['budget']}' stroke='white' stroke-width='3' paint-order='stroke' {FONT}>"
                     f"budget {budget:g} ns</text>")
    for label, color_key, points, _ in series:
        color = COLORS[color_key]
        dash = " stroke-dasharray='5 4'" if color_key == "batch" else ""
        path = " ".join(f"{'M' if i == 0 else 'L'}{ax.x(x):.1f},{ax.y(y):.1f}" for i, (x, y) in enumerate(points))
        parts.append(f"<path d='{path}' fill='none' stroke='{color}' stroke-width='2.5'{dash}/>")
        for x, y in points:
            parts.append(f"<circle cx='{ax.x(x):.1f}' cy='{ax.y(y):.1f}' r='4' fill='{color}'>"
                         f"<title>{escape(label)}: N={x:,.0f}, {y:,.1f} ns</title></circle>")
            dy = 16 if color_key == "batch" else -7  # batch labels below their points, the others above
            parts.append(f"<text x='{ax.x(x) + 6:.1f}' y='{ax.y(y) + dy:.1f}' font-size='10' fill='{color}' "
                         f"{FONT}>{y:,.0f}</text>")
    ly = ax.y1 + 58
    lx = ax.x0
    for label, color_key, _, big_o in series:
        text = label + (f" — fit O({big_o})" if big_o else "")
        parts.append(f"<line x1='{lx}' y1='{ly - 4}' x2='{lx + 24}' y2='{ly - 4}' stroke='{COLORS[color_key]}' "
                     f"stroke-width='3'/>")
        parts.append(f"<text x='{lx + 30}' y='{ly}' font-size='12' {FONT}>{escape(text)}</text>")
        ly += 17
    return _svg(width, height, parts)


LATENCY_VARIANTS = [
    ("latency.spin.tactile", "spin: Tactile", 1.0),
    ("latency.spin.mutex_deque", "spin: mutex+deque", None),
    ("latency.parked.tactile_live", "parked: Tactile live", 50.0),
    ("latency.parked.dispatch", "parked: Dispatch", None),
]
PERCENTILES = [("p50_us", "p50", "p50"), ("p99_us", "p99", "p99"), ("p999_us", "p99.9", "p999"),
               ("max_us", "max", "max")]


def latency_distribution_svg(medians: dict[str, dict[str, float]], subtitle: str = "") -> str | None:
    """Grouped bars of the latency percentiles per variant, or None without latency results."""
    variants = [(key, label, budget) for key, label, budget in LATENCY_VARIANTS
                if any(medians.get(key, {}).get(c, 0) > 0 for c, _, _ in PERCENTILES)]
    if not variants:
        return None
    values = [medians[k][c] for k, _, _ in variants for c, _, _ in PERCENTILES if medians[k].get(c, 0) > 0]
    values += [b for _, _, b in variants if b]
    width, height = 760, 460
    ax = LogAxes(width, height, 80, 30, 56, 90, _decades(min(values) / 1.5, max(values) * 1.5))
    parts = [f"<text x='{width / 2}' y='24' text-anchor='middle' font-size='16' font-weight='bold' {FONT}>"
             "Post-to-handler latency (medians over repetitions, log scale)</text>"]
    if subtitle:
        parts.append(f"<text x='{width / 2}' y='42' text-anchor='middle' font-size='11' fill='#555' {FONT}>"
                     f"{escape(subtitle)}</text>")
    _y_grid(ax, parts, "latency (µs)")
    _frame(ax, parts)
    group_w = (ax.x1 - ax.x0) / len(variants)
    bar_w = group_w * 0.8 / len(PERCENTILES)
    base_y = ax.y1
    for g, (key, label, budget) in enumerate(variants):
        gx = ax.x0 + g * group_w + group_w * 0.1
        for i, (counter, plabel, color_key) in enumerate(PERCENTILES):
            v = medians[key].get(counter, 0)
            if v <= 0:
                continue
            top = max(ax.y0, ax.y(v))
            x = gx + i * bar_w
            parts.append(f"<rect x='{x:.1f}' y='{top:.1f}' width='{bar_w - 2:.1f}' height='{base_y - top:.1f}' "
                         f"fill='{COLORS[color_key]}'><title>{escape(label)} {plabel}: {v:,.3f} µs</title></rect>")
            parts.append(f"<text x='{x + (bar_w - 2) / 2:.1f}' y='{top - 4:.1f}' text-anchor='middle' "
                         f"font-size='9' {FONT}>{summary.fmt_number(v)}</text>")
        if budget:
            y = ax.y(budget)
            parts.append(f"<line x1='{gx - 4:.1f}' y1='{y:.1f}' x2='{gx + group_w * 0.8 + 2:.1f}' y2='{y:.1f}' "
                         f"stroke='{COLORS['budget']}' stroke-width='2' stroke-dasharray='6 3'/>")
            parts.append(f"<text x='{gx + group_w * 0.8 + 2:.1f}' y='{y - 4:.1f}' text-anchor='end' font-size='10' "
                         f"fill='{COLORS['budget']}' stroke='white' stroke-width='3' paint-order='stroke' "
                         f"{FONT}>p99 budget {budget:g} µs</text>")
        parts.append(f"<text x='{gx + group_w * 0.4:.1f}' y='{base_y + 18}' text-anchor='middle' font-size='12' "
                     f"{FONT}>{escape(label)}</text>")
    lx = ax.x0
    ly = height - 30
    for _, plabel, color_key in PERCENTILES:
        parts.append(f"<rect x='{lx}' y='{ly - 10}' width='14' height='12' fill='{COLORS[color_key]}'/>")
        parts.append(f"<text x='{lx + 19}' y='{ly}' font-size='12' {FONT}>{plabel}</text>")
        lx += 80
    return _svg(width, height, parts)


def write_charts(raw_json: Path, results_dir: Path, subtitle: str = "") -> list[Path]:
    """Writes hittest-scaling.svg and latency-distribution.svg (each when its data is present)."""
    results, _ = summary.load_results(raw_json)
    written = []
    scaling = hittest_scaling_svg(results.medians, results.complexity, subtitle)
    if scaling:
        path = results_dir / "hittest-scaling.svg"
        path.write_text(scaling)
        written.append(path)
    latency = latency_distribution_svg(results.medians, subtitle)
    if latency:
        path = results_dir / "latency-distribution.svg"
        path.write_text(latency)
        written.append(path)
    return written
