"""`cardroom analyse`: a saved game's decisions, luck and win-probability graph in the terminal."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cardroom.analysis import GameAnalysis, Precision, analyse_game
from cardroom.cli.records import Record

STYLE = {"best": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def default_seat(record: Record) -> int:
    """The person's seat in a record saved by `cardroom play` (named "you"), else seat 0."""
    return record.seats.index("you") if "you" in record.seats else 0


def run(
    record: Record,
    seat: int | None,
    out: Path | None,
    precision: Precision,
    seed: int,
    console: Console,
    oracle: bool = False,
    jobs: int = 1,
    engine: str = "auto",
    yardstick: str = "auto",
    infer: str = "off",
) -> GameAnalysis:
    game = record.make_game()
    seat = default_seat(record) if seat is None else seat
    names = [f"Player {k + 1} (you)" if name == "you" else name for k, name in enumerate(record.seats)]
    if not 0 <= seat < game.players:
        raise ValueError(f"--seat must be 0 to {game.players - 1}")
    columns = (TextColumn("analysing decisions"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with contextlib.ExitStack() as stack:
        pool = None
        if jobs > 1:
            pool = stack.enter_context(ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")))
        bar = stack.enter_context(Progress(*columns, console=console, transient=True))
        task = bar.add_task("analyse", total=None)
        analysis = analyse_game(
            game,
            record.seed,
            record.actions,
            seat,
            precision=precision,
            analysis_seed=seed,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
            executor=pool,
            engine=engine,
            yardstick=yardstick,
            infer=infer,
            names=names,
        )
    show(analysis, console)
    if out is not None:
        from cardroom.analysis.plot import win_graph

        data = analysis.to_json()
        line = None
        if oracle:
            from cardroom.analysis.oracle import LABEL, oracle_timeline

            line = oracle_timeline(game, record.seed, record.actions, seat)
            data["oracle"] = {"label": LABEL, "timeline": [list(p) for p in line]}
        out.mkdir(parents=True, exist_ok=True)
        (out / "analysis.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        win_graph(analysis, out / "win-chance.png", line)
        console.print(f"wrote {out / 'analysis.json'} and {out / 'win-chance.png'}")
    return analysis


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def show(a: GameAnalysis, console: Console) -> None:
    data = a.to_json()  # the decisions and events in player words, the headline's figures
    table = Table(title=f"{a.game}: {a.names[a.seat]}'s decisions (win chance from their own view)")
    for col in ("step", "you", "win", "better", "its win", "loss", "verdict"):
        table.add_column(col, justify="right" if col in ("step", "win", "its win", "loss") else "left")
    for d, words in zip(a.decisions, data["decisions"], strict=True):
        low, high = d.estimate.loss_interval
        loss = f"{100 * d.loss:.0f} [{100 * low:.0f}-{100 * high:.0f}]" if d.loss else f"0 [0-{100 * high:.0f}]"
        table.add_row(
            str(d.step),
            words["did"],
            _pct(d.win_after),
            words.get("better", ""),
            _pct(d.best_win) if d.loss > 0 else "",
            loss,
            f"[{STYLE[d.label]}]{d.label}[/]",
        )
    console.print(table)
    costly = a.costliest(3)
    if costly:
        console.print("[bold]Costliest decisions[/bold]")
        words_at = {w["step"]: w for w in data["decisions"]}
        for d in costly:
            w = words_at[d.step]
            console.print(
                f"  step {d.step}: you {w['did']} ({_pct(d.win_after)}); better: {w['better']} "
                f"({_pct(d.best_win)}), {d.loss * 100:.0f} points of a win",
                highlight=False,
            )
    moved = sorted(
        (x for x in data["luck"] if x["kind"] == "luck" and x["plain_after"] != x["plain_before"]),
        key=lambda x: x["plain_after"] - x["plain_before"],
    )
    if moved:
        for name, x in (("Unluckiest", moved[0]), ("Luckiest", moved[-1])):
            when = (
                "the deal"
                if x["last_step"] < 0
                else f"step {x['first_step']}"
                if x["first_step"] == x["last_step"]
                else f"steps {x['first_step']}-{x['last_step']}"
            )
            change = 100 * (x["plain_after"] - x["plain_before"])
            console.print(f"{name} moment: {when} ({change:+.0f} points): {'; '.join(x['said'][-3:])}", highlight=False)
    i = data["headline"]["identity"]
    console.print(
        f"start {i['start']} (+-{100 * a.precision.z * a.start_se:.0f}) {'+' if i['luck'] >= 0 else '-'} "
        f"luck {abs(i['luck'])} (+-{100 * a.luck_noise:.0f}) - play {i['play']} (+-{100 * a.loss_noise:.0f}) "
        f"= result {i['result']}, in points of a win (play: the decisions' losses against the hard bot's move, "
        "each with the same play on, so they can add up past a whole win; see docs/analysis.md)",
        highlight=False,
    )
    if a.yardstick:
        console.print(
            f"[dim]yardstick: {a.yardstick}; a loss counts only where its interval excludes 0 (docs/analysis.md)[/dim]",
            highlight=False,
        )
    console.print(f"[bold]{a.summary()}[/bold]  ({a.seconds:.1f} s, {a.playouts} playouts on the {a.engine} engine)")


def run_remote(
    table_id: str, server: str, token: str, out: Path | None, precision: float, max_worlds: int | None, console: Console
) -> GameAnalysis:
    """Ask a cardroom server to analyse the seat ``token`` opens at a finished table, then show it."""
    import time

    import httpx

    from cardroom.analysis import from_json

    base = f"{server.rstrip('/')}/api/tables/{table_id}/analysis"
    headers = {"Authorization": f"Bearer {token}"}
    try:
        asked: dict[str, float] = {"precision": precision}
        if max_worlds is not None:
            asked["max_worlds"] = max_worlds
        response = httpx.post(base, headers=headers, json=asked)
        columns = (TextColumn("the server is analysing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=console, transient=True) as bar:
            task = bar.add_task("analyse", total=None)
            while response.status_code == 200 and response.json()["status"] in ("queued", "running"):
                job = response.json()
                bar.update(task, completed=job["done"], total=job["total"] or None)
                time.sleep(0.5)
                response = httpx.get(base, headers=headers)
    except httpx.HTTPError as exc:
        raise ValueError(f"cannot reach the server at {server}: {exc}") from None
    if response.status_code != 200:
        detail = (
            response.json().get("detail", response.text)
            if response.headers.get("content-type", "").startswith("application/json")
            else response.text
        )
        raise ValueError(f"the server refused: {detail} (HTTP {response.status_code})")
    job = response.json()
    if job["status"] != "done":
        raise ValueError(job["detail"] or "the server's analysis failed")
    analysis = from_json(job["analysis"])
    show(analysis, console)
    if out is not None:
        from cardroom.analysis.plot import win_graph

        out.mkdir(parents=True, exist_ok=True)
        (out / "analysis.json").write_text(json.dumps(job["analysis"], indent=1) + "\n", encoding="utf-8")
        win_graph(analysis, out / "win-chance.png")
        console.print(f"wrote {out / 'analysis.json'} and {out / 'win-chance.png'}")
    return analysis
