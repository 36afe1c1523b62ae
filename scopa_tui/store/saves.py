"""Autosave and resume of games in progress.

A save is one JSON file per game in ``DATA_DIR/saves/``: the game record so far
(docs/record-format.md, one event object per line of the record) plus what the record does
not say — who sits where (names, which seats are AIs and which AI) — and a format
version.  The record and its seed define the game completely: resuming replays the
record with the seed, which rebuilds the same hands, table, scores and turn and the same
deals still to come.

Every save replaces the whole file atomically (:func:`.files.atomic_write_text`), so a
crash or a kill at any moment leaves the previous save or the new one.
"""

from __future__ import annotations

import json
import os
import re
import stat
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import Game, RecordError, RulesError
from ..engine import record as records
from ..engine.jsontext import TooManyDigits, json_loads
from ..engine.rules import PLAYER_COUNTS, TARGET_MAX, sides_for
from ..engine.text import N_, _, ngettext, pgettext
from ..engine.words import both, shown_name, side_name, side_score
from .files import (SAVE_LIMIT, Notices, StoreError, atomic_write_text, bad_file, describe_os_error, is_read_only,
                    left_alone, read_text, valid_time)
from .words import level_word

SAVE_FORMAT = "scopa-tui-save"
SAVE_VERSION = 1
# A save's sequence number (``seq``), in the first bytes of its first line: the saves are
# offered the last saved first by it, whatever the clock said (README.md, Saving and resuming).
SEQ_HEAD = 4096
_SEQ = re.compile(rb'\{"format":"scopa-tui-save","version":\d+,"seq":(\d{1,18}),')
# an older version's, with no seq, or one whose seq is no number this version writes (edited: "seq":-1)
_OLDER = re.compile(rb'\{"format":"scopa-tui-save","version":\d+,("game_id":|"seq":(?!\d{1,18},))')


def new_game_id() -> str:
    """A unique id for a game: sortable by start time, unique across app copies."""
    return time.strftime("%Y%m%d-%H%M%S") + "-" + uuid.uuid4().hex[:8]


@dataclass
class GameSetup:
    """Who sits at each seat: what a game record does not say.

    ``ai[seat]`` is the AI spec playing the seat (``"greedy"``, ``"hard:time=0.5"``) or
    None for a person; ``human_seat`` is the seat of the person at the keyboard (None
    when AIs play each other).  ``extra`` carries the UI's own choices untouched.
    """

    names: list[str]
    ai: list[str | None]
    human_seat: int | None = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"names": list(self.names), "ai": list(self.ai), "human_seat": self.human_seat,
                "extra": dict(self.extra)}

    @classmethod
    def from_json(cls, data: Any, players: int | None = None) -> GameSetup:
        """Check and build; raises ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("the player setup is not an object")
        names, ai, human = data.get("names"), data.get("ai"), data.get("human_seat")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError("the player names are not a list of strings")
        if not isinstance(ai, list) or not all(a is None or isinstance(a, str) for a in ai):
            raise ValueError("the AI list is not a list of AI names")
        if len(names) != len(ai) or (players is not None and len(names) != players):
            raise ValueError(f"the setup names {len(names)} seats for a {players}-player game")
        if human is not None and (isinstance(human, bool) or not isinstance(human, int)
                                  or not 0 <= human < len(names)):
            raise ValueError(f"the human seat {human!r} is not a seat of the game")
        extra = data.get("extra", {})
        if not isinstance(extra, dict):
            raise ValueError("the extra settings are not an object")
        # a name as it may be shown: ESC or BEL in a name would act on the player's terminal, and
        # a name may be of any length
        return cls([shown_name(n) or f"Seat {s + 1}" for s, n in enumerate(names)], list(ai), human, dict(extra))

    def opponents(self, players: int | None = None) -> list[str]:
        """AI specs of the seats not on the human's side (the opponents' levels)."""
        if self.human_seat is None:
            return [a for a in self.ai if a]
        return [self.ai[s] or "human" for s in self._against(players)]

    def people_against(self, players: int | None = None) -> list[str]:
        """The names of the opponents' seats that people played (at a server's table), in seat
        order: the opponents :meth:`opponents` calls ``human``."""
        if self.human_seat is None:
            return []
        return [self.names[s] for s in self._against(players) if self.ai[s] is None and s < len(self.names)]

    def _against(self, players: int | None) -> list[int]:
        """The seats not on the human's side (``human_seat`` is set)."""
        sides = _sides(players or len(self.ai))
        mine = sides[self.human_seat]
        return [s for s in range(len(self.ai)) if sides[s] != mine]

    def partners(self) -> list[str]:
        """AI specs of the human's partners (4 and 6 players)."""
        if self.human_seat is None:
            return []
        sides = _sides(len(self.ai))
        mine = sides[self.human_seat]
        return [a or "human" for s, a in enumerate(self.ai) if sides[s] == mine and s != self.human_seat]


def _sides(players: int) -> list[int]:
    """The side of each seat, as the engine's rules pair them (one seat a side for other counts)."""
    n_sides = len(sides_for(players)) if players in PLAYER_COUNTS else players
    return [s % n_sides for s in range(players)]


@dataclass
class SavedGame:
    """A save read back: the rebuilt game, ready to continue."""

    game_id: str
    path: Path
    game: Game
    setup: GameSetup
    saved_at: float
    record: str

    @property
    def moves(self) -> int:
        return sum(1 for e in self.game.events if type(e).__name__ == "Played")

    def summary(self) -> str:
        """E.g. ``hand 3 of a game to 11 against greedy: You: 7, Anna: 5``; a variant other
        than Scopa is named (``a game of Escoba to 21``)."""
        from .frames import display_name  # the replay's module: imported when a save is offered

        g = self.game
        variant = g.rules.variant_info
        names = [display_name(n) for n in self.setup.names]
        sides = [side_name(names[s] if s < len(names) else _("seat {n}").format(n=s + 1) for s in seats)
                 for seats in g.rules.sides]
        # a pair's name on one row where it fits, as in the play log: not "Bruno &" over "Elena: 0"
        score = ", ".join(side_score(n.replace(" ", "\u00a0"), t) for n, t in zip(sides, g.totals))
        opponents = [level_word(a) for a in self.setup.opponents(g.rules.players)]
        opp = both(opponents) if opponents else _("nobody")
        partner = both(level_word(a) for a in self.setup.partners()) if g.rules.players in (4, 6) else ""
        if partner and variant.name == "scopa":
            # TRANSLATORS: the resume question of a game with partners; {partner} is the
            # partner's AI level ("medium"), {opponents} the others' ("medium and hard").
            text = _("hand {hand} of a game to {target} (partner: {partner}; opponents: {opponents}): {score}")
        elif partner:
            text = _("hand {hand} of a game of {variant} to {target} (partner: {partner}; opponents: "
                     "{opponents}): {score}")
        elif variant.name == "scopa":
            # TRANSLATORS: the resume question; {opponents} are AI levels ("hard", "medium and
            # hard"), {score} every side's points ("You: 7, Anna: 5"). The singular for one
            # opponent: Italian "(avversario: difficile)", the plural "(avversari: normale e difficile)".
            text = ngettext("hand {hand} of a game to {target} against {opponents}: {score}",
                            "hand {hand} of a game to {target} against {opponents}: {score}", len(opponents))
        else:
            text = ngettext("hand {hand} of a game of {variant} to {target} against {opponents}: {score}",
                            "hand {hand} of a game of {variant} to {target} against {opponents}: {score}",
                            len(opponents))
        return text.format(hand=g.hand_no, variant=_(variant.title), target=g.rules.target, opponents=opp,
                           partner=partner, score=score)


def save_text(game: Game, setup: GameSetup, game_id: str, seq: int = 0) -> str:
    """The save file's text for ``game`` as it stands; ``seq``: the save's sequence number
    (higher than that of every save made before it on this data directory)."""
    events = [e.to_record() for e in game.events]
    doc = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "seq": seq, "game_id": game_id,
           "saved_at": time.time(), "setup": setup.to_json(), "record": events}
    # One event a line keeps the file readable and diffable.
    lines = [json.dumps({k: v for k, v in doc.items() if k != "record"}, separators=(",", ":"))[:-1]
             + ',"record":[']
    lines += [json.dumps(e, separators=(",", ":")) + ("," if i < len(events) - 1 else "")
              for i, e in enumerate(events)]
    lines.append("]}")
    return "\n".join(lines) + "\n"


def parse_save(text: str) -> tuple[dict[str, Any], str]:
    """Check a save's JSON; returns (document, record text).

    Raises :class:`SaveProblem` (corrupt) or :class:`NewerVersion` (a newer app's).
    """
    try:
        doc = json_loads(text)
    except json.JSONDecodeError as e:
        raise SaveProblem(_("is not valid JSON (line {line} column {column}: {error})").format(
            line=e.lineno, column=e.colno, error=e.msg)) from None
    except RecursionError:
        raise SaveProblem(_("is not valid JSON (nested too deeply)")) from None
    except TooManyDigits as e:
        raise SaveProblem(_("is not valid ({error})").format(error=e)) from None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise SaveProblem(_("is not a scopa-tui save"))
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveProblem(_("has no valid version number ({version})").format(version=repr(version)))
    if version > SAVE_VERSION:
        raise NewerVersion(_("is from a newer scopa-tui (save version {version}, this one reads {known})").format(
            version=version, known=SAVE_VERSION))
    events = doc.get("record")
    if not isinstance(events, list) or not events or not all(isinstance(e, dict) for e in events):
        raise SaveProblem(_("holds no game record"))
    text = "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events)
    return doc, text


@dataclass(frozen=True)
class BadSave:
    """A save :meth:`Saves.load` could not use, kept for a caller that reports many at once
    (:func:`bad_saves_notice`): its own notice, and where it was moved aside (None: it was
    left where it is, unreadable, not movable or a newer scopa-tui's)."""
    notice: str
    moved_to: Path | None
    reason: str = "corrupt"  # or "newer": a newer scopa-tui's, left where it is for it


def bad_saves_notice(folder: Path, bad: list[BadSave]) -> str | None:
    """One notice for the saves of ``folder`` that could not be used: a single one's own
    line, or, for several, how many, where, and what was done with them: "30 saved games
    in …/saves could not be resumed: 30 damaged, moved aside as *.json.corrupt-20261201-211130;
    nothing was deleted".  None when there are none."""
    if len(bad) <= 1:
        return bad[0].notice if bad else None
    parts = []
    moved = [b.moved_to for b in bad if b.moved_to is not None]
    if moved:
        n, name = len(moved), _moved_names(moved)
        # TRANSLATORS: part of the notice of several bad saves (after "{n} saved games in
        # {folder} could not be resumed:"); {name} is the name it was moved aside as, or
        # for several a pattern of their names ("*.json.corrupt-20261201-211130").
        parts.append(ngettext("{n} damaged, moved aside as {name}",
                              "{n} damaged, moved aside as {name}", n).format(n=n, name=name))
    newer = sum(1 for b in bad if b.reason == "newer")
    if newer:
        # TRANSLATORS: as "{n} damaged, moved aside as {name}": saves a newer version wrote,
        # left where they are for it to resume.
        parts.append(ngettext("{n} from a newer scopa-tui, left where it is",
                              "{n} from a newer scopa-tui, left where they are", newer).format(n=newer))
    left = sum(1 for b in bad if b.moved_to is None and b.reason != "newer")
    if left:
        # TRANSLATORS: as "{n} damaged, moved aside as {name}": saves that could not be read
        # (no permission) or not be moved aside; the app does not write to them.
        parts.append(ngettext("{n} that cannot be read or moved, left where it is",
                              "{n} that cannot be read or moved, left where they are", left).format(n=left))
    # TRANSLATORS: the notice of several bad saves at start; {folder} is the saves folder.
    summary = ngettext("{n} saved game in {folder} could not be resumed",
                       "{n} saved games in {folder} could not be resumed", len(bad)).format(n=len(bad), folder=folder)
    # TRANSLATORS: {summary} is "30 saved games in …/saves could not be resumed", {parts}
    # what was done with them ("28 damaged, moved aside as …; 2 from a newer scopa-tui, …").
    return _("{summary}: {parts}; nothing was deleted").format(
        summary=summary, parts=pgettext("between clauses", "; ").join(parts))


def _moved_names(paths: list[Path]) -> str:
    """The name of the one file moved aside, or a pattern of several: the part their names
    share after the save's own name (``*.json.corrupt-20261201-211130``), else
    ``*.json.corrupt-*``."""
    if len(paths) == 1:
        return paths[0].name
    suffixes = {p.name[p.name.index(".json.") + len(".json"):] for p in paths}
    if len(suffixes) == 1:
        return "*.json" + suffixes.pop()
    reason = next(iter(suffixes)).split("-")[0]  # ".corrupt"
    return f"*.json{reason}-*"


def save_order(path: Path) -> tuple[int, int]:
    """Where a save comes in :meth:`Saves.ids`, newest first: ``(1, seq)`` for one that
    carries its sequence number (:data:`SEQ_HEAD`), ``(0, 0)`` for an older version's (or
    one whose number is none this version writes: negative, a string, 19 digits), and
    ``(2, 0)`` for a file that does not begin as a save or cannot be read (never waited
    for: a named pipe is no save)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return 2, 0
    try:
        head = os.read(fd, SEQ_HEAD) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        head = b""
    finally:
        os.close(fd)
    if found := _SEQ.match(head):
        return 1, int(found.group(1))
    return (0, 0) if _OLDER.match(head) else (2, 0)


class SaveProblem(ValueError):
    """What is wrong with a save, said of the file ("is not valid JSON ..."), in the player's language."""


class NewerVersion(SaveProblem):
    """A file written by a newer version of the app."""


class Saves:
    """The saves directory: write, list, load and remove saves of games in progress."""

    def __init__(self, directory: Path, notices: Notices):
        self.dir = Path(directory)
        self.notices = notices
        self._last_error: str | None = None
        self._blocked: set[str] = set()  # ids whose bad file could not be moved aside
        self.disabled = False  # the data directory cannot be used
        self._seq: int | None = None  # the highest sequence number of a save so far (None: not read yet)

    def path(self, game_id: str) -> Path:
        return self.dir / f"{game_id}.json"

    def save(self, game: Game, setup: GameSetup, game_id: str) -> bool:
        """Save ``game`` now; on failure one notice (not one per move) and False."""
        if game_id in self._blocked or self.disabled:
            return False
        self.ids()  # read again each time: another copy of the app may have saved since
        self._seq = (self._seq or 0) + 1
        try:
            atomic_write_text(self.path(game_id), save_text(game, setup, game_id, self._seq))
        except StoreError as e:
            message = _("the game was not saved: {error}").format(error=e)
            if message != self._last_error:
                self.notices.add(message)
            self._last_error = message
            return False
        self._last_error = None
        return True

    def remove(self, game_id: str) -> None:
        if game_id in self._blocked:  # unreadable, read-only or not movable: left as it is
            return
        try:
            os.unlink(self.path(game_id))
        except FileNotFoundError:
            pass
        except OSError as e:
            self.notices.add(_("could not remove the save {path}: {error}").format(path=self.path(game_id),
                                                                                   error=describe_os_error(e)))

    def ids(self) -> list[str]:
        """Ids of the saves on disk, the last saved first: by their sequence numbers, which a
        clock set back does not change; an older version's saves, which carry none, after
        them, by modification time.  A file that does not begin as a save (damaged, or that
        cannot be read) comes first, so that what is wrong with it is said at start."""
        if self.disabled:
            return []
        try:
            paths = [p for p in self.dir.glob("*.json") if not p.name.startswith(".")]
        except OSError:
            return []

        def mtime(p: Path) -> float:
            try:
                return p.stat().st_mtime
            except OSError:
                return 0.0
        order = {p: (*save_order(p), mtime(p)) for p in paths}
        self._seq = max([self._seq or 0, *(seq for _rank, seq, _mtime in order.values())])
        return [p.stem for p in sorted(paths, key=order.__getitem__, reverse=True)]

    def load(self, game_id: str, bad: list[BadSave] | None = None) -> SavedGame | None:
        """Read and rebuild a save; a bad one is reported (added to ``bad`` when given, for
        the caller to report with the others: :func:`bad_saves_notice`), moved aside and
        None returned."""
        path = self.path(game_id)
        kind = N_("saved game")
        try:
            text = read_text(path, SAVE_LIMIT)
        except StoreError as e:
            if e.unreadable:  # maybe intact: leave it where it is, never write over it
                self._leave(kind, path, str(e), game_id, bad)
            else:
                self._bad(kind, path, str(e), game_id, bad=bad)
            return None
        if text is None:
            return None
        try:
            doc, record_text = parse_save(text)
            games = records.parse(record_text)
            if len(games) != 1:
                raise SaveProblem(_("holds more than one game"))
            if games[0].rules.target > TARGET_MAX:  # no game of this app is to more (hand-edited)
                # TRANSLATORS: of a saved game: "has a target of 1000000000 points, more than 999".
                raise SaveProblem(_("has a target of {target} points, more than {limit}").format(
                    target=games[0].rules.target, limit=TARGET_MAX))
            game = records.replay(games[0], use_seed=True)
            setup = GameSetup.from_json(doc.get("setup"), game.rules.players)
        except NewerVersion as e:  # the newer scopa-tui's to resume: moved aside, it was out of its sight
            self._leave(kind, path, str(e), game_id, bad, reason="newer")
            return None
        except RecordError as e:
            self._bad(kind, path, _("has a bad game record ({error})").format(error=e), game_id, bad=bad)
            return None
        except (ValueError, RulesError, TypeError) as e:
            self._bad(kind, path, str(e) if isinstance(e, SaveProblem) else _("is damaged ({error})").format(error=e),
                      game_id, bad=bad)
            return None
        if game_id not in self._blocked and is_read_only(path):  # the player's choice: never replaced
            left_alone(self.notices, kind, path, _("is read-only"))
            self._blocked.add(game_id)
        return SavedGame(game_id, path, game, setup, valid_time(doc.get("saved_at")) or 0.0, record_text)

    def _bad(self, kind: str, path: Path, problem: str, game_id: str, bad: list[BadSave] | None = None) -> None:
        said = Notices()
        moved = bad_file(said, kind, path, problem)
        if moved is None:
            self._blocked.add(game_id)
        self._report(said, moved, "corrupt", bad)

    def _leave(self, kind: str, path: Path, problem: str, game_id: str, bad: list[BadSave] | None,
               reason: str = "corrupt") -> None:
        """A save that may be good (unreadable now, or a newer scopa-tui's): left where it is,
        never written over."""
        said = Notices()
        left_alone(said, kind, path, problem)
        self._report(said, None, reason, bad)
        self._blocked.add(game_id)

    def _report(self, said: Notices, moved: Path | None, reason: str, bad: list[BadSave] | None) -> None:
        """Pass on the notice of a bad save: now, or into ``bad`` for :func:`bad_saves_notice`."""
        for notice in said.take():
            if bad is None:
                self.notices.add(notice)
            else:
                bad.append(BadSave(notice, moved, reason))
