"""Tool installation and builds for perf/bench (stdlib only).

- ensure_tools(): installs cmake, ninja-build and libbenchmark-dev with apt-get when they are missing
  (apt_install() for other packages, e.g. valgrind for the callgrind scripts), and kiwisolver with pip.
- swift_build(): builds libtactile.so (`swift build -c release --product tactile`).
- cmake_build(): configures (once) and builds tactile-bench (or another target) with CMake + Ninja.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

BENCHMARK_HEADER = Path("/usr/include/benchmark/benchmark.h")


LOG_PREFIX = "perf/bench"  # the calling script's name, for log lines


def log(message: str) -> None:
    print(f"[{LOG_PREFIX}] {message}", flush=True)


def run(cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    """Runs a command with its output streamed; exits with its status on failure."""
    log("$ " + " ".join(cmd))
    try:
        result = subprocess.run(cmd, cwd=cwd, env=env)
    except FileNotFoundError:
        log(f"command not found: {cmd[0]}")
        sys.exit(127)
    if result.returncode != 0:
        log(f"command failed with exit code {result.returncode}: {' '.join(cmd)}")
        sys.exit(result.returncode)


def missing_packages() -> list[str]:
    """Debian packages the benchmark build needs that are not installed."""
    missing = []
    if shutil.which("cmake") is None:
        missing.append("cmake")
    if shutil.which("ninja") is None:
        missing.append("ninja-build")
    if not BENCHMARK_HEADER.exists():
        missing.append("libbenchmark-dev")
    return missing


def apt_install(packages: list[str], check=None) -> None:
    """Installs Debian `packages` with apt-get (one `apt-get update` first; sudo only when not root). `check()`
    returns what is still missing afterwards (default: nothing is checked)."""
    if not packages:
        return
    if shutil.which("apt-get") is None:
        log(f"missing {', '.join(packages)} and apt-get is not available: install them by hand")
        sys.exit(2)
    prefix: list[str] = []
    if os.geteuid() != 0:
        if shutil.which("sudo") is None:
            log(f"missing {', '.join(packages)}; not root and no sudo: install them by hand")
            sys.exit(2)
        prefix = ["sudo"]
    log(f"installing {', '.join(packages)} with apt-get")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(prefix + ["apt-get", "update"], env=env)
    run(prefix + ["apt-get", "install", "-y", "--no-install-recommends"] + packages, env=env)
    still = check() if check else []
    if still:
        log(f"still missing after apt-get install: {', '.join(still)}")
        sys.exit(2)


def ensure_tools() -> None:
    """Installs the missing build tools (cmake, ninja-build, libbenchmark-dev) with apt-get, and kiwisolver (the
    layout benchmarks' reference) with pip."""
    apt_install(missing_packages(), missing_packages)
    ensure_kiwisolver()


def ensure_kiwisolver() -> None:
    """kiwisolver (PyPI), the reference of layout.solve_1e3_us and layout.edit_us; without it those rows have no
    reference (a warning, not a failure)."""
    probe = subprocess.run([sys.executable, "-c", "import kiwisolver"], capture_output=True)
    if probe.returncode == 0:
        return
    log("installing kiwisolver with pip (the layout benchmarks' reference)")
    if subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "kiwisolver"]).returncode != 0:
        log("could not install kiwisolver: the layout rows will have no reference")


SWIFT_TOOLCHAIN_BIN = Path("/opt/swift/usr/bin")


def swift_build(root: Path) -> Path:
    """Builds libtactile.so and the object-model benchmark in release mode; returns their directory."""
    if shutil.which("swift") is None and (SWIFT_TOOLCHAIN_BIN / "swift").exists():
        # The toolchain's usual place, for shells whose PATH lacks it (CMake finds swiftc the same way).
        os.environ["PATH"] = f"{SWIFT_TOOLCHAIN_BIN}{os.pathsep}{os.environ.get('PATH', '')}"
    run(["swift", "build", "-c", "release", "--product", "tactile"], cwd=root)
    run(["swift", "build", "-c", "release", "--product", "tactile-objectmodel-bench"], cwd=root)
    lib_dir = root / ".build" / "release"
    if not (lib_dir / "libtactile.so").exists():
        log(f"swift build succeeded but {lib_dir / 'libtactile.so'} does not exist")
        sys.exit(2)
    return lib_dir


def cmake_build(root: Path, build_dir: Path, lib_dir: Path, target: str = "tactile-bench") -> Path:
    """Configures (when needed) and builds `target` (tactile-bench, or a profiling driver); returns the
    executable's path."""
    if not (build_dir / "build.ninja").exists():
        run(["cmake", "-S", str(root), "-B", str(build_dir), "-G", "Ninja",
             "-DCMAKE_BUILD_TYPE=Release", f"-DTACTILE_LIB_DIR={lib_dir}"])
    run(["cmake", "--build", str(build_dir), "--target", target])
    exe = build_dir / target
    if not exe.exists():
        log(f"build succeeded but {exe} does not exist")
        sys.exit(2)
    return exe
