"""The search process's side (:mod:`.searchproc`): ``python -m scopa_tui.ai.searchworker``.

It reads requests from its standard input and writes answers on its standard output, each a
frame: 8 bytes of length (big-endian), then a pickle.  The first answer, ``("ready", None)``,
says the searches are imported; then each request ``(fn, args)`` gets ``("ok", result)``,
``("raise", exception)`` for ``fn``'s own error, or ``("lost", None)`` when the answer cannot
travel.  It ends when its input ends (the app closed it, or the app is gone).  Nothing else
may reach its standard output: anything printed goes to the null device.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import sys

HEADER = struct.Struct(">Q")


def write_frame(stream, payload: bytes) -> None:
    stream.write(HEADER.pack(len(payload)) + payload)
    stream.flush()


def read_frame(stream) -> bytes:
    """The next frame's bytes; EOFError when the stream ends before a whole frame."""
    head = stream.read(HEADER.size)
    if len(head) < HEADER.size:
        raise EOFError
    size = HEADER.unpack(head)[0]
    payload = stream.read(size)
    if len(payload) < size:
        raise EOFError
    return payload


def _answer(fn, args) -> bytes:
    try:
        result = fn(*args)
    except Exception as exc:  # fn's own error goes back to be raised there
        try:
            return pickle.dumps(("raise", exc))
        except Exception:
            return pickle.dumps(("raise", RuntimeError(f"{type(exc).__name__}: {exc}")))
    try:
        return pickle.dumps(("ok", result))
    except Exception:  # the caller does it itself
        return pickle.dumps(("lost", None))


def main() -> int:
    # The app handles Ctrl+C; a SIGINT for the whole group is not for the search.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    requests = os.fdopen(os.dup(0), "rb")
    answers = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)  # a stray print must not break a frame
    sys.stdout = open(os.devnull, "w")
    from . import hard, hint, pimc  # noqa: F401  (imported once: the first search starts at once)

    write_frame(answers, pickle.dumps(("ready", None)))
    while True:
        try:
            request = read_frame(requests)
        except EOFError:
            return 0
        try:
            fn, args = pickle.loads(request)
        except Exception:  # something this process cannot import: the caller does it itself
            answer = pickle.dumps(("lost", None))
        else:
            answer = _answer(fn, args)
        try:
            write_frame(answers, answer)
        except (BrokenPipeError, OSError):
            return 0


if __name__ == "__main__":
    raise SystemExit(main())
