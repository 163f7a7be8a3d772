"""Every game's kit: what it names loads, and a game registered without one gets the generic kit."""

from __future__ import annotations

import pytest

import cardroom
from cardroom.core.kit import GameKit, Tuning
from cardroom.core.lab import LabDetails
from cardroom.core.learned_value import shipped_path
from cardroom.core.registry import _REGISTERED, kit, kit_of, kits, tuning


@pytest.mark.parametrize("found", kits(), ids=lambda k: k.name)
def test_every_part_a_kit_names_loads(found: GameKit) -> None:
    game = found.factory()()
    assert game.name == found.name and kit_of(game) == found  # a class-only registration's kit is made anew
    if found.kernel is not None:
        kernel = found.kernel_module().KERNEL  # type: ignore[union-attr]
        assert kernel.module == found.kernel and kernel.unsupported(game) is None
        for model in range(1, len(found.opponent_models)):  # each named model has the kernel's slot
            assert kernel.searcher(game, model).cfg.tolist() != kernel.searcher(game).cfg.tolist()
    if found.evidence is not None:
        assert callable(found.evidence_reader())
    if found.features is not None:
        assert found.feature_module().FEATURES  # type: ignore[union-attr]
    if found.weights is not None:
        assert shipped_path(found.name).is_file()
    if found.words is not None:
        assert found.action_words() is not None
    assert isinstance(found.lab_details(), LabDetails)
    for presets, _counts in found.rl_rows:
        assert set(presets) <= set(type(game).presets)


def test_a_game_registered_by_its_class_gets_the_generic_kit() -> None:
    tacocat = type(cardroom.make("tacocat"))
    cardroom.register("tacocat-copy", tacocat)
    try:
        plain = kit("tacocat-copy")
        assert plain.tuning == Tuning() and plain.evidence is None and plain.opponent_models == ()
        assert plain.kernel is None  # the class names none: the kernel is declared by Tacocat's kit alone
        assert kit_of(cardroom.make("tacocat-copy")) is kit("tacocat")  # its games are Tacocat's, by name
    finally:
        del _REGISTERED["tacocat-copy"]


def test_a_name_no_game_has_gets_the_generic_tuning() -> None:
    assert tuning("no-such-game") == Tuning()
    assert tuning("taco").prior_games != Tuning().prior_games  # a kit's own tuning is read
