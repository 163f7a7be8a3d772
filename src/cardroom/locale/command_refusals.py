"""Why a terminal command refuses what it was asked, in the terminal's language: the English of the
parts below the catalogue read back and worded again (as :mod:`.reasons` words an engine's reason).

The arena's, the balance lab's and the learned value's checks, the registry's and the options' parse
write English only (the lab and the learned value may not import the catalogue), so the command words a
refusal it prints from these wordings, then from the options' (:mod:`.options`) and the bots' specs'
(:mod:`.bots`). Options, values, bots' specs, paths and commands stay as written; so does a reason of
the system's inside one (after "cannot read ... :"), and a text no wording reads.
"""

from __future__ import annotations

from cardroom.locale import Phrase
from cardroom.locale.bots import READER as BOTS
from cardroom.locale.options import READER as OPTIONS
from cardroom.locale.readback import Reader

READER = Reader(
    (
        # core/registry.py and core/learned_value.py; core/options.py's parse of KEY=VALUE
        Phrase("no game named {name}; games: {games}"),
        Phrase("an option is KEY=VALUE, got {item}"),
        # arena/config.py, arena/backends.py (the lab's own Ray backend says the same)
        Phrase("--games must be at least 1"),
        Phrase("--jobs must be at least 1"),
        Phrase("--backend must be one of {backends}"),
        Phrase("the arena needs at least two bot specs (--bots A B ...)"),
        Phrase("the ray backend needs the ray extra: {install}"),
        # balance/config.py, balance/cli.py, balance/play.py, balance/paired.py
        Phrase("--bots needs at least one bot spec"),
        Phrase("--blocks must be a whole number from 1 to 100, not {value}"),
        Phrase("--paired-games must be a whole number of at least 0, not {value}"),
        Phrase("--engine must be one of {engines}, not {value}"),
        Phrase("give at most as many bot specs as seats"),
        Phrase(
            "no compiled kernel plays {game} with bots {bots}; the kernel plays one bot spec, heuristic or "
            "random, in every seat"
        ),
        Phrase("paired card values need a game dealt from a deck file; {game} is not"),
        Phrase("paired card values need the antics off (the blank is kept out of play as one)"),
        Phrase(
            "paired card values are played on the compiled kernel: T.A.C.O. with one heuristic or random bot "
            "in every seat"
        ),
        # learn/ and core/learned_value.py
        Phrase("{game} is played by 2 to {most}; asked for {players}"),
        Phrase("{game}'s kernel cannot be loaded (numpy missing?)"),
        Phrase("self-play kept more positions than it had room for; ask for fewer --positions"),
        Phrase("--games, --heldout and --positions must be at least 1"),
        Phrase("{game} has no compiled kernel, so no learned value"),
        Phrase("{game} has no learned-value features ({features})"),
        Phrase("{game} has no learned-value features (its kit names none)"),
        # arena/merge.py: `cardroom arena-merge`; the system's and JSON's own words inside stay
        Phrase("{path}: cannot read it ({problem})"),
        Phrase("{path}: not JSON ({problem})"),
        Phrase("{path}: not an arena result written by `cardroom arena --out` ({problem})"),
        Phrase("nothing to merge: give at least one arena.json"),
        Phrase(
            "run {run} asked a different question ({names} differ from run 1); only runs of the same game, "
            "preset, options, bots and matchups merge"
        ),
        Phrase(
            "runs {first} and {then} both used seed {seed}: they played the same deals; run the extra games "
            "with another --seed"
        ),
    )
)


def command_refusal(text: str, lang: str) -> str:
    """``text`` in ``lang``: by the first list whose wordings read it, else as written."""
    for reader in (READER, OPTIONS, BOTS):
        if reader.knows(text):
            return reader.reworded(text, lang)
    return text


def known(text: str) -> bool:
    """Whether one of the wordings reads ``text`` (for the tests)."""
    return any(reader.knows(text) for reader in (READER, OPTIONS, BOTS))
