"""The example plug-in (examples/plugin) installs as its own distribution into a fresh virtual
environment beside combat-cli, is found through its entry point, and plays from the CLI."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "examples" / "plugin"
IGNORE = shutil.ignore_patterns(".venv", "build", "*.egg-info", "__pycache__", "tests", ".git")


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with combat-cli and the plug-in installed from copies of the local tree
    (offline: no index; the dependencies and the build backend come from the running
    environment via a .pth)."""
    tmp = tmp_path_factory.mktemp("venv")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, tmp / name)
    for pkg in ("combat_cli", "rulesets/combat_rulesets"):
        shutil.copytree(ROOT / pkg, tmp / pkg, ignore=IGNORE)
    shutil.copytree(PLUGIN, tmp / "plugin", ignore=IGNORE)
    env_dir = tmp / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True)
    py = env_dir / "bin" / "python"
    purelib = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    Path(purelib, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    r = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q",
                        "--no-deps", "--no-index", "--no-build-isolation", str(tmp),
                        str(tmp / "plugin")], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return py


def combat(py: Path, *args: str, input: str | None = None, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COMBAT_RULESETS", "PYTHONPATH")}
    return subprocess.run([str(py), "-m", "combat_cli", *args], input=input, capture_output=True,
                          text=True, timeout=120, cwd=cwd, env=env)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX venv layout")
def test_example_plugin_installs_and_plays(venv: Path, tmp_path: Path) -> None:
    r = combat(venv, "rulesets", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "duel" in r.stdout and "d6" in r.stdout and "broken" not in r.stdout
    f = tmp_path / "f.json"
    assert combat(venv, "new", str(f), "--ruleset", "duel", cwd=tmp_path).returncode == 0
    script = "add Ann skill=3\nadd Orc defence=12 hp=20\nstart\nact Ann attack Orc\nstatus\n"
    r = combat(venv, "play", str(f), "--seed", "3", input=script, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Ann attacks Orc: " in r.stdout and " vs 12, " in r.stdout
    r = combat(venv, "play", str(f), input="damage Orc 25\nstatus\n", cwd=tmp_path)
    assert "Orc takes 25: 0 hp left" in r.stdout
    hr = tmp_path / "house.toml"
    hr.write_text('crit = "triple"\n')
    r = combat(venv, "new", str(tmp_path / "g.json"), "--ruleset", "duel", "--house-rules", str(hr),
               cwd=tmp_path)
    assert r.returncode != 0 and "crit is one of 'double' or 'none', not 'triple'" in r.stderr
