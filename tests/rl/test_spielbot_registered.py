"""``openspiel-ismcts`` is a bot like the others: named anywhere with nothing imported first.

Each check runs in a fresh interpreter, because inside pytest some other test may already have
imported :mod:`cardroom.rl.spielbot`.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardroom.core.errors import InvalidOptions


def _fresh(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_import_cardroom_loads_neither_numpy_nor_open_spiel() -> None:
    out = _fresh(
        "import sys, cardroom, cardroom.bots.specs as s\n"
        "print('openspiel-ismcts' in s.bot_names(), 'numpy' in sys.modules, 'pyspiel' in sys.modules)"
    )
    assert out.split() == ["True", "False", "False"]


def test_arena_seats_it_without_importing_the_adapter() -> None:
    out = _fresh(
        "from cardroom.arena import ArenaConfig, run_arena\n"
        "r = run_arena(ArenaConfig('tacocat', ('openspiel-ismcts:sims=4', 'random'), games=2, seed=1, jobs=1))\n"
        "print(len(r.records), sorted(r.records[0].seats))"
    )
    assert out.strip().startswith("2 ")


def test_gymnasium_opponent_accepts_it() -> None:
    out = _fresh(
        "from cardroom.rl.gymnasium import CardroomEnv\n"
        "env = CardroomEnv('tacocat', opponents=['openspiel-ismcts:sims=4'])\n"
        "obs, info = env.reset(seed=3)\n"
        "print(int(info['action_mask'].sum()) > 0)"
    )
    assert out.strip() == "True"


def test_bad_parameters_are_a_clear_error() -> None:
    import cardroom
    from cardroom.bots.specs import make_bot

    game = cardroom.make("tacocat")
    with pytest.raises(InvalidOptions, match="sims and uct"):
        make_bot("openspiel-ismcts:depth=3", game)
    with pytest.raises(InvalidOptions, match="whole number"):
        make_bot("openspiel-ismcts:sims=many", game)
