"""Careful file access: only regular files are read (a FIFO or a device is refused before it is
opened), writes are whole or nothing (temp file + fsync + rename, the file's mode kept), and
every failure is one :class:`SaveError` line."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from combat_cli.locale import MessageError, Msg, Word
from combat_cli.textsafe import escape_all


def _escaped(value: Any) -> Any:
    """A value put into a save error: a file name or a file's text with any control
    character escaped; a word, a message, a number as it is."""
    if isinstance(value, (Word, Msg, MessageError, int, float)):
        return value
    return escape_all(str(value))


class SaveError(MessageError):
    """A save file that cannot be used, or a save that failed; the message is for the GM (any
    control character in it, from a file name or a file, is shown escaped)."""

    def __init__(self, message: Any = "", /, **values: Any) -> None:
        if values or not isinstance(message, str):
            super().__init__(message, **{k: _escaped(v) for k, v in values.items()})
        else:
            super().__init__(escape_all(message))


_KINDS = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def kind_problem(path: Path, mode: int, what: str = "save file") -> Msg | None:
    """Why a file of this mode is not a save file (None: a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return Msg("{path} is a folder, not a {what}", path=path, what=Word(what))
    kind = next((k for test, k in _KINDS if test(mode)), "not a regular file")
    return Msg("{path} is {kind}, not a {what}; nothing was read from it", path=path,
               kind=Word(kind), what=Word(what))


def check_regular(path: Path, missing: Any = "", what: str = "save file") -> os.stat_result:
    """The file's status, if it is a regular file (SaveError otherwise)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise SaveError(missing or Msg("{path}: no such file", path=path)) from None
    except (OSError, ValueError) as e:
        raise SaveError("can't read {path}: {problem}", path=path, problem=getattr(e, 'strerror', None) or e) from None
    problem = kind_problem(path, st.st_mode, what)
    if problem:
        raise SaveError(problem)
    return st


def read_regular(path: Path, missing: Any = "", limit: int | None = None,
                 what: str = "save file") -> bytes:
    """The bytes of a regular file; never opens a FIFO or device for reading (a FIFO swapped in
    after the check is caught by opening without blocking and checking again)."""
    check_regular(path, missing, what)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise SaveError("can't read {path}: {problem}", path=path, problem=e.strerror or e) from None
    try:
        st = os.fstat(fd)
        problem = kind_problem(path, st.st_mode, what)
        if problem:
            raise SaveError(problem)
        if limit is not None and st.st_size > limit:
            raise SaveError("{path} is too large ({size} bytes; at most {most})", path=path, size=format(st.st_size, ','), most=format(limit, ','))
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read()
    except OSError as e:
        raise SaveError("can't read {path}: {problem}", path=path, problem=e.strerror or e) from None
    finally:
        os.close(fd)


def temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def clean_temps(path: Path) -> None:
    """Remove the temp files a crashed save of ``path`` left (call while holding its lock)."""
    try:
        for tmp in path.parent.glob(f".{_glob_escape(path.name)}.*.tmp"):
            if tmp.name[len(path.name) + 2:-4].isdigit():
                try:
                    tmp.unlink()
                except OSError:
                    pass
    except OSError:
        pass


def _glob_escape(name: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


def atomic_write(path: Path, text: str | Iterable[str], mode: int | None = None) -> int:
    """Write ``path`` whole or not at all; returns the bytes written. ``mode``: the permission
    bits to give it (those of the file it replaces)."""
    tmp = temp_name(path)
    size = 0
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0),
                     0o644 if mode is None else mode)
        try:
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            for piece in [text] if isinstance(text, str) else text:
                size += write_all(fd, piece.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as e:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise SaveError("could not save {path}: {problem} (the previous save is intact)"
                        if path.exists() else "could not save {path}: {problem}", path=path,
                        problem=e.strerror or e) from None
    sync_dir(path.parent)
    return size


def write_all(fd: int, data: bytes) -> int:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        if n <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[n:]
    return len(data)


def sync_dir(folder: Path) -> None:
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def write_new(path: Path, text: str) -> None:
    """Write ``path`` whole through a new temp file in its folder, renamed over it: what was
    there (a file, or a link someone planted) is replaced, never written through. The file
    keeps the mode of a regular file it replaces (else the usual, umask applied). OSError if
    it cannot be written; nothing is left behind."""
    import tempfile

    folder = path.parent
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, "it is a folder")
    if st is not None and stat.S_ISREG(st.st_mode):
        mode = st.st_mode & 0o777
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            write_all(fd, text.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_dir(folder)
