"""Why a bot seat's spec is refused when a table is made, in the person's language: the bots' own
checks (``bots/specs.py``, ``budget.py``, ``ismcts.py``, ``fast_ismcts.py``) write English only, so
their texts are read back and worded again here (:mod:`.readback`), as :mod:`.options` words a refused
option. Bot names, parameters, values and game names stay as they are typed; a text no wording reads
(a library's reason inside one) is shown as written.
"""

from __future__ import annotations

from cardroom.locale import Phrase
from cardroom.locale.readback import Reader

# The most particular first: the first that reads the whole text is used.
WORDINGS: tuple[Phrase, ...] = (
    # bots/specs.py
    Phrase("unknown bot {name}; bots: {bots}"),
    Phrase("bad bot spec {spec}: parameters are key=value, separated by commas"),
    Phrase("{game} has no heuristic bot"),
    Phrase("{game}'s heuristic bot {target} cannot be loaded: {why}"),
    Phrase("bot {name} takes no parameters, got {params}"),
    Phrase("bot 'openspiel-ismcts' needs the rl extra (open_spiel, numpy): {why}"),
    Phrase("openspiel-ismcts: sims is a whole number, uct a number"),
    Phrase("openspiel-ismcts: sims is a whole number"),
    Phrase(
        "{name} is refused here: the oracle bot cheats (it reads the true state, hidden cards included) and "
        "exists only to measure fair bots in the arena; it cannot play a real game. Use ismcts (or the word "
        "hard) instead."
    ),
    # bots/budget.py
    Phrase("a search budget needs ms=... or iterations=..."),
    Phrase("ms must be positive, got {value}"),
    Phrase("iterations must be at least 1, got {value}"),
    Phrase("budget must be numbers: ms={ms}, iterations={iterations}"),
    # bots/fast_ismcts.py
    Phrase("ismcts: infer must be one of {allowed}"),
    Phrase("ismcts: infer reads no evidence in {game} (offered in {games})"),
    Phrase("ismcts: infer, cut and duels need the game's compiled kernel (Numba)"),
    Phrase("oracle: infer is for fair searches (the oracle sees every card)"),
    Phrase("oracle: cut and duels need the game's compiled kernel (Numba)"),
    Phrase("{bot}: cut must be a whole number of steps from 0 (play to the end) to {most}"),
    Phrase("{bot}: cut needs the learned value of {game}: {why}"),
    Phrase("{bot}: duels must be one of {allowed}"),
    Phrase("{bot}: duels is a setting of the games with opponent models (offered in {games}), not of {game}"),
    # bots/ismcts.py
    Phrase("{bot}: c and prior must be numbers"),
    Phrase("{bot}: root must be one of {allowed}"),
    Phrase("{bot}: z and spread must be numbers"),
    Phrase("{bot}: prior must be at least 0 and below 1"),
    Phrase("{bot}: playout must be one of {allowed}"),
    Phrase("{bot} takes ms, iterations, c, prior, root, z, spread and playout; unknown: {params}"),
)
READER = Reader(WORDINGS, named={"games": {"no game": Phrase("no game")}})


class BotRefusal(Phrase):
    """The text of a refused bot spec (the bots' ``InvalidOptions``), kept as written and worded once
    its language is known."""

    def in_language(self, lang: str) -> str:
        return READER.reworded(self.message, lang)


def known(text: str) -> bool:
    """Whether one of the wordings reads ``text`` (for the tests)."""
    return READER.knows(text)
