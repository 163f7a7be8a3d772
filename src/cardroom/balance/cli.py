"""`cardroom balance`: many games with fixed bots, and a report on the game's design.

Kept light: matplotlib, the arena and Ray are imported only when used. The command's face (its options
and their help in the terminal's language) is ``cardroom.cli.balance``: this layer reads no catalogue.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from cardroom.core.errors import CardroomError, InvalidOptions
from cardroom.core.options import parse_assignments
from cardroom.core.words import ENGLISH, Words

# `--bots A B` and `--skill-bots A B C` take several values after one flag (as `cardroom arena`).
CONTEXT_SETTINGS = {"allow_extra_args": True}


def setup_options(text: str) -> dict[str, Any]:
    """A --compare side: ``KEY=VALUE,KEY=VALUE`` (an option set) or a deck (a version or a file)."""
    if "=" in text:
        items: list[str] = []
        for piece in text.split(","):  # a value may hold commas (a Tacocat board): glue them back on
            if "=" in piece or not items:
                items.append(piece)
            else:
                items[-1] += "," + piece
        return parse_assignments([p for p in items if p.strip()])
    return {"deck": text}


def balance(
    extra: list[str],
    game: str,
    bots: list[str],
    games: int,
    players: int | None,
    deck: str | None,
    preset: str | None,
    option: list[str],
    compare: tuple[str, str] | None,
    skill_games: int,
    skill_bots: str,
    jobs: int,
    seed: int,
    backend: str,
    blocks: int,
    paired_games: int,
    engine: str,
    out: Path | None,
    words: Words = ENGLISH,
) -> None:
    """`cardroom balance` (its options and their help: ``cardroom.cli.balance``, in the terminal's
    language, which also hands in ``words``); ``extra``: the values Click hands on after the first of
    ``--bots A B``."""
    from cardroom.balance.config import BalanceConfig

    console = Console()
    specs = [spec for item in [*bots, *extra] for spec in item.split()] or ["heuristic"]
    stray = [s for s in specs if s.startswith("-")]
    if stray:
        _refuse(console, words.say("unknown option {name}", name=stray[0]), words)
    try:
        options = parse_assignments(option)
        if players is not None:
            options["players"] = players
        if deck is not None:
            options["deck"] = deck
        base = BalanceConfig(
            game,
            tuple(specs),
            games=games,
            options=options,
            preset=preset,
            seed=seed,
            jobs=jobs,
            backend=backend,
            blocks=blocks,
            engine=engine,
            paired=paired_games,
        )
        sides = [base] if compare is None else [replace(base, options={**options, **setup_options(c)}) for c in compare]
        _run(console, sides, compare, skill_games, tuple(skill_bots.split()), out, words)
    except (CardroomError, ValueError, RuntimeError) as exc:
        _refuse(console, words.refusal(str(exc)), words)


def _refuse(console: Console, said: str, words: Words) -> NoReturn:
    prefix = escape(words.say("error:"))
    console.print(f"[red]{prefix}[/red] {said}", highlight=False)
    raise typer.Exit(2)


def lab_bar(console: Console, words: Words) -> Progress:
    """The run's progress: each side's games, how many of how many, the time spent and left."""
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn(escape(words.say("left"))), TimeRemainingColumn())  # fmt: skip
    return Progress(*columns, console=console)


def _run(
    console: Console,
    sides: list[Any],
    compare: tuple[str, str] | None,
    skill_games: int,
    skill_bots: tuple[str, ...],
    out: Path | None,
    words: Words,
) -> None:
    from cardroom.balance.cardtests import compare_cards
    from cardroom.balance.play import block_configs, make_game, rotations
    from cardroom.balance.pooled import compare_blocks
    from cardroom.balance.run import run_balance
    from cardroom.balance.terminal import print_card_compare, print_compare, print_report

    for side in sides:
        make_game(side)  # bad options fail before any game starts
        if len(side.bots) > 1 and len(side.bots) > make_game(side).players:
            raise InvalidOptions("give at most as many bot specs as seats")
    results = []
    with lab_bar(console, words) as bar:
        for side in sides:
            n = make_game(side).players
            total = sum(-(-b.games // rotations(b, n)) * rotations(b, n) for b in block_configs(side))
            task = bar.add_task(f"{side.game} {side.options.get('deck', '')}".strip(), total=total)

            def advance(k: int, t: Any = task) -> None:
                bar.advance(t, k)

            results.append(
                run_balance(side, advance, skill_games=skill_games if compare is None else 0, skill_bots=skill_bots)
            )
    full_at = (
        words.say("{page} and balance.json", page=out / "report.html")
        if out is not None
        else words.say("the HTML report (add --out DIR: DIR/report.html, DIR/balance.json)")
    )
    for r in results:
        print_report(r.summary, console, full_at, words)
    rows = cards = None
    if compare is not None:
        rows = compare_blocks(results[0].games, results[1].games, results[0].summary["players"])
        print_compare(rows, compare[0], compare[1], console, full_at, words)
        cards = compare_cards(results[0].summary, results[1].summary)
        print_card_compare(cards, console, full_at, words)
    if out is not None:
        for path in write_report(out, results, rows, compare, cards, words):
            console.print(words.say("wrote {path}", path=path), highlight=False)


def write_report(
    out: Path,
    results: list[Any],
    rows: list[dict[str, Any]] | None,
    compare: tuple[str, str] | None,
    cards: list[dict[str, Any]] | None = None,
    words: Words = ENGLISH,
) -> list[Path]:
    """report.html and its plots in ``words``' language; balance.json in English (it is data)."""
    from cardroom.balance.plots import write_plots
    from cardroom.balance.report import compare_html, section, write_html
    from cardroom.balance.run import write_json

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    sections = []
    if rows is not None and compare is not None:
        sections.append(compare_html(rows, *compare, cards, words))
    for i, r in enumerate(results):
        folder = out if len(results) == 1 else out / ("a", "b")[i]
        plots = write_plots(r.summary, folder, words)
        written += plots.values()
        plots = {k: p.relative_to(out) for k, p in plots.items()}  # the page links them relatively
        label = r.summary.get("setup", "") if compare is None else f"{('A', 'B')[i]}: {compare[i]}"
        sections.append(section(r.summary, plots, label, words))
    game = results[0].config.game
    data: dict[str, Any] = (
        {"run": results[0].to_json()}
        if len(results) == 1
        else {"a": results[0].to_json(), "b": results[1].to_json(), "compare": rows, "compare_cards": cards}
    )
    written.append(write_json(data, out))
    written.append(write_html(out, words.say("Balance report: {game}", game=game), sections, words))
    return written
