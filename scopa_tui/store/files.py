"""Safe file handling for everything the app keeps on disk.

* :func:`atomic_write_text` writes a whole file or nothing: a temporary file in the same
  directory is written, flushed and fsynced, renamed over the target, and the directory
  is fsynced, so a reader (or a restart after a crash) sees the old file or the new one.
* :func:`quarantine` moves a bad file aside (``NAME.corrupt-TIMESTAMP``); nothing the
  app finds on disk is ever deleted.
* :class:`Notices` collects the one-line messages the user is shown about files.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path


class StoreError(Exception):
    """A file could not be written or read; the message is one line naming the file."""


def describe_os_error(e: OSError) -> str:
    """``No space left on device`` rather than ``[Errno 28] ...``."""
    if e.errno is not None:
        try:
            return os.strerror(e.errno)
        except ValueError:  # pragma: no cover - unknown errno
            pass
    return str(e) or type(e).__name__


def _fsync_dir(directory: Path) -> None:
    if os.name != "posix":  # pragma: no cover - directories cannot be opened on Windows
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. a directory we may write but not read
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some filesystems refuse fsync on directories
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: Path | str, text: str) -> None:
    """Replace ``path`` with ``text`` atomically; raises :class:`StoreError` on failure.

    On failure the old file is left untouched and the temporary file is removed.
    """
    path = Path(path)
    data = text.encode("utf-8")
    tmp_name = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp_name, path)
        tmp_name = None
        _fsync_dir(path.parent)
    except OSError as e:
        raise StoreError(f"could not write {path}: {describe_os_error(e)}") from None
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


def read_text(path: Path) -> str | None:
    """The file's text, None when it does not exist.

    Raises :class:`StoreError` when it exists but cannot be read (a directory, no
    permission, not UTF-8, an I/O error).
    """
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise StoreError("is a directory, not a file") from None
    except OSError as e:
        raise StoreError(f"cannot be read ({describe_os_error(e)})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise StoreError(f"is not text (bad byte at offset {e.start})") from None


def quarantine(path: Path, reason: str = "corrupt") -> Path:
    """Move ``path`` aside to ``NAME.REASON-TIMESTAMP`` and return the new path.

    Never overwrites: a numeric suffix is added when the name is taken.
    Raises :class:`StoreError` when the file cannot be moved.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = path.with_name(f"{path.name}.{reason}-{stamp}")
    target = base
    n = 1
    while target.exists() or target.is_symlink():
        n += 1
        target = base.with_name(f"{base.name}-{n}")
    try:
        os.rename(path, target)
    except OSError as e:
        raise StoreError(f"could not move it aside ({describe_os_error(e)})") from None
    return target


class Notices:
    """One-line messages for the user about the data files (shown by the app or the CLI)."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, message: str) -> None:
        self.items.append(message)

    def take(self) -> list[str]:
        items, self.items = self.items, []
        return items

    def __iter__(self):
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


def bad_file(notices: Notices, kind: str, path: Path, problem: str, reason: str = "corrupt") -> bool:
    """Report a bad file and move it aside; returns True when it was moved.

    The message is one line: what the file is, where, what is wrong and what was done.
    """
    try:
        moved = quarantine(path, reason)
    except StoreError as e:
        notices.add(f"{kind} {path} {problem}; {e}, so it is left as it is and not written to")
        return False
    notices.add(f"{kind} {path} {problem}; moved it to {moved.name} and started afresh")
    return True

