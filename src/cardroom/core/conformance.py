"""The conformance suite: the checks every game and preset must pass, over many seeded random games.

One random game is played by :func:`check_random_game`; at every step it checks the cheap invariants
(who acts, legal actions sorted and non-empty, conserved quantities, action text round trips) and on
"deep" steps the expensive ones (every legal action applies, illegal ones raise and change nothing,
views are JSON and leak nothing, ``sample`` agrees with the view, a reaction window's default answers
are legal). At the end, ``load(to_json())`` and
``replay`` must rebuild the very same state.

A game's test module runs it with one line::

    test_conformance = conformance_test("tacocat", games=2000)
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardroom.core import rng as rngmod
from cardroom.core.action import Action
from cardroom.core.errors import IllegalAction, InvalidAction
from cardroom.core.game import Game, State
from cardroom.core.registry import make

MAX_STEPS = 200_000
GARBAGE = ("", "   ", "fly away", "attack banana", "9" * 12, "x" * 300, "discard -1", "done done done")


class ConformanceError(AssertionError):
    pass


def _fail(game: Game, seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game!r} seed={seed} step={step}: {message}")


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, allow_nan=False)


def _sorted_unique(legal: tuple[Action, ...], seen: dict[int, tuple[Action, ...]]) -> bool:
    # Games hand out the same memoised tuple again and again: check each distinct one once. The
    # dict keeps the tuple alive, so its id cannot be reused by another object.
    if seen.get(id(legal)) is legal:
        return True
    keys = [a.sort_key() for a in legal]
    ok = all(a < b for a, b in itertools.pairwise(keys))
    if ok:
        seen[id(legal)] = legal
    return ok


def _check_cheap(
    game: Game, seed: int, state: State, census: Mapping[str, int], seen: dict[int, tuple[Action, ...]]
) -> None:
    acting = state.to_act
    step = state.step
    if state.is_over:
        if acting:
            raise _fail(game, seed, step, f"game over but to_act={acting}")
        return
    if not acting:
        raise _fail(game, seed, step, "nobody is to act and the game is not over")
    if list(acting) != sorted(set(acting)):
        raise _fail(game, seed, step, f"to_act not sorted and unique: {acting}")
    for seat in range(game.players):
        legal = state.legal_actions(seat)
        if seat in acting:
            if not legal:
                raise _fail(game, seed, step, f"seat {seat} must act but has no legal action")
            if not _sorted_unique(legal, seen):
                raise _fail(game, seed, step, f"legal actions of seat {seat} not sorted and unique: {legal}")
        elif legal:
            raise _fail(game, seed, step, f"seat {seat} is not to act but has legal actions {legal}")
    now = dict(state.census())
    if now != dict(census):
        raise _fail(game, seed, step, f"conserved quantities changed: {dict(census)} -> {now}")


def _check_illegal(game: Game, seed: int, state: State, rng: random.Random) -> None:
    before = _dumps(state.to_json())
    acting = state.to_act
    space = game.action_space()
    for seat in range(game.players):
        legal = set(state.legal_actions(seat))
        candidates = [a for a in rng.sample(space, min(len(space), 40)) if a not in legal][:6]
        for act in candidates:
            try:
                state.apply(seat, act)
            except IllegalAction as exc:
                if not str(exc):
                    raise _fail(game, seed, state.step, f"IllegalAction for {act} has no reason") from None
            else:
                raise _fail(game, seed, state.step, f"seat {seat} applied illegal {act} (to_act={acting})")
            try:
                state.apply(seat, str(act))
            except IllegalAction:
                pass
            else:
                raise _fail(game, seed, state.step, f"seat {seat} applied illegal text {act}")
    for text in GARBAGE:
        try:
            state.apply(acting[0] if acting else 0, text)
        except InvalidAction:
            pass
        except IllegalAction:
            # Text that parses but is not legal is acceptable for a few garbage strings.
            pass
        else:
            raise _fail(game, seed, state.step, f"garbage text {text!r} was accepted")
    if _dumps(state.to_json()) != before:
        raise _fail(game, seed, state.step, "a refused action changed the state")


def _check_all_legal_apply(game: Game, seed: int, state: State) -> None:
    for seat in state.to_act:
        for act in state.legal_actions(seat):
            if game.parse_action(str(act)) != act:
                raise _fail(game, seed, state.step, f"{act!r} does not round-trip through its text")
            nxt = state.apply(seat, act)
            if nxt.step != state.step + 1:
                raise _fail(game, seed, state.step, f"applying {act} did not advance the step")


def _check_views(game: Game, seed: int, state: State, rng: random.Random, census: Mapping[str, int]) -> None:
    secret = str(seed)
    for seat in [None, *range(game.players)]:
        view = state.view(seat)
        log = state.log(seat)
        try:
            view_text = _dumps(view)
            log_text = _dumps(log)
        except (TypeError, ValueError) as exc:
            raise _fail(game, seed, state.step, f"view/log of seat {seat} is not JSON: {exc}") from None
        if secret in view_text or secret in log_text:
            raise _fail(game, seed, state.step, f"the seed appears in the view or log of seat {seat}")
        expected = [str(a) for a in state.legal_actions(seat)] if seat is not None else []
        if view.get("legal_actions") != expected:
            raise _fail(game, seed, state.step, f"view of seat {seat} lists wrong legal actions")
        if view.get("step") != state.step:
            raise _fail(game, seed, state.step, f"view of seat {seat} has the wrong step")
        other = state.shuffle_unknown(seat, rng)
        if dict(other.census()) != dict(census):
            raise _fail(game, seed, state.step, f"shuffle_unknown({seat}) broke conservation")
        # Plain equality: both sides come from the same code, and it is far cheaper than encoding.
        if other.view(seat) != view:
            raise _fail(
                game, seed, state.step, f"view of seat {seat} changes when its unknown cards are re-dealt: it leaks"
            )
        # The same event chain gives the same log; rebuilding a long log per seat is the costliest check.
        if getattr(other, "history", None) is not getattr(state, "history", ()) and other.log(seat) != log:
            raise _fail(
                game, seed, state.step, f"log of seat {seat} changes when its unknown cards are re-dealt: it leaks"
            )
        if seat is not None:
            # The bot sees the view as a client would: decoded from JSON.
            sampled = game.sample(json.loads(view_text), rng)
            if sampled.view(seat) != view:
                raise _fail(game, seed, state.step, f"sample(view of seat {seat}) gives a different view")
            if dict(sampled.census()) != dict(census):
                raise _fail(game, seed, state.step, f"sample(view of seat {seat}) breaks conservation")


def _check_room_words(game: Game, seed: int, state: State) -> None:
    """What a room asks (docs/contract.md): a window asks someone, and every seat asked has a legal
    default answer; outside a window no seat has one. Spoken actions are actions of the game."""
    window = state.reaction_window
    if window and not state.to_act:
        raise _fail(game, seed, state.step, "a reaction window that asks nobody")
    for seat in range(game.players):
        answer = state.default_answer(seat)
        if not (window and seat in state.to_act):
            if answer is not None:
                raise _fail(game, seed, state.step, f"seat {seat} has a default answer {answer!r} outside a window")
        elif answer is None or answer not in {str(a) for a in state.legal_actions(seat)}:
            raise _fail(game, seed, state.step, f"seat {seat}'s default answer {answer!r} in a window is not legal")
    for text, spoken in game.spoken_actions().items():
        if text != spoken.action or str(game.parse_action(text)) != text:
            raise _fail(game, seed, state.step, f"spoken action {text!r} is not that action of the game")


def _check_end(game: Game, seed: int, state: State, actions: Sequence[tuple[int, str]]) -> None:
    data = state.to_json()
    loaded = game.load(json.loads(_dumps(data)))
    if loaded.to_json() != data:
        raise _fail(game, seed, state.step, "load(to_json()) is not the same state")
    replayed = game.replay(seed, actions)
    if replayed.to_json() != data:
        raise _fail(game, seed, state.step, "replay(seed, actions) is not the same state")


def check_random_game(game: Game, seed: int, *, deep_every: int = 10) -> int:
    """Play one uniformly random game from ``seed`` under every check; returns its number of steps."""
    rng = random.Random(seed ^ 0x5EED)
    state = game.new_game(seed)
    if state.to_json() != game.new_game(seed).to_json():
        raise _fail(game, seed, 0, "the same seed gave two different games")
    census = dict(state.census())
    actions: list[tuple[int, str]] = []
    seen: dict[int, tuple[Action, ...]] = {}
    deep_offset = rng.randrange(deep_every)
    while True:
        _check_cheap(game, seed, state, census, seen)
        deep = state.step % deep_every == deep_offset or state.is_over
        if deep:
            _check_views(game, seed, state, rng, census)
            _check_illegal(game, seed, state, rng)
            _check_all_legal_apply(game, seed, state)
            _check_room_words(game, seed, state)
        if state.is_over:
            break
        if state.step >= MAX_STEPS:
            raise _fail(game, seed, state.step, "the game did not end")
        seat = rng.choice(state.to_act)
        act: Action = rng.choice(state.legal_actions(seat))
        if game.parse_action(str(act)) != act:
            raise _fail(game, seed, state.step, f"{act!r} does not round-trip through its text")
        state = state.apply(seat, act)
        actions.append((seat, str(act)))
    if state.outcome is None:
        raise _fail(game, seed, state.step, "over without an outcome")
    _check_end(game, seed, state, actions)
    return state.step


def game_seed(label: str, index: int) -> int:
    """Large, distinct seeds, so that a seed leaking into a view is caught by a substring search."""
    return rngmod.seed_from(random.Random(f"{label}#{index}"))


Variant = tuple[str, str | None, Mapping[str, Any]]


@dataclass(frozen=True)
class ConformancePlan:
    """One conformance test's game, games per variant, variants and deep-check spacing."""

    name: str
    games: int
    variants: tuple[Variant, ...]
    deep_every: int


def conformance_test(
    name: str,
    *,
    games: int,
    variants: Sequence[Variant] | None = None,
    chunks: int = 4,
    deep_every: int = 10,
) -> Callable[..., None]:
    """A pytest test running ``games`` random games per variant, split into ``chunks`` test cases.

    ``variants`` defaults to every preset of the game: ``(label, preset, options)`` triples.
    """
    import pytest

    if variants is None:
        cls = make(name).__class__
        variants = [(p, p, {}) for p in cls.presets]
    per_chunk = -(-games // chunks)
    cases = [(v, c) for v in variants for c in range(chunks)]

    @pytest.mark.parametrize(("variant", "chunk"), cases, ids=[f"{v[0]}-{c}" for v, c in cases])
    def test_conformance(variant: Variant, chunk: int) -> None:
        label, preset, options = variant
        game = make(name, preset=preset, **options)
        start = chunk * per_chunk
        played = 0
        for index in range(start, min(games, start + per_chunk)):
            check_random_game(game, game_seed(f"{name}/{label}", index), deep_every=deep_every)
            played += 1
        assert played > 0

    # What the test runs, for a full-size run outside the test suite (bench/games/conformance.py).
    test_conformance.plan = ConformancePlan(name, games, tuple(variants), deep_every)  # type: ignore[attr-defined]
    return test_conformance
