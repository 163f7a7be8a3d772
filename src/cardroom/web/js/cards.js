// Cards drawn with HTML and CSS (no artwork from the published games). A card that can be chosen is
// a <button>, so it is reachable by keyboard; one that cannot is a plain box.
import { el } from "./api.js";

const LONG_WORD = 9; // letters: longer words may break once (see card below)

export function card({ big = "", title = "", text = "", hue = 30, onclick, selected = false, dim = false, label, small = false, data = {} } = {}) {
  // A word too long for a card's width at the name's full size ("Cattermelon") may break once, with a
  // hyphen, in its middle, rather than shrink the whole name below its neighbours'.
  const half = (w) => (w.length > LONG_WORD ? `${w.slice(0, Math.ceil(w.length / 2))}\u00ad${w.slice(Math.ceil(w.length / 2))}` : w);
  const face = String(title).split(" ").map((word) => word.split("-").map(half).join("-")).join(" ");
  const inner = [
    title ? el("span", { class: "name" }, face) : null,
    big !== "" ? el("span", { class: "big" }, big) : null,
    text ? el("span", { class: "small" }, text) : null,
  ];
  const classes = ["card", onclick ? "clickable" : "", selected ? "chosen" : "", dim ? "dim" : "", small ? "mini" : ""].join(" ");
  // The name's longest word sets its size (see .card .name): a name is never cut inside a word.
  const longest = Math.max(1, ...face.split(/\s+|(?<=-)|\u00ad/).map((word) => word.length));
  const style = `background: linear-gradient(160deg, hsl(${hue} 85% 96%), hsl(${hue} 70% 84%)); border-color: hsl(${hue} 60% 45%); --longest: ${longest};`;
  if (onclick) {
    return el("button", { type: "button", class: classes, style, onclick, "aria-pressed": selected ? "true" : null, "aria-label": label || title || String(big), dataset: data }, inner);
  }
  return el("div", { class: classes, style, role: "img", "aria-label": label || title || String(big), dataset: data }, inner);
}

export function back({ count, small = true, label = "face-down card" } = {}) {
  return el("div", { class: `card back${small ? " mini" : ""}`, role: "img", "aria-label": label }, count !== undefined ? el("span", { class: "count" }, "") : null);
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
