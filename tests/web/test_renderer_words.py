"""The words the page draws, read for many real positions: every game (Exploding Kittens at 3 and 10,
T.A.C.O. at 3 and 8, Tacocat) is played by seeded random moves with the engine, and at each decision
of a sampled seat the page's own modules draw that seat's view (the board, the status line, the
decision bar with its lists and the labels screen readers hear) and the seat's log as the page shows
it. No drawn text may hold a broken plural ("1 cards"), an empty bracket ("(any )"), engine notation
(P0, an action as the engine writes it, such as "play see-the-future", "(0 = top)", a card's
slug), or "undefined"/"null".
Also: a long card name breaks where a person would hyphenate it (Switch-eroo, never Switc-heroo)."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

import cardroom
from tests.server.process import ServerProcess
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser

CONFIGS = [("exploding-kittens", 3), ("exploding-kittens", 10), ("taco", 3), ("taco", 8), ("tacocat", 2)]
RENDERER = {"exploding-kittens": "kittens", "taco": "taco", "tacocat": "tacocat"}
GAMES = 3  # seeded games per configuration
SAMPLES = 40  # decisions drawn at random per configuration, besides one of each kind

# Draw each sample with the page's own modules and return every text a person could see or hear.
READ = """async ({ game, samples, cards, names }) => {
  const bar = await import("/static/js/bar.js");
  const renderer = await import(`/static/js/games/${game}.js`);
  const board = document.getElementById("board"), choices = document.getElementById("choices");
  const texts = [];
  // A control whose spoken name leaves out the words it shows ("label in name", axe's
  // label-content-name-mismatch): reported as a text the test refuses.
  const plain = (words) => ` ${words.toLowerCase().replace(/[^\\p{L}\\p{N}]+/gu, " ").trim()} `;
  const read = (node) => {
    for (const e of node.querySelectorAll("button[aria-label]")) {
      if (!plain(e.getAttribute("aria-label")).includes(plain(e.innerText))) texts.push(`label not in name: ${e.innerText} / ${e.getAttribute("aria-label")}`);
    }
    texts.push(node.innerText);
    for (const e of node.querySelectorAll("[aria-label], [title]")) texts.push(e.getAttribute("aria-label") || "", e.getAttribute("title") || "");
    for (const o of node.querySelectorAll("option")) texts.push(o.textContent);
  };
  for (const { view, log } of samples) {
    const seats = names.slice(0, view.players).map((name, seat) => ({ seat, name }));
    const snap = { view, seat: view.seat, table: { seats, title: "t" }, window: null, log };
    const seatName = (s) => names[s];
    const context = { legal: view.legal_actions, can: (t) => view.legal_actions.includes(t), act: () => {}, seatName, mySeat: view.seat,
      live: true, table: snap.table, cards, rerender: () => {}, named: (t) => t, conceded: new Set() };
    context.label = (t) => renderer.label(t, view, context);
    board.dataset.game = view.game;
    renderer.render(board, view, context);
    read(board);
    const page = { view, live: true, snap, replaying: null, renderer, context, legal: view.legal_actions, conceded: new Set(),
      hint: null, rematch: () => {}, toChat: () => {} };
    bar.renderChoices(choices, page);
    read(choices);
    texts.push(bar.statusText(page));
    // The log as table.js shows it: seats by name, then the game's own rewording.
    for (const entry of log) {
      const people = String(entry.text).replace(/\\bP(\\d+)\\b/g, (whole, n) => names[Number(n)]);
      texts.push(renderer.named ? renderer.named(people, { seatName }) : people);
    }
  }
  return texts;
}"""

NAMES = ["Ada", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Ivy", "Jo"]
BAD = [
    (re.compile(r"(?<![\d.])1 (cards|points|choices|turns|times|players|Kittens)\b"), "a broken plural"),
    (re.compile(r"\(\s|\s\)"), "a bracket with an empty part"),
    (re.compile(r"\bP\d\b"), "a seat as P0"),
    (re.compile(r"0 = top|position \d"), "engine notation for a place in the pile"),
    (re.compile(r"\b(undefined|null|NaN)\b|\[object"), "a missing value"),
    (re.compile(r"^label not in name"), "a spoken name without the words shown"),
]


def _kind(view: dict[str, Any]) -> tuple[object, ...]:
    """A decision's kind: its phase or prompt, the verbs offered and whether they fit on buttons."""
    stage = view.get("phase") or (view.get("prompt") or {}).get("kind")
    verbs = sorted({text.split(" ")[0] for text in view["legal_actions"]})
    return stage, tuple(verbs), len(view["legal_actions"]) <= 16


def _samples(game: str, players: int) -> tuple[list[dict[str, Any]], set[str]]:
    """Views (and logs) of the seat to act at decisions of seeded random games: one of each kind of
    decision met (a Kitten put back into a short pile, a bonus card, a defence…), and more at random."""
    made = cardroom.make(game) if game == "tacocat" else cardroom.make(game, players=players)
    rng = random.Random(f"{game}{players}")
    by_kind: dict[tuple[object, ...], list[dict[str, Any]]] = {}
    for seed in range(GAMES):
        state = made.new_game(seed)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            view = state.view(seat)
            by_kind.setdefault(_kind(view), []).append({"view": view, "log": state.log(seat)[-12:]})
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    chosen = [rng.choice(found) for found in by_kind.values()]
    everything = [sample for found in by_kind.values() for sample in found]
    return chosen + rng.sample(everything, min(SAMPLES, len(everything))), set(made.card_catalogue())


@pytest.fixture(scope="module")
def table_page(server: ServerProcess, browser: Browser) -> Page:
    """A table page that stays still (a seat waits for an invited person, so no game starts), for its
    modules and its board, bar and status line."""
    table = httpx.post(
        server.url + "/api/tables", json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}]}
    ).json()
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server.url}/table/{table['table_id']}")
    wait_for_table(page)
    return page


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_drawn_words_are_plain_english(table_page: Page, game: str, players: int) -> None:
    samples, slugs = _samples(game, players)
    actions = {text for sample in samples for text in sample["view"]["legal_actions"]}
    cards = cardroom.make(game).card_catalogue()
    texts: list[str] = table_page.evaluate(
        READ, {"game": RENDERER[game], "samples": samples, "cards": cards, "names": NAMES}
    )
    assert len(texts) > len(samples) * 4
    problems: set[str] = set()
    for text in texts:
        for line in text.splitlines():
            for pattern, what in BAD:
                if pattern.search(line.strip()):
                    problems.add(f"{what}: {line.strip()[:120]}")
            problems.update(f"a card's slug: {line.strip()[:120]}" for slug in slugs if "-" in slug and slug in line)
            if line.strip() in actions:
                problems.add(f"an action as the engine writes it: {line.strip()}")
    assert not problems, "\n".join(sorted(problems))


def test_long_card_names_break_where_a_person_would(table_page: Page) -> None:
    drawn = table_page.evaluate("""async () => {
      const { card } = await import("/static/js/cards.js");
      return ["Switcheroo", "Cattermelon", "Guacamole", "Rainbow-Ralphing Cat"].map((title) => card({ title }).querySelector(".name").textContent);
    }""")
    assert drawn == ["Switch\u00aderoo", "Catter\u00admelon", "Guacamole", "Rainbow-Ralphing Cat"]


def test_kittens_log_lines_the_engine_words_by_number_read_as_words(table_page: Page) -> None:
    """Rare lines random games seldom reach: See the Future with one card left, a Kitten put back."""
    engine = [
        "Bob looks at the top 1 cards",
        "You put the Kitten at position 0 (0 = top) on top",
        "You put the Kitten at position 3 (0 = top)",
        "You put the Kitten at position 9 (0 = top) at the bottom",
    ]
    shown = table_page.evaluate(
        """async (lines) => {
      const { named } = await import("/static/js/games/kittens.js");
      return lines.map((line) => named(line));
    }""",
        engine,
    )
    assert shown == [
        "Bob looks at the top card",
        "You put the Kitten back on top of the draw pile",
        "You put the Kitten back with 3 cards above it",
        "You put the Kitten back at the bottom of the draw pile",
    ]
