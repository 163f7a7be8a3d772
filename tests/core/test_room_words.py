"""The words a room asks of a game (docs/contract.md, "What the room asks"), on the real games.

``State.reaction_window`` and ``State.default_answer`` replace the room's old guess from the public
view. The guess is kept here as the oracle: over many random games of every game, preset and player
count (with seats conceding at tables of three or more) the game's own words give exactly its answers.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import cardroom
from cardroom.core.errors import IllegalAction
from cardroom.core.game import State
from cardroom.core.registry import game_class
from cardroom.core.spoken import Spoken


def old_is_reaction_window(state: State) -> bool:
    """The server's guess before the contract said it (``cardroom.server.room.live``, issue 28)."""
    acting = state.to_act
    if not acting or not all(any(str(a) == "pass" for a in state.legal_actions(s)) for s in acting):
        return False
    if len(acting) >= 2:
        return True
    public = state.view(None)
    prompt = public.get("prompt")
    return bool(
        public.get("window")
        or public.get("phase") == "window"
        or (isinstance(prompt, dict) and prompt.get("kind") == "window")
    )


def tables() -> Iterator[tuple[str, str, int]]:
    """(game, preset, players) for every built-in game, preset and a spread of player counts."""
    counts = {"tacocat": (2,), "exploding-kittens": (2, 3, 5, 6), "taco": (2, 3, 4, 8)}
    for name, players in counts.items():
        for preset in game_class(name).presets:  # type: ignore[attr-defined]
            for n in players:
                yield name, preset, n


def walk(name: str, preset: str, players: int, seed: int, extra: dict[str, object] | None = None) -> Iterator[State]:
    """Every state of one random game (with the ``extra`` options); at three or more seats a random
    seat sometimes concedes."""
    options: dict[str, object] = {} if name == "tacocat" else {"players": players}
    options.update(extra or {})
    if name == "taco":
        options["antics"] = seed % 2 == 1
    game = cardroom.make(name, preset=preset, **options)
    rng = random.Random(seed)
    state = game.new_game(seed)
    for _ in range(3000):
        yield state
        if state.is_over:
            return
        if players >= 3 and rng.random() < 0.01:
            try:
                state = state.concede(rng.randrange(players))
                continue
            except IllegalAction:
                pass
        seat = rng.choice(state.to_act)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("name", "preset", "players"), list(tables()))
def test_reaction_window_is_the_old_guess_on_every_state(name: str, preset: str, players: int) -> None:
    windows = lone = states = 0
    for seed in range(8):
        for state in walk(name, preset, players, seed):
            expected = old_is_reaction_window(state)
            assert state.reaction_window is expected, (seed, state.step, state.to_act)
            for seat in range(players):
                answer = state.default_answer(seat)
                if expected and seat in state.to_act:
                    assert answer == "pass"
                    assert answer in {str(a) for a in state.legal_actions(seat)}
                else:
                    assert answer is None, (seed, state.step, seat)
            windows += expected
            lone += expected and len(state.to_act) == 1  # the view's words were the only sign
            states += 1
    if name != "tacocat":  # both games with windows opened some; Tacocat's duel is none
        assert windows > 0 and lone > 0
    else:
        assert windows == 0
    assert states > 100


def test_only_taco_with_antics_has_spoken_actions() -> None:
    assert cardroom.make("taco").spoken_actions() == {}
    assert cardroom.make("exploding-kittens").spoken_actions() == {}
    assert cardroom.make("tacocat").spoken_actions() == {}
    spoken = cardroom.make("taco", antics=True).spoken_actions()
    assert list(spoken) == ["hail", "accent"]
    hail, accent = spoken["hail"], spoken["accent"]
    assert hail.heard("you are the TACO   Master of everything")
    assert not hail.heard("you are the taco-master")
    assert not hail.heard("hello")
    assert accent.heard("allo allo") and accent.heard("")
    assert "Taco Master" in hail.ask and "discard" in accent.ask


def test_spoken_words_fold_case_and_spacing() -> None:
    said = Spoken("cheer", "cheer for the table", "hip  HIP")
    assert said.heard("Hip hip hooray") and said.heard("  hip\thip ")
    assert not said.heard("hiphip")


def test_only_taco_restricts_an_option_over_the_network() -> None:
    assert game_class("taco").network_values == {"deck": frozenset({"v1", "v2", "standard"})}  # type: ignore[attr-defined]
    assert game_class("tacocat").network_values == {}  # type: ignore[attr-defined]
    assert game_class("exploding-kittens").network_values == {}  # type: ignore[attr-defined]


# The server's list before the games said it (``cardroom.server.room.staleness``, issue 28).
OLD_PROGRESS_KEYS = frozenset(
    {"step", "to_act", "waiting_for", "decided", "done", "laid", "hand_sizes", "opponent_hand_size"}
)


def _keys(value: object, out: set[str]) -> set[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            out.add(key)
            _keys(item, out)
    elif isinstance(value, list):
        for item in value:
            _keys(item, out)
    return out


@pytest.mark.parametrize("name", ["tacocat", "exploding-kittens", "taco"])
def test_progress_keys_strip_what_the_old_list_stripped(name: str) -> None:
    """Of the old list, each game names exactly the keys its views have: a view loses the same keys."""
    seen: set[str] = set()
    # T.A.C.O. on a pool of 12 taco points: its views have the same keys as on the rulebook's pool (all
    # of them, checked when this was cut), in a fifth of the states (1,684 instead of 8,107).
    extra: dict[str, object] | None = {"pool": 12} if name == "taco" else None
    for table in tables():
        if table[0] == name:
            for state in walk(*table, seed=1, extra=extra):
                for seat in (None, *range(state.players)):
                    _keys(state.view(seat), seen)
    progress = game_class(name).progress_keys  # type: ignore[attr-defined]
    assert progress <= OLD_PROGRESS_KEYS
    assert seen & OLD_PROGRESS_KEYS == progress


def test_the_card_catalogue_is_the_taco_deck_and_nothing_elsewhere() -> None:
    game = cardroom.make("taco")
    catalogue = game.card_catalogue()
    specs = game.deck.specs  # type: ignore[attr-defined]
    assert set(catalogue) == {s.slug for s in specs}
    for spec in specs:
        assert catalogue[spec.slug] == {
            "name": spec.name,
            "type": spec.type,
            "points": spec.points,
            "text": spec.text,
            "food": spec.food,
        }
    assert cardroom.make("tacocat").card_catalogue() == {}
    assert cardroom.make("exploding-kittens").card_catalogue() == {}


def test_conformance_holds_a_game_to_its_window_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """The conformance suite fails a game whose window has no legal default answer, or that gives one
    outside a window."""
    from cardroom.core.conformance import ConformanceError, _check_room_words
    from cardroom.games.kittens.state import KittensState

    game = cardroom.make("exploding-kittens", players=3)
    window = next(s for s in walk("exploding-kittens", "classic", 3, 0) if s.reaction_window)
    turn = next(s for s in walk("exploding-kittens", "classic", 3, 0) if s.to_act and not s.reaction_window)
    _check_room_words(game, 0, window)
    _check_room_words(game, 0, turn)
    monkeypatch.setattr(KittensState, "default_answer", lambda self, seat: "draw")
    for state in (window, turn):
        with pytest.raises(ConformanceError, match="default answer 'draw'"):
            _check_room_words(game, 0, state)
