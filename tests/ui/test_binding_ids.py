"""Every key binding under ``scopa_tui/ui`` has an id (``"screen.action"``, as the screens
name theirs), unique within its class, so that a keymap can rebind any key by its id."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import scopa_tui.ui
from textual.binding import Binding

ID = re.compile(r"[a-z_]+\.[a-z0-9_]+")


def ui_classes():
    """Each class defined under ``scopa_tui/ui`` that declares its own ``BINDINGS``."""
    found = []
    for info in pkgutil.walk_packages(scopa_tui.ui.__path__, "scopa_tui.ui."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and "BINDINGS" in vars(cls):
                found.append(cls)
    return found


def test_the_widgets_with_bindings_are_found():
    names = {cls.__name__ for cls in ui_classes()}
    assert {"Choice", "Toggle", "Press", "GameScreen"} <= names


def test_every_binding_has_a_well_formed_id_unique_in_its_class():
    faults = []
    for cls in ui_classes():
        ids = []
        for binding in vars(cls)["BINDINGS"]:
            if not isinstance(binding, Binding):
                faults.append(f"{cls.__name__}: {binding!r} is not a Binding")
                continue
            if binding.id is None or not ID.fullmatch(binding.id):
                faults.append(f"{cls.__name__}: {binding.key} -> {binding.action} has id {binding.id!r}")
            ids.append(binding.id)
        dupes = {i for i in ids if i is not None and ids.count(i) > 1}
        if dupes:
            faults.append(f"{cls.__name__}: ids used twice {sorted(dupes)}")
    assert faults == []
