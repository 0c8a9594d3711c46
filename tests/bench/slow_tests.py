"""Which tests are slow: run the suite with JUnit XML timings, then print tests/kinds.py's SLOW.

    python -m pytest -o junit_duration_report=total --junitxml=/tmp/t.xml tests
    python tests/bench/slow_tests.py /tmp/t.xml [more.xml ...] [--over 3]

A test function is slow if any of its parameters took more than ``--over`` seconds (setup and
teardown included).
"""

from __future__ import annotations

import argparse
import xml.etree.ElementTree as ET
from collections import defaultdict


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("xml", nargs="+")
    ap.add_argument("--over", type=float, default=3.0)
    args = ap.parse_args()
    most: dict[str, float] = defaultdict(float)
    total: dict[str, float] = defaultdict(float)
    for path in args.xml:
        for case in ET.parse(path).getroot().iter("testcase"):
            module = case.get("classname", "").split(".")
            key = f"{'/'.join(module[1:])}.py::{case.get('name', '').split('[')[0]}"
            took = float(case.get("time", 0))
            most[key] = max(most[key], took)
            total[key] += took
    slow = sorted(k for k in most if most[k] > args.over)
    for key in slow:
        print(f"    {key!r},  # {most[key]:.1f} s")
    every = sum(total.values())
    left = every - sum(total[k] for k in slow)
    print(f"# {len(most)} test functions, {every:.0f} s; {len(slow)} slow; the rest {left:.0f} s")


if __name__ == "__main__":
    main()
