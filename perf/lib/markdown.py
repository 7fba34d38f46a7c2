"""Markdown pieces of the perf reports (stdlib only): tables, the function tables of a callgrind profile, the
reproduce-by-hand block, the revision and time stamps."""
from __future__ import annotations

import datetime
import subprocess
from pathlib import Path

import callgrind

ROOT = callgrind.ROOT


def table(header: list[str], align: str, rows: list[list[str]]) -> list[str]:
    """A markdown table; `align` has one letter per column: l (left) or r (right)."""
    rule = ["---:" if a == "r" else "---" for a in align]
    return ["| " + " | ".join(cells) + " |" for cells in [header, rule] + rows]


def short(name: str, limit: int = 110) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def function_table(profile: callgrind.Profile, inclusive: bool, top: int) -> list[str]:
    """The profile's top functions (self, or inclusive for the call path) per operation."""
    op = profile.driver.op
    rows = [[f"{ir:,.1f}", f"{pct:.1f}%", f"`{short(name)}`", obj]
            for ir, pct, name, obj in callgrind.top_functions(profile, inclusive, top)]
    return table([f"instr/{op}", "share", "function", "object"], "rrll", rows)


def reproduce(profile: callgrind.Profile) -> list[str]:
    """How to run one profile by hand (the command the script ran)."""
    driver = profile.driver
    return ["Reproduce one run by hand (the same command the script ran):", "", "```",
            " ".join(callgrind.callgrind_command(driver)) + " \\",
            f"    {driver.executable.relative_to(callgrind.ROOT)} " + " ".join(profile.args),
            "callgrind_annotate callgrind.out.<pid> | swift demangle --simplified", "```", ""]


def git_revision() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
        rev = out.stdout.strip() or "uncommitted"
        # The run's own outputs (perf/results) do not make the measured code dirty.
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!perf/results"],
                               cwd=ROOT, capture_output=True, text=True).stdout.strip()
        return rev + ("+dirty" if dirty else "")
    except OSError:
        return "unknown"


def utc_now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def relative(path: Path) -> Path:
    """`path` relative to the repository when it is inside it, for log lines."""
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
