"""The lab on the compiled kernel: the same games as ``cardroom.fast.simulate``, by block, refused clearly
where the kernel cannot play, and the reference engine's figures where the kernel keeps none."""

from __future__ import annotations

import pytest

import cardroom
from cardroom.balance import BalanceConfig, play_games
from cardroom.balance.kernel_run import check_against_simulate, kernel_driver
from cardroom.balance.play import engine_path
from cardroom.balance.run import run_balance
from cardroom.core.errors import InvalidOptions
from cardroom.fast import simulate


def test_taco_with_one_heuristic_or_random_bot_runs_on_the_kernel() -> None:
    assert engine_path(BalanceConfig("taco", ("heuristic",), games=4)) == "kernel"
    assert engine_path(BalanceConfig("taco", ("random",), games=4)) == "kernel"
    assert engine_path(BalanceConfig("taco", ("heuristic", "random"), games=4)) == "reference"
    assert engine_path(BalanceConfig("taco", ("heuristic",), games=4, engine="reference")) == "reference"
    with pytest.raises(InvalidOptions, match="no compiled kernel plays taco with bots heuristic random"):
        engine_path(BalanceConfig("taco", ("heuristic", "random"), games=4, engine="kernel"))


def test_the_labs_kernel_games_are_simulates_games_block_by_block() -> None:
    config = BalanceConfig("taco", ("heuristic",), games=40, options={"players": 3}, seed=5, blocks=2)
    games = play_games(config)
    assert [g["block"] for g in games] == [0] * 20 + [1] * 20
    game = cardroom.make("taco", players=3)
    run = simulate(game, 20, "heuristic", seed=5)  # block 0 keeps the run's seed
    assert tuple(g["winners"][0] if len(g["winners"]) == 1 else -1 for g in games[:20]) == run.winners
    assert games == play_games(config)  # reproducible from the seed
    assert games[:20] != games[20:]  # the second block has its own seed
    for g in games:
        assert g["scores"] is not None and len(g["scores"]) == 3 and 0 <= g["first"] < 3 and g["turns"] > 0


def test_a_kernel_that_changed_under_the_lab_is_caught() -> None:
    game = cardroom.make("taco", players=2)
    games = play_games(BalanceConfig("taco", ("heuristic",), games=8, options={"players": 2}, blocks=1))
    check_against_simulate(game, "heuristic", 0, games)
    tampered = [dict(g) for g in games]
    tampered[3]["winners"] = [1 - tampered[3]["winners"][0]] if len(tampered[3]["winners"]) == 1 else [0]
    with pytest.raises(RuntimeError, match=r"differ from cardroom\.fast\.simulate"):
        check_against_simulate(game, "heuristic", 0, tampered)


def test_tacocat_and_kittens_run_on_simulate_when_asked_with_winners_only() -> None:
    assert engine_path(BalanceConfig("tacocat", ("heuristic",), games=4)) == "reference"  # auto: every figure
    config = BalanceConfig("tacocat", ("heuristic",), games=60, seed=2, engine="kernel", blocks=3)
    assert engine_path(config) == "simulate"
    games = play_games(config)
    run = simulate(cardroom.make("tacocat"), 20, "heuristic", seed=2)
    assert tuple(g["winners"][0] if g["winners"] else -1 for g in games[:20]) == run.winners
    assert all(g["first"] == 0 and g["actions"] is None for g in games)
    kittens = run_balance(
        BalanceConfig("exploding-kittens", ("random",), games=40, options={"players": 3}, engine="kernel")
    )
    assert kittens.summary["engine"] == "simulate" and kittens.summary["length"]["actions"] == {"n": 0}
    assert sum(s["win_share"] for s in kittens.summary["seats"]) == pytest.approx(1.0)


def test_no_kernel_for_other_bots_or_games() -> None:
    assert kernel_driver(cardroom.make("taco"), ("ismcts:iterations=5",)) is None
    assert kernel_driver(cardroom.make("tacocat"), ("heuristic",)) is None


def test_a_kernel_report_has_blocks_and_says_na_where_the_kernel_keeps_no_figure() -> None:
    result = run_balance(BalanceConfig("taco", ("heuristic",), games=200, options={"players": 2}))
    s = result.summary
    assert s["engine"] == "kernel" and s["blocks"]["count"] == 4
    assert [b["games"] for b in s["blocks"]["seats"][0]["blocks"]] == [50] * 4
    rows = {r["card"]: r for r in s["cards"]}
    assert all(r["played"] is None and r["share_of_games_played"] is None for r in rows.values())
    # Expired Sardines is played at once when dealt: never in an opening hand, so no opening figure exists
    assert rows["expired-sardines"]["opening"] is None
