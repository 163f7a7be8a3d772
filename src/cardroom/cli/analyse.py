"""`cardroom analyse`: a saved game's decisions, luck and win-probability graph in the terminal."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cardroom.analysis import GameAnalysis, Precision, analyse_game
from cardroom.analysis.headline import headline_text
from cardroom.analysis.words import worded_result
from cardroom.cli.records import Record
from cardroom.locale import Phrase, say, terminal_language

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
    lang = terminal_language()
    names = [say(lang, "Player {n} (you)", n=k + 1) if name == "you" else name for k, name in enumerate(record.seats)]
    if not 0 <= seat < game.players:
        raise ValueError(say(lang, "--seat must be 0 to {most}", most=game.players - 1))
    columns = (TextColumn(say(lang, "analysing decisions")), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
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
    show(analysis, console, lang)
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
        console.print(say(lang, "wrote {json} and {graph}", json=out / "analysis.json", graph=out / "win-chance.png"))
    return analysis


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _verdict(label: str, lang: str) -> str:
    verdicts = {
        "best": Phrase("best"),
        "inaccuracy": Phrase("inaccuracy"),
        "mistake": Phrase("mistake"),
        "blunder": Phrase("blunder"),
    }
    return verdicts[label].in_language(lang) if label in verdicts else label


def _when(x: dict[str, Any], lang: str) -> str:
    if x["last_step"] < 0:
        return say(lang, "the deal")
    if x["first_step"] == x["last_step"]:
        return say(lang, "step {step}", step=x["first_step"])
    return say(lang, "steps {first}-{last}", first=x["first_step"], last=x["last_step"])


def show(a: GameAnalysis, console: Console, lang: str | None = None) -> None:
    lang = lang or terminal_language()
    data = worded_result(a.to_json(), lang)  # the decisions and events in player words, the headline's figures
    title = say(lang, "{game}: {name}'s decisions (win chance from their own view)", game=a.game, name=a.names[a.seat])
    table = Table(title=title)
    columns = (
        ("step", Phrase("step")),
        ("you", Phrase("you")),
        ("win", Phrase("win")),
        ("better", Phrase("better")),
        ("its win", Phrase("its win")),
        ("loss", Phrase("loss")),
        ("verdict", Phrase("verdict")),
    )
    for col, words in columns:
        table.add_column(
            words.in_language(lang), justify="right" if col in ("step", "win", "its win", "loss") else "left"
        )
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
            f"[{STYLE[d.label]}]{_verdict(d.label, lang)}[/]",
        )
    console.print(table)
    costly = a.costliest(3)
    if costly:
        console.print(say(lang, "[bold]Costliest decisions[/bold]"))
        words_at = {w["step"]: w for w in data["decisions"]}
        for d in costly:
            w = words_at[d.step]
            line = say(
                lang,
                "  step {step}: you {did} ({win}); better: {better} ({best}), {points} points of a win",
                step=d.step,
                did=w["did"],
                win=_pct(d.win_after),
                better=w["better"],
                best=_pct(d.best_win),
                points=f"{d.loss * 100:.0f}",
            )
            console.print(line, highlight=False)
    moved = sorted(
        (x for x in data["luck"] if x["kind"] == "luck" and x["plain_after"] != x["plain_before"]),
        key=lambda x: x["plain_after"] - x["plain_before"],
    )
    if moved:
        moments = (
            (Phrase("Unluckiest moment: {when} ({change} points): {events}"), moved[0]),
            (
                Phrase("Luckiest moment: {when} ({change} points): {events}"),
                moved[-1],
            ),
        )
        for moment, x in moments:
            change = f"{100 * (x['plain_after'] - x['plain_before']):+.0f}"
            said = Phrase(moment.message, when=_when(x, lang), change=change, events="; ".join(x["said"][-3:]))
            console.print(said.in_language(lang), highlight=False)
    i = data["headline"]["identity"]
    console.print(
        say(
            lang,
            "start {start} (+-{start_noise}) {sign} luck {luck} (+-{luck_noise}) - play {play} (+-{play_noise}) "
            "= result {result}, in points of a win (play: the decisions' losses against the hard bot's move, "
            "each with the same play on, so they can add up past a whole win; see docs/analysis.md)",
            start=i["start"],
            start_noise=f"{100 * a.precision.z * a.start_se:.0f}",
            sign="+" if i["luck"] >= 0 else "-",
            luck=abs(i["luck"]),
            luck_noise=f"{100 * a.luck_noise:.0f}",
            play=i["play"],
            play_noise=f"{100 * a.loss_noise:.0f}",
            result=i["result"],
        ),
        highlight=False,
    )
    if a.yardstick:
        console.print(
            say(
                lang,
                "[dim]yardstick: {yardstick}; a loss counts only where its interval excludes 0 (docs/analysis.md)[/dim]",
                yardstick=a.yardstick,
            ),
            highlight=False,
        )
    summary = headline_text(a, lang)
    console.print(
        say(
            lang,
            "[bold]{summary}[/bold]  ({seconds} s, {playouts} playouts on the {engine} engine)",
            summary=summary,
            seconds=f"{a.seconds:.1f}",
            playouts=a.playouts,
            engine=a.engine,
        )
    )


def run_remote(
    table_id: str, server: str, token: str, out: Path | None, precision: float, max_worlds: int | None, console: Console
) -> GameAnalysis:
    """Ask a cardroom server to analyse the seat ``token`` opens at a finished table, then show it."""
    import time

    import httpx

    from cardroom.analysis import from_json

    lang = terminal_language()
    base = f"{server.rstrip('/')}/api/tables/{table_id}/analysis"
    headers = {"Authorization": f"Bearer {token}", "Accept-Language": lang}  # its refusals in our language
    try:
        asked: dict[str, float] = {"precision": precision}
        if max_worlds is not None:
            asked["max_worlds"] = max_worlds
        response = httpx.post(base, headers=headers, json=asked)
        columns = (
            TextColumn(say(lang, "the server is analysing")),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
        )
        with Progress(*columns, console=console, transient=True) as bar:
            task = bar.add_task("analyse", total=None)
            while response.status_code == 200 and response.json()["status"] in ("queued", "running"):
                job = response.json()
                bar.update(task, completed=job["done"], total=job["total"] or None)
                time.sleep(0.5)
                response = httpx.get(base, headers=headers)
    except httpx.HTTPError as exc:
        raise ValueError(say(lang, "cannot reach the server at {server}: {error}", server=server, error=exc)) from None
    if response.status_code != 200:
        detail = (
            response.json().get("detail", response.text)
            if response.headers.get("content-type", "").startswith("application/json")
            else response.text
        )
        raise ValueError(
            say(lang, "the server refused: {detail} (HTTP {status})", detail=detail, status=response.status_code)
        )
    job = response.json()
    if job["status"] != "done":
        raise ValueError(job["detail"] or say(lang, "the server's analysis failed"))
    analysis = from_json(job["analysis"])
    show(analysis, console, lang)
    if out is not None:
        from cardroom.analysis.plot import win_graph

        out.mkdir(parents=True, exist_ok=True)
        (out / "analysis.json").write_text(json.dumps(job["analysis"], indent=1) + "\n", encoding="utf-8")
        win_graph(analysis, out / "win-chance.png")
        console.print(say(lang, "wrote {json} and {graph}", json=out / "analysis.json", graph=out / "win-chance.png"))
    return analysis
