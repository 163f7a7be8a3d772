// Exploding Kittens: your hand, the draw pile (and what See the Future showed you alone), the discard
// pile, the action waiting for Nopes (the countdown is in the header), and where a defused Kitten goes.
import { el } from "../api.js";
import { back, card, fill, pile, zone } from "../cards.js";

// Card texts in our own words.
const CARDS = {
  "exploding-kitten": ["Exploding Kitten", "Draw it and you explode, unless you Defuse it.", 0],
  defuse: ["Defuse", "Stops an Exploding Kitten; then put the Kitten back anywhere in the pile.", 120],
  nope: ["Nope", "Cancels any action but a Kitten or a Defuse. Can be Noped itself.", 350],
  attack: ["Attack", "End your turn without drawing; the next player takes two turns.", 15],
  skip: ["Skip", "End your turn without drawing.", 210],
  favor: ["Favor", "Another player gives you a card of their choice.", 280],
  shuffle: ["Shuffle", "Shuffle the draw pile.", 30],
  "see-the-future": ["See the Future", "Look at the top three cards of the pile, privately.", 300],
  tacocat: ["Tacocat", "A cat card: play a pair (or three) to steal.", 60],
  cattermelon: ["Cattermelon", "A cat card: play a pair (or three) to steal.", 90],
  "hairy-potato-cat": ["Hairy Potato Cat", "A cat card: play a pair (or three) to steal.", 40],
  "beard-cat": ["Beard Cat", "A cat card: play a pair (or three) to steal.", 180],
  "rainbow-ralphing-cat": ["Rainbow-Ralphing Cat", "A cat card: play a pair (or three) to steal.", 260],
};

const title = (slug) => (CARDS[slug] ? CARDS[slug][0] : slug);

function kcard(slug, opts = {}) {
  const [name, text, hue] = CARDS[slug] || [slug, "", 0];
  return card({ title: name, text: opts.small ? "" : text, hue, ...opts });
}

function pendingLine(view, ctx) {
  const p = view.pending;
  if (!p) return null;
  const target = p.target !== null && p.target !== undefined ? ` on ${ctx.seatName(p.target)}` : "";
  const named = p.named ? ` naming ${title(p.named)}` : "";
  const nopes = p.nopes.length ? ` · Noped by ${p.nopes.map(ctx.seatName).join(", ")}` : "";
  return el("div", { class: "pending" },
    el("strong", {}, `${ctx.seatName(p.actor)} plays ${p.cards.map(title).join(" + ")}${target}${named}`),
    el("span", {}, p.cancelled ? " — currently Noped" : " — goes ahead unless Noped"), nopes,
    view.phase === "window" ? el("span", { class: "muted-light" }, " · anyone may Nope before the countdown ends") : null);
}

function placeChooser(view, ctx) {
  const places = ctx.legal.filter((a) => a.startsWith("place "));
  if (!places.length) return null;
  const size = view.draw_pile;
  const name = (n) => (n === 0 ? "on top" : n >= size ? "at the bottom" : `${n} from the top`);
  return zone("Put the Kitten back into the draw pile",
    el("div", { class: "place-row" }, places.map((text) => {
      const n = Number(text.split(" ")[1]);
      return el("button", { type: "button", class: "place", "data-action": text, onclick: () => ctx.act(text) }, name(n));
    })));
}

export function render(board, view, ctx) {
  const seen = view.known_pile || [];
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  const players = view.hand_sizes.map((n, s) => el("div", { class: `kt-player${view.out.includes(s) ? " out" : ""}${view.current === s ? " current" : ""}` },
    el("strong", {}, ctx.seatName(s)), el("span", {}, view.out.includes(s) ? " exploded" : ` ${n} cards`),
    el("div", { class: "cards" }, Array.from({ length: Math.min(n, 12) }, () => back()))));
  const hand = (view.hand || []).map((slug) => {
    const text = `play ${slug}`;
    const give = `give ${slug}`;
    const action = ctx.can(text) ? text : ctx.can(give) ? give : null;
    return kcard(slug, { onclick: action ? () => ctx.act(action) : null, label: action ? `${action}` : title(slug), data: { slug } });
  });
  fill(board,
    el("p", { class: "tc-status" }, `${ctx.seatName(view.current)}'s turn`, view.turns_owed > 1 ? ` (${view.turns_owed} turns owed)` : "",
      ` · phase: ${view.phase}`),
    el("div", { class: "kt-players" }, players),
    el("div", { class: "kt-piles" },
      pile("Draw pile", back({ small: false, label: `draw pile, ${view.draw_pile} cards` }), `Draw pile: ${view.draw_pile} (${view.kittens_in_pile} Kittens)`),
      pile("Discard pile", top ? kcard(top, { small: true }) : el("div", { class: "card empty" }), `Discard: ${view.discard.length}`)),
    seen.length ? zone("You saw the future (top of the pile)", el("div", { class: "cards" },
      seen.map(([position, slug]) => el("span", { class: "reveal-card" }, `#${position + 1}`, kcard(slug, { small: true }))))) : null,
    (view.known_hands || []).length ? zone("Cards you know others hold", el("ul", {}, view.known_hands.map(([seat, cards]) =>
      el("li", {}, `${ctx.seatName(seat)}: ${cards.map(title).join(", ")}`)))) : null,
    pendingLine(view, ctx),
    placeChooser(view, ctx),
    view.hand ? zone("Your hand", el("div", { class: "cards hand" }, hand)) : null,
  );
}

export function hide(text) {
  return text.startsWith("place ");
}

export function label(text, view, ctx) {
  const [verb, ...args] = text.split(" ");
  const seat = (s) => ctx.seatName(Number(s));
  switch (verb) {
    case "draw": return "Draw a card (end turn)";
    case "play": return `Play ${title(args[0])}`;
    case "favor": return `Favor: ask ${seat(args[0])}`;
    case "pair": return `Pair of ${title(args[0])}: steal from ${seat(args[1])}`;
    case "triple": return `Three ${title(args[0])}: name a card from ${seat(args[1])}`;
    case "five": return `Five different: take ${title(args[0])} from the discard`;
    case "name": return `Name ${title(args[0])}`;
    case "take": return `Take ${title(args[0])}`;
    case "give": return `Give ${title(args[0])}`;
    case "nope": return "Nope!";
    case "pass": return "Let it happen";
    case "place": return `Put the Kitten at ${args[0]}`;
    default: return text;
  }
}
