"""The command palette lists its commands by their words, but a setting's choices in their
own order (README.md, Keys)."""

from __future__ import annotations

from itertools import groupby

import pytest
from textual.command import CommandList

from scopa_tui import languages

from .helpers import make_app, settle

PACES = {"en": ["instant", "quick", "normal", "slow"], "it": ["istantaneo", "veloce", "normale", "lento"]}


def listed(app) -> list[str]:
    """The titles the open palette lists, top to bottom."""
    commands = app.screen.query_one(CommandList)
    out = []
    for at in range(commands.option_count):
        prompt = commands.get_option_at_index(at).prompt
        out.append(str(getattr(prompt, "plain", prompt)).split("\n")[0])
    return out


@pytest.mark.parametrize("lang", ["en", "it"])
async def test_the_ai_paces_are_listed_fastest_to_slowest(lang):
    """They were sorted by their words: instant, normal, quick, slow (in Italian istantaneo,
    lento, normale, rapido)."""
    languages.use(lang)
    app = make_app(start=False, seed=5)
    app.ai_delay = 0.8
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot, 6)
        titles = listed(app)
        paces = [t.partition(":")[2].strip() for t in titles if t.startswith(("AI pace", "Ritmo dell'IA"))]
        now = "(now)" if lang == "en" else "(attuale)"
        expected = PACES[lang]
        assert paces == [f"{p} {now}" if i == 2 else p for i, p in enumerate(expected)], titles
        assert len(titles) > len(paces) + 8
        runs = [name.strip() for name, _run in groupby(t.partition(":")[0] for t in titles)]
        assert len(runs) == len(set(runs)), titles  # a setting's choices together
        assert runs == sorted(runs), runs  # and the commands by their words, as before
