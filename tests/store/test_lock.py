from __future__ import annotations

import os

import pytest

from combat_cli.store.savefile import Lock, SaveError


@pytest.mark.parametrize("backend", ["flock", "filelock"])
def test_lock_refuses_a_second_player_under_any_name(tmp_path, backend):
    path = tmp_path / "f.json"
    path.write_text("{}")
    (tmp_path / "link.json").symlink_to("f.json")
    with Lock(path, backend):
        for other in (path, tmp_path / "link.json", tmp_path / "." / "f.json"):
            for b in ("flock", "filelock"):
                if b != backend:
                    continue  # the two backends are for two platforms: never mixed
                with pytest.raises(SaveError, match="in use"):
                    with Lock(other, b):
                        pass
    with Lock(tmp_path / "link.json", backend):
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json", "link.json"]


def test_a_lock_left_by_a_killed_player_is_no_lock(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "f.json"
    path.write_text("{}")
    code = ("import os, sys, time\nfrom pathlib import Path\nfrom combat_cli.store.savefile import Lock\n"
            f"l = Lock(Path({str(path)!r})).__enter__()\nprint('held', flush=True)\ntime.sleep(60)")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "held"
    with pytest.raises(SaveError, match="in use"):
        with Lock(path):
            pass
    p.kill()
    p.wait()
    p.stdout.close()
    assert (tmp_path / "f.json.lock").exists()  # the file is left, the lock is not
    with Lock(path):
        pass


def test_hard_links_and_read_only_files_are_refused(tmp_path):
    path = tmp_path / "f.json"
    path.write_text("{}")
    os.link(path, tmp_path / "g.json")
    with pytest.raises(SaveError, match="2 names"):
        with Lock(path):
            pass
    os.unlink(tmp_path / "g.json")
    os.chmod(path, 0o444)
    with pytest.raises(SaveError, match="read-only"):
        with Lock(path):
            pass
    assert oct(path.stat().st_mode & 0o777) == "0o444"
