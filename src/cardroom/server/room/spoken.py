"""Actions taken by speaking at the table (a game's ``spoken_actions``, docs/contract.md), enforced
through the table chat.

Some cards ask a person to say something aloud. At a table that is done by talking, so the room
takes such an action from the chat: a chat message from a seat asked for it that the game hears as
that action (``Spoken.heard``) is that seat's action. A person cannot take it through the action
endpoint: a button would be no antic. Bots take these actions as actions (they always comply), and
so does the stand-in that plays for a person whose turn clock ran out.
"""

from __future__ import annotations

from cardroom.server.room.live import Live


def enabled(live: Live) -> bool:
    """Whether this table's game has actions a person takes by speaking."""
    return bool(live.game.spoken_actions())


def asked(live: Live, seat: int) -> str | None:
    """The spoken action this seat is asked for right now, if any."""
    spoken = live.game.spoken_actions()
    if not spoken or live.is_over or seat not in live.state.to_act:
        return None
    legal = {str(a) for a in live.state.legal_actions(seat)}
    return next((text for text in spoken if text in legal), None)


def from_chat(live: Live, seat: int, message: str) -> str | None:
    """The action a chat message counts as for this seat, or None."""
    text = asked(live, seat)
    if text is None or not live.game.spoken_actions()[text].heard(message):
        return None
    return text


def refusal(live: Live, seat: int, action: str) -> str | None:
    """Why a person may not send this action through the action endpoint, or None if they may."""
    spoken = live.game.spoken_actions()
    if not spoken:
        return None
    found = spoken.get(action.strip().lower())
    if found is None:
        return None
    if next((s.kind for s in live.row.seats if s.seat == seat), "bot") == "bot":
        return None
    return found.ask
