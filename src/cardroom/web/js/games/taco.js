// T.A.C.O.: every player's taco with its cards and points, the points pool, the discard pile, your
// hand with each card's text. Click a card in your hand to see what it can do right now.
import { el } from "../api.js";
import { has, listOf, t } from "../i18n.js";
import { card, count, fill, list, zone } from "../cards.js";

let chosen = null; // the slug of the hand card whose choices are shown
let chosenStep = -1;

// The kinds of decision the game asks for (the catalogue's taco.what.<kind> and taco.doing.<kind>).
const KINDS = ["main", "target", "bonus", "discard", "choose", "hail", "accent"];

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
    text: opts.small ? "" : `${word(c.type)}${c.food ? ` · ${word(c.food)}` : ""} — ${c.text}`,
    hue: TYPE_HUE[c.type] ?? 30,
    mark: markOf(c),
    ...opts,
  });
}

// A card's kind or food in the page's language ("basic", "meat"): the catalogue's taco.word.<word>,
// else the deck's own word.
function word(w) {
  return w && has(`taco.word.${w}`) ? t(`taco.word.${w}`) : w;
}

// A card's kind and food in words, for a screen reader ("basic, meat").
function kindWords(c) {
  return [c.type, c.food].filter(Boolean).map(word).join(", ");
}

function promptLine(view, ctx) {
  const p = view.prompt;
  if (!p || view.is_over) return null;
  const names = listOf((p.seats || []).map(ctx.seatName));
  if (p.kind === "window") {
    const chain = (p.chain || []).map((c) => {
      const by = t("taco.chain_by", { card: info(ctx, c.card).name, name: ctx.seatName(c.by) });
      return c.taco !== undefined && c.taco !== null && c.taco >= 0 ? `${by} ${t("taco.chain_into", { name: ctx.seatName(c.taco) })}` : by;
    });
    return el("div", { class: "pending" }, el("strong", {}, chain.join(" → ")), ` — ${t("taco.may_answer", { names })}`);
  }
  // The antics are done by talking: in the chat (see docs/server.md, "T.A.C.O.'s antics").
  const what = KINDS.includes(p.kind) ? t(`taco.what.${p.kind}`, { names }) : `${names} ${p.kind}`;
  return el("div", { class: "pending" }, what, p.card ? ` (${info(ctx, p.card).name})` : "",
    p.forced ? ` — ${t("taco.must_play", { card: info(ctx, p.forced).name })}` : "");
}

function tacoRow(view, ctx, seat) {
  const items = view.tacos[seat] || [];
  const placeText = chosen ? `play ${chosen} ${seat}` : null;
  const place = placeText && ctx.can(placeText)
    ? el("button", { type: "button", class: "primary", "data-action": placeText, onclick: () => ctx.act(placeText) }, t("taco.put_here", { card: info(ctx, chosen).name }))
    : null;
  return el("li", { class: `taco${view.turn === seat ? " current" : ""}`, "data-seat": seat,
    "data-say": t("taco.say", { name: ctx.seatName(seat), cards: count(items.length, "card"), points: count(view.taco_points[seat], "point") }) },
    el("div", { class: "taco-head" }, el("strong", {}, t("taco.of", { name: ctx.seatName(seat) })),
      el("span", {}, ` ${t("taco.head", { points: count(view.taco_points[seat], "point"), total: view.totals[seat], hand: view.hand_sizes[seat] })}`), place),
    list(t("taco.list", { name: ctx.seatName(seat), cards: count(items.length, "card") }), items.map((item) => {
      const target = `target ${item.card} ${seat}`;
      const points = `(${count(item.points, "point")})`;
      return tcard(ctx, item.card, {
        small: true,
        points: item.points,
        label: `${info(ctx, item.card).name}, ${kindWords(info(ctx, item.card))} ${points}`,
        before: t("taco.target"),
        after: t("taco.in_taco", { points, name: ctx.seatName(seat) }),
        onclick: ctx.can(target) ? () => ctx.act(target) : null,
        data: { slug: item.card },
      });
    })));
}

// The log in the page's language, worded from each entry's fields (tacolog.js).
export { logLine } from "../tacolog.js";

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
    el("p", { class: "tc-status" }, t("taco.status", { round: view.round, rounds: view.rounds,
      turn: view.is_over ? t("taco.match_over") : t("ek.turn_of", { name: ctx.seatName(view.turn) }), pool: view.pool, start: view.pool_start })),
    el("div", { class: "pool", role: "img", "aria-label": t("taco.pool", { pool: view.pool, start: view.pool_start }) },
      el("div", { class: "pool-fill", style: `width: ${view.pool_start ? (100 * view.pool) / view.pool_start : 0}%` })),
    promptLine(view, ctx),
    list(t("taco.tacos", { n: view.tacos.length }), view.tacos.map((_, seat) => tacoRow(view, ctx, seat)), { className: "tacos", said: true }),
    zone(t("taco.discard_zone", { n: view.discard.length }), list(top.length < view.discard.length
      ? t("taco.discard_top", { cards: count(view.discard.length, "card"), n: top.length }) : t("taco.discard", { cards: count(view.discard.length, "card") }),
      top.map((d) => tcard(ctx, d.card, { small: true, label: `${info(ctx, d.card).name}, ${kindWords(info(ctx, d.card))}` })))),
    view.hand ? zone(t("hand.title"), list(t("hand.label", { cards: count(view.hand.length, "card") }), hand,
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
    el("div", { class: "choice-group" }, el("span", { class: "lead" }, t("taco.play_a_card")),
      ...cards.map((slug) => el("button", { type: "button", class: "card-pick", "data-card": slug, "aria-pressed": String(slug === pick),
        onclick: () => { chosen = slug; ctx.rerender(); } }, name(slug)))),
    pick ? el("div", { class: "choice-group" }, el("span", { class: "lead" }, t("taco.into", { card: name(pick) })),
      ...into.map((text) => el("button", { type: "button", class: "action", "data-action": text, "aria-label": label(text, view, ctx),
        onclick: () => ctx.act(text) }, Number(text.split(" ")[2]) === ctx.mySeat ? t("taco.your_taco") : t("taco.someones", { name: ctx.seatName(Number(text.split(" ")[2])) })))) : null,
  ];
}

export function label(text, view, ctx) {
  const [verb, ...args] = text.split(" ");
  const name = (slug) => info(ctx, slug).name;
  switch (verb) {
    case "play": return Number(args[1]) === ctx.mySeat ? t("taco.label.play_mine", { card: name(args[0]) })
      : t("taco.label.play", { card: name(args[0]), name: ctx.seatName(Number(args[1])) });
    case "use": return t("taco.label.use", { card: name(args[0]) });
    case "instant": return t("taco.label.instant", { card: name(args[0]) });
    case "pass": return t("taco.label.pass");
    case "end": return t("taco.label.end");
    case "target": return t("taco.label.target", { card: name(args[0]), name: ctx.seatName(Number(args[1])) });
    case "choose": return t("taco.label.choose", { name: ctx.seatName(Number(args[0])) });
    case "discard": return t("taco.label.discard", { card: name(args[0]) });
    default: return text;
  }
}

// Choices of one kind in one row: "Play Cheese into the taco of: [Ada] [Bob]".
export function group(text, view, ctx) {
  const [verb, ...args] = text.split(" ");
  const name = (slug) => info(ctx, slug).name;
  switch (verb) {
    case "target": return [t("taco.group.target", { name: ctx.seatName(Number(args[1])) }), name(args[0])];
    case "choose": return [t("bar.choose_player"), ctx.seatName(Number(args[0]))];
    case "discard": return [t("taco.group.discard"), name(args[0])];
    case "instant": return [t("taco.group.instant"), name(args[0])];
    case "use": return [t("taco.group.use"), name(args[0])];
    default: return null;
  }
}

// A card to target in another taco, for a table of many, where the bar offers the tacos once, as a
// list, and one button for each card in the taco picked.
export const targetLead = t("taco.target_lead");

export function target(text, ctx) {
  const [verb, slug, seat] = text.split(" ");
  return verb === "target" ? { seat: Number(seat), verb: info(ctx, slug).name } : null;
}

// The bonus card a card's effect allows, in words (the view gives a mode: any card, a kind of food,
// or an ingredient of so many points).
function bonusWords(p) {
  if (p.mode === "kind" && p.arg) return t("taco.bonus.kind", { kind: word(p.arg) });
  if (p.mode === "points" && p.arg !== "") return t("taco.bonus.points", { points: count(Number(p.arg), "point") });
  return t("taco.bonus.any");
}

// What the deciding seat must do, in words, for the status line.
export function prompt(view, ctx, mine) {
  const p = view.prompt;
  if (!p) return null;
  const who = listOf((p.seats || view.to_act).map(ctx.seatName));
  const card = p.card ? info(ctx, p.card).name : "";
  if (p.kind === "window") {
    const played = (p.chain || []).map((c) => (c.by === ctx.mySeat ? t("taco.you_played", { card: info(ctx, c.card).name })
      : t("taco.played", { name: ctx.seatName(c.by), card: info(ctx, c.card).name })));
    const said = played.length ? played.join(t("taco.then")) : t("taco.a_card_played");
    return mine ? t("taco.window_mine", { what: said }) : t("taco.window_others", { what: said, names: who });
  }
  if (mine) {
    switch (p.kind) {
      case "main": return p.forced ? t("taco.prompt.main_forced", { card: info(ctx, p.forced).name }) : t("taco.prompt.main");
      case "target": return t("taco.prompt.target", { card: card || t("taco.your_card") });
      case "bonus": return t("taco.prompt.bonus", { what: bonusWords(p) });
      case "discard": return t("taco.prompt.discard");
      case "choose": return card ? t("taco.prompt.choose_for", { card }) : t("taco.prompt.choose");
      case "hail": return t("taco.prompt.hail");
      case "accent": return t("taco.prompt.accent");
      default: return null;
    }
  }
  const doing = KINDS.includes(p.kind) ? t(`taco.doing.${p.kind}`) : "";
  return doing ? t("ek.waiting_doing", { names: who, doing }) : t("bar.waiting_for", { names: who });
}
