"""A table in this process: the engine's ``Game`` and the AI players of the other seats.

The AIs think in the screen's worker thread (:class:`~scopa_tui.table.base.Runner`); each
AI play is announced (:class:`~scopa_tui.table.base.Preview`) and made ``pace`` seconds
later, so the player sees it on the table first.  An AI or an external bot that fails, or
chooses an illegal move, plays a safe legal move instead, and the screen is told why.
"""

from __future__ import annotations

from ..engine import Game, GameEnded, HandEnded, Move
from ..engine.view import PlayerView
from ..engine.text import _
from ..store.words import level_word
from .base import Preview, Seat, Table


class LocalTable(Table):
    """``game`` with ``players`` (seat -> AI player) at every seat but ``my_seat``.

    ``names`` are the seats' names (the player's own is shown as "You" whatever it is) and
    ``levels`` the AI name of each AI seat (``cmd:...`` for an external bot).
    """

    def __init__(self, game: Game, players: dict, names: list[str], levels: dict[int, str] | None = None,
                 my_seat: int = 0, pace: float = 0.0) -> None:
        super().__init__()
        self.game = game
        self.rules = game.rules
        self.players = players
        self.my_seat = my_seat
        self.pace = pace
        self.levels = levels or {}
        self.seats = [Seat(names[s], "you" if s == my_seat else "bot" if self.levels.get(s, "").startswith("cmd:")
                           else "ai", self.levels.get(s, "")) for s in range(game.rules.players)]
        self.runner = None
        self._token = 0
        self._pending: tuple[int, int, Move] | None = None  # an AI play shown, to be made
        self._unsubscribe = game.subscribe(self._relay)

    # --- reading the game ---------------------------------------------------------------
    phase = property(lambda self: self.game.phase)
    turn = property(lambda self: self.game.turn)
    hand_no = property(lambda self: self.game.hand_no)
    dealer = property(lambda self: self.game.dealer)
    totals = property(lambda self: self.game.totals)
    winner = property(lambda self: self.game.winner)
    hand_scores = property(lambda self: self.game.hand_scores)
    events = property(lambda self: self.game.events)

    def view(self) -> PlayerView | None:
        return self.game.view(self.my_seat) if self.game.state is not None else None

    def captures_for(self, card: int):
        return self.game.captures_for(card)

    def explain(self, card, capture=()) -> str | None:
        if self.game.phase == "play" and self.game.turn != self.my_seat:
            return super().explain(card, capture)
        return self.game.explain(card, capture)

    def seat_label(self, seat: int) -> str:
        """An AI's level; an external bot by the name it gave (or "external bot")."""
        level = self.levels.get(seat, "")
        if level.startswith("cmd:"):
            name = getattr(self.players.get(seat), "bot_name", None)
            # TRANSLATORS: the line under an external bot's seat; {name} is the name it gave.
            return _("bot {name}").format(name=name) if name else _("external bot")
        return level_word(level)

    # --- events -------------------------------------------------------------------------
    def _relay(self, event) -> None:
        """Every engine event: to the AIs that listen (hand and game ends), then to the screen."""
        if isinstance(event, (HandEnded, GameEnded)):
            record = event.to_record()
            for player in self.players.values():
                notify = getattr(player, "notify", None)
                if notify is not None:
                    try:
                        notify(record)
                    except Exception:  # an AI failing to listen must not end the game
                        pass
        if isinstance(event, GameEnded):
            self.close_players()  # e.g. external bots: no process outlives its game
        self._emit(event)

    # --- acting -------------------------------------------------------------------------
    def start(self) -> None:
        if self.game.phase == "new":
            self.game.start()

    def play(self, move: Move) -> None:
        self._token += 1  # an AI play still pending is void
        self.game.play(move)

    def ready_next_hand(self) -> None:
        if self.game.phase == "hand_over":
            self.game.next_hand()

    def next_turn(self) -> None:
        """An AI's turn: it thinks in the worker thread; its play is previewed, then made."""
        self._token += 1
        game = self.game
        if game.phase != "play" or game.turn == self.my_seat or self.runner is None:
            return
        seat, token = game.turn, self._token
        player, view = self.players[seat], game.view(seat)
        self.runner.in_thread(lambda: self._choose(seat, player, view),
                              lambda found: self._chosen(seat, token, *found))

    def _choose(self, seat: int, player, view: PlayerView) -> tuple[Move, str | None]:
        """In the worker thread: the AI's move, or a safe one with the reason."""
        name = self.names[seat]
        fault = None
        try:
            decide = getattr(self.runner, "decide", None)  # the screen may search in a process
            move = decide(player, view) if decide is not None else player.choose(view)
        except Exception as exc:  # an AI or an external bot failing must not end the game
            # TRANSLATORS: {name} is a seat's name, {error} what went wrong (often in English).
            move, fault = None, _("{name}'s AI failed ({error}); it plays a safe move").format(name=name, error=exc)
        if move is None or move not in view.legal:
            if fault is None:
                # TRANSLATORS: {move} is the move it chose, in notation ("7d takes 3c 4s").
                fault = _("{name}'s AI chose an illegal move ({move}); it plays a safe move").format(
                    name=name, move=move)
            move = view.legal[0]
        return move, fault

    def _chosen(self, seat: int, token: int, move: Move, fault: str | None) -> None:
        if token != self._token or self.game.phase != "play" or self.game.turn != seat:
            return
        self._pending = (seat, token, move)
        self._emit(Preview(seat, move, fault))
        # Made after the screen has taken the Preview (at pace 0 too: ``later(0, ...)`` runs
        # after the messages already queued), so the screen sees the play shown, then made.
        self.runner.later(self.pace, lambda: self._apply(seat, token, move))

    def hurry(self) -> None:
        if self._pending is not None:
            self._apply(*self._pending)

    def _apply(self, seat: int, token: int, move: Move) -> None:
        self._pending = None
        if token != self._token or self.game.phase != "play" or self.game.turn != seat:
            return
        self.game.play(move)

    def close_players(self) -> None:
        for player in self.players.values():
            close = getattr(player, "close", None)
            if close is not None:
                try:
                    close()
                except Exception:
                    pass

    def close(self) -> None:
        self._token += 1
        self._unsubscribe()
        self.close_players()
