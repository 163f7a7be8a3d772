// Exploding Kittens: your hand, the draw pile (and what See the Future showed you alone), the discard
// pile, the action waiting for Nopes (the countdown is in the header), and where a defused Kitten goes.
import { el } from "../api.js";
import { t } from "../i18n.js";
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
    return el("div", { class: "pending" }, el("strong", {}, `${ctx.seatName(p.actor)}'s Favor asks you for a card:`),
      el("span", {}, " choose one card from your hand to give them."));
  }
  if (view.phase === "favor") {
    return el("div", { class: "pending" }, el("strong", {}, `${ctx.seatName(p.actor)}'s Favor:`),
      el("span", {}, ` ${ctx.seatName(p.target)} chooses a card to give.`));
  }
  const target = p.target !== null && p.target !== undefined ? ` on ${ctx.seatName(p.target)}` : "";
  const named = p.named ? ` naming ${title(p.named)}` : "";
  const nopes = p.nopes.length ? ` · Noped by ${p.nopes.map(ctx.seatName).join(", ")}` : "";
  return el("div", { class: "pending" },
    el("strong", {}, `${ctx.seatName(p.actor)} plays ${p.cards.map(title).join(" + ")}${target}${named}`),
    el("span", {}, p.cancelled ? " — currently Noped" : " — goes ahead unless Noped"), nopes,
    view.phase === "window" ? el("span", { class: "muted-light" }, " · anyone may Nope before the countdown ends") : null);
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
      "Five different cards: nothing in the discard to take yet"));
  }
  if (fiveDraft === null) {
    return el("div", { class: "action-buttons" }, el("button", { type: "button", class: "combo-start", onclick: () => { fiveDraft = []; ctx.rerender(); } },
      "Five different cards: play five, take any card from the discard"));
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
  return zone(`Five different cards: ${fiveDraft.length} of 5 chosen`,
    el("div", { class: "action-buttons combo-cards" }, starts.map((slug) => {
      const chosen = fiveDraft.includes(slug);
      return el("button", { type: "button", class: "combo-card", "data-slug": slug, "aria-pressed": String(chosen), onclick: () => toggle(slug) },
        chosen ? `Take back ${title(slug)}` : `Add ${title(slug)} to the combo`);
    })),
    el("div", { class: "action-buttons" },
      el("button", { type: "button", class: "primary combo-play", disabled: fiveDraft.length !== 5, onclick: send },
        "Play these five and take a card from the discard"),
      el("button", { type: "button", class: "combo-cancel", onclick: () => { fiveDraft = null; ctx.rerender(); } },
        "Cancel (keep all your cards)")));
}

const PHASES = {
  turn: "",
  window: " · Nope window",
  favor: " · waiting for a Favor card",
  name: " · naming a card",
  five: " · five-different combo",
  take: " · taking from the discard",
  place: " · putting a Kitten back",
};

export function render(board, view, ctx) {
  const seen = view.known_pile || [];
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  const players = view.hand_sizes.map((n, s) => el("li", { class: `kt-player${view.out.includes(s) ? " out" : ""}${view.current === s ? " current" : ""}` },
    el("strong", {}, ctx.seatName(s)), el("span", {}, view.out.includes(s) ? (ctx.conceded && ctx.conceded.has(s) ? " conceded" : " exploded") : ` ${count(n, "card")}`),
    // Your own cards are drawn once, face up, under "Your hand".
    // At a big table the counts alone keep every seat (and the decision) near the top of the page.
    s === ctx.mySeat && view.hand || view.hand_sizes.length > 5 ? null :
      el("div", { class: "cards" }, Array.from({ length: Math.min(n, 12) }, () => back()))));
  const hand = (view.hand || []).map((slug) => {
    const text = `play ${slug}`;
    const give = `give ${slug}`;
    const action = ctx.can(text) ? text : ctx.can(give) ? give : null;
    return kcard(slug, { onclick: action ? () => ctx.act(action) : null, before: action === give ? "Give" : "Play",
      data: action ? { slug, action } : { slug } });
  });
  fill(board,
    el("p", { class: "tc-status" }, view.is_over ? "Game over" : `${ctx.seatName(view.current)}'s turn`, !view.is_over && view.turns_owed > 1 ? ` (${view.turns_owed} turns owed)` : "",
      PHASES[view.phase] ?? ""),
    list(`Players, ${view.hand_sizes.length}`, players, { className: "kt-players", said: true }),
    el("div", { class: "kt-piles" },
      pile("Draw pile", back({ small: false, label: `draw pile, ${count(view.draw_pile, "card")}` }), `Draw pile: ${view.draw_pile} (${count(view.kittens_in_pile, "Kitten")})`),
      pile("Discard pile", top ? kcard(top, { small: true }) : el("div", { class: "card empty" }), `Discard: ${view.discard.length}`)),
    seen.length ? zone("You saw the future (top of the pile)", list(`The top of the pile, ${count(seen.length, "card")} seen`,
      seen.map(([position, slug]) => el("li", { class: "reveal-card", "data-say": `${position + 1}: ${title(slug)}` }, `#${position + 1}`, kcard(slug, { small: true }))),
      { said: true })) : null,
    (view.known_hands || []).length ? zone("Cards you know others hold", el("ul", {}, view.known_hands.map(([seat, cards]) =>
      el("li", {}, `${ctx.seatName(seat)}: ${cards.map(title).join(", ")}`)))) : null,
    pendingLine(view, ctx),
    view.hand ? zone("Your hand", list(`Your hand, ${count(view.hand.length, "card")}`, hand,
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
    case "favor": return ["Favor: who gives you a card?", seat(args[0])];
    case "pair": return [`Pair of ${title(args[0])}: steal a random card from`, seat(args[1])];
    case "triple": return [`Three ${title(args[0])}: name a card to take from`, seat(args[1])];
    case "place": {
      const n = Number(args[0]);
      return ["Put the Kitten back with this many cards above it:", n === 0 ? "0 (top)" : n >= view.draw_pile ? `${n} (bottom)` : String(n),
        "Put it there"];
    }
    case "name": return ["Name a card:", title(args[0])];
    case "take": return ["Take from the discard:", title(args[0])];
    case "give": return ["Give:", title(args[0])];
    case "five": return view.phase === "turn" ? null : ["Add to the combo:", title(args[0])];
    default: return null;
  }
}

// A card played on another player: its button's words and the player, for a table of many, where
// the bar offers the players once, as a list, and one button for each such card.
export const targetLead = "Ask or steal from:";

export function target(text) {
  const [verb, ...args] = text.split(" ");
  switch (verb) {
    case "favor": return { seat: Number(args[0]), verb: "Play Favor" };
    case "pair": return { seat: Number(args[1]), verb: `Play a pair of ${title(args[0])}` };
    case "triple": return { seat: Number(args[1]), verb: `Play three ${title(args[0])}` };
    default: return null;
  }
}

function pendingWords(view, ctx) {
  const p = view.pending;
  if (!p) return "an action";
  const target = p.target !== null && p.target !== undefined ? ` on ${ctx.seatName(p.target)}` : "";
  const actor = p.actor === ctx.mySeat ? "You play" : `${ctx.seatName(p.actor)} plays`;
  const nopes = p.nopes.length ? ` (Noped ${count(p.nopes.length, "time")}: ${p.cancelled ? "it will not happen unless Noped again" : "it goes ahead"})` : "";
  return `${actor} ${p.cards.map(title).join(" + ")}${target}${nopes}`;
}

// What the deciding seat must do, in words, for the status line.
export function prompt(view, ctx, mine) {
  const who = view.to_act.map(ctx.seatName).join(", ");
  const p = view.pending;
  if (view.phase === "window") {
    if (mine) return `${pendingWords(view, ctx)}: you may answer Nope before the countdown ends, or let it happen.`;
    return `${pendingWords(view, ctx)}: anyone with a Nope may answer before the countdown ends.`;
  }
  if (!mine) {
    const doing = { turn: "playing cards or drawing", favor: "choosing a card to give", name: "naming a card", five: "building a five-different combo",
      take: "taking a card from the discard", place: "putting a Kitten back into the pile" }[view.phase];
    return `Waiting for ${who}${doing ? `: ${doing}` : ""}.`;
  }
  switch (view.phase) {
    case "turn": return `Your turn${view.turns_owed > 1 ? ` (${view.turns_owed} turns owed)` : ""}: play cards, or draw a card to end it.`;
    case "favor": return `${p ? ctx.seatName(p.actor) : "A player"}'s Favor: you must choose a card to give them.`;
    case "name": return "You must name the card you want to take.";
    case "five": return `Five-different combo: you must choose the next card (${((p && p.cards) || []).length + 1} of 5).`;
    case "take": return "You must choose a card to take from the discard pile.";
    case "place": return "You defused the Kitten: you must choose where it goes back into the draw pile.";
    default: return null;
  }
}

// Where a defused Kitten goes back, in words: a place in a pile of ``size`` cards.
function whereInPile(above, size) {
  if (above === 0) return "on top of the draw pile";
  if (above >= size) return "at the bottom of the draw pile";
  return `with ${count(above, "card")} above it`;
}

// The engine's log says where this seat put a Kitten back by its position counted from 0, and "the top
// 1 cards" when See the Future finds one card left; the page says both in words.
export function named(text) {
  return text.replace(/\bthe top 1 cards\b/, "the top card").replace(/at position (\d+) \(0 = top\)(?: on top| at the bottom)?/, (whole, n) =>
    (/on top$/.test(whole) ? "back on top of the draw pile" : /at the bottom$/.test(whole) ? "back at the bottom of the draw pile" :
      `back with ${count(Number(n), "card")} above it`));
}

export function label(text, view, ctx) {
  const [verb, ...args] = text.split(" ");
  const seat = (s) => ctx.seatName(Number(s));
  switch (verb) {
    case "draw": return "Draw a card (end turn)";
    case "play": return `Play ${title(args[0])}`;
    case "favor": return `Play Favor: ${seat(args[0])} gives you a card of their choice`;
    case "pair": return `Play a pair of ${title(args[0])}: steal a random card from ${seat(args[1])}`;
    case "triple": return `Play three ${title(args[0])}: name a card to take from ${seat(args[1])}`;
    case "five": return view.phase === "turn" ? `Start a five-different combo with ${title(args[0])}`
      : `Add ${title(args[0])} to the five-different combo (${((view.pending && view.pending.cards) || []).length + 1} of 5)`;
    case "name": return `Name ${title(args[0])}`;
    case "take": return `Take ${title(args[0])}`;
    case "give": return `Give ${title(args[0])}`;
    case "nope": return "Nope!";
    case "pass": return "Let it happen";
    case "place": return `Put the Kitten back ${whereInPile(Number(args[0]), view.draw_pile)}`;
    default: return text;
  }
}
