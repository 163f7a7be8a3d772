// Tacocat Spelled Backwards: the board (goals, covered spaces, arrows, the cat), both hands, the duel
// revealed together, and attacks (jumbo ones too) chosen by clicking cards, then "Attack". On the
// centre space both players replace at once, deciding about each card in turn, lowest first: the card
// being decided is raised, with "Keep" and "Replace" buttons under the hand.
import { el } from "../api.js";
import { listOf, t } from "../i18n.js";
import { back, card, count, fill, list, zone } from "../cards.js";

let selected = new Set(); // indexes into the hand, for building an attack
let selectedStep = -1;

const hue = (n) => (n * 29) % 360;

function catSvg() {
  // Our own drawing: a round cat face with ears, eyes and whiskers.
  const svg = `<svg viewBox="0 0 64 64" width="44" height="44" aria-hidden="true">
    <polygon points="10,26 16,4 28,18" fill="#f2a541" stroke="#5a3a12" stroke-width="2"/>
    <polygon points="54,26 48,4 36,18" fill="#f2a541" stroke="#5a3a12" stroke-width="2"/>
    <circle cx="32" cy="36" r="22" fill="#f2a541" stroke="#5a3a12" stroke-width="2"/>
    <circle cx="24" cy="32" r="3.5" fill="#222"/><circle cx="40" cy="32" r="3.5" fill="#222"/>
    <path d="M29 41 L35 41 L32 45 Z" fill="#c0392b"/>
    <path d="M6 40 L22 42 M6 47 L22 45 M58 40 L42 42 M58 47 L42 45" stroke="#5a3a12" stroke-width="1.5"/>
  </svg>`;
  const span = el("span", { class: "cat", role: "img", "aria-label": t("tc.cat") });
  span.innerHTML = svg;
  return span;
}

function arrowFor(arrow) {
  if (arrow === "both") return "⟷";
  return arrow === "WOW" ? "→ WOW" : "← YAY";
}

function boardRow(view) {
  const board = view.board;
  const cells = [];
  const goal = (who, position) => el("li", { class: `space goal${board.tacocat === position ? " has-cat" : ""}`, "data-position": position },
    el("span", { class: "goal-name" }, t("tc.goal", { side: who })), board.tacocat === position ? catSvg() : null);
  const goals = Object.entries(board.goals).sort((a, b) => a[1] - b[1]);
  cells.push(goal(goals[0][0], goals[0][1]));
  for (const space of board.spaces) {
    cells.push(el("li", {
      class: `space${space.covered ? " covered" : ""}${board.tacocat === space.position ? " has-cat" : ""}`,
      "data-position": space.position,
      "aria-label": t(space.covered ? "tc.space_covered" : "tc.space", { n: space.position, deal: space.deal, arrow: space.arrow }),
    },
    el("span", { class: "deal" }, space.covered ? t("tc.covered") : t("tc.deal", { deal: space.deal })),
    el("span", { class: "arrow" }, arrowFor(space.arrow)),
    board.tacocat === space.position ? catSvg() : null));
  }
  cells.push(goal(goals[1][0], goals[1][1]));
  return list(t("tc.board", { spaces: count(cells.length, "space"), n: board.tacocat }), cells, { className: "tc-board" });
}

// A person with their side: "Bob (WOW)"; a name that already ends in brackets takes the side inside
// them: "Bot 2 (easy, WOW)".
function withSide(name, label) {
  return name.endsWith(")") ? `${name.slice(0, -1)}, ${label})` : `${name} (${label})`;
}

function who(view, label, ctx) {
  // Seat 0 plays YAY, seat 1 plays WOW.
  return withSide(ctx.seatName(label === "YAY" ? 0 : 1), label);
}

// One answer to an attack card (the view gives the card and whether it defended or was sacrificed).
// English says "an 8", "a 5" (eight, eleven and eighteen start with a vowel): {an} is that article.
function answerWords(answer) {
  const an = /^(8|11|18)$|^8\d$/.test(String(answer.card)) ? "an" : "a";
  return t(answer.kind === "sacrifice" ? "tc.sacrificed" : "tc.defended", { an, n: answer.card });
}

function duelLine(view, ctx) {
  const parts = [];
  if (view.duel) {
    const laid = view.duel.laid.map((done, seat) => `${ctx.seatName(seat)}: ${t(done ? "tc.laid" : "tc.choosing")}`);
    parts.push(el("p", {}, `${t("tc.duel")} `, laid.join(" · "), view.duel.your_card ? ` ${t("tc.your_card", { n: view.duel.your_card })}` : ""));
  }
  if (view.last_duel) {
    parts.push(el("div", { class: "reveal" }, el("span", {}, t("tc.last_duel")),
      ...Object.entries(view.last_duel).map(([label, value]) =>
        el("span", { class: "reveal-card" }, card({ big: value, hue: hue(value), small: true, label: `${label} ${value}` }), who(view, label, ctx)))));
  }
  if (view.attack) {
    const a = view.attack;
    parts.push(el("div", { class: "reveal" }, el("span", {}, `${view.attacker ? who(view, view.attacker, ctx) : t("tc.attack")}: `),
      ...a.cards.map((c) => card({ big: c, hue: hue(c), small: true, label: t("tc.attack_card", { n: c }) })),
      a.answers && a.answers.length ? el("span", {}, ` · ${t("tc.answered_so_far", { answers: a.answers.map(answerWords).join(", ") })}`) : null,
      a.answering !== null && a.answering !== undefined ? el("span", {}, ` · ${t("tc.now_to_answer", { n: a.answering })}`) : null));
  }
  if (view.last_round) {
    const r = view.last_round;
    const cards = Object.entries(r).filter(([k]) => k !== "winner").map(([k, v]) => `${who(view, k, ctx)} ${v}`).join(", ");
    parts.push(el("p", {}, r.winner ? t("tc.last_round_won", { cards, name: who(view, r.winner, ctx) }) : t("tc.last_round_tied", { cards })));
  }
  return parts;
}

// The centre space's replacement, when this seat is in it: each dealt card is kept or set aside in turn,
// lowest first, so the number of decisions never shows the other player what was chosen.
function centreReplacement(view) {
  const rep = view.replace;
  return rep && rep.replacing === "both" && view.you ? rep : null;
}

function replaceLine(view, ctx) {
  const rep = view.replace;
  if (!rep) return null;
  if (rep.replacing !== "both") {
    const limit = rep.limit !== null && rep.limit !== undefined ? ` ${t("tc.at_most", { n: rep.limit })}` : "";
    return el("p", { class: "tc-replace" }, t("tc.replacing", { name: `${who(view, rep.replacing, ctx)}${limit}`, n: rep.discarded }));
  }
  const progress = ["YAY", "WOW"].map((label, seat) =>
    `${who(view, label, ctx)}: ${rep.done[seat] ? t("tc.done_word") : t("tc.decided", { n: rep.decided[seat], of: view.hand_sizes[seat] })}`);
  return el("p", { class: "tc-replace" }, `${t("tc.both_replace")} `,
    progress.join(" · "),
    rep.your_choice && rep.your_choice.length ? ` · ${t("tc.set_aside", { cards: rep.your_choice.join(", ") })}` : "");
}

function centreCards(view, ctx, rep) {
  // Cards already decided are labelled kept or set aside; the card to decide now is raised.
  const hand = view.hand || [];
  const seat = view.you === "YAY" ? 0 : 1;
  const decided = rep.decided[seat];
  const aside = [...(rep.your_choice || [])];
  const cards = hand.map((value, i) => {
    let caption = "";
    let dim = false;
    if (i < decided) {
      const at = aside.indexOf(value);
      if (at >= 0) {
        aside.splice(at, 1);
        caption = t("tc.caption.aside");
        dim = true;
      } else caption = t("tc.caption.kept");
    } else if (i === decided) caption = t("tc.caption.now");
    const label = i < decided ? t("tc.card_caption", { n: value, caption }) : t(i === decided ? "tc.card_now" : "tc.card_later", { n: value });
    return card({ big: value, hue: hue(value), text: caption, dim, selected: i === decided, label, data: { value: String(value) } });
  });
  // Keep and Replace are the decision bar's buttons (never drawn twice).
  return [handList(hand, cards)];
}

function handCards(view, ctx) {
  const rep = centreReplacement(view);
  if (rep) return centreCards(view, ctx, rep);
  const hand = view.hand || [];
  if (view.step !== selectedStep) {
    selected = new Set();
    selectedStep = view.step;
  }
  // With attacks of several cards the hand's cards are picked, then "Attack" (in the bar); otherwise a
  // card clicked is played at once.
  const attacking = ctx.legal.some((a) => a.startsWith("attack ") && a.split(" ").length > 2);
  const cards = hand.map((value, i) => {
    let onclick = null;
    let before = "";
    let after = "";
    let action = null;
    for (const verb of ["duel", "defend", "discard", "attack"]) {
      if (ctx.can(`${verb} ${value}`)) {
        action = `${verb} ${value}`;
        onclick = () => ctx.act(action);
        before = t(`tc.verb.${verb}`);
      }
    }
    if (attacking) {
      onclick = () => {
        if (selected.has(i)) selected.delete(i);
        else selected.add(i);
        ctx.rerender();
      };
      [before, after] = [t("tc.select"), t("tc.for_attack")]; // pressed or not, as the button says
    }
    // The action, when a click takes it, names the card for the key its choice has in the bar.
    return card({ big: value, hue: hue(value), onclick, selected: selected.has(i), label: t("tc.card", { n: value }), before, after,
      data: action && !attacking ? { value: String(value), action } : { value: String(value) } });
  });
  return [handList(hand, cards)];
}

function handList(hand, cards) {
  return list(t("hand.label", { cards: count(hand.length, "card") }), cards, { className: "cards hand", said: true, spoken: hand.map(String) });
}

// The attack builder, in the decision bar: one toggle per card in the hand, then "Attack". The cards on
// the board toggle the same choice.
export function controls(view, ctx) {
  const hand = view.hand || [];
  if (!ctx.legal.some((a) => a.startsWith("attack ") && a.split(" ").length > 2)) return null;
  if (view.step !== selectedStep) {
    selected = new Set();
    selectedStep = view.step;
  }
  const text = "attack " + [...selected].map((i) => hand[i]).sort((a, b) => a - b).join(" ");
  const ok = selected.size > 0 && ctx.can(text);
  const toggles = hand.map((value, i) => el("button", { type: "button", class: "attack-pick", "aria-pressed": String(selected.has(i)),
    onclick: () => { if (selected.has(i)) selected.delete(i); else selected.add(i); ctx.rerender(); } }, String(value)));
  return el("div", { class: "choice-group attack-builder" }, el("span", { class: "lead" }, t("tc.attack_several")), ...toggles,
    el("button", { type: "button", class: "primary attack-button", disabled: !ok, onclick: () => ok && ctx.act(text) },
      selected.size ? t(ok ? "tc.attack_with" : "tc.not_legal", { cards: text.slice(7) }) : t("tc.pick_then_attack")));
}

export function render(board, view, ctx) {
  const mine = view.you;
  const opponentSize = view.opponent_hand_size ?? null;
  const counts = Object.entries(view.discards || {}).filter(([, n]) => n > 0).map(([v, n]) => `${v}×${n}`).join(" ");
  const sizes = view.hand_sizes.map((n, s) => `${ctx.seatName(s)}: ${n}`).join(" · ");
  fill(board,
    el("p", { class: "tc-status" }, t("tc.round", { n: view.round, phase: PHASES.includes(view.phase) ? t(`tc.phase.${view.phase}`) : view.phase }),
      mine ? ` · ${t("tc.you_are", { side: mine })}` : "",
      view.waiting_for && view.waiting_for.length ? ` · ${t("tc.waiting_for", { names: listOf(view.waiting_for.map((l) => who(view, l, ctx))) })}` : ""),
    boardRow(view),
    el("p", { class: "muted-light" }, t("tc.sizes", { sizes, n: view.draw_pile_size }), counts ? ` · ${t("tc.discarded", { counts })}` : ""),
    replaceLine(view, ctx),
    ...duelLine(view, ctx),
    opponentSize !== null ? zone(t("tc.opponent_hand"), el("div", { class: "cards" }, Array.from({ length: opponentSize }, () => back()))) : null,
    view.hand ? zone(t("hand.title"), ...handCards(view, ctx)) : null,
  );
}

// The phases the status line names (the catalogue's tc.phase.<phase>).
const PHASES = ["replace", "duel", "attack", "defend", "over"];

// The action bar keeps single-card and other actions; multi-card attacks are chosen with the builder.
export function hide(text) {
  return text.startsWith("attack ") && text.split(" ").length > 2;
}

export function label(text) {
  return labelOf(text);
}

// The words of an action on one or more cards, before the cards' numbers (the catalogue's tc.verb.<verb>).
const VERBS = ["discard", "keep", "duel", "defend", "attack"];

function labelOf(text) {
  const [verb, ...args] = text.split(" ");
  if (VERBS.includes(verb)) return `${t(`tc.verb.${verb}`)} ${args.join(" ")}`;
  if (verb === "done") return t("tc.label.done");
  if (verb === "sacrifice") return t("tc.label.sacrifice");
  return text;
}

// Choices of one kind in one row: "Duel with: [3] [7] [9]".
export function group(text, view) {
  const [verb, ...args] = text.split(" ");
  const lead = ["duel", "defend", "attack"].includes(verb) ? t(`tc.lead.${verb}`) : null;
  if (lead && args.length === 1) return [lead, args[0]];
  if (verb === "discard" && !centreReplacement(view)) return [t("tc.lead.discard"), args[0]];
  return null;
}

// What the deciding seat must do, in words, for the status line.
export function prompt(view, ctx, mine) {
  const names = listOf((view.waiting_for || []).map((l) => who(view, l, ctx)));
  const rep = view.replace;
  if (mine) {
    if (centreReplacement(view) && rep.your_next !== null && rep.your_next !== undefined) {
      return t("tc.prompt.centre", { n: rep.your_next });
    }
    if (view.phase === "replace") return rep && rep.limit != null ? t("tc.prompt.replace_limit", { n: rep.limit }) : t("tc.prompt.replace");
    if (view.phase === "duel") return t("tc.prompt.duel");
    if (view.phase === "attack") return t("tc.prompt.attack");
    if (view.phase === "defend") return t("tc.prompt.defend", { attack: view.attack ? view.attack.cards.join(" + ") : t("tc.the_attack") });
    return t("tc.prompt.other");
  }
  if (!names) return null;
  const doing = ["replace", "duel", "attack", "defend"].includes(view.phase) ? t(`tc.doing.${view.phase}`) : "";
  return doing ? t("ek.waiting_doing", { names, doing }) : t("bar.waiting_for", { names });
}

// The log's entries in the page's language, worded from their fields (the catalogue's tc.log.*); null
// for an entry this does not know (the page shows the engine's words then). Why a round was won, and
// who replaces first, are only in the engine's words: they are read from there. English says "an 8",
// "a 5" before a number (eight, eleven and eighteen start with a vowel): {an} is that article.
const SIDES = ["YAY", "WOW"];
const WHY = { "the lower final card": "lower", "the tie, by the arrow": "arrow", "the tie, as the duel's winner": "duel" };

export function logLine(entry, ctx) {
  const side = (seat) => withSide(ctx.seatName(seat), SIDES[seat]);
  const an = (n) => (/^(8|11|18)$|^8\d$/.test(String(n)) ? "an" : "a");
  const one = (card) => ({ card, an: an(card) });
  const text = entry.text || "";
  const both = { yay: side(0), wow: side(1) };
  switch (entry.kind) {
    case "answer": return t(entry.sacrifice ? "tc.log.sacrifice" : "tc.log.defend", { side: side(entry.seat), against: entry.against, ...one(entry.card) });
    case "attack": return t("tc.log.attack", { side: side(entry.seat), cards: entry.cards.join(" ") });
    case "dealt": case "drew": return t(`tc.log.${entry.kind}`, { cards: entry.cards.join(", ") });
    case "discard": return t("tc.log.discard", { side: side(entry.seat), ...one(entry.card) });
    case "duel": return t("tc.log.duel");
    case "duel-tied": return t("tc.log.duel_tied", { n: entry.cards[0] });
    case "duel-won": return t("tc.log.duel_won", { ...both, a: entry.cards[0], b: entry.cards[1], winner: side(entry.winner) });
    case "keep": case "mark": return t(`tc.log.${entry.kind}`, one(entry.card));
    case "laid": return entry.card !== undefined ? t("tc.log.laid_mine", one(entry.card)) : t("tc.log.laid", { side: side(entry.seat) });
    case "lead": return t(/ again$/.test(text) ? "tc.log.again" : "tc.log.next", { side: side(entry.seat) });
    case "may-replace": return t("tc.log.may_replace", { side: side(entry.seat), limit: entry.limit });
    case "move": {
      const why = WHY[(/ with (.+) and moves /.exec(text) || [])[1]];
      if (!why) return null;
      const where = /'s goal; space/.test(text) ? t("tc.where.goal", { label: SIDES[entry.winner] }) : t("tc.where.space", { n: entry.to });
      return t("tc.log.move", { side: side(entry.winner), why: t(`tc.why.${why}`), where, from: entry.from });
    }
    case "over": return t("tc.log.over", { side: side(entry.winner) });
    case "ready": return t("tc.log.ready", { side: side(entry.seat) });
    case "replace": {
      const words = { side: side(entry.seat), cards: count(entry.count, "card") };
      return entry.cards ? t("tc.log.replace_which", { ...words, which: entry.cards.join(", ") }) : t("tc.log.replace", words);
    }
    case "reveal": return t("tc.log.reveal", { ...both, a: entry.cards[0], b: entry.cards[1] });
    case "round": {
      const first = /; (YAY|WOW) replaces first$/.exec(text);
      const facts = { round: entry.round, space: entry.space, deal: entry.deal };
      return first ? t("tc.log.round_first", { ...facts, side: side(SIDES.indexOf(first[1])) }) : t("tc.log.round_both", facts);
    }
    case "start": return t("tc.log.start");
    case "tie": return t("tc.log.tie", { space: entry.space });
    default: return null;
  }
}

// Tacocat's texts name the sides YAY and WOW: the people are named with them, "Bob (WOW)".
export function named(text, ctx) {
  return text.replace(/\b(YAY|WOW)\b(?!'s goal| goal)/g, (label) => withSide(ctx.seatName(label === "YAY" ? 0 : 1), label));
}
