"""The bot ladder written out: the room's rules page section (in a person's language), docs/ladder.md's
table (with every row's stamp) and the maintainers' printout, each showing fresh rows only.

The room's section computes nothing: it compares each row's stamp with the shipped fingerprints file,
both read once a process, so it is cheap enough to write on the event loop.
"""

from __future__ import annotations

from babel.numbers import format_decimal

from cardroom.arena.ladder import (
    COMMAND,
    YARDSTICK,
    Row,
    Stale,
    check,
    difficulty,
    from_stamps,
    ladder_games,
    room_rows,
    shipped_stamps,
)
from cardroom.bots.specs import declared_budget
from cardroom.locale import ENGLISH, Phrase, say, say_n

#: A bot's name in the room: the lobby's seat words for its difficulty.
SEAT_WORDS = {
    "easy": Phrase("Bot (easy)"),
    "normal": Phrase("Bot (normal)"),
    "hard": Phrase("Bot (hard)"),
    "expert": Phrase("Bot (expert)"),
}


def percent(value: float, lang: str) -> str:
    return format_decimal(100 * value, format="0.0", locale=lang) + "%"


def bot_words(bot: str, lang: str) -> str:
    word = difficulty(bot)
    name = f"`{bot.partition(':')[0]}`"
    return name if word is None else f"{SEAT_WORDS[word].in_language(lang)}: {name}"


def thinking(bot: str, lang: str) -> str:
    """A row's budget in words: a search's time or iterations a decision, or that it answers at once."""
    budget = declared_budget(bot)
    if budget is None:
        return say(lang, "answers at once")
    if budget.iterations is not None:
        return say_n(lang, "{count} search step a decision", "{count} search steps a decision", budget.iterations)
    return say(lang, "{ms} ms a decision", ms=format_decimal(budget.ms or 0, locale=lang))


def room_section(game: str, lang: str = ENGLISH, rows: list[Row] | None = None) -> str:
    """The rules page's ladder for ``game``: its fresh rows (their stamps equal to the shipped
    fingerprints), else a sentence saying why there are none."""
    if game not in ladder_games():  # a game kept for the tests has no ladder
        return ""
    rows = [r for r in (room_rows() if rows is None else rows) if r.game == game]
    out = ["", "## " + say(lang, "The bots' ladder"), ""]
    fresh, _ = check(rows, from_stamps(shipped_stamps()))
    if not fresh:
        return "\n".join([*out, say(lang, "The ladder is being regenerated for today's bots."), ""])
    first = fresh[0]
    columns = [say(lang, "bot"), say(lang, "win rate"), say(lang, "95% interval"), say(lang, "games")]
    columns.append(say(lang, "thinking time"))
    out += [
        say(
            lang,
            "Each bot played alone against {yardstick} at tables of {players}, on duplicate deals (every bot "
            "in every seat with the same cards); a fair share is {share}. Only rows played by bots that play "
            "as today's are shown.",
            yardstick=bot_words(YARDSTICK, lang),
            players=first.players,
            share=percent(first.fair_share, lang),
        ),
        "",
        "| " + " | ".join(columns) + " |",
        "| --- | --- | --- | --- | --- |",
    ]
    for row in fresh:
        interval = f"{percent(row.low, lang)} – {percent(row.high, lang)}"
        out.append(
            f"| {bot_words(row.bot, lang)} | {percent(row.win_rate, lang)} | {interval} | {row.games} "
            f"| {thinking(row.bot, lang)} |"
        )
    return "\n".join(out) + "\n"


def docs_table(fresh: list[Row], stale: list[Stale]) -> str:
    """docs/ladder.md's table: every fresh row with its whole stamp, then the refused rows by name."""
    out = [
        "| game | bot | seats | wins vs heuristic | Wilson 95% | games | fair share | ms a decision "
        "| fingerprint (bot / heuristic) | commit | budget | seed | date |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in fresh:
        out.append(
            f"| {r.game} | `{r.bot}` | {r.players} | **{percent(r.win_rate, ENGLISH)}** "
            f"| {percent(r.low, ENGLISH)}–{percent(r.high, ENGLISH)} | {r.games} | {percent(r.fair_share, ENGLISH)} "
            f"| {r.mean_ms:.0f} | `{r.fingerprint}` / `{r.yardstick_fingerprint}` | `{r.commit}` | {r.budget} "
            f"| {r.seed} | {r.date} |"
        )
    out += ["", *(f"- refused (stale): {s.row.game} `{s.row.bot}`: {s.why}" for s in stale)]
    return "\n".join(out).rstrip() + "\n"


def printout(rows: list[Row]) -> tuple[list[str], bool]:
    """The maintainers' lines: each fresh row, and for each stale one why it is refused and how to play
    it again (never its figure); whether every row was fresh."""
    fresh, stale = check(rows)
    lines = [
        f"{r.game} ({r.players} seats) {r.bot} vs {r.yardstick}: {percent(r.win_rate, ENGLISH)} of {r.games} games "
        f"(Wilson 95% {percent(r.low, ENGLISH)}–{percent(r.high, ENGLISH)}); fingerprint {r.fingerprint}, "
        f"commit {r.commit}, {r.budget}, seed {r.seed}, {r.date}"
        for r in fresh
    ]
    lines += [f"REFUSED {s.row.game} {s.row.bot}: stale row not printed: {s.why}" for s in stale]
    if not rows:
        lines.append(f"no ladder rows yet; play them with: {COMMAND}")
    return lines, not stale
