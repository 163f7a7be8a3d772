"""The shared compiled helpers of ``cardroom.core.compiled``: the cache stamp and the 60-bit hash step."""

from __future__ import annotations

import math
import os
import warnings

import numpy as np
import pytest

from cardroom.core import compiled
from cardroom.core.compiled import MIX60_START, choose, mix60

PRIME = 0x100000001B3  # FNV's 64-bit prime, 2**40 + 0x1B3


def exact(h: int, x: int) -> int:
    """The hash step in exact integers: ((h ^ x) * PRIME) mod 2**60."""
    return ((h ^ (x & 0xFFFFFFFF)) * PRIME) % (1 << 60)


# keys whose plain product (h ^ x) * PRIME is far beyond int64 (it would wrap in compiled code)
WIDE = [
    ((1 << 60) - 1, 0),
    ((1 << 60) - 1, 0xFFFFFFFF),
    (0xABCDEF0123456789 & ((1 << 60) - 1), 7),
    (MIX60_START, 3),
    (1 << 59, -1),  # a negative field: only its low 32 bits are mixed in
    (0, 1),
]


@pytest.mark.parametrize(("h", "x"), WIDE)
def test_mix60_is_the_exact_product_even_where_int64_would_overflow(h: int, x: int) -> None:
    if h >= 1 << 23:
        assert (h ^ (x & 0xFFFFFFFF)) * PRIME >= 1 << 63  # the case the naive step overflows on
    assert mix60(h, x) == exact(h, x)
    assert 0 <= mix60(h, x) < 1 << 60


@pytest.mark.parametrize(("h", "x"), WIDE)
def test_the_uncompiled_step_gives_the_compiled_answer_without_overflowing(h: int, x: int) -> None:
    """The plain-Python source (what NUMBA_DISABLE_JIT runs), fed int64 values as a kernel's arrays hold
    them: no product leaves int64, so numpy neither wraps nor warns, and the answer is the compiled one."""
    plain = getattr(mix60, "py_func", mix60)
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        got = plain(np.int64(h), np.int64(x))
    assert int(got) == exact(h, x) == mix60(h, x)


def test_a_chain_of_steps_matches_exact_arithmetic() -> None:
    """As an information-set key is built: many steps in a row, every one exact."""
    rng = np.random.default_rng(5)
    fields = rng.integers(-(1 << 40), 1 << 40, size=500)
    h = want = MIX60_START
    for x in fields:
        h = mix60(h, int(x))
        want = exact(want, int(x))
    assert h == want


def test_choose_is_the_binomial_coefficient_and_zero_outside_its_range() -> None:
    for n in range(0, 30):
        for k in range(-2, n + 3):
            expected = math.comb(n, k) if 0 <= k <= n else 0
            assert choose(n, k) == pytest.approx(expected, rel=1e-12)


def test_kernel_caches_are_stamped_with_the_shared_helpers_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel's compiled code has the shared helpers built in, so an edit to them must recompile it."""
    from cardroom.games.tacocat import kernel_search

    assert compiled.COMPILED, "the tests run with the fast extra (Numba), as make test installs it"
    locator = kernel_search.info_key._cache._impl._locator  # type: ignore[attr-defined]
    assert getattr(locator, "kernel_variant", False)
    shared = compiled._shared_sources()
    assert compiled.__file__ in shared or any(p.endswith("compiled.py") for p in shared)
    with_shared = locator.get_source_stamp()
    monkeypatch.setattr(compiled, "_shared_sources", list)  # as if the shared helpers were not compiled in
    assert locator.get_source_stamp() != with_shared
    monkeypatch.undo()
    helper = mix60._cache._impl._locator  # type: ignore[attr-defined]
    assert getattr(helper, "kernel_variant", False) and helper.get_source_stamp() == compiled._kernel_stamp(
        compiled.__file__
    )


def test_the_search_written_once_is_stamped_with_every_game_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game's copy of core's search has that game's rules built in: an edit to any game's kernel
    files must recompile the copies, and each game's copy is cached under its own name."""
    from cardroom.core import compiled_search
    from cardroom.games.kittens import kernel_search as kittens
    from cardroom.games.tacocat import kernel_search as tacocat

    locator = tacocat.SEARCH.simulate._cache._impl._locator  # type: ignore[attr-defined]
    assert getattr(locator, "kernel_variant", False)
    assert locator.get_source_stamp() == compiled._kernel_stamp(compiled_search.__file__)
    assert any(p.endswith(os.path.join("tacocat", "kernel.py")) for p in compiled._game_kernels())
    with_games = locator.get_source_stamp()
    monkeypatch.setattr(compiled, "_game_kernels", list)
    assert locator.get_source_stamp() != with_games
    names = {tacocat.SEARCH.iterate.py_func.__qualname__, kittens.SEARCH.iterate.py_func.__qualname__}
    assert names == {"tacocat_iterate", "exploding_kittens_iterate"}


def test_a_kernel_module_without_the_whole_protocol_is_refused() -> None:
    import types

    from cardroom.core.compiled_search import build

    with pytest.raises(TypeError, match=r"lacks the kernel protocol's .*info_key"):
        build("nothing", types.ModuleType("empty"))
