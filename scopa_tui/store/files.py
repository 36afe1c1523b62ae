"""Safe file handling for everything the app keeps on disk.

* :func:`atomic_write_text` writes a whole file or nothing: a temporary file in the same
  directory is written, flushed and fsynced, renamed over the target, and the directory
  is fsynced, so a reader (or a restart after a crash) sees the old file or the new one.
* :func:`quarantine` moves a bad file aside (``NAME.corrupt-TIMESTAMP``); nothing the
  app finds on disk is ever deleted.
* :class:`Notices` collects the one-line messages the user is shown about files.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import stat
import time
from pathlib import Path

from ..engine.text import _

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no temporary file is marked as being written
    fcntl = None


class StoreError(Exception):
    """A file could not be written or read; the message is one line naming the file.

    ``unreadable`` is True when the file may well be intact but cannot be read now (no
    permission, an I/O error): such a file is left where it is, never moved aside.
    """

    def __init__(self, message: str, unreadable: bool = False):
        super().__init__(message)
        self.unreadable = unreadable


def _os_error_words() -> dict[int, str]:
    """The common failures to write or read a file, in the player's language (the English
    messages are the system's own words); see :func:`describe_os_error`."""
    denied = _("Permission denied")
    return {errno.ENOSPC: _("No space left on device"), errno.EDQUOT: _("Disk quota exceeded"),
            errno.EACCES: denied, errno.EPERM: denied, errno.EROFS: _("Read-only file system"),
            errno.ENOENT: _("No such file or directory"), errno.ENOTDIR: _("Not a directory"),
            errno.ENAMETOOLONG: _("File name too long"),
            errno.EISDIR: _("is a directory, not a file"), errno.EADDRINUSE: _("Address already in use"),
            errno.EBADF: _("it is closed")}


def describe_os_error(e: OSError) -> str:
    """What went wrong, in one line and in the player's language: ``No space left on
    device`` (``Spazio esaurito sul disco``) rather than ``[Errno 28] ...``.  An error
    without words of its own keeps the system's (English) text after a translated lead-in."""
    import socket

    if isinstance(e, socket.gaierror):  # a host name, not a file: getaddrinfo's own error numbers
        if e.errno == socket.EAI_NONAME:  # read "Name or service not known"
            return _("no computer of that name is known")
        return _("system error: {error}").format(error=e.strerror or e)
    said = _os_error_words().get(e.errno) if e.errno is not None else None
    if said is not None:
        return said
    text = None
    if e.errno is not None:
        try:
            text = os.strerror(e.errno)
        except ValueError:  # pragma: no cover - unknown errno
            pass
    # TRANSLATORS: an error of the operating system that has no words of its own here:
    # {error} is the system's text, in English ("Input/output error").
    return _("system error: {error}").format(error=text or str(e) or type(e).__name__)


def stdout_failed(e: OSError) -> str:
    """Standard output refused what a command writes (a full disk, ``> /dev/full``): the one
    line to say so.  What is still buffered for it goes nowhere from now on, so that Python's
    own flush at the exit adds no traceback of its own after the line."""
    import sys

    with contextlib.suppress(OSError, ValueError, AttributeError):
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    # TRANSLATORS: {why} is what the system said ("No space left on device").
    return _("cannot write to standard output: {why}").format(why=describe_os_error(e))


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


def make_dirs(directory: Path) -> None:
    """``directory.mkdir(parents=True, exist_ok=True)``, except that a file where a folder
    should be is :class:`NotADirectoryError` naming that file (``mkdir`` said "File exists"
    of the directory itself, or named the folder it was making under it); a symbolic link
    there that leads nowhere (a loop of links, a missing target) is one too, with its error."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        blocker = next((p for p in (directory, *directory.parents) if os.path.lexists(p)), directory)
        try:
            os.stat(blocker)
        except OSError as e:
            raise NotADirectoryError(e.errno, e.strerror, str(blocker)) from None
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(blocker)) from None


def atomic_write_text(path: Path | str, text: str) -> None:
    """Replace ``path`` with ``text`` atomically; raises :class:`StoreError` on failure.

    On failure the old file is left untouched and the temporary file is removed.
    """
    import tempfile  # here: reading the settings (``scopa-tui --help``) writes nothing

    path = Path(path)
    data = text.encode("utf-8")
    tmp_name = None
    try:
        make_dirs(path.parent)
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
        raise StoreError(_("could not write {path}: {error}").format(path=path, error=describe_os_error(e))) from None
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


class NoNewFileError(OSError):
    """The folder of an :class:`OutputFile` (``filename``) is there but no file can be made in
    it (no permission, a read-only file system, ``/proc``): the temporary file the output is
    written to cannot be; see :func:`describe_output_error`."""


class OutputFile:
    """A file the player names for a command's output (``export --output``, ``simulate
    --record``), written so that nothing is lost (README.md, *Reliability*):

    * A file that is there already (or the file a symbolic link names) is refused with
      :class:`FileExistsError` unless ``force``, when it is replaced (keeping its mode).
    * A regular file, or a new one, is written to a temporary file beside it and takes its
      name only at :meth:`commit`; :meth:`discard` (a failure, Ctrl-C) removes it, so the
      name never holds half an output.  Without ``force`` the name is taken with a hard link,
      which fails if a file took it meanwhile.
    * Anything else (``/dev/stdout``, a named pipe, a terminal) is written to as it is:
      replacing it would put a file in its place.
    * A temporary file is locked (``fcntl.flock``) while it is written, and those of the same
      name that no one holds (left by a copy killed midway) are removed: the next output of
      that name cleans up after the one killed, never after one still being written.

    Every method raises :class:`OSError` (``BrokenPipeError`` from a pipe whose reader left).
    """

    def __init__(self, path: Path | str, force: bool = False):
        self.name = str(path)
        self.force = force
        self._tmp: str | None = None
        self._lock: int | None = None  # a descriptor holding the temporary file's lock
        self._mode: int | None = None
        try:
            info = os.stat(path)
        except FileNotFoundError:  # none yet (a dangling link: its target is made)
            info = None
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), self.name)
        if info is not None and not stat.S_ISREG(info.st_mode):
            # by its own name: /dev/stdout's target may be no path at all ("pipe:[1234]")
            self.target = None
            self.file = open(path, "w", encoding="utf-8")
            return
        if info is not None and not force:
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), self.name)
        self.target = Path(os.path.realpath(path))
        if info is not None:
            self._mode = stat.S_IMODE(info.st_mode)
        # the temporary file is named after the output, cut to fit: the output's name may be as
        # long as a name may be (255 bytes), and the temporary one's was then too long
        stem = os.fsdecode(os.fsencode(self.target.name)[:255 - len("..01234567.tmp")])
        for _attempt in range(100):
            candidate = self.target.with_name(f".{stem}.{os.urandom(4).hex()}.tmp")
            try:  # 0o666 less the umask, as open() makes a file (mkstemp's are 0o600)
                fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
            except FileExistsError:  # pragma: no cover - 32 random bits taken
                continue
            except OSError as e:
                if os.path.isdir(self.target.parent):  # the folder is there but takes no file
                    raise NoNewFileError(e.errno, e.strerror, str(self.target.parent)) from None
                raise
            break
        else:  # pragma: no cover
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(candidate))
        self._tmp = str(candidate)
        self.file = os.fdopen(fd, "w", encoding="utf-8")
        self._lock = _hold(candidate)
        _remove_stale_temps(self.target.parent, f".{stem}.", candidate.name)

    def write(self, text: str) -> None:
        self.file.write(text)

    def flush(self) -> None:
        self.file.flush()

    def commit(self) -> None:
        """Close the file; a temporary one takes the name (raises :class:`FileExistsError`
        when a file took it meanwhile and ``force`` was not given: the temporary one goes)."""
        if self._tmp is None:
            self.file.close()
            return
        try:
            self.file.flush()
            if self._mode is not None:
                os.fchmod(self.file.fileno(), self._mode)
            os.fsync(self.file.fileno())
            self.file.close()
            if self.force:
                os.replace(self._tmp, self.target)
            else:
                self._take_name()
        except BaseException:
            self.discard()
            raise
        self._tmp = None
        self._unlock()
        _fsync_dir(self.target.parent)

    def _take_name(self) -> None:
        try:
            os.link(self._tmp, self.target)  # fails, with EEXIST, if the name is taken
        except FileExistsError:
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), self.name) from None
        except OSError as e:  # a file system without hard links (FAT, some network ones)
            if e.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV,
                               errno.EMLINK, errno.ENOSYS):
                raise
            if os.path.lexists(self.target):
                raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), self.name) from None
            os.rename(self._tmp, self.target)
            return
        os.unlink(self._tmp)

    def discard(self) -> None:
        """Close without keeping anything: a temporary file is removed, the name untouched."""
        with contextlib.suppress(OSError):
            self.file.close()
        if self._tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._tmp)
            self._tmp = None
        self._unlock()

    def _unlock(self) -> None:
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None


def _hold(path: Path) -> int | None:
    """A descriptor of ``path`` holding its lock (released when it is closed or the process
    dies), None where there are no locks."""
    if fcntl is None:  # pragma: no cover
        return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # no locks on this file system: none is taken by another copy either
        os.close(fd)
        return None
    return fd


def _remove_stale_temps(folder: Path, prefix: str, own: str) -> None:
    """Remove the temporary files ``PREFIX12345678.tmp`` in ``folder`` (an
    :class:`OutputFile`'s) but ``own`` that no one holds locked: a copy killed while it wrote
    them left them, hidden, beside its output."""
    if fcntl is None:  # pragma: no cover
        return
    try:
        names = [e.name for e in os.scandir(folder)]
    except OSError:
        return
    for name in names:
        middle = name[len(prefix):-len(".tmp")]
        if (name == own or not name.startswith(prefix) or not name.endswith(".tmp") or len(middle) != 8
                or any(c not in "0123456789abcdef" for c in middle)):
            continue
        path = folder / name
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            continue
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # OSError: still being written
                os.unlink(path)
        except OSError:
            pass
        finally:
            os.close(fd)


def describe_output_error(e: OSError) -> str:
    """What :class:`OutputFile` failed at, in one line: :func:`describe_os_error`'s words, but
    for a file where a folder of the name should be, and a folder that takes no new file,
    which are named (``/proc`` says "No such file or directory" of a file made in it, and of
    ``/proc/version`` that was untrue: it is there)."""
    if isinstance(e, NotADirectoryError) and e.filename:
        blocker = next((p for p in Path(e.filename).parents if p.exists() and not p.is_dir()), None)
        if blocker is not None:
            return _("{path} is a file").format(path=blocker)
    if not isinstance(e, NoNewFileError):
        return describe_os_error(e)
    if e.errno == errno.ENOENT:
        # TRANSLATORS: {folder} is the folder of the output file, e.g. /proc.
        return _("no new file can be made in {folder}").format(folder=e.filename)
    # TRANSLATORS: {why} is what the system said ("Permission denied").
    return _("no new file can be made in {folder} ({why})").format(folder=e.filename, why=describe_os_error(e))


def output_exists_message(path: str) -> str:
    """The one line for an output file that is there already (see :class:`OutputFile`)."""
    # TRANSLATORS: --force is typed as it is.
    return _("{path} already exists; nothing was written (--force replaces it)").format(path=path)


def write_output_text(path: Path | str, text: str, force: bool = False) -> None:
    """Write ``text`` to a file the player named (``export --output``) as an
    :class:`OutputFile` (in a folder that is there: a mistyped one is not made); raises
    :class:`StoreError`, one line."""
    try:
        out = OutputFile(path, force=force)
    except FileExistsError:
        raise StoreError(output_exists_message(str(path))) from None
    except OSError as e:
        raise StoreError(_("could not write {path}: {error}").format(path=path, error=describe_output_error(e))) from None
    try:
        out.write(text)
        out.commit()
    except FileExistsError:
        out.discard()
        raise StoreError(output_exists_message(str(path))) from None
    except OSError as e:
        out.discard()
        raise StoreError(_("could not write {path}: {error}").format(path=path, error=describe_os_error(e))) from None
    except BaseException:
        out.discard()
        raise


# Size limits of the files the app reads (see README.md, "Reliability"): far above any
# real file (a save of a long 6-player game is well under 1 MB), low enough that a wrong
# file (a disk image, /dev/zero behind a link) is refused at once instead of filling memory.
SETTINGS_LIMIT = 1 << 20  # 1 MiB
SAVE_LIMIT = 16 << 20  # 16 MiB
RECORD_LIMIT = 64 << 20  # 64 MiB: a record file or an export of thousands of games


def size_words(n: int) -> str:
    """A size as the notices say it: "1 MB", "512 bytes"."""
    return f"{n / (1 << 20):.0f} MB" if n >= 1 << 20 else f"{n} bytes"


def read_lines(path: Path, limit: int) -> list[str] | None:
    """The file's lines (each with its newline), None when it does not exist.

    Read line by line and never more than ``limit`` bytes: a file that is bigger, or
    that is not a regular file (a directory, a device such as ``/dev/zero``, a pipe),
    is refused without reading it.  A UTF-8 byte-order mark at the start is dropped.
    Raises :class:`StoreError` (one line, no file name: the caller names the file)
    when it exists but cannot be read (no permission, not UTF-8, an I/O error).
    """
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer.
        with open(path, "rb", opener=lambda p, flags: os.open(p, flags | getattr(os, "O_NONBLOCK", 0))) as f:
            info = os.fstat(f.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise StoreError(_("is a directory, not a file"))
            if not stat.S_ISREG(info.st_mode):
                raise StoreError(_("is not a regular file"))
            if info.st_size > limit:
                raise StoreError(_("is too big (over {size})").format(size=size_words(limit)))
            lines: list[bytes] = []
            total = 0
            while True:  # a file may grow while it is read, or lie about its size (/proc)
                line = f.readline(limit + 1 - total)
                if not line:
                    break
                total += len(line)
                if total > limit:
                    raise StoreError(_("is too big (over {size})").format(size=size_words(limit)))
                lines.append(line)
    except (FileNotFoundError, NotADirectoryError):  # a name under a file (rec.jsonl/x) is no file either
        return None
    except IsADirectoryError:
        raise StoreError(_("is a directory, not a file")) from None
    except OSError as e:
        raise StoreError(_("cannot be read ({error})").format(error=describe_os_error(e)), unreadable=True) from None
    if lines and lines[0].startswith(codecs.BOM_UTF8):
        lines[0] = lines[0][len(codecs.BOM_UTF8):]
    out = []
    offset = 0
    for i, line in enumerate(lines):
        try:
            if i == len(lines) - 1 and not line.endswith(b"\n"):
                # a last line cut while it was written may end inside a character: without
                # its first bytes, it is the line cut short that it is (a record's, replayed
                # up to it: docs/record-format.md), not a file that is not text
                out.append(codecs.getincrementaldecoder("utf-8")().decode(line, final=False))
            else:
                out.append(line.decode("utf-8"))
        except UnicodeDecodeError as e:
            raise StoreError(_("is not text (bad byte at offset {offset})").format(offset=offset + e.start)) from None
        offset += len(line)
    return out


def read_text(path: Path, limit: int = SETTINGS_LIMIT) -> str | None:
    """The file's text, None when it does not exist (see :func:`read_lines`)."""
    lines = read_lines(path, limit)
    return None if lines is None else "".join(lines)


# Times the app stores (seconds since 1970) lie between 1970 and the year 9999: what
# time.gmtime and time.strftime can show everywhere.
LATEST_TIME = 253402300799.0


def valid_time(value: object) -> float | None:
    """``value`` as a time the app can show, or None (not a number, NaN, out of range)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        value = float(value)
    except OverflowError:  # an integer too big for a float
        return None
    return value if 0 <= value <= LATEST_TIME else None  # NaN fails both comparisons


def is_read_only(path: Path) -> bool:
    """True when ``path`` exists and must not be written: no write permission for us, a
    read-only filesystem, or (also for root, who may write anything) no owner write bit."""
    try:
        info = os.stat(path)
    except OSError:
        return False
    return not info.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK)


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
        raise StoreError(_("could not move it aside ({error})").format(error=describe_os_error(e))) from None
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


def left_alone(notices: Notices, kind: str, path: Path, problem: str) -> None:
    """Report a file that is unreadable or read-only (not corrupt): it stays where it is
    and nothing is written to it in this run."""
    # TRANSLATORS: {kind} is "settings file", "saved game" or "statistics file"; {problem} says
    # what is wrong with it, e.g. "is read-only" or "cannot be read (Permission denied)".
    notices.add(_("{kind} {path} {problem}; it is left where it is and not written to in this run")
                .format(kind=_(kind), path=path, problem=problem))


def bad_file(notices: Notices, kind: str, path: Path, problem: str) -> Path | None:
    """Report a bad file and move it aside as ``corrupt``; returns where it was moved (None:
    it was not).

    The message is one line: what the file is, where, what is wrong and what was done.
    ``kind`` is marked with ``N_`` ("settings file"); ``problem`` is in the player's language.
    """
    try:
        moved = quarantine(path)
    except StoreError as e:
        # TRANSLATORS: {error} is e.g. "could not move it aside (Permission denied)".
        notices.add(_("{kind} {path} {problem}; {error}, so it is left as it is and not written to")
                    .format(kind=_(kind), path=path, problem=problem, error=e))
        return None
    notices.add(_("{kind} {path} {problem}; moved it to {name} and started afresh")
                .format(kind=_(kind), path=path, problem=problem, name=moved.name))
    return moved

