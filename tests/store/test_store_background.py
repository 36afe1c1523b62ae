"""The database thread: a job that fails with a bug is handed to the app as that error."""

from __future__ import annotations

import threading

import pytest

from scopa_tui.store.background import Background


def test_an_unexpected_error_of_a_job_reaches_the_app_as_itself():
    delivered: list = []
    ready = threading.Event()
    runner = Background(threaded=True)

    def deliver(call):  # the app runs it on its event loop; here, right away
        delivered.append(call)
        ready.set()

    runner.deliver = deliver

    def job():
        raise KeyError("a bug in a job")

    future = runner.submit(job)
    assert ready.wait(5)
    with pytest.raises(KeyError, match="a bug in a job"):  # not a NameError of its own
        delivered[0]()
    assert isinstance(future.exception(timeout=5), KeyError)
