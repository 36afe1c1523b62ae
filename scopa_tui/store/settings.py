"""Settings that persist between runs: ``DATA_DIR/settings.json``.

Theme, ASCII mode, AI delay, reduced motion, and the last new-game choices.  The file has
a version; unknown keys are kept as they are (a newer app's extra settings survive an
older app's save), a bad value is reported and replaced by its default.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ..engine.jsontext import TooManyDigits, json_loads
from ..engine.text import N_, _
from ..languages import LANGUAGES
from .files import (SETTINGS_LIMIT, Notices, StoreError, atomic_write_text, bad_file, is_read_only, left_alone,
                    read_text, size_words)

SETTINGS_VERSION = 1


def _is_delay(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 60


CHECKS = {
    "theme": lambda v: v is None or (isinstance(v, str) and 0 < len(v) < 100),
    "ascii": lambda v: isinstance(v, bool),
    "ai_delay": _is_delay,
    "reduce_motion": lambda v: isinstance(v, bool),
    "new_game": lambda v: isinstance(v, dict),
    "online_seats": lambda v: isinstance(v, dict),
    "headless_seats": lambda v: isinstance(v, dict),
    "language": lambda v: v is None or v in LANGUAGES,
    "online_server": lambda v: v is None or (isinstance(v, str) and 0 < len(v) <= 300),
    "online_name": lambda v: v is None or (isinstance(v, str) and 0 < len(v.strip()) <= 24),
}


@dataclass
class Settings:
    """What the app remembers between runs (settings.json)."""

    theme: str | None = None  # None: the app's default theme
    ascii: bool = False
    ai_delay: float = 0.8
    reduce_motion: bool = False  # no cards flying over the table (widgets/motion.py)
    new_game: dict[str, Any] = field(default_factory=dict)  # the new-game screen's last choices
    # Seats held at tables on servers ("URL CODE" -> seat token), so that quitting the app
    # and joining the table again by its code takes the seat back (docs/online-protocol.md, resume).
    online_seats: dict[str, str] = field(default_factory=dict)
    # The same for the headless seats of ``scopa-tui online --bot/--ai`` ("URL CODE NAME" -> seat
    # token: several may sit at one table), so that one killed comes back with the same --join
    # (README.md, Headless seats); the app's lobby does not offer them.
    headless_seats: dict[str, str] = field(default_factory=dict)
    language: str | None = None  # None: the environment's (README.md, Languages)
    # The lobby's server and name last connected with: the lobby opens on them (README.md, Online).
    online_server: str | None = None
    online_name: str | None = None
    unknown: dict[str, Any] = field(default_factory=dict, repr=False)

    def to_json(self) -> dict[str, Any]:
        data = dict(self.unknown)
        data.update({f.name: getattr(self, f.name) for f in fields(self) if f.name != "unknown"})
        data["version"] = SETTINGS_VERSION
        return data


def _problem(data: Any) -> str | None:
    """What is wrong with a settings file's JSON as a whole (None: readable)."""
    if not isinstance(data, dict):
        return _("does not hold a JSON object")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        return _("has no valid version ({version})").format(version=repr(version))
    if _newer(data):
        return _("is from a newer scopa-tui (version {version}, this one reads {known})").format(
            version=version, known=SETTINGS_VERSION)
    return None


def _newer(data: dict) -> bool:
    """Written by a newer scopa-tui (left where it is, not moved aside as ``corrupt``)."""
    version = data.get("version")
    return isinstance(version, int) and not isinstance(version, bool) and version > SETTINGS_VERSION


def _settings_of(data: dict) -> tuple[Settings, list[str]]:
    """The settings a file's object holds, and the keys whose value was bad (left at their
    default); unknown keys are kept as they are."""
    settings = Settings()
    bad = []
    for key, value in data.items():
        if key == "version":
            continue
        check = CHECKS.get(key)
        if check is None:
            settings.unknown[key] = value
        elif check(value):
            setattr(settings, key, float(value) if key == "ai_delay" else value)
        else:
            bad.append(key)
    return settings, bad


class SettingsFile:
    def __init__(self, path: Path, notices: Notices):
        self.path = Path(path)
        self.notices = notices
        self._blocked = False  # a bad or unreadable file that is left where it is
        self._read_only = False  # an intact file the player made read-only

    def load(self) -> Settings:
        kind = N_("settings file")
        try:
            text = read_text(self.path, SETTINGS_LIMIT)
        except StoreError as e:
            if e.unreadable:
                left_alone(self.notices, kind, self.path, str(e))
                self._blocked = True
            else:
                self._blocked = not bad_file(self.notices, kind, self.path, str(e))
            return Settings()
        if text is None:
            return Settings()
        data: Any = None
        try:
            data = json_loads(text)
        except json.JSONDecodeError as e:
            problem = _("is not valid JSON (line {line} column {column}: {error})").format(
                line=e.lineno, column=e.colno, error=e.msg)
        except RecursionError:
            problem = _("is not valid JSON (nested too deeply)")
        except TooManyDigits as e:
            problem = _("is not valid ({error})").format(error=e)
        else:
            problem = _problem(data)
        if problem and isinstance(data, dict) and _newer(data):
            # the newer scopa-tui's settings: left where it is for it (moved aside, they were
            # lost to it too), and this run's are not saved
            left_alone(self.notices, kind, self.path, problem)
            self._blocked = True
            return Settings()
        if problem:
            self._blocked = not bad_file(self.notices, kind, self.path, problem)
            return Settings()
        if is_read_only(self.path):  # the player's choice: use it, never replace it
            self._read_only = True
        settings, bad = _settings_of(data)
        if bad:
            self.notices.add(_("settings file {path}: ignored bad value of {keys}; using the default")
                             .format(path=self.path, keys=", ".join(bad)))
        return settings

    def reread(self) -> Settings | None:
        """The file as it is now, another copy of the app having saved it perhaps since
        :meth:`load`, read without a word: None when there is none, or it is not a good
        settings file now.  A bad one (a newer scopa-tui's, written since) is dealt with as
        :meth:`load` does, with a word (a damaged one moved aside, a newer one's left where it
        is): the save that follows wrote over it (README.md, Reliability: nothing found on
        disk is deleted)."""
        if self._blocked:
            return None
        try:
            text = read_text(self.path, SETTINGS_LIMIT)
            if text is None:  # none there
                return None
            data = json_loads(text)
            bad = _problem(data) is not None
        except (StoreError, ValueError, RecursionError):
            bad = True
        if bad:
            self.load()
            return None
        return _settings_of(data)[0]

    def save(self, settings: Settings) -> bool:
        if self._blocked:
            return False
        if self._read_only:
            left_alone(self.notices, N_("settings file"), self.path, _("is read-only"))
            self._blocked = True  # said once
            return False
        try:
            # the settings in order of name, but each value as it is: the seats kept at online
            # tables in the order they were kept, the newest last (the lobby offers it back,
            # README.md, Online in the app), where sort_keys put them in order of code
            data = dict(sorted(settings.to_json().items()))
            text = _settings_text(data)
            if text is None:
                # TRANSLATORS: {size} is the most a settings file may hold ("1 MB"): scopa-tui reads no more.
                self.notices.add(_("settings were not saved: {path} would be over {size}, more than scopa-tui "
                                   "reads").format(path=self.path, size=size_words(SETTINGS_LIMIT)))
                return False
            atomic_write_text(self.path, text)
        except StoreError as e:
            self.notices.add(_("settings were not saved: {error}").format(error=e))
            return False
        return True


def _settings_text(data: dict[str, Any]) -> str | None:
    """The settings file's text: indented for people to read, or, where that would be over
    :data:`SETTINGS_LIMIT` (a file read within it may not be, indented), as short as JSON
    is (its letters escaped where one cannot be written as it is: a lone surrogate); None
    where that is over it too (the next start would refuse the file: README.md, Reliability)."""
    for options in ({"indent": 2}, {"separators": (",", ":"), "ensure_ascii": False}, {"separators": (",", ":")}):
        text = json.dumps(data, **options) + "\n"
        try:
            if len(text.encode("utf-8")) <= SETTINGS_LIMIT:
                return text
        except UnicodeEncodeError:  # a lone surrogate, which only the escaped forms can write
            pass
    return None


def remembered_language(data_dir: str | None) -> str | None:
    """The language in the settings of ``data_dir`` (the default directory when None),
    read quietly before anything is shown: a missing or bad file says nothing here (the
    app reports it later)."""
    from .paths import SETTINGS_FILE, resolve_data_dir

    try:
        path = Path(resolve_data_dir(data_dir)) / SETTINGS_FILE
        data = json.loads(read_text(path, SETTINGS_LIMIT))
        value = data.get("language") if isinstance(data, dict) else None
    except Exception:  # noqa: BLE001 - any trouble: the environment decides
        return None
    return value if isinstance(value, str) and value in LANGUAGES else None
