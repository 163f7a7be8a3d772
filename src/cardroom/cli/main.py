"""The `cardroom` command: play, replay, analyse, rules, games, serve, backup, restore, arena, arena-merge, balance, learn.

Every command imports what it needs when it runs: `cardroom --help`, `games`, `play`, `serve` and
`backup` load no numpy, Numba or matplotlib (the base install has none of them), and a command whose
optional extra is missing says which one to install (:mod:`cardroom.cli.extras`).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from cardroom.cli.arena import ARENA_HELP, ARENA_MERGE_HELP, arena, arena_merge
from cardroom.cli.arena import CONTEXT_SETTINGS as ARENA_CONTEXT
from cardroom.cli.balance import BALANCE_HELP, balance
from cardroom.cli.balance import CONTEXT_SETTINGS as BALANCE_CONTEXT
from cardroom.cli.extras import missing_extra_message
from cardroom.cli.help_language import word_typer
from cardroom.cli.learn import learn
from cardroom.cli.options import cli_options
from cardroom.core.errors import CardroomError
from cardroom.core.registry import make
from cardroom.locale import in_terminal_language as _  # the help texts in the terminal's language
from cardroom.locale import say, say_n, terminal_language
from cardroom.locale.backup_errors import backup_refusal
from cardroom.locale.command_refusals import command_refusal


class Cardroom(typer.Typer):
    """The command line; a command that needs an optional extra that is not installed ends with one
    line saying which extra to install, instead of a traceback."""

    running = "command"  # the sub-command being run (set by the group's callback before it runs)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().__call__(*args, **kwargs)
        except ModuleNotFoundError as exc:
            message = missing_extra_message(self.running, exc.name, terminal_language())
            if message is None:
                raise
            prefix = _("error:")
            console.print(f"[red]{prefix}[/red] {escape(message)}", highlight=False, soft_wrap=True)
            raise SystemExit(2) from None


word_typer(terminal_language())
app = Cardroom(
    help=_("cardroom: Tacocat Spelled Backwards, Exploding Kittens and T.A.C.O. by their printed rules."),
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


@app.callback()
def _note_command(ctx: typer.Context) -> None:
    app.running = ctx.invoked_subcommand or "command"


def _fail(message: str) -> NoReturn:
    prefix = _("error:")
    console.print(f"[red]{prefix}[/red] {message}", highlight=False)
    raise typer.Exit(2)


GameArg = Annotated[str, typer.Argument(help=_("tacocat, exploding-kittens or taco"))]
PresetOpt = Annotated[str | None, typer.Option(help=_("a preset of the game (see `cardroom games`)"))]
OptionOpt = Annotated[list[str], typer.Option("--option", "-o", help=_("override one option: KEY=VALUE"))]
PlayersOpt = Annotated[int | None, typer.Option(help=_("number of players, for games that take 2 or more"))]
DeckOpt = Annotated[
    Path | None, typer.Option(help=_("T.A.C.O.: play with your own deck file (see docs/taco.md for its format)"))
]


@app.command(context_settings=ARENA_CONTEXT, help=_("Play GAME in this terminal against bots."))
def play(
    ctx: typer.Context,
    game: GameArg,
    preset: PresetOpt = None,
    players: PlayersOpt = None,
    vs: Annotated[
        list[str],
        typer.Option(
            help=_("opponents: easy, normal, hard or bot specs; one for all, or one per seat: --vs random heuristic")
        ),
    ] = ["heuristic"],  # noqa: B006 - Typer reads list defaults this way
    seed: Annotated[int | None, typer.Option(help=_("fix every shuffle (default: a fresh secret seed)"))] = None,
    seat: Annotated[int, typer.Option(help=_("your seat (0 sits first)"))] = 0,
    option: OptionOpt = [],  # noqa: B006
    deck: DeckOpt = None,
    records: Annotated[Path, typer.Option(help=_("folder for finished-game records"))] = Path("records"),
    delay: Annotated[
        float,
        typer.Option(
            help=_(
                "seconds to pause before each bot move, at least (a table with a searching bot paces every "
                "bot move to its thinking budget anyway, so no move's timing tells what a bot holds)"
            )
        ),
    ] = 0.0,
    lang: Annotated[
        str | None, typer.Option(help=_("the table's language: en or de (default: LANGUAGE, LC_ALL or LANG)"))
    ] = None,
) -> None:
    from cardroom.cli.play import play as run_play
    from cardroom.locale import LANGUAGES

    if lang is not None and lang.split("_")[0].split("-")[0].lower() not in LANGUAGES:
        # no language of the table yet: the terminal's
        _fail(_("--lang is one of {languages}, not {value}", languages=", ".join(LANGUAGES), value=repr(lang)))
    language = terminal_language(lang)

    stray = [a for a in ctx.args if a.startswith("-")]
    if stray:
        _fail(say(language, "unknown option {name}", name=stray[0]))
    if not 0 <= delay <= 60:
        _fail(say(language, "--delay must be between 0 and 60 seconds, not {value}", value=f"{delay:g}"))
    vs = [*vs, *ctx.args]  # --vs a b: Click hands the values after the first to us as extra arguments
    try:
        table_game = make(game, preset=preset, **cli_options(option, players, deck))
        if not 0 <= seat < table_game.players:
            _fail(say(language, "--seat must be 0 to {most}", most=table_game.players - 1))
        run_play(table_game, vs, seed, seat, records, console, delay, language)
    except (CardroomError, ValueError) as exc:
        _fail(command_refusal(str(exc), language))


@app.command(help=_("Step through a saved game."))
def replay(
    file: Annotated[Path, typer.Argument(help=_("a record saved by `cardroom play`"))],
    seat: Annotated[int | None, typer.Option(help=_("see the game as this seat (default: as a spectator)"))] = None,
    pause: Annotated[bool, typer.Option(help=_("wait for Enter between steps"))] = True,
) -> None:
    from cardroom.cli.records import load_record
    from cardroom.cli.replay import replay as run_replay

    try:
        run_replay(load_record(file), seat, pause, console)
    except (CardroomError, ValueError) as exc:
        _fail(command_refusal(str(exc), terminal_language()))


@app.command(help=_("Show the rules of GAME under a preset."))
def rules(game: GameArg, preset: PresetOpt = None, option: OptionOpt = [], deck: DeckOpt = None) -> None:  # noqa: B006
    from rich.markdown import Markdown

    from cardroom.locale.rules_text import rules_markdown

    try:
        table_game = make(game, preset=preset, **cli_options(option, None, deck))
        console.print(Markdown(rules_markdown(table_game, terminal_language())))
    except CardroomError as exc:
        _fail(command_refusal(str(exc), terminal_language()))


@app.command(help=_("List the games, their presets and options."))
def games() -> None:
    from cardroom.cli.games_table import print_games

    print_games(console)


DatabaseOpt = Annotated[
    str | None, typer.Option(help=_("SQLAlchemy URL (default: $CARDROOM_DATABASE_URL or ./cardroom.sqlite3)"))
]


def _server(module: str) -> Any:
    """``cardroom.server.<module>``; without the `server` extra, an error that says how to install it."""
    try:
        return importlib.import_module(f"cardroom.server.{module}")
    except ImportError as exc:
        # The backslash: rich would read [server] as markup.
        _fail(
            _(
                "the server is not installed ({problem}); install it with: {command}",
                problem=exc,
                command="pip install 'cardroom\\[server]'",
            )
        )


@app.command(help=_("Run the online card room (needs the `server` extra)."))
def serve(
    host: Annotated[str, typer.Option(help=_("address to listen on"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=_("port to listen on"))] = 8000,
    database: DatabaseOpt = None,
) -> None:
    _server("ops.cli").serve(host=host, port=port, database=database)


@app.command(help=_("Copy the card room's SQLite database while the server runs (a consistent, online copy)."))
def backup(
    destination: Annotated[
        Path,
        typer.Argument(
            help=_(
                "a file to write the copy to (replaced if it exists), or a folder: a copy named by its UTC time "
                "there, then the older copies the --keep rule does not keep removed"
            )
        ),
    ],
    database: DatabaseOpt = None,
    keep_daily: Annotated[
        int, typer.Option(help=_("into a folder: keep the newest copy of each of the last N days"))
    ] = 7,
    keep_weekly: Annotated[
        int, typer.Option(help=_("into a folder: keep the newest copy of each of the last N weeks"))
    ] = 4,
) -> None:
    copier, url = _server("store.backup"), _server("store").database_url(database)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    with Progress(TextColumn(_("copying pages")), BarColumn(), MofNCompleteColumn(), console=console) as bar:
        task = bar.add_task("backup", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        try:
            if destination.is_dir():
                made, pages, removed = copier.backup_into(url, destination, keep_daily, keep_weekly, progress=progress)
            else:
                made, pages, removed = destination, copier.backup(url, destination, progress), []
        except copier.BackupError as exc:
            _fail(backup_refusal(str(exc), terminal_language()))
            return
    lang = terminal_language()
    older = (
        say_n(lang, "; removed {count} older copy", "; removed {count} older copies", len(removed))
        if destination.is_dir()
        else ""
    )
    console.print(
        say_n(
            lang,
            "backed up {count} page to {made}{older} (to restore it: stop the server, then cardroom restore {made})",
            "backed up {count} pages to {made}{older} (to restore it: stop the server, then cardroom restore {made})",
            pages,
            made=made,
            older=older,
        ),
        highlight=False,
        soft_wrap=True,
    )
    for path in removed:
        console.print(say(lang, "  removed {path}", path=path), highlight=False, soft_wrap=True)


@app.command(
    help=_(
        "Put a backup in place of the card room's SQLite database (stop the server first); the database "
        "it replaces is kept beside it as <name>.before-restore."
    )
)
def restore(
    copy: Annotated[Path, typer.Argument(help=_("a copy made by `cardroom backup`"))],
    database: DatabaseOpt = None,
) -> None:
    copier, url = _server("store.backup"), _server("store").database_url(database)
    try:
        kept = copier.restore(copy, url)
    except copier.BackupError as exc:
        _fail(backup_refusal(str(exc), terminal_language()))
        return
    replaced = _("; the database it replaced is kept as {kept}", kept=kept) if kept else ""
    console.print(
        _(
            "restored {copy} as {database}{replaced}. Start the server now.",
            copy=copy,
            database=copier.sqlite_path(url),
            replaced=replaced,
        ),
        highlight=False,
        soft_wrap=True,
    )


# Passed through whole (its own --help included) to the server's admin commands, imported only when used.
ADMIN_CONTEXT = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": []}


@app.command(
    context_settings=ADMIN_CONTEXT,
    help=_("For whoever runs the room: list reports, suspend an account, close a table (`cardroom admin --help`)."),
)
def admin(ctx: typer.Context) -> None:
    command = typer.main.get_command(_server("ops.admin_cli").admin_app)
    command.main(args=ctx.args, prog_name="cardroom admin", standalone_mode=True)


@app.command(help=_("Analyse a finished game: each decision's loss, each stretch's luck, a win-chance graph."))
def analyse(
    record: Annotated[
        str, typer.Argument(help=_("a record saved by `cardroom play`, or a finished table's id (with --token)"))
    ],
    seat: Annotated[
        int | None, typer.Option(help=_("the seat to analyse (default: yours in the record, else 0)"))
    ] = None,
    out: Annotated[Path | None, typer.Option(help=_("folder for analysis.json and the win-chance graph (PNG)"))] = None,
    precision: Annotated[float, typer.Option(help=_("target half-width of each loss's 95% interval, in points"))] = 5.0,
    seed: Annotated[int, typer.Option(help=_("seed of the analysis's own sampling (same seed, same analysis)"))] = 0,
    max_worlds: Annotated[
        int | None,
        typer.Option(
            help=_(
                "at most this many imagined worlds per decision (bounds the time; default 4096 on a compiled kernel, 192 on the reference engine; caps the search at 8 playouts a world)"
            )
        ),
    ] = None,
    engine: Annotated[
        str,
        typer.Option(
            help=_("where playouts run: auto (the game's compiled kernel if it has one), kernel or reference")
        ),
    ] = "auto",
    yardstick: Annotated[
        str,
        typer.Option(
            help=_(
                "what judges a decision: auto (the hard bot's search on a compiled kernel, else rollouts), search or rollout"
            )
        ),
    ] = "auto",
    search_playouts: Annotated[
        int | None,
        typer.Option(
            help=_(
                "playouts of the yardstick's choosing search per decision (default: at least the hard bot's in one second)"
            )
        ),
    ] = None,
    infer: Annotated[
        str,
        typer.Option(
            help=_(
                "weigh the imagined hands by the others' observed choices under this model of their play: off, ismcts or heuristic (Exploding Kittens and Tacocat, search yardstick)"
            )
        ),
    ] = "off",
    oracle: Annotated[
        bool, typer.Option(help=_("with --out: add a line that KNOWS the hidden cards (never used for verdicts)"))
    ] = False,
    server: Annotated[str, typer.Option(help=_("the cardroom server of a table id"))] = "http://127.0.0.1:8000",
    token: Annotated[
        str | None, typer.Option(help=_("your seat token at that table (the server analyses that seat)"))
    ] = None,
    jobs: Annotated[int, typer.Option(help=_("worker processes (the same analysis, sooner on several cores)"))] = 1,
) -> None:
    from cardroom.analysis import Precision
    from cardroom.cli.analyse import run as run_analyse
    from cardroom.cli.records import load_record

    if not 0.5 <= precision <= 50:
        _fail(_("--precision must be between 0.5 and 50 points"))
    if max_worlds is not None and not 8 <= max_worlds <= 100_000:
        _fail(_("--max-worlds must be between 8 and 100000"))
    if engine not in ("auto", "kernel", "reference"):
        _fail(_("--engine must be auto, kernel or reference, not {value}", value=repr(engine)))
    if not 1 <= jobs <= 64:
        _fail(_("--jobs must be between 1 and 64"))
    if yardstick not in ("auto", "search", "rollout"):
        _fail(_("--yardstick must be auto, search or rollout, not {value}", value=repr(yardstick)))
    if infer not in ("off", "ismcts", "heuristic"):
        _fail(_("--infer must be off, ismcts or heuristic, not {value}", value=repr(infer)))
    if search_playouts is not None and not 64 <= search_playouts <= 10_000_000:
        _fail(_("--search-playouts must be between 64 and 10000000"))
    limits = Precision(
        half_width=precision / 100,
        max_worlds=max_worlds,
        min_worlds=None if max_worlds is None else min(16, max_worlds),
        search_playouts=search_playouts,
    )
    try:
        if token is not None:
            from cardroom.cli.analyse import run_remote

            if seat is not None or oracle or infer != "off":
                _fail(_("with --token the server analyses your own seat: --seat, --oracle and --infer do not apply"))
            run_remote(record, server, token, out, precision, max_worlds, console)
            return
        run_analyse(load_record(Path(record)), seat, out, limits, seed, console, oracle, jobs, engine, yardstick, infer)
    except (CardroomError, ValueError) as exc:
        _fail(command_refusal(str(exc), terminal_language()))


# The arena (its plots and Ray are imported only when used).
app.command(name="arena", context_settings=ARENA_CONTEXT, help=ARENA_HELP)(arena)
app.command(name="arena-merge", help=ARENA_MERGE_HELP)(arena_merge)
# The balance lab (issue 14): its plots, the arena and Ray are imported only when used.
app.command(name="balance", context_settings=BALANCE_CONTEXT, help=BALANCE_HELP)(balance)
# The learned value (issue 29): numpy and the kernels are imported only when a command runs.
app.add_typer(learn, name="learn")


if __name__ == "__main__":
    app()
