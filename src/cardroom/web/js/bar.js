// The decision bar: the status line in words and this seat's choices, drawn from the page's state
// (table.js passes it in as ``page``: the view, the snapshot, the game's renderer and its context).
import { el } from "./api.js";
import { listOf, t } from "./i18n.js";
import { noteWindow } from "./alerts.js";

// Cards played on another player, at a table with this many players or more to choose from (a Favor
// or a pair at a table of ten, a card in one of eight tacos), are offered as one list of players and
// one button for each card: nine buttons a card would not fit on a phone's screen with the rest.
const PICK_FROM = 5;
// A row of more choices than this that differ only in a number (where to put a Kitten back into a
// pile of 63) is a list to pick from and one button.
const LIST_FROM = 16;
// What is picked in each list, kept while the decision lasts (the bar is redrawn with every update).
let picked = { step: null, values: new Map() };

// The browser's own scrolling (a card focused with Tab, "find in page", scrollIntoView) keeps clear of
// the fixed bar: its height, kept current as it grows and shrinks, is the page's scroll padding at
// the bottom (see room.css). A card scrolled to is then above the bar, never under it.
let watchedBar = null;

function keepClearOfBar(bar) {
  if (!bar || watchedBar === bar) return;
  watchedBar = bar;
  new ResizeObserver(() => document.documentElement.style.setProperty("--bar-height", `${bar.offsetHeight}px`)).observe(bar);
}

function pickedFor(step, key, allowed) {
  if (picked.step !== step) picked = { step, values: new Map() };
  if (!allowed.includes(picked.values.get(key))) picked.values.set(key, allowed[0]);
  return picked.values.get(key);
}

// The choices of this seat, in the decision bar. Choices that differ only in a name or a number are
// laid out as one row ("Favor: [Bob] [Cy]"), so even a table of ten fits on a phone's screen.
export function renderChoices(box, page) {
  const { view, live, snap, replaying, renderer } = page;
  keepClearOfBar(box.closest(".actions"));
  noteWindow(Boolean(live && snap.window)); // a reaction window never alerts as this seat's turn
  box.dataset.legal = "[]";
  if (!live || snap.seat === null) {
    box.replaceChildren(el("p", { class: "muted" }, replaying ? t("bar.replay", { step: replaying.step, steps: replaying.steps }) :
      snap.seat === null ? t("bar.watching") : ""));
    return;
  }
  if (view.is_over) {
    box.replaceChildren(el("p", { class: "muted" }, `${t("bar.over")} `),
      el("button", { type: "button", class: "primary", id: "rematch-bar", onclick: page.rematch }, t(snap.table.rematch_id ? "over.join_rematch" : "over.rematch")));
    return;
  }
  const legal = page.legal;
  box.dataset.legal = JSON.stringify(legal); // this seat's own choices, for tests and assistive tools
  const passed = snap.window && snap.window.answered ? el("p", { class: "muted", id: "passed-note" },
    t("bar.passed")) : null;
  if (legal.length === 0) {
    const left = page.conceded.has(snap.seat) ? t("bar.conceded") : "";
    box.replaceChildren(passed || el("p", { class: "muted" }, left));
    return;
  }
  const context = page.context;
  const label = context.label;
  // An antic asked of this seat is said in the chat, never clicked: the bar leads there (on a phone
  // the chat is far below it).
  const spoken = snap.spoken ?
    el("button", { type: "button", class: "primary", id: "to-chat", onclick: page.toChat }, t("bar.to_chat")) : null;
  const shown = legal.filter((choice) => !(renderer && renderer.hide && renderer.hide(choice, view)));
  const aimed = targetedChoices(shown, renderer, context);
  const picker = aimed ? targetRow(aimed, context, view.step, renderer.targetLead || t("bar.choose_player")) : null;
  const groups = new Map(); // lead text ("" for lone buttons) -> {verb, items}
  for (const text of shown.filter((choice) => !(aimed && aimed.texts.has(choice)))) {
    const grouped = renderer && renderer.group ? renderer.group(text, view, context) : null;
    const [lead, short, verb] = grouped || ["", label(text), null];
    if (!groups.has(lead)) groups.set(lead, { verb, items: [] });
    groups.get(lead).items.push({ text, short, full: label(text) });
  }
  const rows = [...groups].map(([lead, { verb, items }]) => {
    if (lead && verb && items.length > LIST_FROM) return listRow(lead, verb, items, context, view.step);
    const buttons = items.map(({ text, short, full }) => el("button", { type: "button", class: "action", "data-action": text,
      title: full, "aria-label": spokenName(short, full), onclick: () => context.act(text) }, short));
    return lead ? el("div", { class: "choice-group" }, el("span", { class: "lead" }, lead), ...buttons) :
      el("div", { class: "action-buttons" }, buttons);
  });
  if (picker) rows.push(picker);
  box.replaceChildren(
    el("h2", { class: "sr-only" }, t("page.choices")),
    ...(passed ? [passed] : []),
    ...(spoken ? [spoken] : []),
    ...rows,
    ...(renderer && renderer.controls ? [renderer.controls(view, context)].flat().filter(Boolean) : []),
    page.hint || "",
  );
}

// What a screen reader says for a button that shows ``short`` for the choice ``full``: the whole choice,
// always holding the words the button shows (WCAG's "label in name": a person who says what they see
// to voice control must hit it). Null when the button's words are the whole choice.
function spokenName(short, full) {
  if (short === full) return null;
  const plain = (words) => words.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  return ` ${plain(full)} `.includes(` ${plain(short)} `) ? full : `${short}: ${full}`;
}

// The choices aimed at a player, by card (its button's words) and player, when there are enough
// players to choose from; null otherwise.
function targetedChoices(shown, renderer, context) {
  if (!renderer || !renderer.target) return null;
  const byVerb = new Map(); // button words -> Map(seat -> action text)
  const seats = new Set();
  const texts = new Set();
  for (const text of shown) {
    const aim = renderer.target(text, context);
    if (!aim) continue;
    if (!byVerb.has(aim.verb)) byVerb.set(aim.verb, new Map());
    byVerb.get(aim.verb).set(aim.seat, text);
    seats.add(aim.seat);
    texts.add(text);
  }
  return seats.size >= PICK_FROM ? { byVerb, seats: [...seats].sort((a, b) => a - b), texts } : null;
}

function targetRow(aimed, context, step, lead) {
  const seat = () => pickedFor(step, lead, aimed.seats);
  const buttons = [...aimed.byVerb].map(([verb, bySeat]) => el("button", { type: "button", class: "action",
    "data-actions": JSON.stringify([...bySeat.values()]), onclick: () => {
      const text = bySeat.get(seat());
      if (text) context.act(text);
    } }, verb));
  // A card the picked player cannot be aimed with is left out (in T.A.C.O. each taco holds other cards).
  const bySeats = [...aimed.byVerb.values()];
  const enable = () => buttons.forEach((b, i) => { b.hidden = b.disabled = !bySeats[i].has(seat()); });
  const select = el("select", { id: "target-pick", onchange: () => { picked.values.set(lead, Number(select.value)); enable(); } },
    aimed.seats.map((s) => el("option", { value: s }, context.seatName(s))));
  select.value = String(seat());
  enable();
  return el("div", { class: "choice-group" }, el("label", { class: "lead", for: "target-pick" }, lead), select,
    el("div", { class: "action-buttons" }, buttons));
}

function listRow(lead, verb, items, context, step) {
  const texts = items.map((i) => i.text);
  const select = el("select", { class: "pick", "aria-label": lead, onchange: () => picked.values.set(lead, select.value) },
    items.map(({ text, short, full }) => el("option", { value: text, "data-action": text, title: full }, short)));
  select.value = pickedFor(step, lead, texts);
  return el("div", { class: "choice-group" }, el("span", { class: "lead" }, lead), select,
    el("button", { type: "button", class: "action", onclick: () => context.act(select.value) }, verb));
}

// The status line, in words: whose turn it is and what they must do (the game's renderer says that
// for its own phases), or what a reaction window may answer.
export function statusText(page) {
  const { view, live, snap, replaying, renderer, context } = page;
  const seatName = context.seatName;
  if (!live) return t("bar.replay", { step: replaying.step, steps: replaying.steps });
  if (view.is_over) {
    const winners = view.outcome ? view.outcome.winners.map(seatName) : [];
    return winners.length ? t("bar.won", { count: winners.length, names: listOf(winners) }) : t("bar.game_over");
  }
  if (snap.window && snap.window.answered) return t("bar.passed_open");
  const mine = page.legal.length > 0;
  const said = renderer && renderer.prompt ? renderer.prompt(view, context, mine) : null;
  if (said) return said;
  if (mine) return t("bar.decide");
  return t("bar.waiting_for", { names: listOf(view.to_act.map(seatName)) });
}

