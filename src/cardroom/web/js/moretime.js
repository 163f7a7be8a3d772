// More time (WCAG 2.2.1, docs/table-page.md): a seated person may ask for ten times the table's clocks
// for their seat, before the game (on the waiting page) or during it. Who has it is public: every
// viewer reads "Ada has more time" above the seats, and it is said once to screen readers when it changes.
import { api } from "./api.js";
import { listOf, t } from "./i18n.js";
import { tell } from "./speech.js";

const $ = (id) => document.getElementById(id);

let lastNote = null; // the words last shown (and said), so a change is said once

// Called at every drawing with the snapshot and whether this browser holds the seat.
export function renderMoreTime(snap, seated) {
  const seats = snap.table.seats;
  const mine = seated ? seats[snap.seat] : null;
  const open = snap.table.status === "playing" && !snap.table.outcome;
  $("more-time-box").hidden = !(mine && open);
  if (mine && document.activeElement !== $("more-time")) $("more-time").checked = Boolean(mine.more_time);
  const names = seats.filter((s) => s.more_time).map((s) => s.name);
  const note = names.length ? t("more_time.has", { count: names.length, names: listOf(names) }) : "";
  $("more-time-note").hidden = !note;
  if (note === lastNote) return;
  $("more-time-note").textContent = note;
  if (note && lastNote !== null) tell(note); // not on the page's first drawing: the page is read then
  lastNote = note;
}

// The checkbox asks the server; the server's answer (the table's facts) is drawn by `applyTable`.
export function wireMoreTime(tableId, token, showMessage, applyTable) {
  $("more-time").addEventListener("change", async (event) => {
    const on = event.target.checked;
    try {
      applyTable(await api(`/api/tables/${tableId}/more-time`, { method: "POST", token: token(), body: { on } }));
    } catch (error) {
      event.target.checked = !on;
      showMessage(error.message);
    }
  });
}
