// The game-over dialog: who won, why, the ranking (with points where the game scores), and the
// analysis panel. It opens by itself once; closed, it stays closed (the bar offers the rematch).
import { analysisPanel } from "./analysis.js";
import { el } from "./api.js";
import { listOf, t } from "./i18n.js";
import { count } from "./cards.js";
import { friendLink, puzzlesLink } from "./friend-link.js";

const $ = (id) => document.getElementById(id);
let shown = false;

// ``page`` gives the snapshot, how seats are named, engine texts worded, who conceded, and the table's
// id and this browser's token (for the analysis).
export function renderOutcome(view, page) {
  const { snap, seatName, named, conceded, tableId, token } = page;
  const outcome = view.outcome;
  if (!outcome) return;
  const body = [el("p", {}, t("over.winners", { count: outcome.winners.length, names: listOf(outcome.winners.map(seatName)) })),
    el("p", { class: "muted" }, named(outcome.reason))];
  const places = el("ol", { class: "ranking" }, outcome.ranking.map((group) =>
    el("li", {}, group.map((s) => seatName(s) + (outcome.scores ? ` (${count(outcome.scores[s], "point")})` : "") +
      (conceded.has(s) ? `, ${t("seat.conceded")}` : "")).join(", "))));
  body.push(places, analysisPanel(tableId, token), puzzlesLink(snap, token), friendLink(snap, tableId, token));
  $("game-over-body").replaceChildren(...body.filter(Boolean));
  const rematch = $("rematch");
  rematch.hidden = snap.seat === null;
  rematch.textContent = t(snap.table.rematch_id ? "over.join_rematch" : "over.rematch");
  if (!shown) {
    shown = true;
    if (!$("game-over").open) $("game-over").showModal();
  }
}
