// Cards drawn with HTML and CSS (no artwork from the published games). A card that can be chosen is
// a <button>, so it is reachable by keyboard; one that cannot is a plain box.
import { el } from "./api.js";
import { has, t } from "./i18n.js";

// Where a long word of a card's name may break, at the place a person would hyphenate it; any other
// word stays whole (the name is drawn smaller instead, see --longest below and .card .name).
const BREAKS = { Cattermelon: ["Catter", "melon"], Switcheroo: ["Switch", "eroo"] };

function breakable(word) {
  return BREAKS[word] ? BREAKS[word].join("\u00ad") : word;
}

// "1 card", "2 cards", "-1 point": a count with its noun, in the plural the page's language gives it
// (the catalogue's "noun.<one>"; a noun it lacks is English's, with an s).
export function count(n, one, many = `${one}s`) {
  return has(`noun.${one}`) ? t(`noun.${one}`, { count: n }) : `${n} ${Math.abs(n) === 1 ? one : many}`;
}

// A card, face up. ``label`` names a card that cannot be clicked (for screen readers). A card that can
// be clicked is named by what it shows, so the name contains the words on it (WCAG's "label in
// name"), with ``before`` and ``after`` said around them for screen readers only: "Play" Attack.
export function card({ big = "", title = "", text = "", hue = 30, onclick, selected = false, dim = false, label, before = "", after = "",
  small = false, data = {}, mark = "" } = {}) {
  const face = String(title).split(" ").map((word) => word.split("-").map(breakable).join("-")).join(" ");
  const spoken = (words) => (words ? el("span", { class: "sr-only" }, words) : null);
  const inner = [
    title ? el("span", { class: "name" }, face) : null,
    big !== "" ? el("span", { class: "big" }, big) : null,
    text ? el("span", { class: "small" }, text) : null,
    // What the card's colour says, also as a letter or a sign (colour is never the only cue).
    mark ? el("span", { class: "mark", "aria-hidden": "true" }, mark) : null,
  ];
  const classes = ["card", onclick ? "clickable" : "", selected ? "chosen" : "", dim ? "dim" : "", small ? "mini" : ""].join(" ");
  // The name's longest word sets its size (see .card .name): a name is never cut inside a word.
  const longest = Math.max(1, ...face.split(/\s+|(?<=-)|\u00ad/).map((word) => word.length));
  const style = `background: linear-gradient(160deg, hsl(${hue} 85% 96%), hsl(${hue} 70% 84%)); border-color: hsl(${hue} 60% 45%); --longest: ${longest};`;
  if (onclick) {
    return el("button", { type: "button", class: classes, style, onclick, "aria-pressed": selected ? "true" : null, dataset: data },
      spoken(before && `${before} `), ...inner, spoken(after && ` ${after}`));
  }
  return el("div", { class: classes, style, role: "img", "aria-label": label || title || String(big), dataset: data }, inner);
}

export function back({ count, small = true, label = t("card.face_down") } = {}) {
  return el("div", { class: `card back${small ? " mini" : ""}`, role: "img", "aria-label": label }, count !== undefined ? el("span", { class: "count" }, "") : null);
}

// A list read as one by screen readers, named with its count ("Your hand, 5 cards"). ``spoken`` gives
// each item's words for the S key (items without are read by their text); ``said`` puts the list in
// what the S key says.
export function list(name, items, { className = "cards", said = false, spoken = [] } = {}) {
  return el("ul", { class: className, "aria-label": name, "data-say": said ? "" : null },
    items.map((item, i) => (item.tagName === "LI" ? item : el("li", { "data-say": spoken[i] }, item))));
}

export function zone(title, ...children) {
  return el("div", { class: "zone" }, el("h3", {}, title), ...children);
}

export function pile(title, content, caption) {
  return el("div", { class: "pile" }, content, el("span", { class: "count" }, caption), el("span", { class: "sr-only" }, title));
}

// replaceChildren, skipping the empty slots renderers leave for things not shown right now.
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}
