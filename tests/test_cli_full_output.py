"""A command whose standard output refuses its output (``> /dev/full``) ends in one line."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")


@pytest.mark.parametrize("argv, given", [
    (["simulate", "--games", "2", "--ai", "random,random"], ""),
    (["simulate", "--games", "2", "--json"], ""),
    (["bot", "--level", "easy"], '{"type": "hello", "protocol": "scopa-bot/1"}\n'),
    (["--lang", "it", "simulate", "--games", "1"], ""),
    (["--help"], ""),  # argparse dropped the text without a word: exit status 0
    (["--version"], ""),
    (["simulate", "--help"], ""),
])
def test_a_full_standard_output_is_one_line_and_exit_2(argv, given, tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path),
           "XDG_STATE_HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path)}
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "scopa_tui", *argv], input=given, stdout=full,
                              stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    lines = done.stderr.splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and "Traceback" not in done.stderr
    if "it" in argv:
        assert lines[0] == "scopa-tui: errore: impossibile scrivere sull'output standard: spazio esaurito sul disco"
    else:
        assert lines[0] == "scopa-tui: error: cannot write to standard output: No space left on device"
