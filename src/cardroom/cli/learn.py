"""`cardroom learn`: train a game's learned value on self-play from its compiled kernel.

`cardroom learn train --game exploding-kittens` plays heuristic games on the kernel, fits the value
(docs/learned-value.md) and writes the weights file, by default the one the package ships, so the
shipped file can be made again byte for byte from the command stored in it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from cardroom.core.errors import CardroomError
from cardroom.locale import in_terminal_language as _  # the help texts and printed words in the terminal's language
from cardroom.locale import terminal_language
from cardroom.locale.command_refusals import command_refusal

learn = typer.Typer(help=_("The learned value: a seat's chance to win, trained on self-play."), no_args_is_help=True)
console = Console()


def _sizes(text: str | None) -> tuple[int, ...]:
    if not text:
        return ()
    try:
        sizes = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise typer.BadParameter(
            _("--players takes numbers separated by commas, like 2,4; got {text}", text=repr(text))
        ) from None
    if len(set(sizes)) != len(sizes):
        raise typer.BadParameter(_("--players names a table size twice: {text}", text=repr(text)))
    return tuple(sorted(sizes))


@learn.command(
    help=_("Train GAME's learned value with the heuristic in every seat, print its held-out scores, write the file.")
)
def train(
    game: Annotated[str, typer.Option(help=_("tacocat, exploding-kittens or taco"))],
    players: Annotated[
        str | None,
        typer.Option(help=_("table sizes, like 2,4 (one model serves them all); default: the game's usual sizes")),
    ] = None,
    preset: Annotated[str | None, typer.Option(help=_("a preset of the game (default: its default)"))] = None,
    games: Annotated[int, typer.Option(min=1, help=_("self-play games per table size to train on"))] = 20_000,
    heldout: Annotated[
        int, typer.Option(min=1, help=_("further games per table size, held out to score the model"))
    ] = 2_000,
    positions: Annotated[int, typer.Option(min=1, help=_("positions kept per game, on average"))] = 4,
    seed: Annotated[int, typer.Option(help=_("the seed of every game (the same seed gives the same file)"))] = 0,
    out: Annotated[
        Path | None, typer.Option(help=_("where to write the weights (default: the package's own file)"))
    ] = None,
) -> None:
    from cardroom.learn.train import Request, write
    from cardroom.learn.train import train as run_train
    from cardroom.learn.weights import shipped_path

    try:
        request = Request(game, _sizes(players), preset, games, heldout, positions, seed)
        total = len(request.sizes()) * (games + heldout)
        columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   TextColumn(_("left")), TimeRemainingColumn())  # fmt: skip
        with Progress(*columns, console=console) as bar:
            task = bar.add_task(_("{game} self-play", game=game), total=total)
            trained = run_train(request, progress=lambda n: bar.advance(task, n))
        path = out or shipped_path(game)
        size = write(trained, path)
    except (CardroomError, ValueError, OSError) as exc:
        prefix = _("error:")
        console.print(f"[red]{prefix}[/red] {command_refusal(str(exc), terminal_language())}", highlight=False)
        raise typer.Exit(2) from None
    table = Table(title=_("{game}: held-out positions (log loss and Brier per seat; lower is better)", game=game))
    for column in (
        _("players"),
        _("positions"),
        _("model log loss"),
        _("even-share log loss"),
        _("model Brier"),
        _("even-share Brier"),
    ):
        table.add_column(column, justify="right")
    for size_name, row in trained.record["heldout"].items():
        m, e = row["model"], row["even_share"]
        table.add_row(size_name, str(m["positions"]), f"{m['log_loss']:.4f}", f"{e['log_loss']:.4f}",
                      f"{m['brier']:.4f}", f"{e['brier']:.4f}")  # fmt: skip
    console.print(table)
    console.print(
        _(
            "trained on {positions} positions in {seconds} s (self-play and fit, compiling included); wrote {path} "
            "({size} bytes)",
            positions=f"{trained.record['positions']:,}",
            seconds=f"{trained.seconds:.1f}",
            path=path,
            size=f"{size:,}",
        )
    )
