"""``scopa-tui simulate --jobs N``: the simulator's games in a pool of processes (README.md, Simulator).

The parent draws the plan of every game (:func:`scopa_tui.simulate.plan_games`: the game's
seed, the seats, the players' seeds) in game order, exactly as one process does, and hands
chunks of consecutive games to the workers.  It adds their statistics up and writes their
records in game order, so the summary and the ``--record`` file are those of ``--jobs 1``
(but for the times).  Each worker makes its own players, external bots included, and
closes them at the end of each game as one process does.

The workers are new interpreters (``spawn``): nothing the parent holds (threads, locks, a
bot's pipes) is copied into them.  Ctrl-C stops them all: each stops the game it plays
(its bots are closed), the games not yet started are dropped, and the parent raises
``KeyboardInterrupt`` once every worker has exited.
"""

from __future__ import annotations

import os
import signal
from collections import deque
from itertools import islice
from typing import IO

from .engine import Rules
from .engine.text import _, language
from .simulate import EntrantStats, GamePlan, SimulateError, play_game

# At most this many processes (``--jobs``): more than that is a typing mistake.
MAX_JOBS = 64
# Games per task at most, and tasks per process at least where there are games enough: the
# workers finish together, and the parent holds at most a few tasks' records at a time.
CHUNK = 50
TASKS_PER_JOB = 8
AHEAD = 2  # tasks queued per worker beyond the one it plays


def available_cores() -> int:
    """The cores this process may run on (``--jobs 0`` or ``auto``)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on every system
        return os.cpu_count() or 1


def chunk_size(games: int, jobs: int) -> int:
    """Consecutive games per task: up to :data:`CHUNK`, and about :data:`TASKS_PER_JOB` tasks a process."""
    return max(1, min(CHUNK, games // (jobs * TASKS_PER_JOB)))


def _chunks(plans, size: int):
    """The plans in lists of ``size`` consecutive games."""
    plans = iter(plans)
    while chunk := list(islice(plans, size)):
        yield chunk


def add_stats(total: EntrantStats, part: EntrantStats) -> None:
    """Add an entrant's statistics of some games to its totals."""
    total.games += part.games
    total.wins += part.wins
    total.hands += part.hands
    total.points += part.points
    total.decisions += part.decisions
    total.think_time += part.think_time
    total.faults += part.faults
    total.times.extend(part.times)


def run_in_pool(rules: Rules, specs: list[str], plans, games: int, stats: list[EntrantStats], keep_times: bool,
                record_file: IO[str] | None, on_game, jobs: int) -> int:
    """Play the games of ``plans`` in ``jobs`` processes, adding them to ``stats`` and
    writing their records to ``record_file`` in game order; returns the number of hands.

    ``on_game(done, games)`` is called for each game as the results come in, in order.
    Raises :class:`~scopa_tui.simulate.SimulateError` when a worker dies.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    size = chunk_size(games, jobs)
    chunks = _chunks(plans, size)
    workers = min(jobs, -(-games // size))
    context = multiprocessing.get_context("spawn")
    # Set once, by this process, when no game is to start any more; a byte read without a lock
    # (see _stop_asked).
    stop = context.RawValue("b", 0)
    pool = _start_pool(ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker,
                                           initargs=(language(), stop, rules, specs, keep_times,
                                                     record_file is not None)))
    total_hands = done = 0
    pending: deque = deque()
    try:
        for chunk in islice(chunks, workers * (1 + AHEAD)):
            pending.append((len(chunk), _submit(pool, _play_chunk, chunk)))
        while pending:
            n, future = pending.popleft()
            parts, hands, texts = future.result()
            chunk = next(chunks, None)
            if chunk is not None:  # keep the workers busy while this one's results are written
                pending.append((len(chunk), _submit(pool, _play_chunk, chunk)))
            for total, part in zip(stats, parts):
                add_stats(total, part)
            total_hands += hands
            for text in texts:
                record_file.write(text)
            for _game in range(n):
                done += 1
                if on_game:
                    on_game(done, games)
    except BrokenProcessPool:
        raise SimulateError(_("a process of the simulation ended unexpectedly; the simulation stopped")) from None
    except KeyboardInterrupt:
        _stop(pool, stop, interrupt=True)
        raise
    except BaseException:  # e.g. the record file cannot be written: the games under way end first
        _stop(pool, stop, interrupt=False)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return total_hands


def _submit(pool, function, *args):
    """``pool.submit(function, *args)`` with Ctrl-C held back meanwhile: a worker the pool starts
    here starts with SIGINT blocked, as the signal mask is inherited, until
    :func:`_start_worker` has its handler in place.  A Ctrl-C to the process group as the
    workers were starting stopped a worker still importing with a traceback, and the run
    with status 1 ("a process of the simulation ended unexpectedly") when the pool saw the
    worker dead before this process saw the Ctrl-C.  Here a Ctrl-C is held, not lost: it
    arrives as the mask is restored."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows: no signal masks
        return pool.submit(function, *args)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return pool.submit(function, *args)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _start_pool(pool):
    """``pool``, made to start all its workers at its first task, before it watches them.

    A "spawn" executor (Python 3.11 to 3.13) starts a worker at each task submitted until it
    has them all, while its own thread watches those it has: when one died as the others
    were being started, that thread missed the new ones (and waited for one of them for
    ever), or saw their table change under it and printed a traceback (a worker killed
    as it starts, ``tests/test_simulate_jobs.py``).  Started together, before the first
    task, the workers are all known to it from the start; a worker that dies still breaks
    the pool (:class:`BrokenProcessPool`), as it should.  The switch is the executor's
    own, private; without it (another Python) nothing changes."""
    if getattr(pool, "_safe_to_dynamically_spawn_children", None) is True:
        pool._safe_to_dynamically_spawn_children = False
    return pool


def _stop(pool, stop, interrupt: bool) -> None:
    """Stop the workers: no game starts any more, and with ``interrupt`` the games under
    way stop too (each worker gets SIGINT, as from a terminal's Ctrl-C; see :func:`_interrupted`)."""
    stop.value = 1
    if not interrupt:
        return
    # The executor keeps its processes here (Python 3.11 to 3.13 have no public way to reach them).
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        try:
            os.kill(process.pid, signal.SIGINT)
        except (ProcessLookupError, TypeError):  # gone already, or never started
            pass
    # A worker ended by the same signal as it wrote a result (SIGTERM to the process group) left
    # half a message in the results' pipe, and the executor's thread waited for the rest for
    # ever: the shutdown hung, the run with it.  Without this process's own end of the pipe
    # (the workers write, this process only reads), that thread reads the pipe's end once the
    # workers have gone, and the pool ends as broken.  That end is private (Python 3.11 to 3.13
    # have no public way to it): the queue's public close() would close the reading end as
    # well, under the executor's thread that waits on it and reads it.  Without the attribute
    # (another Python) nothing changes.
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    if writer is not None:
        writer.close()


# A worker's setup (:func:`_start_worker`), and whether it is playing a task.
_setup: tuple = ()
_playing = False


def _start_worker(code: str, stop, rules: Rules, specs: list[str], keep_times: bool, record: bool) -> None:
    """Set a worker up: the player's language (bots' fault lines), the setup of every task,
    and Ctrl-C handled as :func:`_interrupted` says."""
    from . import languages

    global _setup
    languages.use(code)
    _setup = (stop, rules, specs, keep_times, record)
    signal.signal(signal.SIGINT, _interrupted)
    signal.signal(signal.SIGTERM, _interrupted)
    if hasattr(signal, "pthread_sigmask"):  # started with SIGINT blocked (see _submit); one held comes now
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _stop_asked() -> bool:
    """Whether the parent has stopped the pool (:func:`_stop`): no game is to start any more.

    The flag is a shared byte, read without a lock.  It was an ``Event``, whose reading takes
    a lock shared by every process: a SIGINT raised in a worker as it held that lock (between
    two games) left it held for good, and the next worker to look waited for ever; the
    parent's shutdown waited for that worker (``simulate --jobs 2`` sent SIGTERM hung, once in
    many runs)."""
    return bool(_setup[0].value)


class _Terminated(BaseException):
    """SIGTERM during a task: the executor ends its workers so when one of them died."""


def _interrupted(signum, frame) -> None:
    """Ctrl-C in a worker stops the task it plays (the game's bots are closed as it
    unwinds), once: another one, or one between tasks, is left to the parent, which
    stops the pool.  Python's own handler would print a traceback from an idle worker.
    SIGTERM ends the worker, after closing the bots of the game it plays."""
    global _playing
    if _playing:
        _playing = False
        raise KeyboardInterrupt if signum == signal.SIGINT else _Terminated
    if signum == signal.SIGTERM:
        os._exit(128 + signum)


def _play_chunk(plans: list[GamePlan]) -> tuple[list[EntrantStats], int, list[str]]:
    """Play consecutive games in a worker: the entrants' statistics of these games, their
    hands, and their records (none without ``--record``)."""
    global _playing
    _, rules, specs, keep_times, record = _setup
    stats = [EntrantStats(spec, spec) for spec in specs]
    texts: list[str] = []
    hands = 0
    _playing = True
    try:
        for plan in plans:
            if _stop_asked():  # the parent stopped: nobody waits for these games
                raise KeyboardInterrupt
            hands += play_game(rules, specs, plan, stats, keep_times, texts.append if record else None)
    except _Terminated:  # the game's bots are closed: now end, as SIGTERM would have
        os._exit(128 + signal.SIGTERM)
    finally:
        _playing = False
    return stats, hands, texts
