"""T.A.C.O.'s antics cards, enforced through the table chat.

With the antics cards in play (the table's ``antics`` option), a card may ask a person to hail the
Taco Master of the universe, or to keep speaking in an accent, or else discard a card. At a table
that is done by talking, so the room takes it from the chat: a chat message from a seat that is
asked to hail and that names the Taco Master ("taco master" anywhere in it, any case) is that seat's
``hail``; any chat message from a seat asked to keep up its accent is its ``accent`` (the room
cannot judge an accent; speaking up is the part it can see). A person cannot take those two actions
through the action endpoint: a button would be no antic. Bots take them as actions (they always
comply), and so does the stand-in that plays for a person whose turn clock ran out.
"""

from __future__ import annotations

from cardroom.server.live import Live

HAIL_WORDS = "taco master"
SPOKEN = ("hail", "accent")


def enabled(live: Live) -> bool:
    return live.row.game == "taco" and bool(live.row.options.get("antics"))


def asked(live: Live, seat: int) -> str | None:
    """The antic (``hail`` or ``accent``) this seat is asked for right now, if any."""
    if not enabled(live) or live.is_over or seat not in live.state.to_act:
        return None
    legal = {str(a) for a in live.state.legal_actions(seat)}
    return next((verb for verb in SPOKEN if verb in legal), None)


def from_chat(live: Live, seat: int, message: str) -> str | None:
    """The action a chat message counts as for this seat (``hail``, ``accent``), or None."""
    verb = asked(live, seat)
    if verb == "hail" and HAIL_WORDS not in " ".join(message.lower().split()):
        return None
    return verb


def refusal(live: Live, seat: int, action: str) -> str | None:
    """Why a person may not send this action through the action endpoint, or None if they may."""
    if not enabled(live) or action.strip().lower() not in SPOKEN:
        return None
    if next((s.kind for s in live.row.seats if s.seat == seat), "bot") == "bot":
        return None
    if action.strip().lower() == "hail":
        return "hail in the chat: say \"You're the Taco Master of the universe!\" (or discard a card)"
    return "keep up your accent in the chat: say something in it (or discard a card)"
