// What a screen reader is told, and when. Three regions of the page (table.html):
// - the game log (role="log", polite, around the visible list of events): each event once, as it happens. New entries are appended as new
//   nodes, never by replacing text, so two identical events in a row are both read;
// - "now" (assertive): this seat's decision as it begins ("Your turn: …", a Nope window), the last
//   seconds of its clock, the end of the game;
// - "said" (polite): where the game stands, when the person asks for it (the S key).
import { el } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// Every word of this module a person hears, from the catalogue (i18n.js).
export const WORDS = {
  secondsLeft: (n) => t("speech.seconds_left", { count: n }),
  keysFor: (pairs) => t("speech.keys", { keys: pairs.join(", ") }),
  nothingToDo: () => t("speech.nothing"),
};

// The thresholds at which a running clock is announced: a few, never every second.
const CLOCK_MARKS = [10, 5];
const KEPT = 4; // announcements kept in the "now" region (older ones are removed, which is not read)

let logShown = []; // the texts in the log region, in order
let logLive = false; // it shows the live game (not a replay) and has been drawn once

// The log: new entries are appended, a changed one (a move marked as timed out) is corrected in place.
// The history drawn when the page opens, and a replay's log, are put in place without being read.
export function showLog(texts, live) {
  const log = $("log");
  const region = $("log-region");
  if (!live || !logLive || texts.length < logShown.length) {
    region.setAttribute("aria-live", "off");
    log.replaceChildren(...texts.map((t) => el("li", {}, t)));
    logShown = [...texts];
    logLive = live;
    // Read from the next change on (once this drawing has reached assistive tools unread).
    if (live) setTimeout(() => { if (logLive) region.setAttribute("aria-live", "polite"); }, 50);
    log.scrollTop = log.scrollHeight;
    return;
  }
  const items = log.children;
  texts.forEach((text, i) => {
    if (i >= logShown.length) log.append(el("li", {}, text));
    else if (logShown[i] !== text && items[i]) items[i].textContent = text;
  });
  logShown = [...texts];
  log.scrollTop = log.scrollHeight;
}

// Something said at once (assertive): appended as a new node, so the same words twice are read twice.
export function announce(text) {
  const now = $("now");
  now.append(el("p", {}, text));
  while (now.children.length > KEPT) now.firstElementChild.remove();
}

// Something said politely, once (a change at the table that is not this seat's decision).
export function tell(text) {
  const said = $("said");
  said.append(el("p", {}, text));
  while (said.children.length > KEPT) said.firstElementChild.remove();
}

let lastDecision = null; // {key, text} of the decision last announced; null while this seat has none

// Called at every drawing: ``text`` is the status line when this seat has a decision, else null.
// A decision is announced when it begins, and again when what it asks changes.
export function noteDecision(text, keys, over) {
  if (over) {
    if (lastDecision !== "over") announce(over);
    lastDecision = "over";
    return;
  }
  if (text === null) {
    lastDecision = null;
    return;
  }
  if (lastDecision && lastDecision.text === text) return;
  lastDecision = { text };
  announce(keys.length ? `${text} ${WORDS.keysFor(keys)}` : text);
}

let clockSaid = { key: null, left: Infinity }; // the clock last heard of, and its seconds left then

// Called at every tick with the seconds left on this seat's own clock (its move clock, or a reaction
// window it has not answered), or null. Each mark is said once as the clock passes it.
export function noteClock(left, key) {
  if (left === null) {
    clockSaid = { key: null, left: Infinity };
    return;
  }
  if (clockSaid.key !== key) clockSaid = { key, left }; // a mark already passed is not said late
  for (const mark of CLOCK_MARKS) {
    if (clockSaid.left > mark && left <= mark && left > 0) announce(WORDS.secondsLeft(mark));
  }
  clockSaid.left = left;
}

// Where the game stands, said again (the S key): the status line, the clock, and every list of the
// board that names itself (your hand, the players, the tacos), with what it holds.
export function sayState() {
  const parts = [$("status").textContent.trim() || WORDS.nothingToDo()];
  const clock = $("countdown");
  if (!clock.hidden && clock.textContent) parts.push(`${clock.textContent}.`);
  for (const list of document.querySelectorAll("#board ul[data-say]")) {
    const items = [...list.children].map((li) => li.dataset.say || li.textContent.trim()).filter(Boolean);
    parts.push(`${list.getAttribute("aria-label")}${items.length ? `: ${items.join(", ")}` : ""}.`);
  }
  tell(parts.join(" "));
}
