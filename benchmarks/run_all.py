"""Run every benchmark in this folder, one after the other, and report which met its target.

    .venv/bin/python benchmarks/run_all.py            # all of them
    .venv/bin/python benchmarks/run_all.py lab server # only those whose name contains a word

Each benchmark is a script that prints its figures and exits non-zero when it misses its
target; this runner prints a closing line per benchmark and exits non-zero when any missed.
Figures and the commands that made them are recorded in docs/performance.md.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    """Run the benchmarks named by ``argv`` (substrings; none = all); returns the exit status."""
    scripts = sorted(p for p in HERE.glob("bench_*.py") if not argv or any(w in p.stem for w in argv))
    if not scripts:
        print(f"no benchmark matches {argv}", file=sys.stderr)
        return 2
    outcomes = []
    for script in scripts:
        print(f"\n=== {script.name} ===", flush=True)
        start = time.perf_counter()
        code = subprocess.call([sys.executable, str(script)])
        outcomes.append((script.name, code, time.perf_counter() - start))
    print("\nbenchmark                   status        seconds")
    for name, code, seconds in outcomes:
        status = "met target" if code == 0 else f"MISSED ({code})"
        print(f"{name:<27} {status:<13} {seconds:7.1f}")
    return 0 if all(code == 0 for _, code, _ in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
