// The game log's entries in the page's language. The room's own entries (a seat that ran out of time,
// a seat that conceded) are worded here; a game's renderer may word its engine's entries from their
// fields (``logLine``); any other entry shows the engine's words, with seats named (``named``). A
// move the clock made for a seat says so (an entry of kind timed_out already does in its words).
import { t } from "./i18n.js";

// A renderer's own wording of its log (each game's renderer exports ``logLine``; the generic one none).
function wording(renderer) {
  return (renderer && renderer.logLine) || null;
}

export function logText(entry, { seatName, renderer, named }) {
  const mark = entry.timed_out && entry.kind !== "timed_out" ? ` ${t("log.timed_out_mark")}` : "";
  if (entry.kind === "timed_out" || (entry.kind === "concede" && typeof entry.seat === "number")) {
    return t(entry.kind === "concede" ? "log.conceded" : "log.timed_out", { name: seatName(entry.seat) }) + mark;
  }
  const words = wording(renderer);
  return ((words && words(entry, { seatName })) || named(entry.text)) + mark;
}
