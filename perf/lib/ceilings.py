"""Instruction ceilings (perf/ceilings.json): deterministic performance gates, checked by perf/check-ceilings.

Each entry names a profiling driver (callgrind.DRIVERS) and its arguments, a small configuration that runs in
seconds under callgrind, and holds the instructions per operation last recorded for it (`measured`, `date`)
and its `ceiling`: measured × the file's headroom (~1.25), rounded up to three significant digits. Checking
re-measures every entry and fails on any measurement above its ceiling; recording re-measures and rewrites
measured, ceiling and date (after a deliberate change in cost; review the diff).

  {"headroom": 1.25, "entries": [{"name": "hittest.grid_1e4", "what": "...", "driver": "hittest",
    "args": ["--scene", "grid", ...], "measured": 566.7, "ceiling": 709, "date": "2026-11-22"}, ...]}
"""
from __future__ import annotations

import datetime
import json
import math
from dataclasses import dataclass
from pathlib import Path

import callgrind


@dataclass
class Entry:
    name: str
    what: str
    driver: str
    args: list[str]
    measured: float | None = None
    ceiling: int | None = None
    date: str | None = None

    @property
    def unit(self) -> str:
        return f"instr/{callgrind.DRIVERS[self.driver].op}"


@dataclass
class Result:
    entry: Entry
    measured: float   # this run's instructions per operation
    seconds: float    # under valgrind

    @property
    def passed(self) -> bool:
        return self.entry.ceiling is not None and self.measured <= self.entry.ceiling


def load(path: Path) -> tuple[dict, list[Entry]]:
    """The file's JSON (to write back) and its entries."""
    data = json.loads(path.read_text())
    entries = [Entry(e["name"], e["what"], e["driver"], list(e["args"]), e.get("measured"), e.get("ceiling"),
                     e.get("date")) for e in data["entries"]]
    for e in entries:
        if e.driver not in callgrind.DRIVERS:
            raise ValueError(f"{path}: {e.name}: unknown driver {e.driver!r}")
    return data, entries


def measure(entries: list[Entry], workdir: Path) -> list[Result]:
    results = []
    for entry in entries:
        run = callgrind.run(callgrind.DRIVERS[entry.driver], entry.args, workdir, entry.name)
        results.append(Result(entry, run.ir_per_op, run.seconds))
    return results


def ceiling_for(measured: float, headroom: float) -> int:
    """measured × headroom, rounded up to three significant digits."""
    value = measured * headroom
    step = 10 ** max(0, math.floor(math.log10(value)) - 2)
    return int(math.ceil(value / step) * step)


def record(path: Path, data: dict, results: list[Result]) -> None:
    """Writes each result as its entry's new measurement and ceiling (dated today)."""
    today = datetime.date.today().isoformat()
    by_name = {r.entry.name: r for r in results}
    for e in data["entries"]:
        r = by_name.get(e["name"])
        if r:
            e["measured"] = round(r.measured, 1)
            e["ceiling"] = ceiling_for(r.measured, data["headroom"])
            e["date"] = today
    path.write_text(dumps(data))


def dumps(data: dict) -> str:
    """The file's JSON, an entry's fields one per line (its args on one line: short diffs)."""
    def block(fields: dict, indent: str) -> str:
        return ",\n".join(f"{indent}{json.dumps(k)}: {json.dumps(v)}" for k, v in fields.items())
    top = {k: v for k, v in data.items() if k != "entries"}
    entries = ",\n".join("    {\n" + block(e, " " * 6) + "\n    }" for e in data["entries"])
    return "{\n" + block(top, "  ") + ',\n  "entries": [\n' + entries + "\n  ]\n}\n"
