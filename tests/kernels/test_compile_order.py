"""``python -m cardroom.fast.warm --list``: what ``make kernels`` compiles, two at a time, the costliest
first (T.A.C.O.'s kernel took twice Tacocat's CPU to compile cold; started last, it ended the pair late)."""

from __future__ import annotations

import subprocess
import sys

from cardroom.core.compiled_registry import kernel_paths
from cardroom.fast.warm import costliest_first


def test_the_list_is_every_kernel_the_largest_sources_first() -> None:
    listed = subprocess.run(
        [sys.executable, "-m", "cardroom.fast.warm", "--list"], capture_output=True, text=True, check=True
    ).stdout.split()
    assert sorted(listed) == sorted(kernel_paths(unlisted=True))
    assert listed == costliest_first(kernel_paths(unlisted=True))
    assert listed.index("cardroom.games.taco.kernel_api") < listed.index("cardroom.games.tacocat.kernel_api")
