// Any game without its own renderer: the view's fields, shown plainly. Actions are the buttons below.
import { el } from "../api.js";

const SKIP = new Set(["game", "preset", "options", "players", "seat", "step", "to_act", "is_over", "outcome", "legal_actions"]);

function show(value) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (Array.isArray(value)) return el("span", {}, value.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(", "));
  if (typeof value === "object") return el("code", {}, JSON.stringify(value));
  return el("span", {}, String(value));
}

export function render(board, view) {
  const rows = Object.entries(view).filter(([key]) => !SKIP.has(key));
  board.replaceChildren(el("dl", { class: "generic" }, rows.flatMap(([key, value]) => [el("dt", {}, key.replace(/_/g, " ")), el("dd", {}, show(value))])));
}
