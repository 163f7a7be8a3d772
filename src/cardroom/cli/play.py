"""`cardroom play`: one person against bots in the terminal.

A bot's answer is shown one table *pace* after the state it answers was shown, the same for every
bot decision at the table, by the rule the room uses (:mod:`cardroom.bots.pace`): a search that
stopped at once because it had one legal move then looks exactly like one that used its whole
budget, so how long a bot took says nothing about what it holds. A bot still thinking when the pace
is up is waited for (that overrun depends on the machine, not on the cards).
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule

from cardroom.bots.budget import TABLE_CAP_S
from cardroom.bots.pace import table_pace
from cardroom.bots.specs import make_bot, resolve_spec
from cardroom.cli.menu import Menu
from cardroom.cli.prompt import BadEntry, interpret
from cardroom.cli.reasons import reason_words
from cardroom.cli.records import Record
from cardroom.cli.screens import COMPACT_BELOW_LINES, label_for, log_line_for, menu_texts_for, screen_for
from cardroom.cli.seat_names import PERSON, described, display_names
from cardroom.cli.typed_line import read_line
from cardroom.core import rng as rngmod
from cardroom.core.bot import Bot, ask
from cardroom.core.errors import IllegalAction, InvalidAction
from cardroom.core.game import Game, State
from cardroom.core.seatnames import name_seats
from cardroom.locale import ENGLISH, say, say_n
from cardroom.locale.reasons import reworded
from cardroom.locale.rules_text import rules_markdown


class TerminalTable:
    """A game between one person (``human``) and bots, drawn on ``console``."""

    def __init__(
        self,
        game: Game,
        bots: dict[int, Bot],
        human: int,
        console: Console,
        seed: int | None,
        pace: float = 0.0,
        lang: str = ENGLISH,
    ) -> None:
        self.game = game
        self.lang = lang  # every word the table writes, its screens and its log included
        self.bots = bots
        self.human = human
        self.console = console
        self.seed = rngmod.fresh_seed() if seed is None else seed
        self.pace = pace  # seconds from a state being shown to any bot's answer to it
        self.shown_at = time.monotonic()  # when the latest state was shown
        self.rngs = {seat: random.Random(f"{self.seed}/{seat}") for seat in bots}
        seats = [(PERSON if s == human else bots[s].name) for s in range(game.players)]
        self.record = Record(game.name, game.preset, dict(game.options), self.seed, seats)
        self.names = display_names(seats, lang=lang)
        self.shown = 0  # log entries already printed
        self.log_line = log_line_for(game)

    def run(self) -> State | None:
        """Play to the end; ``None`` if the person quit."""
        state = self.game.new_game(self.seed)
        seats = ", ".join(described(self.record.seats, s, self.lang) for s in range(self.game.players))
        at_table = say(self.lang, "At the table: {seats}; you are {name}.", seats=seats, name=self.names[self.human])
        self.console.print(at_table, highlight=False)
        self._print_news(state)
        while not state.is_over:
            for seat in state.to_act:
                if seat != self.human:
                    text = self._bot_move(state, seat)
                    state = self._apply(state, seat, text)
                    break
            else:
                legal = state.legal_actions(self.human)
                if len(legal) == 1 and str(legal[0]) == "pass":
                    # Nothing to decide; at a terminal table nobody else sees how fast you answer.
                    passed = say(self.lang, "you pass (nothing you could play here)")
                    self.console.print(f"[dim]· {passed}[/dim]")
                    state = self._apply(state, self.human, "pass")
                    continue
                chosen = self._ask(state)
                if chosen is None:
                    return None
                state = self._apply(state, self.human, chosen)
        self._show(state)
        return state

    def _bot_move(self, state: State, seat: int) -> str:
        """The bot's choice, returned one pace after ``state`` was shown (later only if it is still
        thinking then)."""
        bot = self.bots[seat]
        due = self.shown_at + self.pace
        if self.pace <= 0 or not self.console.is_terminal:
            text = ask(bot, state, seat, self.rngs[seat])
            _sleep_until(due)
            return text
        # Every decision takes the pace: say so, so a quiet screen does not look like a hang (transient).
        with self.console.status(
            say(self.lang, "{name} is thinking…", name=described(self.record.seats, seat, self.lang))
        ):
            text = ask(bot, state, seat, self.rngs[seat])
            _sleep_until(due)
        return text

    def _apply(self, state: State, seat: int, text: str) -> State:
        state = state.apply(seat, text)
        self.record.actions.append((seat, text))
        self._print_news(state)
        return state

    def _print_news(self, state: State) -> None:
        log = state.log(self.human)
        for entry in log[self.shown :]:
            self.console.print(f"[dim]·[/dim] {self._said(entry)}", highlight=False)
        self.shown = len(log)
        self.shown_at = time.monotonic()

    def _said(self, entry: dict[str, Any]) -> str:
        """A log entry in the table's language: worded by the game's screen where it can, else the
        engine's words with the seats named."""
        worded = self.log_line(entry, self.names, self.lang) if self.log_line else None
        return worded or name_seats(entry["text"], self.names)

    def _show(self, state: State) -> None:
        view = {**state.view(self.human), "names": self.names, "lang": self.lang}
        heading = say(
            self.lang,
            "{title} · you are {name} · step {step}",
            title=self.game.title,
            name=self.names[self.human],
            step=state.step,
        )
        self.console.print(Rule(heading))
        compact = self.console.height < COMPACT_BELOW_LINES
        self.console.print(screen_for(self.game)(view, self.game, compact=compact))
        if state.outcome is not None:
            won = self.human in state.outcome.winners
            verdict = say(self.lang, "Game over: You win!") if won else say(self.lang, "Game over: You lose.")
            reason = reason_words(state.outcome.reason, self.names, self.lang)
            self.console.print(f"[bold]{verdict}[/bold] {reason}", highlight=False)

    def _ask(self, state: State) -> str | None:
        self._show(state)
        legal = [str(a) for a in state.legal_actions(self.human)]
        view = {**state.view(self.human), "names": self.names, "lang": self.lang}
        label = label_for(self.game)
        order = menu_texts_for(self.game)
        pairs = order(view, legal) if order else [(t, t) for t in legal]
        canonical = dict(pairs)  # a menu text back to the game's own text
        menu = Menu([shown for shown, _ in pairs], (lambda text: label(view, text)) if label else None, lang=self.lang)
        menu.render(self.console)
        while True:
            try:
                prompt = say(self.lang, "your move>")
                entry = read_line(self.console, f"[bold]{prompt}[/bold] ")
            except EOFError:
                return None
            if entry.strip().isdigit():
                try:
                    picked = menu.pick(int(entry.strip()))
                except ValueError as exc:
                    self.console.print(f"[red]{exc}[/red]", highlight=False)
                    continue
                if picked is None:  # a group opened or closed: the whole screen again, with the new list
                    self._show(state)
                    menu.render(self.console)
                    continue
                entry = canonical[picked]
            try:
                choice = interpret(entry, legal, self.lang)
            except BadEntry as exc:
                self.console.print(f"[red]{exc}[/red]", highlight=False)
                continue
            if choice.command == "quit":
                return None
            if choice.command == "help":
                self._help(legal)
                self.console.print(f"[dim]{menu.hint()}[/dim]", highlight=False)
                continue
            if choice.command == "rules":
                from rich.markdown import Markdown  # only here: it takes a while to import

                self.console.print(Markdown(rules_markdown(self.game, self.lang)))
                continue
            if choice.command == "log":
                for entry_ in state.log(self.human)[-20:]:
                    self.console.print(f"[dim]·[/dim] {self._said(entry_)}", highlight=False)
                continue
            assert choice.action is not None
            try:
                parsed = str(self.game.parse_action(choice.action))
                state.apply(self.human, choice.action)
            except (InvalidAction, IllegalAction) as exc:
                reason = name_seats(reworded(str(exc), self.lang), self.names)  # in the table's language
                self.console.print(f"[red]{reason}[/red]", highlight=False)
                continue
            typed = choice.action.split()
            if typed != parsed.split() and sorted(typed) == sorted(parsed.split()):
                # Same words, other order (T.A.C.O.'s play/target): say how the game writes it.
                self.console.print(
                    say(
                        self.lang,
                        "[dim]read as[/dim] [bold]{action}[/bold] [dim](the order this game writes it)[/dim]",
                        action=parsed,
                    ),
                    highlight=False,
                )
            return parsed

    def _help(self, legal: list[str]) -> None:
        self.console.print(
            say(
                self.lang,
                "Type the number of a choice, or the action itself (for example [bold]{example}[/bold]).\n"
                "Commands: help, rules, log (recent events), quit.\nAction forms: {forms}",
                example=legal[0],
                forms=reworded(self.game.grammar.describe(), self.lang),  # a game's note on them worded
            ),
            highlight=False,
        )


def _sleep_until(moment: float) -> None:
    left = moment - time.monotonic()
    if left > 0:
        time.sleep(left)


def bot_specs(game: Game, human: int, vs: list[str], lang: str = ENGLISH) -> dict[int, str]:
    """The bot spec of every seat but ``human`` (difficulty words resolved); one spec for all, or one
    per opponent in seat order."""
    others = [s for s in range(game.players) if s != human]
    given = [spec for item in vs for spec in item.split()]  # --vs "a b", --vs a --vs b and --vs a b
    if not given:
        raise ValueError(say(lang, "--vs needs at least one bot"))
    specs = given if len(given) > 1 else given * len(others)
    if len(specs) != len(others):
        raise ValueError(
            say_n(
                lang,
                "give one --vs bot for all {count} opponent or exactly {count}, one per opponent in seat order (got {got})",
                "give one --vs bot for all {count} opponents or exactly {count}, one per opponent in seat order (got {got})",
                len(others),
                got=f"{len(given)}: {' '.join(given)}",
            )
        )
    return {seat: resolve_spec(spec) for seat, spec in zip(others, specs)}


def play(
    game: Game,
    vs: list[str],
    seed: int | None,
    human: int,
    records: Path,
    console: Console,
    bot_delay: float,
    lang: str = ENGLISH,
) -> dict[str, Any]:
    """Play ``game`` against the ``vs`` bots in ``lang``; every bot answer comes one table pace after
    the state it answers, at least ``bot_delay`` seconds (the ``--delay`` option)."""
    specs = bot_specs(game, human, vs, lang)
    bots = {seat: make_bot(spec, game) for seat, spec in specs.items()}
    pace = table_pace(list(specs.values()), bot_delay, TABLE_CAP_S)
    table = TerminalTable(game, bots, human, console, seed, pace, lang)
    try:
        final = table.run()
    except KeyboardInterrupt:
        # Ctrl-C: leave on a fresh line, with no traceback, like typing quit.
        console.print()
        final = None
    if final is None:
        console.print(say(lang, "Left the table; unfinished games are not saved."))
        return {"finished": False}
    path = table.record.save(records)
    # Never wrapped: a person (or a script) copies the path from this line.
    saved = say(lang, "Saved the record to {path} (replay it with: cardroom replay {path})", path=path)
    console.print(saved, highlight=False, soft_wrap=True)
    return {"finished": True, "record": str(path)}
