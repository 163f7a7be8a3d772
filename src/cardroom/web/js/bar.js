// The decision bar: the status line in words and this seat's choices, drawn from the page's state
// (table.js passes it in as ``page``: the view, the snapshot, the game's renderer and its context).
import { el } from "./api.js";

// The choices of this seat, in the decision bar. Choices that differ only in a name or a number are
// laid out as one row ("Favor: [Bob] [Cy]"), so even a table of ten fits on a phone's screen.
export function renderChoices(box, page) {
  const { view, live, snap, replaying, renderer } = page;
  box.dataset.legal = "[]";
  if (!live || snap.seat === null) {
    box.replaceChildren(el("p", { class: "muted" }, replaying ? `Replay: step ${replaying.step} of ${replaying.steps}` :
      snap.seat === null ? "You are watching." : ""));
    return;
  }
  if (view.is_over) {
    box.replaceChildren(el("p", { class: "muted" }, "The game is over. "),
      el("button", { type: "button", class: "primary", id: "rematch-bar", onclick: page.rematch }, snap.table.rematch_id ? "Join the rematch" : "Rematch"));
    return;
  }
  const legal = page.legal;
  box.dataset.legal = JSON.stringify(legal); // this seat's own choices, for tests and assistive tools
  const passed = snap.window && snap.window.answered ? el("p", { class: "muted", id: "passed-note" },
    "You passed. The window closes when everyone has answered or its time is up.") : null;
  if (legal.length === 0) {
    const left = page.conceded.has(snap.seat) ? "You conceded; the game goes on without you." : "";
    box.replaceChildren(passed || el("p", { class: "muted" }, left));
    return;
  }
  const context = page.context;
  const label = context.label;
  // An antic asked of this seat is said in the chat, never clicked: the bar leads there (on a phone
  // the chat is far below it).
  const spoken = snap.spoken ?
    el("button", { type: "button", class: "primary", id: "to-chat", onclick: page.toChat }, "Answer in the chat") : null;
  const groups = new Map(); // lead text ("" for lone buttons) -> buttons
  for (const text of legal.filter((t) => !(renderer && renderer.hide && renderer.hide(t, view)))) {
    const grouped = renderer && renderer.group ? renderer.group(text, view, context) : null;
    const [lead, short] = grouped || ["", label(text)];
    const full = label(text);
    const button = el("button", { type: "button", class: "action", "data-action": text, title: full,
      "aria-label": short === full ? null : full, onclick: () => context.act(text) }, short);
    if (!groups.has(lead)) groups.set(lead, []);
    groups.get(lead).push(button);
  }
  const rows = [...groups].map(([lead, buttons]) => (lead ?
    el("div", { class: "choice-group" }, el("span", { class: "lead" }, lead), ...buttons) :
    el("div", { class: "action-buttons" }, buttons)));
  box.replaceChildren(
    el("h2", { class: "sr-only" }, "Your choices"),
    ...(passed ? [passed] : []),
    ...(spoken ? [spoken] : []),
    ...rows,
    ...(renderer && renderer.controls ? [renderer.controls(view, context)].flat().filter(Boolean) : []),
    page.hint || "",
  );
}

// The status line, in words: whose turn it is and what they must do (the game's renderer says that
// for its own phases), or what a reaction window may answer.
export function statusText(page) {
  const { view, live, snap, replaying, renderer, context } = page;
  const seatName = context.seatName;
  if (!live) return `Replay · step ${replaying.step}/${replaying.steps}`;
  if (view.is_over) {
    const winners = view.outcome ? view.outcome.winners.map(seatName) : [];
    return winners.length ? `Game over: ${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}.` : "Game over.";
  }
  if (snap.window && snap.window.answered) return "You passed; the window is still open for the others.";
  const mine = page.legal.length > 0;
  const said = renderer && renderer.prompt ? renderer.prompt(view, context, mine) : null;
  if (said) return said;
  if (mine) return "Your decision: choose one of the buttons below.";
  return `Waiting for ${view.to_act.map(seatName).join(", ")}.`;
}

