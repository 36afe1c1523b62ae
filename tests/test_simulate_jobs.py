"""``simulate --jobs N``: the games in a pool of processes, the same games for any N
(README.md, Simulator)."""

from __future__ import annotations

import hashlib
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scopa_tui import cli, simjobs, simulate
from scopa_tui.cli import main
from scopa_tui.engine import make_rules

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
TIMING = ("decision_ms", "decision_ms_median", "decision_ms_p99", "decision_seconds")

# name: (rules, games, seed, AIs, paired), and what the one-process simulator played before
# ``--jobs`` (commit 56584f8): hands, each AI's (wins, points per hand, decisions, faults),
# and the start of the record's SHA-256.
CASES = {
    "easy-random": ((dict(players=2), 12, 5, ["easy", "random"], False),
                    (41, [(12, 3.4146341463414633, 738, 0), (0, 1.1219512195121952, 738, 0)], "ba7e7c1e47688633")),
    "paired-4": ((dict(players=4), 6, 3, ["random", "greedy"], True),
                 (22, [(0, 1.4545454545454546, 396, 0), (6, 3.3636363636363638, 396, 0)], "ac6d8217adc35879")),
    "three-escoba": ((dict(players=3, variant="escoba"), 5, 9, ["random", "easy", "random"], False),
                     (34, [(0, 0.6176470588235294, 408, 0), (5, 3.2941176470588234, 408, 0),
                           (0, 0.5588235294117647, 408, 0)], "472d9be20ecae5cd")),
    "medium": ((dict(players=2, target=4), 3, 7, ["medium", "easy"], False),
               (5, [(2, 3.0, 90, 0), (1, 2.4, 90, 0)], "d59eece59807c2cd")),
}


def untimed(summary: dict) -> dict:
    """The summary without what depends on the clock."""
    out = {k: v for k, v in summary.items() if k not in ("seconds", "games_per_second")}
    out["ai"] = [{k: v for k, v in a.items() if k not in TIMING} for a in summary["ai"]]
    return out


def play(case: str, jobs: int, **kwargs) -> tuple[dict, str]:
    (rules, games, seed, specs, paired), _ = CASES[case]
    out = io.StringIO()
    summary = simulate.run(make_rules(**rules), games, seed, specs, record_file=out, paired=paired, jobs=jobs,
                           **kwargs)
    return summary, out.getvalue()


@pytest.mark.parametrize("case", list(CASES))
def test_one_or_two_processes_play_the_games_one_process_played(case):
    """``--jobs 1`` plays what the simulator played before ``--jobs``; ``--jobs 2`` gives
    the same summary (but for the times) and the same record."""
    hands, ais, digest = CASES[case][1]
    one, one_text = play(case, 1)
    two, two_text = play(case, 2)
    for summary, text in ((one, one_text), (two, two_text)):
        assert summary["hands"] == hands
        assert [(a["wins"], a["points_per_hand"], a["decisions"], a["faults"]) for a in summary["ai"]] == ais
        assert hashlib.sha256(text.encode()).hexdigest()[:16] == digest
    assert untimed(two) == untimed(one) and two_text == one_text


def test_chunks_of_several_games_merge_in_game_order(monkeypatch):
    """Tasks of 3 consecutive games (and a last one of 1): statistics, decision times and
    records come back in game order."""
    monkeypatch.setattr(simjobs, "chunk_size", lambda games, jobs: 3)
    rules = make_rules(players=4)
    runs = []
    for jobs in (1, 2):
        out, seen = io.StringIO(), []
        summary = simulate.run(rules, 10, 11, ["easy", "random"], record_file=out, keep_times=True, jobs=jobs,
                               on_game=lambda done, total: seen.append((done, total)))
        runs.append((untimed(summary), out.getvalue(), seen, [len(a["decision_seconds"]) for a in summary["ai"]]))
    assert runs[1] == runs[0]
    assert runs[1][2] == [(n, 10) for n in range(1, 11)]
    assert runs[1][3] == [a["decisions"] for a in runs[1][0]["ai"]]


def test_the_strength_benchmark_path_stays_in_one_process(monkeypatch):
    def no_pool(*args, **kwargs):
        raise AssertionError("a pool was started")

    from scopa_tui.ai import strength

    monkeypatch.setattr(simjobs, "run_in_pool", no_pool)
    summary = strength._chunk(("easy", "random", 4, 1, 2))  # a chunk of games in the benchmark's own pool
    assert summary["games"] == 4 and len(summary["ai"][0]["decision_seconds"]) == summary["ai"][0]["decisions"]


# --- the command line ------------------------------------------------------------------

@pytest.mark.parametrize("value,says", [
    ("-1", "must not be negative, not -1"), ("65", "must be from 0 to 64, not 65"),
    ("abc", "'abc' is not a number of processes, nor auto"), ("1.5", "'1.5' is not a number of processes"),
    ("", "'' is not a number of processes"), ("9" * 40, "(40 characters) is too long a number"),
])
def test_bad_jobs_one_line_exit_2(value, says, capsys):
    assert main(["simulate", "--games", "1", "--jobs", value]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("scopa-tui: error: argument --jobs: ")
    assert says in err and err.count("\n") == 1


def test_bad_jobs_in_the_players_language(capsys):
    assert main(["--lang", "it", "simulate", "--jobs", "abc"]) == 2
    err = capsys.readouterr().err
    assert err == "scopa-tui: errore: argomento --jobs: 'abc' non è un numero di processi, né auto\n"


@pytest.mark.parametrize("value,cores,jobs", [("auto", 3, 3), ("0", 2, 2), ("AUTO", 1, 1), ("5", 2, 5), (None, 2, 1)])
def test_jobs_given_and_auto(monkeypatch, capsys, value, cores, jobs):
    calls = []
    real = simulate.run
    monkeypatch.setattr(simjobs, "available_cores", lambda: cores)
    monkeypatch.setattr(simulate, "run", lambda *a, **k: calls.append(k["jobs"]) or real(*a, **{**k, "jobs": 1}))
    assert main(["simulate", "--games", "2", "--json"] + (["--jobs", value] if value else [])) == 0
    assert calls == [jobs]


def test_record_file_that_fills_up_with_two_processes(capfd):
    if not os.path.exists("/dev/full"):  # pragma: no cover - not Linux
        pytest.fail("/dev/full is needed by this test")
    assert main(["simulate", "--games", "40", "--jobs", "2", "--record", "/dev/full"]) == 2
    out, err = capfd.readouterr()
    assert out == "" and err.count("\n") == 1 and "No space left on device" in err and "Traceback" not in err


# --- bots and processes ----------------------------------------------------------------

def bot_copy(tmp_path: Path, wrong_id: bool = False) -> Path:
    """examples/minimal_bot.py under a path of this test's own, to find its processes by;
    ``wrong_id``: one that answers each move request with another request's id (a fault)."""
    path = tmp_path / "minimal_bot.py"
    source = (ROOT / "examples" / "minimal_bot.py").read_text()
    if wrong_id:
        answer = '{"type": "move", "id": request.get("id"),'
        assert answer in source
        source = source.replace(answer, '{"type": "move", "id": request.get("id") + 1000,')
    path.write_text(source)
    return path


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
    except OSError:
        return ""


def processes_running(marker: str) -> list[int]:
    """The processes that run with ``marker`` in their command line."""
    return [int(e.name) for e in Path("/proc").iterdir()
            if e.name.isdigit() and marker in command_line(int(e.name)) and alive(int(e.name))]


def test_bots_play_in_two_processes_and_are_closed(tmp_path):
    bot = bot_copy(tmp_path)
    specs = [f"cmd:{PY} {bot}", "easy"]
    one, two = (simulate.run(make_rules(players=2, target=4), 3, 7, specs, jobs=jobs) for jobs in (1, 2))
    assert untimed(two) == untimed(one)
    assert two["ai"][0]["decisions"] > 20 and two["ai"][0]["faults"] == 0
    assert processes_running(str(bot)) == []


def test_a_bot_started_is_closed_when_the_next_player_cannot_be_made(tmp_path, monkeypatch):
    """Ctrl-C while a game's second player is made (a worker's first game imports it)."""
    bot = bot_copy(tmp_path)
    make_player = simulate.make_player

    def interrupted(spec, seed):
        if spec == "medium":
            raise KeyboardInterrupt
        return make_player(spec, seed)

    monkeypatch.setattr(simulate, "make_player", interrupted)
    with pytest.raises(KeyboardInterrupt):
        simulate.run(make_rules(players=2), 1, 1, [f"cmd:{PY} {bot}", "medium"])
    assert processes_running(str(bot)) == []


def test_a_bots_faults_from_a_worker_are_one_line_each_in_the_players_language(tmp_path, capfd):
    from scopa_tui import languages

    script = bot_copy(tmp_path, wrong_id=True)
    languages.use("it")
    summary = simulate.run(make_rules(players=2, target=1), 2, 3, [f"cmd:{PY} {script}", "easy"], jobs=2)
    bot = summary["ai"][0]
    assert bot["faults"] == bot["decisions"] > 0
    err = capfd.readouterr().err
    lines = err.splitlines()
    assert len(lines) == bot["faults"] and all("ha risposto con l'id" in line for line in lines)
    assert processes_running(str(script)) == []


def descendants(pid: int) -> list[int]:
    try:
        children = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return children + [d for c in children for d in descendants(c)]


def _ctrl_c_as_in_a_terminal() -> None:
    """In the child: Ctrl-C handled as by default.  A test run started in the background by
    a shell without job control (``nohup ... &``) has SIGINT ignored, children inherit that,
    and Python then leaves it ignored; a terminal's Ctrl-C reaches a process that has not."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_simulate(*args: str) -> subprocess.Popen:
    return subprocess.Popen([PY, "-m", "scopa_tui", "--lang", "en", "simulate", "--jobs", "2", *args],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=_ctrl_c_as_in_a_terminal)


def wait_for(proc: subprocess.Popen, found, timeout: float = 30) -> list[int]:
    """Poll ``proc``'s descendants until ``found(pids)`` is true; every one seen."""
    seen: list[int] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        pids = descendants(proc.pid)
        seen += [p for p in pids if p not in seen]
        if found(pids):
            return seen
        time.sleep(0.05)
    proc.kill()
    pytest.fail(f"not found in time: {proc.communicate(timeout=10)}")


@pytest.mark.parametrize("whom", ["group", "parent"])
def test_ctrl_c_stops_workers_and_bots_exit_130(tmp_path, whom):
    """Ctrl-C in a terminal signals the whole group; ``kill -INT`` the parent alone."""
    bot = bot_copy(tmp_path)
    proc = start_simulate("--games", "400", "--ai", f"cmd:{PY} {bot},medium")
    try:
        seen = wait_for(proc, lambda pids: sum(str(bot) in command_line(p) for p in pids) == 2)
        (os.killpg if whom == "group" else os.kill)(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130 and out == "" and err == ""
    time.sleep(0.3)  # the bots' and workers' last moments
    assert len(seen) >= 5 and [p for p in seen if alive(p)] == []  # workers, bots, the semaphores' tracker
    assert processes_running(str(bot)) == []


def test_ctrl_c_as_the_workers_start_is_130_without_a_word():
    # A Ctrl-C to the group while the workers were still importing stopped them with a
    # traceback each (KeyboardInterrupt), and the run with status 1 when the pool saw one
    # dead first ("a process of the simulation ended unexpectedly").
    proc = start_simulate("--games", "400", "--ai", "medium,random")
    try:
        wait_for(proc, lambda pids: sum("spawn_main" in command_line(p) for p in pids) == 2)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert (proc.returncode, out, err) == (130, "", "")


def sigint_blocked() -> bool:
    return signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, ())


def look_until_interrupted() -> str:
    """A task that asks for the stop flag again and again, as a worker between games does."""
    simjobs._playing = True
    try:
        while True:
            simjobs._stop_asked()
    except KeyboardInterrupt:
        return "interrupted"
    finally:
        simjobs._playing = False


def test_ctrl_c_as_a_worker_looks_at_the_stop_flag_leaves_it_readable():
    """The stop flag was an Event, read under a lock that every process shares: a Ctrl-C
    raised in a worker just as it took that lock left it held for good (about one time in four
    here), and the next look at the flag waited for ever: ``simulate --jobs 2`` sent SIGTERM hung
    now and then. Each round interrupts a worker looking at the flag, then looks again."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(1, mp_context=context, initializer=simjobs._start_worker,
                               initargs=("en", context.RawValue("b", 0), make_rules(), ["random"], False, False))
    try:
        assert simjobs._submit(pool, simjobs._stop_asked).result(timeout=60) is False  # started
        (worker,) = pool._processes
        for _round in range(20):
            looking = simjobs._submit(pool, look_until_interrupted)
            while not looking.done():  # until the task has seen one (one sent before it began is ignored)
                os.kill(worker, signal.SIGINT)
                time.sleep(0.02)
            assert looking.result() == "interrupted"
            assert simjobs._submit(pool, simjobs._stop_asked).result(timeout=30) is False
    finally:
        for process in list(pool._processes.values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)


def test_a_worker_holds_ctrl_c_until_its_handler_is_in_place():
    """The window of the test above, closed for sure: a worker starts with SIGINT blocked
    (held, not lost) and unblocks it once its handler is in place (simjobs._submit)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("spawn")
    bare = ProcessPoolExecutor(1, mp_context=context)
    ready = ProcessPoolExecutor(1, mp_context=context, initializer=simjobs._start_worker,
                                initargs=("en", context.RawValue("b", 0), make_rules(), ["random"], False, False))
    try:
        assert simjobs._submit(bare, sigint_blocked).result(timeout=60) is True  # as it starts
        assert simjobs._submit(ready, sigint_blocked).result(timeout=60) is False  # once ready
        assert not sigint_blocked()  # and this process has it back
    finally:
        bare.shutdown(wait=True)
        ready.shutdown(wait=True)


def test_the_pool_starts_all_its_workers_with_its_first_task():
    # Started one by one as tasks came, a worker started while another was found dead was
    # missed by the executor, which then waited for it for ever (simjobs._start_pool).
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pool = simjobs._start_pool(ProcessPoolExecutor(3, mp_context=multiprocessing.get_context("spawn")))
    try:
        assert pool.submit(abs, -2).result(timeout=60) == 2
        assert len(pool._processes) == 3
    finally:
        pool.shutdown(wait=True)


def test_a_worker_that_dies_is_one_line_exit_1():
    proc = start_simulate("--games", "2000", "--ai", "medium,random")
    try:
        seen = wait_for(proc, lambda pids: any("spawn_main" in command_line(p) for p in pids))
        worker = next(p for p in seen if "spawn_main" in command_line(p))
        os.kill(worker, signal.SIGKILL)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 1 and out == ""
    assert err == "scopa-tui: error: a process of the simulation ended unexpectedly; the simulation stopped\n"


def test_a_stop_with_half_a_result_in_the_pipe_ends(monkeypatch):
    # A worker ended by SIGTERM (the process group's, from kill or timeout) as it wrote its
    # result left half a message in the results' pipe: the executor's thread waited for the rest
    # for ever, and simulate --jobs 2 --record hung after SIGTERM, one run in ten. Here the half
    # message is written by hand, then the run is stopped as Ctrl-C or SIGTERM stops it.
    import struct
    import threading

    pools = []
    real_start = simjobs._start_pool
    monkeypatch.setattr(simjobs, "_start_pool", lambda pool: pools.append(real_start(pool)) or pools[-1])

    def stopped(done, total):
        if done < total:
            return
        # every result read: a message is begun that never ends (its length, and a little of it),
        # and the workers end as SIGTERM to the process group ends them, the parent stopping
        os.write(pools[0]._result_queue._writer.fileno(), struct.pack("!i", 2**31 - 1) + b"half")
        for process in pools[0]._processes.values():
            os.kill(process.pid, signal.SIGTERM)
        raise cli.Terminated(signal.SIGTERM)

    outcome = []

    def run():
        try:
            simulate.run(make_rules(), 40, 1, ["random", "random"], record_file=io.StringIO(), jobs=2,
                         on_game=stopped)
        except KeyboardInterrupt:
            outcome.append("stopped")

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(60)  # not a measure of time: without the fix it never ends
    assert outcome == ["stopped"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_to_the_parent_alone_ends_its_workers_too(sig):
    # Without --record, SIGTERM (or SIGHUP) ended the parent outright: its workers played on,
    # orphans, and the semaphores' tracker said "There appear to be 10 leaked semaphore objects".
    proc = start_simulate("--games", "2000", "--ai", "medium,random")
    try:
        seen = wait_for(proc, lambda pids: sum("spawn_main" in command_line(p) for p in pids) == 2)
        time.sleep(3)
        os.kill(proc.pid, sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert (proc.returncode, out, err) == (128 + sig, "", "")
    time.sleep(0.3)  # the workers' last moments
    assert [p for p in seen if alive(p)] == []
