"""The learned value on the kernel: its range, its shares, finished games, and features under every preset."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from cardroom.core.compiled_random import mix
from cardroom.core.registry import game_class, make
from cardroom.learn import model
from cardroom.learn.games import learned_game
from cardroom.learn.train import collect

GAMES = ("tacocat", "exploding-kittens", "taco")


def _weights(game: str, seed: int) -> np.ndarray:
    """Arbitrary but large weights, so the shares are far from even and a slip would show."""
    lg = learned_game(game)
    n = len(lg.feature_names) * (int(lg.features.MAXP) - 1)
    return np.random.default_rng(seed).normal(0.0, 1.0, n)


def _sizes(game: str) -> tuple[int, ...]:
    top = int(learned_game(game).features.MAXP)
    return (2,) if top == 2 else (2, 3, top)


@pytest.mark.parametrize("game", GAMES)
def test_the_compiled_value_is_a_share_that_matches_the_model(game: str) -> None:
    """value() is in [0, 1], the living seats' values add up to one, a seat that is out gets 0, and the
    compiled value equals the numpy model on the same features (the fit and the search agree)."""
    lg = learned_game(game)
    w = _weights(game, 1)
    for n in _sizes(game):
        _, cfg = lg.table(n)
        held = collect(lg, n, None, seed=11, first=0, games=6, positions=6, keep_states=True)
        assert len(held.x) > 10
        out = np.zeros((len(held.states), n))
        lg.compiled().values(held.states, cfg, w, out)
        assert ((out >= 0) & (out <= 1)).all()
        np.testing.assert_allclose(out.sum(axis=1), 1.0, atol=1e-9)
        assert (out[~held.live] == 0).all()
        nf = len(lg.feature_names)
        np.testing.assert_allclose(out, model.shares(held.x, held.live, w[(n - 2) * nf : (n - 1) * nf]), atol=1e-9)
        assert out.std() > 0.05  # the weights move the value: this is no even split


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_is_valued_by_its_reward(game: str) -> None:
    """Played to its end, a game is worth each seat's reward, whatever the weights."""
    lg = learned_game(game)
    rules, value = lg.rules, importlib.import_module(lg.features.__name__.replace("features", "value")).value
    w = _weights(game, 2)
    for n in _sizes(game):
        _, cfg = lg.table(n)
        s = np.zeros(rules.SEARCH.state_size(cfg), np.int64)
        rng, moves, seats = (
            np.zeros(rules.RNG_SIZE, np.int64),
            np.zeros(rules.MAX_ACTIONS, np.int64),
            np.zeros(n, np.int64),
        )
        for i in range(3):
            rng[0] = mix(5, i)
            rules.new_game(s, cfg, rng)
            rules.SEARCH.play_out(s, cfg, rules.POLICY_HEURISTIC, rng, moves, seats)
            assert rules.over(s, cfg)
            got = [value(s, cfg, p, w) for p in range(n)]
            assert got == [rules.reward(s, cfg, p) for p in range(n)]
            assert sorted(got)[-1] == 1.0 or len(set(got)) == 1


@pytest.mark.parametrize("game", GAMES)
def test_features_hold_under_every_preset(game: str) -> None:
    """Every preset of the game the kernel plays, at its smallest and largest table: features are finite
    numbers and most vary between positions (none is stuck)."""
    lg = learned_game(game)
    played = 0
    presets: dict[str, object] = getattr(game_class(game), "presets")  # noqa: B009 (a factory type without it)
    for preset in presets:
        for n in sorted({2, int(lg.features.MAXP)}):
            options = {"players": n} if lg.features.MAXP > 2 else {}
            if lg.kernel.unsupported(make(game, preset=preset, **options)) is not None:
                continue  # a preset the kernel leaves to the reference engine has no kernel value
            played += 1
            held = collect(lg, n, preset, seed=3, first=0, games=3, positions=5)
            live = held.x[held.live]
            assert len(live) > 0 and np.isfinite(live).all(), (preset, n)
            assert (live.std(axis=0) > 0).sum() >= len(lg.feature_names) // 2, (preset, n)
    assert played >= 2


def test_weights_of_the_wrong_length_are_refused() -> None:
    """A search handed no model (or another game's) gets an error, never a value read past the weights."""
    lg = learned_game("tacocat")
    held = collect(lg, 2, None, seed=4, first=0, games=2, positions=4, keep_states=True)
    _, cfg = lg.table(2)
    with pytest.raises(ValueError, match="one weight per feature and table size"):
        lg.compiled().values(held.states[:1], cfg, np.zeros(3), np.zeros((1, 2)))
