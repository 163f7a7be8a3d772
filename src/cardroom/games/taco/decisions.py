"""Who decides now, what they may do, and what their answer does.

Every decision is one small step with a short list: play one card, pick one target, discard one card.
Instant windows ask every seat, whatever its hand, so the window itself tells nobody who holds one.
"""

from __future__ import annotations

from typing import Any

from cardroom.core.action import Action, action
from cardroom.games.taco.cards import CardSpec
from cardroom.games.taco.engine import Engine
from cardroom.games.taco.table import Table


def to_act(tb: Table) -> tuple[int, ...]:
    if tb.over or not tb.stack:
        return ()
    task = tb.stack[-1]
    kind = task[0]
    if kind in ("window", "hail"):
        return tuple(s for s, d in enumerate(task[2]) if d == -1)
    return (int(task[1]),)


def _slugs(eng: Engine, cards: list[int]) -> dict[str, CardSpec]:
    out: dict[str, CardSpec] = {}
    for c in cards:
        spec = eng.cards[c]
        out.setdefault(spec.slug, spec)
    return out


def _plays(eng: Engine, specs: dict[str, CardSpec], only_seat: int | None = None) -> list[Action]:
    out = []
    for slug, spec in specs.items():
        if spec.goes_in_taco:
            for s in eng.seats() if only_seat is None else (only_seat,):
                out.append(action("play", slug, s))
        elif spec.type == "action" and only_seat is None:
            out.append(action("use", slug))
    return out


def can_cancel(instant: CardSpec, top: CardSpec) -> bool:
    """Any Instant stops an Instant; some Instants stop only certain other types."""
    types = instant.params.get("types")
    return top.type == "instant" or types is None or top.type in types


_MEMO: dict[tuple[Any, ...], tuple[Action, ...]] = {}


def legal(eng: Engine, seat: int) -> tuple[Action, ...]:
    """Legal actions of a seat known to be in ``to_act``.

    Most decisions depend only on the kinds of card in hand (and the top card of a window), so their
    answers are memoised: in a window every seat is asked again after each other seat's answer.
    """
    task = eng.tb.stack[-1]
    kind = task[0]
    if kind in ("target", "choose"):
        return _legal(eng, seat)
    if kind == "window":  # the commonest question: keyed by the hand's card ids, no slugs needed
        key: tuple[Any, ...] = (id(eng.cards), kind, int(task[1][-1][0]), *eng.tb.hands[seat])
        found = _MEMO.get(key)
        if found is None:
            found = _MEMO[key] = _legal(eng, seat)
        return found
    slugs = tuple(sorted({eng.cards[c].slug for c in eng.tb.hands[seat]}))
    if kind == "main":
        key = (id(eng.cards), kind, eng.n, int(task[2]), slugs)
    elif kind == "bonus":
        key = (id(eng.cards), kind, eng.n, seat, task[2], task[3], slugs)
    else:
        key = (id(eng.cards), kind, slugs)
    found = _MEMO.get(key)
    if found is None:
        if len(_MEMO) > 200_000:
            _MEMO.clear()
        found = _MEMO[key] = _legal(eng, seat)
    return found


def _legal(eng: Engine, seat: int) -> tuple[Action, ...]:
    tb = eng.tb
    task = tb.stack[-1]
    kind = task[0]
    hand = tb.hands[seat]
    out: list[Action]
    if kind == "main":
        forced = int(task[2])
        if forced >= 0:
            return tuple(sorted(_plays(eng, _slugs(eng, [forced])), key=Action.sort_key))
        out = [*_plays(eng, _slugs(eng, hand)), action("end")]
    elif kind == "bonus":
        mode, arg = task[2], task[3]
        if mode == "any":
            out = _plays(eng, _slugs(eng, hand))
        else:
            fits = [
                c
                for c in hand
                if eng.cards[c].is_ingredient
                and (eng.cards[c].points == int(arg) if mode == "points" else eng.cards[c].food == arg)
            ]
            out = _plays(eng, _slugs(eng, fits), only_seat=seat)
        out.append(action("pass"))
    elif kind == "window":
        top = eng.cards[int(task[1][-1][0])]
        out = [action("pass")]
        for slug, spec in _slugs(eng, hand).items():
            if spec.type == "instant" and can_cancel(spec, top):
                out.append(action("instant", slug))
    elif kind == "target":
        owner, verb, params, stage = seat, task[2], task[4], int(task[5])
        pairs = eng.targets(owner, verb, params, -2 if verb == "swap" and stage >= 0 else -1)
        out = [action("target", eng.cards[c].slug, s) for s, c in pairs]
    elif kind == "choose":
        out = [action("choose", s) for s in eng.seats() if s != seat and tb.hands[s]]
    elif kind == "discard":
        out = [action("discard", slug) for slug in _slugs(eng, hand)]
    elif kind == "hail":
        out = [action("hail"), *(action("discard", slug) for slug in _slugs(eng, hand))]
    elif kind == "accent":
        out = [action("accent"), *(action("discard", slug) for slug in _slugs(eng, hand))]
    else:  # pragma: no cover - run() never stops on another task
        raise AssertionError(f"no decision on task {kind}")
    return tuple(sorted(set(out), key=Action.sort_key))


def why_illegal(eng: Engine, seat: int, act: Action) -> str:
    task = eng.tb.stack[-1]
    kind = task[0]
    prompt = {
        "main": "play a card from your hand into a taco (play CARD SEAT), use an action (use CARD), or end",
        "bonus": "play the bonus card the effect allows, or pass",
        "window": "pass, or stop the last card with an Instant you hold (instant CARD)",
        "target": "pick a target the effect allows (target CARD SEAT)",
        "choose": "pick another player who holds cards (choose SEAT)",
        "discard": "discard a card you hold (discard CARD)",
        "hail": "hail the Taco Master (hail) or discard a card",
        "accent": "speak in your accent (accent) or discard a card",
    }[kind]
    if act.verb in ("play", "use", "instant", "discard") and act.args:
        slug = str(act.args[0])
        if not any(eng.cards[c].slug == slug for c in eng.tb.hands[seat]):
            return f"you hold no {slug!r}; now you must {prompt}"
    if kind == "main" and int(task[2]) >= 0:
        return f"you drew {eng.name(int(task[2]))}, which must be played immediately"
    if act.verb == "instant" and kind == "window":
        return "that Instant cannot stop this kind of card"
    return f"not allowed now: {prompt}"


def decide(eng: Engine, seat: int, act: Action) -> None:
    """Apply a legal action of ``seat`` to the top task, then run on to the next decision."""
    tb = eng.tb
    task = tb.stack[-1]
    kind = task[0]
    getattr(_Decide, kind)(eng, seat, act, task)
    eng.run()


def open_window(eng: Engine, chain: list[list[int]]) -> None:
    """Everyone but the player of the top card decides (stopping your own card is never useful)."""
    by = chain[-1][2]
    eng.push(["window", chain, [0 if s == by else -1 for s in eng.seats()]])


def _start_play(eng: Engine, seat: int, act: Action) -> None:
    slug = str(act.args[0])
    card = eng.pick_from_hand(seat, slug)
    eng.from_hand(seat, card)
    if act.verb == "play":
        dest = int(act.args[1])
        where = "their own taco" if dest == seat else f"P{dest}'s taco"
        eng.say("play", f"P{seat} plays {eng.name(card)} into {where}", seat=seat, card=slug, id=card, taco=dest)
    else:
        dest = -1
        eng.say("play", f"P{seat} uses {eng.name(card)}", seat=seat, card=slug, id=card, taco=-1)
    open_window(eng, [[card, dest, seat]])


def _play_or_skip(eng: Engine, seat: int, act: Action, skip: str, says: str) -> None:
    """The turn's card or the bonus card: one played from hand, or none (the verb ``skip``)."""
    eng.tb.stack.pop()
    if act.verb == skip:
        eng.say(skip, f"P{seat} {says}", seat=seat)
    else:
        _start_play(eng, seat, act)


def _discard_named(eng: Engine, seat: int, act: Action, says: str) -> None:
    """The seat discards the card its action names; the log says ``says`` and the card's name."""
    card = eng.pick_from_hand(seat, str(act.args[0]))
    eng.discard_from_hand(seat, card)
    eng.say("discard", f"{says} {eng.name(card)}", seat=seat, card=eng.slug(card), id=card)


class _Decide:
    """One function per decision task; each pops or updates its task."""

    @staticmethod
    def main(eng: Engine, seat: int, act: Action, task: list[Any]) -> None:
        _play_or_skip(eng, seat, act, "end", "plays no card")

    @staticmethod
    def bonus(eng: Engine, seat: int, act: Action, task: list[Any]) -> None:
        _play_or_skip(eng, seat, act, "pass", "plays no bonus card")

    @staticmethod
    def window(eng: Engine, seat: int, act: Action, task: list[Any]) -> None:
        decided = task[2]
        if act.verb == "pass":
            decided[seat] = 0
        else:
            card = eng.pick_from_hand(seat, str(act.args[0]))
            decided[seat] = card + 1
            eng.say("ready", f"You ready {eng.name(card)}", [seat], card=eng.slug(card))
        if -1 in decided:
            return
        order = [(eng.tb.turn + i) % eng.n for i in range(eng.n)]
        chosen = [s for s in order if decided[s] > 0]
        if not chosen:
            eng.tb.stack.pop()
            eng.push(["resolve", task[1]])
            return
        who = chosen[0]
        card = decided[who] - 1
        eng.from_hand(who, card)
        top = int(task[1][-1][0])
        task[1].append([card, -1, who])
        eng.tb.stack.pop()
        open_window(eng, task[1])
        eng.say_card(
            "instant", f"P{who} plays {eng.name(card)} to stop {eng.name(top)}", who, card, stops=eng.slug(top)
        )

    @staticmethod
    def target(eng: Engine, seat: int, act: Action, task: list[Any]) -> None:
        tb = eng.tb
        verb, source, params, stage = task[2], int(task[3]), task[4], int(task[5])
        pairs = eng.targets(seat, verb, params, -2 if verb == "swap" and stage >= 0 else -1)
        victim = eng.pick_target(int(act.args[1]), str(act.args[0]), pairs)
        assert victim is not None
        tb.stack.pop()
        where = int(act.args[1])
        if verb == "destroy":
            eng.destroy(victim)
        elif verb == "steal":
            eng.move(victim, seat)
            eng.say_card(
                "steal",
                f"P{seat} steals {eng.name(victim)} from P{where}'s taco ({tb.points[victim]:+d})",
                seat,
                victim,
                source=where,
            )
            eng.push(["enter", victim, seat])
        elif verb == "return_card":
            eng.leave_taco(victim)
            eng.to_hand(where, victim)
            tb.known[victim] = eng.everyone()
            eng.say_card("return", f"{eng.name(victim)} returns from P{where}'s taco to P{where}'s hand", where, victim)
        elif stage < 0:  # a swap: first your card, then theirs
            eng.push(["target", seat, "swap", source, params, victim])
        else:
            mine = stage
            eng.move(mine, where)
            eng.move(victim, seat)
            eng.say(
                "swap",
                f"P{seat} swaps {eng.name(mine)} for {eng.name(victim)} from P{where}'s taco",
                seat=seat,
                card=eng.slug(mine),
                got=eng.slug(victim),
                other=where,
            )
            # Effects fire in both tacos, the current player's first (the task pushed last runs first).
            entries = [[mine, where], [victim, seat]]
            if where == tb.turn:
                entries.reverse()
            for card, s in entries:
                eng.push(["enter", card, s])

    @staticmethod
    def choose(eng: Engine, seat: int, act: Action, task: list[Any]) -> None:
        tb = eng.tb
        tb.stack.pop()
        verb, source, params = task[2], int(task[3]), task[4]
        victim = int(act.args[0])
        count = int(params.get("count", 1))
        if verb == "take_random":
            for _ in range(count):
                if not tb.hands[victim]:
                    break
                card = eng.random_choice(tb.hands[victim])
                eng.from_hand(victim, card)
                eng.to_hand(seat, card)
                tb.known[card] = (1 << seat) | (1 << victim)
                eng.say("take", f"P{seat} randomly selects a card from P{victim}'s hand", seat=seat, source=victim)
                eng.say(
                    "took",
                    f"P{seat} takes {eng.name(card)} from P{victim}'s hand",
                    [seat, victim],
                    card=eng.slug(card),
                    id=card,
                )
        else:
            eng.say("choose", f"{eng.name(source)}: P{seat} makes P{victim} discard", seat=seat, target=victim)
            eng.push(["discard", victim, min(count, len(tb.hands[victim])), "made"])

    @staticmethod
    def discard(eng: Engine, seat: int, act: Action, task: list[Any]) -> None:
        _discard_named(eng, seat, act, f"P{seat} discards")
        task[2] = int(task[2]) - 1
        if task[2] <= 0 or not eng.tb.hands[seat]:
            eng.tb.stack.pop()

    @staticmethod
    def hail(eng: Engine, seat: int, act: Action, task: list[Any]) -> None:
        master = int(task[1])
        if act.verb == "hail":
            eng.say("hail", f'P{seat}: "You\'re the Taco Master of the universe, P{master}!"', seat=seat)
        else:
            _discard_named(eng, seat, act, f"P{seat} will not hail P{master} and discards")
        task[2][seat] = 0
        if -1 not in task[2]:
            eng.tb.stack.pop()

    @staticmethod
    def accent(eng: Engine, seat: int, act: Action, task: list[Any]) -> None:
        eng.tb.stack.pop()
        if act.verb == "accent":
            eng.say("accent", f"P{seat} keeps up the accent", seat=seat)
        else:
            _discard_named(eng, seat, act, f"P{seat} drops the accent and discards")
