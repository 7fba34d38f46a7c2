"""Callgrind runs of Tactile's profiling drivers, and what they counted (stdlib only).

A driver (Benchmarks/*_profile.cpp; conventions in Benchmarks/profile_support.hpp) runs its counted work in
one function, which it calls three times: warm-up, a timed native pass, the counted pass. run() starts it under
`valgrind --tool=callgrind` with only that function counted (--toggle-collect; with valgrind's client requests
compiled in, instrumentation is also switched on only around the last pass) and returns a Profile: callgrind's
instruction total, divided into instructions per operation (per hit-test query, per routed touch sample) with
the driver's `counted_ops`. top_functions() reads the profile with callgrind_annotate, Swift names demangled.

- ensure_valgrind(): installs valgrind with apt-get when it is missing.
- build(): builds libtactile.so and the drivers' CMake targets (or checks they exist, with no_build).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import toolchain
from toolchain import log

ROOT = Path(__file__).resolve().parent.parent.parent
BUILD_DIR = ROOT / "build"


@dataclass(frozen=True)
class Driver:
    """A profiling driver: its CMake target (build/<target>) or SwiftPM release product (.build/release/<target>,
    `swift_product`), its counted function, what one operation is."""
    target: str
    loop: str
    op: str
    swift_product: bool = False

    @property
    def executable(self) -> Path:
        return (ROOT / ".build" / "release" if self.swift_product else BUILD_DIR) / self.target


HITTEST = Driver("tactile-hittest-profile", "tactile_profile_query_loop", "query")
ROUTE = Driver("tactile-route-profile", "tactile_route_profile_loop", "sample")
LAYOUT = Driver("tactile-layout-profile", "tactile_layout_profile_loop", "edit")
# The UIKit route path (queue → run loop → router → UIApplication → UIWindow → touchesMoved), in the object-model
# benchmark (Sources/TactileObjectModelBench, `--route-profile`), which toolchain.swift_build builds.
OBJECTMODEL_ROUTE = Driver("tactile-objectmodel-bench", "tactile_objectmodel_route_profile_loop", "sample", swift_product=True)
DRIVERS = {"hittest": HITTEST, "route": ROUTE, "layout": LAYOUT, "objectmodel-route": OBJECTMODEL_ROUTE}
# The drivers' --scene names of the standard scenes (tactile_scene_kind).
SCENES = {"grid": "GRID_OF_GRIDS", "phone": "PHONE", "list": "LIST", "random": "RANDOM"}


def ensure_valgrind() -> None:
    def missing() -> list[str]:
        return [] if shutil.which("valgrind") and shutil.which("callgrind_annotate") else ["valgrind"]
    toolchain.apt_install(missing(), missing)


def build(drivers: list[Driver], no_build: bool = False) -> None:
    """Builds the release libtactile.so and the drivers (incrementally); with no_build only checks that the
    executables exist."""
    if no_build:
        for driver in drivers:
            if not driver.executable.exists():
                log(f"--no-build: {driver.executable.relative_to(ROOT)} does not exist; run without --no-build once")
                sys.exit(2)
        return
    toolchain.ensure_tools()
    lib_dir = toolchain.swift_build(ROOT)
    for driver in drivers:
        if not driver.swift_product:
            toolchain.cmake_build(ROOT, BUILD_DIR, lib_dir, driver.target)


def valgrind_version() -> str:
    return subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()


# ---- Running ------------------------------------------------------------------------------------------

class Profile:
    """One callgrind run of a driver."""

    def __init__(self, driver: Driver, args: list[str], out_file: Path, info: dict[str, str], seconds: float):
        self.driver, self.args, self.out_file, self.info, self.seconds = driver, args, out_file, info, seconds
        self.total_ir = read_total_ir(out_file)
        # With client requests only the last of the driver's three passes is instrumented; without them
        # --toggle-collect counts all three (warm-up, timed native pass, counted pass).
        self.loop_calls = 1 if info.get("client_requests") == "1" else 3
        self.ops = int(info["counted_ops"]) * self.loop_calls
        self.ir_per_op = self.total_ir / self.ops


def callgrind_command(driver: Driver, client_requests: bool = True) -> list[str]:
    cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no"]
    if client_requests:
        cmd.append("--instr-atstart=no")
    return cmd + [f"--toggle-collect={driver.loop}"]


def run(driver: Driver, args: list[str], workdir: Path, name: str) -> Profile:
    """Runs build/<driver> `args` under callgrind (output in workdir/callgrind.<name>.out). Exits with the
    driver's status when it fails (3: the library disagreed with its reference)."""
    exe = driver.executable
    out_file = workdir / f"callgrind.{name}.out"
    config = subprocess.run([str(exe), "--print-config"], capture_output=True, text=True)
    cmd = callgrind_command(driver, "client_requests=1" in config.stdout)
    cmd += [f"--callgrind-out-file={out_file}", str(exe)] + args
    log("$ " + " ".join(cmd))
    # Swift seeds its hasher per process; a fixed seed keeps Dictionary/Set work the same from run to run.
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    started = time.monotonic()
    result = subprocess.run(cmd, capture_output=True, text=True, env=env)
    seconds = time.monotonic() - started
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        code = result.returncode
        log(f"{driver.target} failed with exit code {code}" +
            (" (the library disagrees with its reference)" if code == 3 else ""))
        sys.exit(code if code > 0 else 1)
    return Profile(driver, args, out_file, key_values(result.stdout), seconds)


def key_values(text: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line and not line.startswith("=="))


def read_total_ir(out_file: Path) -> int:
    total = None
    for line in out_file.read_text(errors="replace").splitlines():
        if line.startswith("totals:") or (line.startswith("summary:") and total is None):
            value = int(line.split(":", 1)[1].split()[0])
            if line.startswith("totals:") or value > 0:
                total = value
    if not total:
        raise RuntimeError(f"no instruction total in {out_file}")
    return total


# ---- callgrind_annotate -------------------------------------------------------------------------------

_LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)$")


def demangle(names: list[str]) -> list[str]:
    """Swift names demangled (swift demangle --simplified), others unchanged."""
    swift = shutil.which("swift") or ("/opt/swift/usr/bin/swift" if Path("/opt/swift/usr/bin/swift").exists() else None)
    if not swift or not names:
        return names
    try:
        out = subprocess.run([swift, "demangle", "--simplified"], input="\n".join(names) + "\n",
                             capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return names
    lines = out.stdout.splitlines()
    return lines if out.returncode == 0 and len(lines) == len(names) else names


def top_functions(profile: Profile, inclusive: bool, top: int) -> list[tuple[float, float, str, str]]:
    """[(instructions per operation, percent of the total, function, object)] from callgrind_annotate, the
    same function's lines (split by source file after inlining) added together."""
    cmd = ["callgrind_annotate", f"--inclusive={'yes' if inclusive else 'no'}", "--threshold=100", "--auto=no",
           str(profile.out_file)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        log(f"callgrind_annotate failed: {out.stderr.strip()}")
        return []
    entries: list[tuple[int, str, str]] = []
    in_table = False
    for line in out.stdout.splitlines():
        if "file:function" in line:
            in_table = True
            continue
        if not in_table:
            continue
        if line.startswith("--") and entries:
            break  # the end of the function table (annotated source may follow)
        m = _LINE.match(line)
        if not m or "PROGRAM TOTALS" in line:
            continue
        ir = int(m.group(1).replace(",", ""))
        rest = m.group(2)
        obj = ""
        if rest.endswith("]") and " [" in rest:
            rest, obj = rest[:-1].rsplit(" [", 1)
        function = rest.split(":", 1)[1] if ":" in rest else rest
        entries.append((ir, function.strip(), Path(obj).name if obj else ""))
    names = demangle([f for _, f, _ in entries])
    # callgrind_annotate names an object only where it changes, and splits a function by source file after
    # inlining: add the pieces of one function together (inclusive: take the largest), keep its object.
    by_function: dict[str, int] = defaultdict(int)
    objects: dict[str, str] = {}
    for (ir, _, obj), name in zip(entries, names):
        name = re.sub(r"\s+", " ", name)
        name = re.sub(r"'\d+$", "", name)  # callgrind's recursion levels (search'2) count as the function
        if inclusive:
            by_function[name] = max(by_function[name], ir)
        else:
            by_function[name] += ir
        if obj and not objects.get(name):
            objects[name] = obj
    rows = sorted(by_function.items(), key=lambda kv: -kv[1])[:top]
    return [(ir / profile.ops, 100.0 * ir / profile.total_ir, name, objects.get(name, "")) for name, ir in rows]
