"""Actions a person takes by speaking at the table rather than by choosing (see docs/contract.md).

Some cards ask a person to say something aloud: hail another player, keep up an accent. At a table
that is done by talking, so an online room takes such an action from the seat's chat message, never
from a button: a button would be no antic. A game names these actions with
:meth:`cardroom.core.game.Game.spoken_actions`; the room needs nothing else to enforce them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Spoken:
    """One action taken by speaking: what the seat is told, and which chat messages count as it.

    ``ask`` is the sentence shown to a person who tries the action any other way (it says what to
    say, and the other choice the rules leave). ``words``, when not empty, must appear in the
    message, in any case and with any spacing; an empty ``words`` means any message counts (the room
    cannot judge an accent: speaking up is the part it can see).
    """

    action: str
    ask: str
    words: str = ""

    def heard(self, message: str) -> bool:
        """Whether this chat message fulfils the action."""
        if not self.words:
            return True
        folded = " ".join(message.lower().split())
        return " ".join(self.words.lower().split()) in folded
