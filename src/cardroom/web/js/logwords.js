// The game log's entries in the page's language. The room's own entries (a seat that ran out of time,
// a seat that conceded) are worded here; a game's renderer may word its engine's entries from their
// fields (``logLine``); any other entry shows the engine's words, with seats named (``named``). A
// move the clock made for a seat says so (an entry of kind timed_out already does in its words).
import { t } from "./i18n.js";
import { logLine as tacoLine } from "./tacolog.js";

// A renderer's own wording of its log, or the one kept here for a renderer that has none yet:
// T.A.C.O.'s (tacolog.js), known by the lead line its renderer gives the target picker (the one thing
// it exports that names its game; the renderer is loaded by a URL the room redirects, so it cannot be
// compared with a module imported here).
function wording(renderer) {
  if (!renderer) return null;
  if (renderer.logLine) return renderer.logLine;
  return renderer.targetLead === t("taco.target_lead") ? tacoLine : null;
}

export function logText(entry, { seatName, renderer, named }) {
  const mark = entry.timed_out && entry.kind !== "timed_out" ? ` ${t("log.timed_out_mark")}` : "";
  if (entry.kind === "timed_out" || (entry.kind === "concede" && typeof entry.seat === "number")) {
    return t(entry.kind === "concede" ? "log.conceded" : "log.timed_out", { name: seatName(entry.seat) }) + mark;
  }
  const words = wording(renderer);
  return ((words && words(entry, { seatName })) || named(entry.text)) + mark;
}
