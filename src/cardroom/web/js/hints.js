// Whether a table offers hints ("What would the bot do?") to every seat, said where everyone sees it:
// the lobby's list of tables and the table page, for players and spectators alike. The creator
// chooses it once, when creating the table (see docs/analysis.md, "Hints").
import { el } from "./api.js";
import { t } from "./i18n.js";

export const HINTS_ON = () => t("hints.on");

// The table page's notice (an element with id "hints-note"), shown or hidden from the snapshot.
export function hintNotice(snap) {
  const note = document.getElementById("hints-note");
  if (!note) return;
  if (snap.table.hints && !document.getElementById("analysis-css")) {
    document.head.append(el("link", { rel: "stylesheet", href: "/static/css/analysis.css", id: "analysis-css" }));
  }
  note.hidden = !snap.table.hints;
  note.textContent = snap.table.hints ? HINTS_ON() : "";
}

// A small badge for a table in the lobby's list.
export function hintBadge(table) {
  return table.hints ? el("span", { class: "badge hints-badge", title: HINTS_ON() }, t("hints.badge")) : "";
}
