"""`cardroom replay`: step through a saved game, as one seat saw it or as a spectator, in the terminal's
language (its screens, log and result worded as `cardroom play` words them)."""

from __future__ import annotations

from rich.console import Console
from rich.rule import Rule

from cardroom.cli.reasons import reason_words
from cardroom.cli.records import Record
from cardroom.cli.screens import COMPACT_BELOW_LINES, log_line_for, screen_for
from cardroom.cli.seat_names import described, display_names
from cardroom.cli.typed_line import read_line
from cardroom.core.seatnames import name_seats
from cardroom.locale import ENGLISH, Listed, say, terminal_language


def replay(record: Record, seat: int | None, pause: bool, console: Console, lang: str | None = None) -> int:
    """Show every step; Enter goes on, q stops, Ctrl-C stops on a fresh line. Returns the last step shown."""
    lang = lang or terminal_language()
    game = record.make_game()
    if seat is not None and not 0 <= seat < game.players:
        raise ValueError(say(lang, "--seat must be 0 to {most} for this game", most=game.players - 1))
    state = game.new_game(record.seed)
    screen, log_line = screen_for(game), log_line_for(game)
    names = display_names(record.seats, lang=lang)
    who = say(lang, "spectator") if seat is None else names[seat]
    total = len(record.actions)
    shown = 0
    try:
        for index in range(total + 1):
            console.print(
                Rule(
                    say(
                        lang,
                        "{game} · step {step} of {total} · as {who}",
                        game=game.title,
                        step=state.step,
                        total=total,
                        who=who,
                    )
                )
            )
            view = {**state.view(seat), "names": names, "lang": lang}
            console.print(screen(view, game, compact=console.height < COMPACT_BELOW_LINES))
            log = state.log(seat)
            for entry in log[shown:]:
                worded = log_line(entry, names, lang) if log_line else None
                console.print(f"[dim]·[/dim] {worded or name_seats(entry['text'], names)}", highlight=False)
            shown = len(log)
            if index == total:
                break
            actor, text = record.actions[index]
            if pause:
                try:
                    answer = read_line(console, say(lang, "[dim]Enter: next step, q: stop[/dim] "))
                except EOFError:
                    break
                if answer.strip().lower() in ("q", "quit"):
                    break
            state = state.apply(actor, text)
    except KeyboardInterrupt:
        console.print()
    if state.outcome is not None:
        reason = reason_words(state.outcome.reason, names, lang)
        console.print(
            say(
                lang,
                "[bold]Result:[/bold] {winners} {reason}",
                winners=winner_line(record, state.outcome.winners, lang),
                reason=reason,
            ),
            highlight=False,
        )
    else:
        console.print(
            say(
                lang,
                "[bold]Stopped[/bold] at step {step} of {total}; nobody has won yet.",
                step=state.step,
                total=total,
            ),
            highlight=False,
        )
    return state.step


def winner_line(record: Record, winners: tuple[int, ...], lang: str = ENGLISH) -> str:
    """``Bot 2 (heuristic) wins.``, or every winner of a shared win; ``Nobody wins.`` for none."""
    names = [
        described(record.seats, s, lang) if s < len(record.seats) else say(lang, "Player {n}", n=s + 1) for s in winners
    ]
    if not names:
        return say(lang, "Nobody wins.")
    if len(names) == 1:
        return say(lang, "{name} wins.", name=names[0])
    return say(lang, "{names} share the win.", names=Listed(names))
