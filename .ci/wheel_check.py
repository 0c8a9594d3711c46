"""Check the built wheel and sdist in the folder given (see .ci/wheel-check). Exit 1 naming every
problem found."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

PACKAGES = ("combat_cli", "rulesets")
RULESETS = ("d6", "storypath", "d12", "czech_pool")


def tracked(root: Path) -> set[str]:
    """The files of the packages as git knows them (or as they lie on disk, without git)."""
    try:
        out = subprocess.run(["git", "ls-files", *PACKAGES], cwd=root, capture_output=True,
                             text=True, check=True).stdout
        return {line for line in out.splitlines() if line}
    except (OSError, subprocess.CalledProcessError):
        return {str(p.relative_to(root)) for pkg in PACKAGES for p in (root / pkg).rglob("*")
                if p.is_file() and "__pycache__" not in p.parts}


def check_wheel(wheel: Path, expected: set[str]) -> list[str]:
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {n for n in names if n.split("/")[0] in PACKAGES}
    problems = [f"wheel: {n} is not a tracked file (stale?)" for n in sorted(shipped - expected)]
    problems += [f"wheel: {n} is missing" for n in sorted(expected - shipped)]
    for rs in RULESETS:
        for data in ("tables.toml", "README.md"):
            if f"rulesets/{rs}/{data}" not in names:
                problems.append(f"wheel: rulesets/{rs}/{data} is missing")
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
    for needle in ("combat = combat_cli.cli:main", *(f"{rs} = rulesets.{rs}:RULESET" for rs in RULESETS)):
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
