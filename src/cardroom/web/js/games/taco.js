// T.A.C.O.: every player's taco with its cards and points, the points pool, the discard pile, your
// hand with each card's text. Click a card in your hand to see what it can do right now.
import { el } from "../api.js";
import { card, count, fill, list, zone } from "../cards.js";

let chosen = null; // the slug of the hand card whose choices are shown
let chosenStep = -1;

const TYPE_HUE = { shell: 40, basic: 120, superstar: 50, instant: 200, poison: 280, action: 0 };
// The kind a card's colour says, also as a sign, and its food as a letter (colour is never the only
// cue): "★M" a superstar meat, "B" a basic … (see docs/table-page.md).
const TYPE_MARK = { shell: "S", basic: "B", superstar: "★", instant: "I", poison: "P", action: "A" };

function markOf(c) {
  return `${TYPE_MARK[c.type] || ""}${c.food ? c.food.charAt(0).toUpperCase() : ""}`;
}

function info(ctx, slug) {
  return ctx.cards[slug] || { name: slug, type: "", points: 0, text: "" };
}

function tcard(ctx, slug, opts = {}) {
  const c = info(ctx, slug);
  const points = opts.points !== undefined ? opts.points : c.points;
  return card({
    title: c.name,
    big: opts.small ? "" : (points ? `${points > 0 ? "+" : ""}${points}` : ""),
    text: opts.small ? "" : `${c.type}${c.food ? ` · ${c.food}` : ""} — ${c.text}`,
    hue: TYPE_HUE[c.type] ?? 30,
    mark: markOf(c),
    ...opts,
  });
}

// A card's kind and food in words, for a screen reader ("basic, meat").
function kindWords(c) {
  return [c.type, c.food].filter(Boolean).join(", ");
}

function promptLine(view, ctx) {
  const p = view.prompt;
  if (!p || view.is_over) return null;
  const names = (p.seats || []).map(ctx.seatName).join(", ");
  if (p.kind === "window") {
    const chain = (p.chain || []).map((c) => `${info(ctx, c.card).name} by ${ctx.seatName(c.by)}${c.taco !== undefined && c.taco !== null && c.taco >= 0 ? ` into ${ctx.seatName(c.taco)}'s taco` : ""}`);
    return el("div", { class: "pending" }, el("strong", {}, chain.join(" → ")), ` — ${names} may answer with an Instant before the countdown ends`);
  }
  const what = { main: "plays a card or ends the turn", target: "chooses a target", bonus: "may play a bonus card", discard: "discards", choose: "chooses a player",
    // The antics are done by talking: in the chat (see docs/server.md, "T.A.C.O.'s antics").
    hail: "must hail the Taco Master in the chat (\"You're the Taco Master of the universe!\") or discard a card",
    accent: "must keep up the accent in the chat (say something in it) or discard a card" }[p.kind] || p.kind;
  return el("div", { class: "pending" }, `${names} ${what}`, p.card ? ` (${info(ctx, p.card).name})` : "", p.forced ? ` — must play ${info(ctx, p.forced).name}` : "");
}

function tacoRow(view, ctx, seat) {
  const items = view.tacos[seat] || [];
  const placeText = chosen ? `play ${chosen} ${seat}` : null;
  const place = placeText && ctx.can(placeText)
    ? el("button", { type: "button", class: "primary", "data-action": placeText, onclick: () => ctx.act(placeText) }, `Put ${info(ctx, chosen).name} here`)
    : null;
  return el("li", { class: `taco${view.turn === seat ? " current" : ""}`, "data-seat": seat,
    "data-say": `${ctx.seatName(seat)}'s taco: ${count(items.length, "card")}, ${count(view.taco_points[seat], "point")}` },
    el("div", { class: "taco-head" }, el("strong", {}, `${ctx.seatName(seat)}'s taco`),
      el("span", {}, ` ${count(view.taco_points[seat], "point")} · total ${view.totals[seat]} · ${view.hand_sizes[seat]} in hand`), place),
    list(`${ctx.seatName(seat)}'s taco, ${count(items.length, "card")}`, items.map((item) => {
      const target = `target ${item.card} ${seat}`;
      const points = `(${count(item.points, "point")})`;
      return tcard(ctx, item.card, {
        small: true,
        points: item.points,
        label: `${info(ctx, item.card).name}, ${kindWords(info(ctx, item.card))} ${points}`,
        before: "Target",
        after: `${points} in ${ctx.seatName(seat)}'s taco`,
        onclick: ctx.can(target) ? () => ctx.act(target) : null,
        data: { slug: item.card },
      });
    })));
}

export function render(board, view, ctx) {
  if (view.step !== chosenStep) {
    chosenStep = view.step;
    if (chosen && !ctx.legal.some((a) => a.split(" ")[1] === chosen)) chosen = null;
  }
  const hand = (view.hand || []).map((item) => {
    const slug = item.card;
    const choices = ctx.legal.filter((a) => a.split(" ")[1] === slug);
    return tcard(ctx, slug, {
      selected: chosen === slug,
      dim: choices.length === 0 && ctx.legal.length > 0,
      label: info(ctx, slug).name,
      after: `(${count(choices.length, "choice")})`,
      onclick: choices.length ? () => {
        if (choices.length === 1 && !choices[0].startsWith("play ")) ctx.act(choices[0]);
        else { chosen = chosen === slug ? null : slug; ctx.rerender(); }
      } : null,
      data: { slug },
    });
  });
  const top = view.discard.slice(-3);
  fill(board,
    el("p", { class: "tc-status" }, `Round ${view.round} of ${view.rounds} · ${view.is_over ? "match over" : `${ctx.seatName(view.turn)}'s turn`} · pool: ${view.pool} of ${view.pool_start} points left`),
    el("div", { class: "pool", role: "img", "aria-label": `points pool ${view.pool} of ${view.pool_start}` },
      el("div", { class: "pool-fill", style: `width: ${view.pool_start ? (100 * view.pool) / view.pool_start : 0}%` })),
    promptLine(view, ctx),
    list(`Tacos, ${view.tacos.length}`, view.tacos.map((_, seat) => tacoRow(view, ctx, seat)), { className: "tacos", said: true }),
    zone(`Discard pile (${view.discard.length})`, list(`Discard pile, ${count(view.discard.length, "card")}${top.length < view.discard.length ? `, the top ${top.length} shown` : ""}`,
      top.map((d) => tcard(ctx, d.card, { small: true, label: `${info(ctx, d.card).name}, ${kindWords(info(ctx, d.card))}` })))),
    view.hand ? zone("Your hand", list(`Your hand, ${count(view.hand.length, "card")}`, hand,
      { className: "cards hand", said: true, spoken: view.hand.map((item) => info(ctx, item.card).name) })) : null,
    view.reason ? el("p", { class: "muted-light" }, view.reason) : null,
  );
}

// Hailing and the accent are said in the chat, never clicked; a card is played in two steps (the card,
// then the taco), so a table of eight fits in the decision bar.
export function hide(text) {
  return text === "hail" || text === "accent" || text.startsWith("play ");
}

// Playing a card, in the decision bar: every card that can be played, then (once one is picked, here
// or in the hand) every taco it can go into.
export function controls(view, ctx) {
  const plays = ctx.legal.filter((a) => a.startsWith("play "));
  if (!plays.length) return null;
  const name = (slug) => info(ctx, slug).name;
  const cards = [...new Set(plays.map((a) => a.split(" ")[1]))];
  const pick = chosen && cards.includes(chosen) ? chosen : null;
  const into = pick ? plays.filter((a) => a.split(" ")[1] === pick) : [];
  return [
    el("div", { class: "choice-group" }, el("span", { class: "lead" }, "Play a card:"),
      ...cards.map((slug) => el("button", { type: "button", class: "card-pick", "data-card": slug, "aria-pressed": String(slug === pick),
        onclick: () => { chosen = slug; ctx.rerender(); } }, name(slug)))),
    pick ? el("div", { class: "choice-group" }, el("span", { class: "lead" }, `${name(pick)} into:`),
      ...into.map((text) => el("button", { type: "button", class: "action", "data-action": text, "aria-label": label(text, view, ctx),
        onclick: () => ctx.act(text) }, Number(text.split(" ")[2]) === ctx.mySeat ? "your taco" : `${ctx.seatName(Number(text.split(" ")[2]))}'s`))) : null,
  ];
}

export function label(text, view, ctx) {
  const [verb, ...args] = text.split(" ");
  const name = (slug) => info(ctx, slug).name;
  switch (verb) {
    case "play": return `Play ${name(args[0])} into ${Number(args[1]) === ctx.mySeat ? "your" : `${ctx.seatName(Number(args[1]))}'s`} taco`;
    case "use": return `Use ${name(args[0])}`;
    case "instant": return `Instant: ${name(args[0])}`;
    case "pass": return "Pass";
    case "end": return "End turn";
    case "target": return `Target ${name(args[0])} in ${ctx.seatName(Number(args[1]))}'s taco`;
    case "choose": return `Choose ${ctx.seatName(Number(args[0]))}`;
    case "discard": return `Discard ${name(args[0])}`;
    default: return text;
  }
}

// Choices of one kind in one row: "Play Cheese into the taco of: [Ada] [Bob]".
export function group(text, view, ctx) {
  const [verb, ...args] = text.split(" ");
  const name = (slug) => info(ctx, slug).name;
  const seat = (s) => (Number(s) === ctx.mySeat ? "yours" : ctx.seatName(Number(s)));
  switch (verb) {
    case "target": return [`Target in ${ctx.seatName(Number(args[1]))}'s taco:`, name(args[0])];
    case "choose": return ["Choose a player:", ctx.seatName(Number(args[0]))];
    case "discard": return ["Discard:", name(args[0])];
    case "instant": return ["Answer with an Instant:", name(args[0])];
    case "use": return ["Use:", name(args[0])];
    default: return null;
  }
}

// A card to target in another taco, for a table of many, where the bar offers the tacos once, as a
// list, and one button for each card in the taco picked.
export const targetLead = "Target a card in the taco of:";

export function target(text, ctx) {
  const [verb, slug, seat] = text.split(" ");
  return verb === "target" ? { seat: Number(seat), verb: info(ctx, slug).name } : null;
}

// The bonus card a card's effect allows, in words (the view gives a mode: any card, a kind of food,
// or an ingredient of so many points).
function bonusWords(p) {
  if (p.mode === "kind" && p.arg) return `a ${p.arg} ingredient into your taco`;
  if (p.mode === "points" && p.arg !== "") return `an ingredient worth ${count(Number(p.arg), "point")} into your taco`;
  return "one more card, into any taco";
}

// What the deciding seat must do, in words, for the status line.
export function prompt(view, ctx, mine) {
  const p = view.prompt;
  if (!p) return null;
  const who = (p.seats || view.to_act).map(ctx.seatName).join(", ");
  const card = p.card ? info(ctx, p.card).name : "";
  if (p.kind === "window") {
    const chain = (p.chain || []).map((c) => `${c.by === ctx.mySeat ? "you" : ctx.seatName(c.by)} played ${info(ctx, c.card).name}`).join(", then ");
    const said = chain ? chain.charAt(0).toUpperCase() + chain.slice(1) : "A card was played";
    return mine ? `${said}: you may answer with an Instant before the countdown ends, or pass.`
      : `${said}: ${who} may answer with an Instant before the countdown ends.`;
  }
  const forced = p.forced ? ` (you must play ${info(ctx, p.forced).name})` : "";
  if (mine) {
    switch (p.kind) {
      case "main": return `Your turn: play a card into a taco, or end your turn${forced}.`;
      case "target": return `You must choose a target for ${card || "your card"}.`;
      case "bonus": return `You may play ${bonusWords(p)}, or pass.`;
      case "discard": return "You must choose a card to discard.";
      case "choose": return `You must choose a player${card ? ` for ${card}` : ""}.`;
      case "hail": return "Hail the Taco Master in the chat (\"You're the Taco Master of the universe!\"), or discard a card.";
      case "accent": return "Keep up the accent: say something in the chat, or discard a card.";
      default: return null;
    }
  }
  const doing = { main: "playing a card or ending the turn", target: "choosing a target", bonus: "deciding on a bonus card",
    discard: "discarding", choose: "choosing a player", hail: "hailing the Taco Master", accent: "keeping up the accent" }[p.kind];
  return `Waiting for ${who}${doing ? `: ${doing}` : ""}.`;
}
