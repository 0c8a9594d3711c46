"""Check the built wheel and sdist in the folder given (see .ci/wheel-check). Exit 1 naming every
problem found."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

SOURCES = {"combat_cli": "combat_cli", "rulesets/combat_rulesets": "combat_rulesets"}
"""Each package's folder in the source tree, and its name in the wheel."""
PACKAGES = tuple(SOURCES.values())
RULESETS = ("d6", "storypath", "d12", "czech_pool")


def tracked(root: Path) -> set[str]:
    """The files of the packages as git knows them (or as they lie on disk, without git), named
    as they are in the wheel."""
    try:
        out = subprocess.run(["git", "ls-files", *SOURCES], cwd=root, capture_output=True,
                             text=True, check=True).stdout
        found = {line for line in out.splitlines() if line}
    except (OSError, subprocess.CalledProcessError):
        found = {p.relative_to(root).as_posix() for src in SOURCES for p in (root / src).rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts}
    return {in_wheel(f) for f in found}


def in_wheel(path: str) -> str:
    for src, name in SOURCES.items():
        if path.startswith(src + "/"):
            return name + path[len(src):]
    return path


def check_wheel(wheel: Path, expected: set[str]) -> list[str]:
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {n for n in names if n.split("/")[0] in PACKAGES}
    problems = [f"wheel: {n} is not a tracked file (stale?)" for n in sorted(shipped - expected)]
    problems += [f"wheel: {n} is missing" for n in sorted(expected - shipped)]
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    problems += [f"wheel: top-level {t!r} is not one of {PACKAGES}" for t in sorted(tops - set(PACKAGES))]
    for rs in RULESETS:
        for data in ("tables.toml", "README.md"):
            if f"combat_rulesets/{rs}/{data}" not in names:
                problems.append(f"wheel: combat_rulesets/{rs}/{data} is missing")
    info = next((n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA")), None)
    if info is None:
        return [*problems, "wheel: no METADATA"]
    meta = zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode()
    for needle in ("License-Expression: MIT", "Author:", "Classifier:", "Requires-Dist: platformdirs"):
        if needle not in meta:
            problems.append(f"wheel: METADATA lacks {needle!r}")
    if f"{info}/licenses/LICENSE" not in names:
        problems.append("wheel: the licence file is missing")
    entry = zipfile.ZipFile(wheel).read(f"{info}/entry_points.txt").decode()
    for needle in ("combat = combat_cli.cli:main", *(f"{rs} = combat_rulesets.{rs}:RULESET" for rs in RULESETS)):
        if needle not in entry:
            problems.append(f"wheel: entry point {needle!r} is missing")
    if any("__pycache__" in n or n.endswith(".pyc") for n in names):
        problems.append("wheel: carries compiled files")
    return problems


def check_sdist(sdist: Path) -> list[str]:
    names = {n.split("/", 1)[1] for n in tarfile.open(sdist).getnames() if "/" in n}
    need = ["LICENSE", "README.md", "pyproject.toml", "tests/conftest.py",
            "tests/plugins/toyrules/__init__.py", "examples/d6.toml"]
    return [f"sdist: {n} is missing" for n in need if n not in names]


def main(folder: str) -> int:
    out, root = Path(folder), Path(__file__).resolve().parent.parent
    wheels, sdists = list(out.glob("*.whl")), list(out.glob("*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        print(f"wheel-check: expected one wheel and one sdist in {out}", file=sys.stderr)
        return 1
    problems = check_wheel(wheels[0], tracked(root)) + check_sdist(sdists[0])
    for p in problems:
        print(f"wheel-check: {p}", file=sys.stderr)
    if not problems:
        print(f"wheel-check: {wheels[0].name} and {sdists[0].name} carry what they should")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
