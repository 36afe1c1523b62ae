"""Seats kept at a server's tables are found by the server's address however it was typed
(README.md, Play online): ``ws://h:8810`` and ``ws://h:8810/`` (or an upper-case host) were
two servers, and the seat kept under one was not found under the other."""

from __future__ import annotations

import pytest

from scopa_tui.net.messages import server_key
from scopa_tui.net.seat import KeptSeats
from scopa_tui.store import Store
from scopa_tui.ui.persistence import StoreMixin


class App(StoreMixin):
    """The app's kept seats, on a data directory."""

    def __init__(self, store):
        self.store = store

    def show_store_notices(self):
        pass


@pytest.mark.parametrize("typed, key", [
    ("ws://h:8810", "ws://h:8810/"), ("WS://H:8810/", "ws://h:8810/"), (" ws://h:8810/ ", "ws://h:8810/"),
    ("ws://h:80", "ws://h/"), ("wss://Scopa.example.org:443/", "wss://scopa.example.org/"),
    ("ws://[::1]:7654", "ws://[::1]:7654/"), ("ws://h:7654/Tables", "ws://h:7654/Tables"),
    ("ws://h:port/", "ws://h:port/"),  # not an address: as it is
    # a name's closing dot, and an IPv6 address written long: ws://h.:8810 and ws://h:8810 were
    # two servers, the seat kept under one not found under the other
    ("ws://Scopa.Example.org.:8810", "ws://scopa.example.org:8810/"),
    ("ws://[0:0:0:0:0:0:0:1]:7654/", "ws://[::1]:7654/"), ("ws://[FE80::0001%eth0]:7654", "ws://[fe80::1%eth0]:7654/"),
    ("ws://.:7654/", "ws://.:7654/"),  # no name: as it is
])
def test_a_servers_address_is_keyed_one_way(typed, key):
    assert server_key(typed) == key


def test_the_apps_seat_is_found_under_the_server_however_typed(tmp_path):
    app = App(Store(tmp_path))
    app.keep_seat("ws://h:8810", "K7XQ93PA", "token-a")
    assert app.kept_seat("ws://H:8810/", "K7XQ93PA") == "token-a"
    assert app.kept_codes("WS://h:8810/") == ["K7XQ93PA"]
    app.keep_seat("ws://h:8810/", "K7XQ93PA", None)  # left for good
    assert Store(tmp_path).settings.online_seats == {}


def test_the_apps_seat_kept_under_the_server_as_typed_before_is_found(tmp_path):
    Store(tmp_path).update_settings(online_seats={"ws://h:8810 K7XQ93PA": "token-a"})  # an earlier version's key
    app = App(Store(tmp_path))
    assert app.kept_seat("ws://h:8810/", "K7XQ93PA") == "token-a"
    assert app.kept_codes("ws://h:8810/") == ["K7XQ93PA"]
    app.keep_seat("ws://h:8810/", "K7XQ93PA", "token-b")  # the old key goes, the seat is kept once
    assert Store(tmp_path).settings.online_seats == {"ws://h:8810/ K7XQ93PA": "token-b"}


def test_a_headless_seat_is_found_under_the_server_however_typed(tmp_path):
    KeptSeats(Store(tmp_path), "ws://h:8810", "Anna").keep("k7xq93pa", "token-a")
    assert KeptSeats(Store(tmp_path), "ws://H:8810/", "Anna").token("K7XQ93PA") == "token-a"
    assert KeptSeats(Store(tmp_path), "ws://h:8810/", "Bruno").token("K7XQ93PA") is None  # another name's


def test_a_headless_seat_kept_under_the_server_as_typed_before_is_found(tmp_path):
    Store(tmp_path).update_settings(headless_seats={"ws://h:8810 K7XQ93PA Anna Maria": "token-a"})
    kept = KeptSeats(Store(tmp_path), "ws://h:8810/", "Anna Maria")
    assert kept.token("K7XQ93PA") == "token-a"
    kept.keep("K7XQ93PA", None)  # its game over
    assert Store(tmp_path).settings.headless_seats == {}
