"""A decision's codes the engine gives (T.A.C.O.'s bonus mode, effect, swap side and discard reason; an
Exploding Kittens play waiting on its Nope window) are worded in German where the terminal shows
them, and shown as the engine writes them in English. The prompts come from seeded games of random
moves of the real engines."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console

from cardroom.cli.screens.kittens import render as kittens_render
from cardroom.cli.screens.taco_asked import BONUS, EFFECTS, KINDS, STAGES, WHY, asked
from cardroom.core.registry import make


def _views(game_name: str, seeds: int, key: str) -> list[dict[str, Any]]:
    """Every view (of the seat to act) in which ``key`` is set, from ``seeds`` seeded random games."""
    found = []
    for seed in range(seeds):
        game = make(game_name)
        state, rng = game.new_game(seed), random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            view = state.view(seat)
            if view.get(key):
                found.append(view)
            state = state.apply(seat, str(rng.choice(state.legal_actions(seat))))
    return found


def _kind(arg: str) -> str:
    return KINDS[arg].in_language("de") if arg in KINDS else arg


def test_taco_prompts_worded_in_german_and_as_written_in_english() -> None:
    prompts = [v["prompt"] for v in _views("taco", 12, "prompt")]
    seen: dict[str, set[str]] = {"bonus": set(), "target": set(), "discard": set()}
    for prompt in prompts:
        kind = prompt["kind"]
        english, german = asked(prompt, "en"), asked(prompt, "de")
        if kind == "bonus":
            seen["bonus"].add(prompt["mode"])
            assert english == f"bonus play ({prompt['mode']} {prompt['arg']}) or pass"
            what = {
                "any": "eine beliebige Karte in einen beliebigen Taco",
                "kind": f"eine Zutat der Art {_kind(prompt['arg'])} in deinen Taco",
                "points": f"eine Zutat im Wert von {prompt['arg']} in deinen Taco",
            }[prompt["mode"]]
            assert german == f"Bonuszug ({what}) oder passen"
        if kind == "target":
            seen["target"].add(prompt["effect"])
            effect = prompt["effect"] + (f", {prompt['stage']}" if "stage" in prompt else "")
            assert english == f"pick a target for {prompt['card']} ({effect})"
            assert f"({EFFECTS[prompt['effect']].in_language('de')}" in german
            assert prompt["effect"] not in german
            if "stage" in prompt:
                assert STAGES[prompt["stage"]].in_language("de") in german
        if kind == "discard":
            seen["discard"].add(prompt["why"])
            n = prompt["count"]
            assert english == f"discard {n} card{'' if n == 1 else 's'} ({prompt['why']})"
            assert german == f"{n} Karte{'' if n == 1 else 'n'} abwerfen ({WHY[prompt['why']].in_language('de')})"
    # The games reached each kind of decision, with more than one code of each.
    assert len(seen["bonus"]) >= 2 and len(seen["target"]) >= 2 and len(seen["discard"]) >= 2, seen


def test_every_code_has_german_words_of_its_own() -> None:
    for table in (BONUS, KINDS, EFFECTS, STAGES, WHY):
        for code, phrase in table.items():
            german = phrase.in_language("de")
            assert german != phrase.message and code not in german.split(), (code, german)
    # A code the catalogue does not know (a deck of one's own) is shown as written in any language.
    assert asked({"kind": "discard", "count": 2, "why": "rainstorm"}, "de") == "2 Karten abwerfen (rainstorm)"


def _pending_line(view: dict[str, Any], lang: str) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(kittens_render({**view, "lang": lang}, make("exploding-kittens")))
    return next(line for line in console.export_text().splitlines() if " played " in line or " gespielt" in line)


def test_kittens_play_waiting_on_its_nope_window_named_in_german() -> None:
    views = [
        v for v in _views("exploding-kittens", 6, "pending") if v["pending"]["action"] in ("attack", "pair", "favor")
    ]
    actions = {v["pending"]["action"] for v in views}
    assert {"attack", "pair"} <= actions, actions
    for view in views:
        action = view["pending"]["action"]
        assert f" played {action}" in _pending_line(view, "en")
        german = _pending_line(view, "de")
        assert {"attack": "Angriff", "pair": "Paar", "favor": "Wunsch"}[action] in german, german
        assert action not in german.split()
        if view["pending"]["actor"] == view["seat"]:  # the viewer's own play, with its own verb form
            assert german.lstrip("│ ").startswith("du hast "), german
