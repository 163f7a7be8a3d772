"""`cardroom replay`: step through a saved game, as one seat saw it or as a spectator."""

from __future__ import annotations

from rich.console import Console
from rich.rule import Rule

from cardroom.cli.records import Record
from cardroom.cli.screens import COMPACT_BELOW_LINES, screen_for
from cardroom.cli.seat_names import described, display_names
from cardroom.cli.typed_line import read_line
from cardroom.core.seatnames import name_seats


def replay(record: Record, seat: int | None, pause: bool, console: Console) -> int:
    """Show every step; Enter goes on, q stops, Ctrl-C stops on a fresh line. Returns the last step shown."""
    game = record.make_game()
    if seat is not None and not 0 <= seat < game.players:
        raise ValueError(f"--seat must be 0 to {game.players - 1} for this game")
    state = game.new_game(record.seed)
    screen = screen_for(game)
    names = display_names(record.seats)
    who = "spectator" if seat is None else names[seat]
    shown = 0
    try:
        for index in range(len(record.actions) + 1):
            console.print(Rule(f"{game.title} · step {state.step} of {len(record.actions)} · as {who}"))
            view = {**state.view(seat), "names": names}
            console.print(screen(view, game, compact=console.height < COMPACT_BELOW_LINES))
            log = state.log(seat)
            for entry in log[shown:]:
                console.print(f"[dim]·[/dim] {name_seats(entry['text'], names)}", highlight=False)
            shown = len(log)
            if index == len(record.actions):
                break
            actor, text = record.actions[index]
            if pause:
                try:
                    answer = read_line(console, "[dim]Enter: next step, q: stop[/dim] ")
                except EOFError:
                    break
                if answer.strip().lower() in ("q", "quit"):
                    break
            state = state.apply(actor, text)
    except KeyboardInterrupt:
        console.print()
    if state.outcome is not None:
        console.print(
            f"[bold]Result:[/bold] {winner_line(record, state.outcome.winners)} "
            f"{name_seats(state.outcome.reason, names)}",
            highlight=False,
        )
    else:
        console.print(
            f"[bold]Stopped[/bold] at step {state.step} of {len(record.actions)}; nobody has won yet.", highlight=False
        )
    return state.step


def winner_line(record: Record, winners: tuple[int, ...]) -> str:
    """``Bot 2 (heuristic) wins.``, or every winner of a shared win; ``Nobody wins.`` for none."""
    names = [described(record.seats, s) if s < len(record.seats) else f"Player {s + 1}" for s in winners]
    if not names:
        return "Nobody wins."
    if len(names) == 1:
        return f"{names[0]} wins."
    return f"{', '.join(names[:-1])} and {names[-1]} share the win."
