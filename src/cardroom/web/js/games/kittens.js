// Exploding Kittens: your hand, the draw pile (and what See the Future showed you alone), the discard
// pile, the action waiting for Nopes (the countdown is in the header), and where a defused Kitten goes.
import { el } from "../api.js";
import { listOf, t } from "../i18n.js";
import { back, card, count, fill, list, pile, zone } from "../cards.js";

// Each card's colour, and a cat's letter; its name and text are in the catalogue (card.ek.<slug>).
const CARDS = {
  "exploding-kitten": [0],
  defuse: [120],
  nope: [350],
  attack: [15],
  skip: [210],
  favor: [280],
  shuffle: [30],
  "see-the-future": [300],
  tacocat: [60, "T"],
  cattermelon: [90, "M"],
  "hairy-potato-cat": [40, "H"],
  "beard-cat": [180, "B"],
  "rainbow-ralphing-cat": [260, "R"],
};
// Each cat's colour also as its letter in a black circle (colour is never the only cue).

const title = (slug) => (CARDS[slug] ? t(`card.ek.${slug}`) : slug);

function kcard(slug, opts = {}) {
  const [hue, mark] = CARDS[slug] || [0];
  const text = CARDS[slug] ? t(`card.ek.${slug}.text`) : "";
  return card({ title: title(slug), text: opts.small ? "" : text, hue, mark, ...opts });
}

function pendingLine(view, ctx) {
  const p = view.pending;
  if (!p) return null;
  if (view.phase === "favor" && p.target === ctx.mySeat && ctx.legal.length) {
    return el("div", { class: "pending" }, el("strong", {}, t("ek.favor_asks_you", { name: ctx.seatName(p.actor) })),
      el("span", {}, ` ${t("ek.favor_choose")}`));
  }
  if (view.phase === "favor") {
    return el("div", { class: "pending" }, el("strong", {}, t("ek.favor_of", { name: ctx.seatName(p.actor) })),
      el("span", {}, ` ${t("ek.favor_chooses", { name: ctx.seatName(p.target) })}`));
  }
  const target = p.target !== null && p.target !== undefined ? ` ${t("ek.on", { name: ctx.seatName(p.target) })}` : "";
  const named = p.named ? ` ${t("ek.naming", { card: title(p.named) })}` : "";
  const nopes = p.nopes.length ? ` · ${t("ek.noped_by", { names: listOf(p.nopes.map(ctx.seatName)) })}` : "";
  return el("div", { class: "pending" },
    el("strong", {}, `${t("ek.plays", { name: ctx.seatName(p.actor), cards: p.cards.map(title).join(" + ") })}${target}${named}`),
    el("span", {}, ` — ${t(p.cancelled ? "ek.currently_noped" : "ek.unless_noped")}`), nopes,
    view.phase === "window" ? el("span", { class: "muted-light" }, ` · ${t("ek.anyone_may_nope")}`) : null);
}

// A five-different combo is built here, in the page, card by card: nothing is sent until the fifth
// card is chosen, so "Cancel" simply gives every card back. It is offered only when the discard pile
// holds a card the combo could take (a Kitten cannot be taken).
let fiveDraft = null; // slugs chosen so far, or null when not building

function discardHasCard(view) {
  return view.discard.some((slug) => slug !== "exploding-kitten");
}

function fiveBuilder(view, ctx) {
  const starts = ctx.legal.filter((a) => a.startsWith("five ")).map((a) => a.split(" ")[1]);
  if (view.phase !== "turn" || !starts.length) {
    fiveDraft = null;
    return null;
  }
  if (!discardHasCard(view)) {
    fiveDraft = null;
    return el("div", { class: "action-buttons" }, el("button", { type: "button", class: "combo-start", disabled: true },
      t("ek.five_nothing")));
  }
  if (fiveDraft === null) {
    return el("div", { class: "action-buttons" }, el("button", { type: "button", class: "combo-start", onclick: () => { fiveDraft = []; ctx.rerender(); } },
      t("ek.five_start")));
  }
  const toggle = (slug) => {
    fiveDraft = fiveDraft.includes(slug) ? fiveDraft.filter((s) => s !== slug) : fiveDraft.length < 5 ? [...fiveDraft, slug] : fiveDraft;
    ctx.rerender();
  };
  const send = async () => {
    const chosen = fiveDraft;
    fiveDraft = null;
    for (const slug of chosen) await ctx.act(`five ${slug}`);
  };
  return zone(t("ek.five_chosen", { n: fiveDraft.length }),
    el("div", { class: "action-buttons combo-cards" }, starts.map((slug) => {
      const chosen = fiveDraft.includes(slug);
      return el("button", { type: "button", class: "combo-card", "data-slug": slug, "aria-pressed": String(chosen), onclick: () => toggle(slug) },
        t(chosen ? "ek.take_back" : "ek.add_to_combo", { card: title(slug) }));
    })),
    el("div", { class: "action-buttons" },
      el("button", { type: "button", class: "primary combo-play", disabled: fiveDraft.length !== 5, onclick: send },
        t("ek.five_play")),
      el("button", { type: "button", class: "combo-cancel", onclick: () => { fiveDraft = null; ctx.rerender(); } },
        t("ek.five_cancel"))));
}

// The phase of the turn, after whose turn it is (the catalogue's ek.phase.<phase>; none for a plain turn).
const PHASES = ["window", "favor", "name", "five", "take", "place"];
const phaseWords = (phase) => (PHASES.includes(phase) ? ` · ${t(`ek.phase.${phase}`)}` : "");

export function render(board, view, ctx) {
  const seen = view.known_pile || [];
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  const players = view.hand_sizes.map((n, s) => el("li", { class: `kt-player${view.out.includes(s) ? " out" : ""}${view.current === s ? " current" : ""}` },
    el("strong", {}, ctx.seatName(s)), el("span", {}, view.out.includes(s) ? ` ${t(ctx.conceded && ctx.conceded.has(s) ? "seat.conceded" : "ek.exploded")}` : ` ${count(n, "card")}`),
    // Your own cards are drawn once, face up, under "Your hand".
    // At a big table the counts alone keep every seat (and the decision) near the top of the page.
    s === ctx.mySeat && view.hand || view.hand_sizes.length > 5 ? null :
      el("div", { class: "cards" }, Array.from({ length: Math.min(n, 12) }, () => back()))));
  const hand = (view.hand || []).map((slug) => {
    const text = `play ${slug}`;
    const give = `give ${slug}`;
    const action = ctx.can(text) ? text : ctx.can(give) ? give : null;
    return kcard(slug, { onclick: action ? () => ctx.act(action) : null, before: t(action === give ? "ek.give" : "ek.play"),
      data: action ? { slug, action } : { slug } });
  });
  fill(board,
    el("p", { class: "tc-status" }, view.is_over ? t("over.title") : t("ek.turn_of", { name: ctx.seatName(view.current) }),
      !view.is_over && view.turns_owed > 1 ? ` (${t("ek.owed", { count: view.turns_owed })})` : "", phaseWords(view.phase)),
    list(t("ek.players", { n: view.hand_sizes.length }), players, { className: "kt-players", said: true }),
    el("div", { class: "kt-piles" },
      pile(t("ek.draw_pile"), back({ small: false, label: t("ek.draw_pile_label", { cards: count(view.draw_pile, "card") }) }),
        t("ek.draw_pile_caption", { n: view.draw_pile, kittens: count(view.kittens_in_pile, "Kitten") })),
      pile(t("ek.discard_pile"), top ? kcard(top, { small: true }) : el("div", { class: "card empty" }), t("ek.discard_caption", { n: view.discard.length }))),
    seen.length ? zone(t("ek.saw_future"), list(t("ek.top_seen", { cards: count(seen.length, "card") }),
      seen.map(([position, slug]) => el("li", { class: "reveal-card", "data-say": `${position + 1}: ${title(slug)}` }, `#${position + 1}`, kcard(slug, { small: true }))),
      { said: true })) : null,
    (view.known_hands || []).length ? zone(t("ek.known_hands"), el("ul", {}, view.known_hands.map(([seat, cards]) =>
      el("li", {}, `${ctx.seatName(seat)}: ${cards.map(title).join(", ")}`)))) : null,
    pendingLine(view, ctx),
    view.hand ? zone(t("hand.title"), list(t("hand.label", { cards: count(view.hand.length, "card") }), hand,
      { className: "cards hand", said: true, spoken: view.hand.map(title) })) : null,
  );
}

// The five-different combo is built in the decision bar, card by card.
export function controls(view, ctx) {
  return fiveBuilder(view, ctx);
}

export function hide(text, view) {
  // A five-different combo is started with its builder, not with one button per first card.
  return view.phase === "turn" && text.startsWith("five ");
}

// Choices of one kind in one row: "Favor: who gives you a card? [Bob] [Cy]"; the words of the one
// button of a row too long for buttons (the bar makes it a list).
export function group(text, view, ctx) {
  const [verb, ...args] = text.split(" ");
  const seat = (s) => ctx.seatName(Number(s));
  switch (verb) {
    case "favor": return [t("ek.group.favor"), seat(args[0])];
    case "pair": return [t("ek.group.pair", { card: title(args[0]) }), seat(args[1])];
    case "triple": return [t("ek.group.triple", { card: title(args[0]) }), seat(args[1])];
    case "place": {
      const n = Number(args[0]);
      return [t("ek.group.place"), n === 0 ? t("ek.place.top", { n }) : n >= view.draw_pile ? t("ek.place.bottom", { n }) : String(n),
        t("ek.group.place_verb")];
    }
    case "name": return [t("ek.group.name"), title(args[0])];
    case "take": return [t("ek.group.take"), title(args[0])];
    case "give": return [t("ek.group.give"), title(args[0])];
    case "five": return view.phase === "turn" ? null : [t("ek.group.five"), title(args[0])];
    default: return null;
  }
}

// A card played on another player: its button's words and the player, for a table of many, where
// the bar offers the players once, as a list, and one button for each such card.
export const targetLead = t("ek.target_lead");

export function target(text) {
  const [verb, ...args] = text.split(" ");
  switch (verb) {
    case "favor": return { seat: Number(args[0]), verb: t("ek.target.favor", { card: title("favor") }) };
    case "pair": return { seat: Number(args[1]), verb: t("ek.target.pair", { card: title(args[0]) }) };
    case "triple": return { seat: Number(args[1]), verb: t("ek.target.triple", { card: title(args[0]) }) };
    default: return null;
  }
}

function pendingWords(view, ctx) {
  const p = view.pending;
  if (!p) return t("ek.an_action");
  const target = p.target !== null && p.target !== undefined ? ` ${t("ek.on", { name: ctx.seatName(p.target) })}` : "";
  const cards = p.cards.map(title).join(" + ");
  const actor = p.actor === ctx.mySeat ? t("ek.you_play", { cards }) : t("ek.plays", { name: ctx.seatName(p.actor), cards });
  const nopes = p.nopes.length ? ` (${t(p.cancelled ? "ek.noped_off" : "ek.noped_on", { times: count(p.nopes.length, "time") })})` : "";
  return `${actor}${target}${nopes}`;
}

// What the deciding seat must do, in words, for the status line.
export function prompt(view, ctx, mine) {
  const who = listOf(view.to_act.map(ctx.seatName));
  const p = view.pending;
  if (view.phase === "window") {
    return t(mine ? "ek.window_mine" : "ek.window_others", { what: pendingWords(view, ctx) });
  }
  if (!mine) {
    const doing = ["turn", "favor", "name", "five", "take", "place"].includes(view.phase) ? t(`ek.doing.${view.phase}`) : "";
    return doing ? t("ek.waiting_doing", { names: who, doing }) : t("bar.waiting_for", { names: who });
  }
  switch (view.phase) {
    case "turn": return view.turns_owed > 1 ? t("ek.prompt.turn_owed", { count: view.turns_owed }) : t("ek.prompt.turn");
    case "favor": return t("ek.prompt.favor", { name: p ? ctx.seatName(p.actor) : t("ek.a_player") });
    case "name": return t("ek.prompt.name");
    case "five": return t("ek.prompt.five", { n: ((p && p.cards) || []).length + 1 });
    case "take": return t("ek.prompt.take");
    case "place": return t("ek.prompt.place");
    default: return null;
  }
}

// Where a defused Kitten goes back, in words: a place in a pile of ``size`` cards.
function whereInPile(above, size) {
  if (above === 0) return t("ek.where.top");
  if (above >= size) return t("ek.where.bottom");
  return t("ek.where.above", { cards: count(above, "card") });
}

// The engine's log says where this seat put a Kitten back by its position counted from 0, and "the top
// 1 cards" when See the Future finds one card left; the page says both in words.
export function named(text) {
  return text.replace(/\bthe top 1 cards\b/, "the top card").replace(/at position (\d+) \(0 = top\)(?: on top| at the bottom)?/, (whole, n) =>
    (/on top$/.test(whole) ? "back on top of the draw pile" : /at the bottom$/.test(whole) ? "back at the bottom of the draw pile" :
      `back with ${count(Number(n), "card")} above it`));
}

// The log's entries in the page's language, worded from their fields (the catalogue's ek.log.*);
// null for an entry this does not know (the page shows the engine's own words then). A few facts
// are only in the engine's words (whose play a Nope answers, whom a card was asked of, which of two
// wordings a turn or an explosion took): they are read from there.
export function logLine(entry, ctx) {
  const seat = (s) => ctx.seatName(Number(s));
  const cards = (slugs) => (slugs.length ? slugs.map(title).join(", ") : t("ek.no_cards"));
  const text = entry.text || "";
  const action = (kind) => (CARDS[kind] ? title(kind) : t(`ek.action.${kind}`));
  switch (entry.kind) {
    case "setup": return t("ek.log.setup", entry);
    case "hand": return t("ek.log.hand", { cards: cards(entry.cards) });
    case "turn": {
      const turns = t("ek.turns", { count: entry.owed });
      const which = /goes first$/.test(text) ? "first" : /still owes/.test(text) ? "still" : "turn";
      return t(`ek.log.${which}`, { name: seat(entry.seat), turns });
    }
    case "draw": case "kitten": case "defuse": case "place": case "win":
      return t(`ek.log.${entry.kind}`, { name: seat(entry.seat) });
    case "drew": return t("ek.log.drew", { card: title(entry.card) });
    case "explode": return entry.cards.length || /discards/.test(text) ? t("ek.log.explode", { name: seat(entry.seat), cards: cards(entry.cards) })
      : t("ek.log.explode_aside", { name: seat(entry.seat) });
    case "placed": {
      if (/ on top$/.test(text) || entry.position === 0) return t("ek.log.placed_top");
      if (/ at the bottom$/.test(text)) return t("ek.log.placed_bottom");
      return t("ek.log.placed", { cards: count(entry.position, "card") });
    }
    case "play": {
      const names = { name: seat(entry.seat), card: title(entry.card) };
      if (entry.combo) return t(`ek.log.${entry.combo}`, { ...names, target: seat(entry.target) });
      return entry.target !== undefined ? t("ek.log.play_on", { ...names, target: seat(entry.target) }) : t("ek.log.play", names);
    }
    case "name": {
      const asked = /asks P(\d+) for/.exec(text);
      return asked ? t("ek.log.name", { name: seat(entry.seat), target: seat(asked[1]), card: title(entry.card) }) : null;
    }
    case "five": return t("ek.log.five", { name: seat(entry.seat), card: title(entry.card), count: entry.count });
    case "nope": {
      const answered = /: P(\d+)'s (\S+) is (cancelled|back on)$/.exec(text);
      if (!answered) return null;
      return t(answered[3] === "cancelled" ? "ek.log.nope_cancelled" : "ek.log.nope_back",
        { name: seat(entry.seat), nope: title("nope"), actor: seat(answered[1]), action: action(answered[2]) });
    }
    case "cancel": return t("ek.log.cancel", { name: seat(entry.seat), action: action(entry.action) });
    case "fizzle": {
      const on = / on P(\d+) does nothing$/.exec(text);
      return on ? t("ek.log.fizzle_on", { name: seat(entry.seat), action: action(entry.action), target: seat(on[1]) })
        : t("ek.log.fizzle", { name: seat(entry.seat), action: action(entry.action) });
    }
    case "shuffle": return t("ek.log.shuffle");
    case "seen": return t(entry.count === 1 ? "ek.log.seen_one" : "ek.log.seen", { name: seat(entry.seat), count: entry.count });
    case "future": return t("ek.log.future", { cards: cards(entry.cards) });
    case "empty": return t(/to give$/.test(text) ? "ek.log.empty_give" : "ek.log.empty_steal", { name: seat(entry.seat) });
    case "miss": return t("ek.log.miss", { name: seat(entry.seat), card: title(entry.card) });
    case "take": return t("ek.log.take", { name: seat(entry.seat), card: title(entry.card) });
    case "transfer": case "transferred": {
      const people = { giver: seat(entry.giver), taker: seat(entry.taker) };
      const lost = / loses at random /.test(text);
      if (entry.card === undefined) return t(lost ? "ek.log.loses_a_card" : "ek.log.gives_a_card", people);
      const key = entry.kind === "transfer" ? "ek.log.hands" : lost ? "ek.log.loses" : "ek.log.gives";
      return t(key, { ...people, card: title(entry.card) });
    }
    case "discard-hand": return t("ek.log.discard_hand", { name: seat(entry.seat), cards: cards(entry.cards) });
    case "set-aside": return t("ek.log.set_aside", { name: seat(entry.seat) });
    default: return null;
  }
}

export function label(text, view, ctx) {
  const [verb, ...args] = text.split(" ");
  const seat = (s) => ctx.seatName(Number(s));
  switch (verb) {
    case "draw": return t("ek.label.draw");
    case "play": return t("ek.label.play", { card: title(args[0]) });
    case "favor": return t("ek.label.favor", { card: title("favor"), name: seat(args[0]) });
    case "pair": return t("ek.label.pair", { card: title(args[0]), name: seat(args[1]) });
    case "triple": return t("ek.label.triple", { card: title(args[0]), name: seat(args[1]) });
    case "five": return view.phase === "turn" ? t("ek.label.five_start", { card: title(args[0]) })
      : t("ek.label.five_add", { card: title(args[0]), n: ((view.pending && view.pending.cards) || []).length + 1 });
    case "name": return t("ek.label.name", { card: title(args[0]) });
    case "take": return t("ek.label.take", { card: title(args[0]) });
    case "give": return t("ek.label.give", { card: title(args[0]) });
    case "nope": return t("ek.label.nope", { card: title("nope") });
    case "pass": return t("ek.label.pass");
    case "place": return t("ek.label.place", { where: whereInPile(Number(args[0]), view.draw_pile) });
    default: return text;
  }
}
