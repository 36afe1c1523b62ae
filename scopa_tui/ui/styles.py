"""Where the app's stylesheets live (one place for every screen and app that loads them)."""

from pathlib import Path

UI_DIR = Path(__file__).resolve().parent
APP_TCSS = UI_DIR / "app.tcss"
GAME_TCSS = UI_DIR / "game.tcss"
DIALOGS_TCSS = UI_DIR / "dialogs.tcss"
STORE_TCSS = UI_DIR / "store.tcss"  # statistics, history and replay screens load it themselves
SCORING_TCSS = UI_DIR / "scoring.tcss"  # the end-of-hand, game-over and replay screens load it themselves
LOBBY_TCSS = UI_DIR / "lobby.tcss"  # the lobby of a table server (screens/lobby.py)
