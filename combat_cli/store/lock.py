"""The lock that keeps a fight to one ``combat play``.

It belongs to the file, not to the name it was opened by: the lock file sits beside the real
file (symbolic links resolved), and a file with other names (hard links) is refused, since a
save replaces the file and would leave the other name behind with an old fight. The lock is
the operating system's (``flock`` on POSIX, filelock's on Windows), so a killed ``play``
leaves no stale lock: the next one simply takes it. Reading (``show``, ``serve``) needs none.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Any

from combat_cli.store.fileio import SaveError, kind_problem


def real_path(path: Path) -> Path:
    """The file behind every symbolic link (the name a fight is saved under)."""
    return Path(os.path.realpath(path))


def check_playable(path: Path) -> None:
    """SaveError unless ``path`` (if it exists) is a regular, writable file with one name."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return  # loading says so, with the command that makes one
    except (OSError, ValueError) as e:
        raise SaveError("can't open {path}: {problem}", path=path, problem=getattr(e, 'strerror', None) or e) from None
    problem = kind_problem(path, st.st_mode)
    if problem:
        raise SaveError(problem)
    if st.st_nlink > 1:
        raise SaveError("{path} has {n} names (hard links): playing it would split the fight between them; play a copy (cp {copy} NEW.json)", path=path, n=st.st_nlink, copy=path)
    if not st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK):
        raise SaveError("{path} is read-only: combat show {path2} reads it; to play it, make it writable first (chmod u+w {path3})", path=path, path2=path, path3=path)


class Lock:
    """An exclusive lock on a save file while it is played (``REALFILE.lock`` beside it)."""

    def __init__(self, path: Path, backend: str | None = None) -> None:
        self.file = path
        self.path = real_path(path).with_name(real_path(path).name + ".lock")
        self.backend = backend or ("filelock" if sys.platform == "win32" else "flock")
        self._fd: int | None = None
        self._lock: Any = None

    def __enter__(self) -> Lock:
        check_playable(self.file)
        if self.backend == "flock":
            self._flock()
        else:
            self._filelock()
        return self

    def _in_use(self) -> SaveError:
        return SaveError("{path} is in use by another combat play (quit that one first)", path=self.file)

    def _flock(self) -> None:
        import fcntl

        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as e:
            raise SaveError("can't lock {path} ({lock}): {problem}", path=self.file, lock=self.path.name, problem=e.strerror or e) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise self._in_use() from None
        self._fd = fd

    def _filelock(self) -> None:
        import filelock

        lock = filelock.FileLock(str(self.path), timeout=0)
        try:
            lock.acquire()
        except filelock.Timeout:
            raise self._in_use() from None
        except OSError as e:
            raise SaveError("can't lock {path} ({lock}): {problem}", path=self.file, lock=self.path.name, problem=e.strerror or e) from None
        self._lock = lock

    def __exit__(self, *exc: object) -> None:
        if self._lock is not None:  # Windows: a locked file can't be removed; release first
            self._lock.release()
            self._lock = None
            self._unlink()
        if self._fd is not None:  # POSIX: remove while locked, so no one takes a dying lock
            self._unlink()
            os.close(self._fd)
            self._fd = None

    def _unlink(self) -> None:
        try:
            self.path.unlink()
        except OSError:
            pass
