"""``scopa-tui web`` in a real browser: Debian's chromium, headless, driven by Selenium
through chromedriver, on an ephemeral loopback port.

The page draws the game on a canvas (xterm.js), so the test reads the screen as a player
sees it: a script added to the page keeps every frame the server sends to the terminal,
and pyte (a terminal emulator) turns them into the rows of text on screen.
The browser may reach 127.0.0.1 only (``--host-resolver-rules``).
Skips, with the reason, where chromium or chromedriver is not installed.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pyte
import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-sync",
                  "--window-size=1300,900", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1")
# Kept by the page from its first line on: what the server writes to the terminal (text),
# and the terminal size the page asked for.
RECORDER = """
window.scopaFrames = [];
window.scopaSize = null;
const Native = window.WebSocket;
window.WebSocket = function (...args) {
  const ws = new Native(...args);
  const decoder = new TextDecoder();
  ws.binaryType = "arraybuffer";
  ws.addEventListener("message", (e) => {
    if (typeof e.data !== "string") window.scopaFrames.push(decoder.decode(e.data, {stream: true}));
  });
  const send = ws.send.bind(ws);
  ws.send = (data) => {
    if (typeof data === "string" && data.startsWith('["resize"')) window.scopaSize = JSON.parse(data)[1];
    return send(data);
  };
  return ws;
};
window.WebSocket.prototype = Native.prototype;
"""


def _browser_or_skip() -> tuple[str, str]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        missing = " and ".join(n for n, p in (("chromium", chromium), ("chromedriver", driver)) if not p)
        pytest.skip(f"{missing} not installed (apt-get install chromium chromium-driver)")
    return chromium, driver


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_port(port: int, server: subprocess.Popen, log: Path, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if server.poll() is not None:
            pytest.fail(f"scopa-tui web exited with {server.returncode}: {log.read_text()}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    pytest.fail(f"scopa-tui web did not listen on port {port} within {timeout} s")


@pytest.fixture
def served(tmp_path):
    """``scopa-tui web`` on a free loopback port, a 2-player game against the easy AI."""
    port = _free_port()
    log = tmp_path / "server.log"
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "scopa_tui", "--data-dir", str(tmp_path / "data"), "web",
             "--port", str(port), "--players", "2", "--ai", "easy", "--seed", "7", "--ai-delay", "0"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_for_port(port, server, log)
        yield f"http://127.0.0.1:{port}/", server
    finally:
        # The server and the game processes it started share the session: end them all.
        with contextlib.suppress(ProcessLookupError):  # a test may have stopped them already
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGKILL)
            server.wait()


@pytest.fixture
def browser(tmp_path):
    chromium, driver_path = _browser_or_skip()
    os.environ.setdefault("SE_AVOID_STATS", "true")  # Selenium sends no usage statistics
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'chromium'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        driver.set_page_load_timeout(30)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
        yield driver
    finally:
        driver.quit()


def screen_text(driver) -> list[str]:
    """The rows of the page's terminal, as the player reads them."""
    size = driver.execute_script("return window.scopaSize") or {"width": 200, "height": 80}
    screen = pyte.Screen(size["width"], size["height"])
    pyte.Stream(screen).feed(driver.execute_script("return window.scopaFrames.join('')"))
    return [row.rstrip() for row in screen.display]


def wait_for_screen(driver, condition, what: str, timeout: float = 30) -> list[str]:
    end = time.monotonic() + timeout
    rows: list[str] = []
    while time.monotonic() < end:
        rows = screen_text(driver)
        if condition(rows):
            return rows
        time.sleep(0.2)
    pytest.fail(f"the page never showed {what}; it shows:\n" + "\n".join(rows))


def hand_numbers(rows: list[str]) -> list[str]:
    """The number keys under the cards of the player's hand ("1 2 3")."""
    top = next(i for i, row in enumerate(rows) if "Your hand" in row)
    for row in rows[top + 1:]:
        if row.lstrip().startswith("╰"):
            break
        words = row.strip("│ ").split()
        if words and all(w.isdigit() for w in words):
            return words
    return []


def plays_log(rows: list[str]) -> str:
    """The text of the Plays panel on the right."""
    start = next(i for i, row in enumerate(rows) if "Plays" in row)
    column = rows[start].index("Plays") - 3
    return "\n".join(row[column:].strip("│╰╯─ ") for row in rows[start + 1:])


def descendants(pid: int) -> set[int]:
    """The processes started by ``pid`` (and by them), from /proc."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def xterm_keyboard(browser):
    """What types into the page's terminal: xterm's helper textarea, focused (not clicked:
    a click would reach the game), the keys sent to the focused element as the browser's own
    input. Some chromedriver releases refuse to type into the textarea itself, "element not
    interactable" (xterm draws it out of sight)."""
    from selenium.webdriver.common.action_chains import ActionChains

    browser.execute_script("document.querySelector('textarea.xterm-helper-textarea').focus()")

    class Keys:
        def send_keys(self, text: str) -> None:
            ActionChains(browser).send_keys(text).perform()
    return Keys()


def test_a_card_played_by_keyboard_in_the_browser(served, browser, tmp_path):
    from selenium.webdriver.common.by import By

    url, _server = served
    browser.get(url)
    before = wait_for_screen(browser, lambda rows: any("Your turn: pick a card" in r for r in rows),
                             "the game waiting for the player's first card")
    assert hand_numbers(before) == ["1", "2", "3"]
    assert "Hand 1" in plays_log(before)
    # everything the page asked for was there: its icon is inline (the browser asked for
    # /favicon.ico, a 404 in the server's log at every visit)
    assert " 404 " not in (tmp_path / "server.log").read_text()

    keys = xterm_keyboard(browser)
    keys.send_keys("2")  # seed 7: the Ace of Bastoni, which takes the Ace on the table
    keys.send_keys("\n")
    after = wait_for_screen(browser, lambda rows: hand_numbers(rows) == ["1", "2"],
                            "the hand down to two cards")
    log = plays_log(after)
    assert "You played A♣ and took\u00a0A" in log, log  # "took" and its first card on one row
    browser.save_screenshot(str(tmp_path / "browser.png"))
    assert (tmp_path / "browser.png").stat().st_size > 10_000
    print(f"screenshot: {tmp_path / 'browser.png'}")

    # Quitting: the game is saved in the --data-dir given to scopa-tui web, and the page
    # says the game has closed, with a button to play again.
    keys.send_keys("q")
    wait_for_screen(browser, lambda rows: any("Quit the game in progress?" in r for r in rows), "the quit question")
    keys.send_keys("y")
    end = time.monotonic() + 30
    while "-closed" not in browser.find_element(By.TAG_NAME, "body").get_attribute("class"):
        assert time.monotonic() < end, "the page never said the game closed"
        time.sleep(0.2)
    assert browser.find_element(By.CSS_SELECTOR, ".ended").is_displayed()
    assert "The game has closed." in browser.find_element(By.CSS_SELECTOR, ".ended").text
    browser.save_screenshot(str(tmp_path / "closed.png"))
    assert list((tmp_path / "data" / "saves").glob("*.json")), "the game was not saved in the data dir"


def test_ctrl_c_ends_the_server_and_its_games_at_once(served, browser):
    url, server = served
    browser.get(url)
    wait_for_screen(browser, lambda rows: any("Your turn: pick a card" in r for r in rows), "the game")
    games = descendants(server.pid)
    assert games, "no game process was started for the page"
    started = time.monotonic()
    server.send_signal(signal.SIGINT)  # Ctrl+C in the terminal of scopa-tui web
    assert server.wait(timeout=20) == 0
    assert time.monotonic() - started < 15  # not aiohttp's minute of waiting for the page to go
    end = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in games):
        assert time.monotonic() < end, "a game process outlived the server"
        time.sleep(0.1)
