"""The JSON shapes of the API, so the OpenAPI document says exactly what is sent and received."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool


class OptionInfo(BaseModel):
    name: str
    default: Any
    help: str
    choices: list[Any] | None
    offered: list[Any] | None = Field(
        default=None,
        description="what a menu offers where choices is None because more is accepted (a deck by version)",
    )
    assumed: bool


class GameInfo(BaseModel):
    name: str
    title: str
    presets: dict[str, dict[str, Any]]
    default_preset: str
    default_presets: dict[str, str] = Field(
        default_factory=dict,
        description="player count -> the preset chosen first for that many seats, where it differs from default_preset",
    )
    options: list[OptionInfo]
    difficulties: dict[str, str] = Field(description="difficulty word -> the bot spec it plays as")
    bots: list[str] = Field(description="bot specs that may be named directly")
    players: list[int] = Field(description="the numbers of seats a table of this game may have")
    renderer: str = Field(description="the browser module that draws its table: web/js/games/<renderer>.js")


class Rules(BaseModel):
    game: str
    preset: str
    markdown: str


class SeatIn(BaseModel):
    kind: Literal["me", "bot", "invite"]
    bot: str | None = Field(
        None,
        max_length=128,
        description="difficulty (easy, normal, hard) or a bot spec such as 'random' or 'ismcts:ms=500'"
        " (search budgets: ms 1 to 4000, iterations 1 to 1,000,000)",
    )
    name: str | None = Field(None, max_length=40)


class CreateTable(BaseModel):
    game: str = Field(max_length=64)
    preset: str | None = Field(None, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] = Field(min_length=1, max_length=10)
    reaction_seconds: float = Field(4.0, ge=0.2, le=120, description="how long a reaction window stays open")
    turn_seconds: Annotated[float, Field(ge=1, le=86400)] | Literal["none"] | None = Field(
        None,
        description="the move clock: after this long the room's bot plays one move for the seat (a seat "
        "that runs out 3 times in a row is played by the bot until its person acts or reconnects). "
        "Default (null): 120 s at a table with people; 'none' (no clock) only for a private table",
    )
    private: bool = Field(False, description="leave the table out of the public list (links still work)")
    hints: bool = Field(
        False,
        description="let every seat ask 'What would the bot do?' (from its own view); "
        "shown to everyone. Without it, hints are offered only where every other seat is a bot",
    )


class Invitation(BaseModel):
    seat: int
    token: str
    url: str = Field(description="the link to send: it carries the seat's secret token")


class TableCreated(BaseModel):
    table_id: str
    seat: int | None = Field(description="your seat, if you took one")
    token: str | None = Field(description="your seat's secret token; send it as 'Authorization: Bearer'")
    url: str
    invitations: list[Invitation]


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot", "invite"]
    name: str
    joined: bool
    bot: str | None
    auto: bool = Field(False, description="the room's bot plays this seat while its person is away")
    shown: str = Field("", description="the name to show: with ' (auto)' while the room plays the seat")
    more_time: bool = Field(False, description="its person asked for more time: its clocks run ten times as long")


class TableSummary(BaseModel):
    id: str
    game: str
    title: str
    preset: str
    options: dict[str, Any]
    status: Literal["playing", "over", "expired", "abandoned", "cancelled"] = Field(
        description="'expired': unfinished and without a move for 14 days, closed for good; "
        "'abandoned': nobody was connected to it for a day (or, while it waited for an invited person, "
        "for the away limit), closed for good; 'cancelled': ended by a seated person before its game began"
    )
    waiting_for: list[int] = Field(
        default_factory=list,
        description="seats whose invited person has not sat down yet: the game, its clocks and bots "
        "begin when there are none",
    )
    step: int
    to_act: list[int]
    created: str
    reaction_seconds: float
    turn_seconds: float | None
    rematch_of: str | None
    rematch_id: str | None
    outcome: dict[str, Any] | None
    hints: bool = Field(False, description="the creator turned hints on for every seat")
    seats: list[SeatInfo]


class Window(BaseModel):
    deadline: float = Field(description="when the reaction window closes, in Unix seconds")
    seconds: float
    remaining: float
    answered: bool = Field(False, description="whether the viewing seat has answered (nobody else's)")


class ChatIn(BaseModel):
    # No length bound here: the body limit (64 KiB) bounds it, and the chat's own rule (300 characters
    # once trimmed) gives the reason, so a long message is never refused with another number.
    text: str = Field(description="plain text, at most 300 characters once trimmed")


class ChatMessage(BaseModel):
    seat: int | None
    name: str
    text: str
    created: str


class Snapshot(BaseModel):
    """What one viewer may see: the table, that seat's view (spectator's if seat is null) and log."""

    table: TableSummary
    seat: int | None
    view: dict[str, Any]
    log: list[dict[str, Any]]
    window: Window | None
    chat: list[ChatMessage] = Field(default_factory=list, description="the table's latest chat messages")
    turn_deadlines: dict[str, float] = Field(description="seat -> seconds left before a bot plays for it")
    spoken: str | None = Field(
        None, description="the action this seat is asked to take by saying it in the chat (an antic), or null"
    )


class ActionIn(BaseModel):
    step: int = Field(description="the step of the view the action was chosen on")
    action: str = Field(max_length=200, description="the action's text, e.g. 'attack 8 9 10' or 'pass'")


class FillIn(BaseModel):
    seat: int = Field(ge=0, le=9, description="a seat the table waits for")
    bot: str | None = Field(None, max_length=128, description="difficulty word or bot spec (default normal)")


class JoinIn(BaseModel):
    name: str | None = Field(None, max_length=40)


class Joined(BaseModel):
    seat: int
    token: str | None = Field(
        None, description="your seat's new secret when you opened an invitation or hand-over link (keep it)"
    )


class Rematch(BaseModel):
    table_id: str
    token: str = Field(description="a fresh secret for your seat at the rematch table")


class ReplayStep(BaseModel):
    step: int
    steps: int
    seat: int | None
    view: dict[str, Any]
    log: list[dict[str, Any]]


class MoreTimeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    on: StrictBool = Field(description="true: this seat's reaction windows and move clock run ten times as long")


class Problem(BaseModel):
    detail: str
    step: int | None = None
