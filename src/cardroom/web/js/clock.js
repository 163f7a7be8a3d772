// The page's clocks: the countdown in the decision bar (a reaction window's, or this seat's turn timer)
// and the clock on every seat chip. Each snapshot says how many seconds are left; the page counts down.
import { t } from "./i18n.js";

const ends = { window: null, turn: null, seats: {} }; // when each runs out, in Date.now() time

export function setClocks(message) {
  const now = Date.now();
  ends.window = message.window ? now + message.window.remaining * 1000 : null;
  const mine = message.seat === null ? undefined : message.turn_deadlines[String(message.seat)];
  ends.turn = mine === undefined ? null : now + mine * 1000; // when a bot will play for me
  // Every seat's clock is public: when a bot will stand in for whoever is deciding.
  ends.seats = Object.fromEntries(Object.entries(message.turn_deadlines).map(([seat, left]) => [seat, now + left * 1000]));
}

// Drawn ten times a second: a text or a bar is written only when what it shows changes, so an idle
// table costs the browser (a phone's battery) next to nothing.
function show(box, text) {
  if (box.textContent !== text) box.textContent = text;
}

function fill(box, share) {
  const value = share.toFixed(3); // a thousandth of the bar: less than a pixel on any screen
  if (box.style.getPropertyValue("--left") !== value) box.style.setProperty("--left", value);
}

function tickSeats(snap, replaying) {
  for (const clock of document.querySelectorAll(".seat-clock")) {
    const seatEnds = ends.seats[clock.dataset.seat];
    const inWindow = ends.window !== null && snap && snap.view.to_act.includes(Number(clock.dataset.seat));
    if (seatEnds !== undefined && !replaying) show(clock, t("clock.seat_left", { s: Math.ceil(Math.max(0, (seatEnds - Date.now()) / 1000)) }));
    else if (inWindow && !replaying) show(clock, t("clock.seat_left", { s: Math.max(0, (ends.window - Date.now()) / 1000).toFixed(1) }));
    else show(clock, "");
  }
}

export function tickClocks(snap, replaying) {
  tickSeats(snap, replaying);
  const box = document.getElementById("countdown");
  if (ends.window === null && ends.turn !== null && !replaying) {
    const left = Math.max(0, (ends.turn - Date.now()) / 1000);
    box.hidden = false;
    show(box, t("clock.turn", { s: Math.ceil(left) }));
    fill(box, snap.table.turn_seconds ? left / snap.table.turn_seconds : 0);
    return;
  }
  if (ends.window === null || replaying) {
    box.hidden = true;
    return;
  }
  const left = Math.max(0, (ends.window - Date.now()) / 1000);
  box.hidden = false;
  show(box, t("clock.window", { s: left.toFixed(1) }));
  fill(box, snap && snap.window ? left / snap.window.seconds : 0);
}

// Seconds left on this seat's own clock while it has a decision: a reaction window it may still
// answer, else its move clock; null when none runs. ``key`` changes with the decision.
export function ownTimeLeft(snap, deciding) {
  if (!snap || !deciding) return null;
  const end = ends.window !== null ? ends.window : ends.turn;
  if (end === null) return null;
  return { left: Math.max(0, (end - Date.now()) / 1000), key: `${ends.window !== null ? "window" : "turn"} ${snap.view.step}` };
}
