// Turn alerts: what tells a player whose tab is in the background that it is their turn. While the
// tab is hidden and this seat has a decision, the tab's title starts with "● Your turn" and its icon
// carries a mark; when the turn begins the optional sound plays and, while hidden, the optional desktop
// notification appears. Another seat's turn and a reaction window (a few seconds in which anyone
// holding a Nope or an Instant may answer someone's card) never alert, and a spectator has no
// decisions, so is never alerted. All of it happens in the render that brings the snapshot (no timer:
// browsers slow timers down in background tabs), well within a second of the turn.
import { el } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const NOTIFY_KEY = "cardroom.notify";

// The tab's icon with a gold mark in its corner (the page's own icon is a red card).
const MARKED_ICON = "data:image/svg+xml," + encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect x='2' y='1' width='12' height='14' rx='2' fill='#c33'/>" +
  "<circle cx='11.5' cy='4.5' r='4' fill='#ffc400' stroke='#1f1d1a' stroke-width='1.2'/></svg>");
const icon = document.querySelector("link[rel~='icon']");
const plainIcon = icon ? icon.getAttribute("href") : null;

let offered = false; // the page offers this seat a choice now (table.js says so at every render)
let windowOpen = false; // a reaction window is open (bar.js says so at every render)
let tableTitle = null;
let myTurn = false; // this seat's turn or decision, reaction windows aside
let flushing = false;
let notice = null; // the desktop notification of this turn, closed when the turn passes
let audio = null;

// The optional turn sound: a short tone made in the page (no audio file). One audio context for the
// page, made or woken when the box is ticked (a click lets a page play sound later, in the background too).
function wakeAudio() {
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume().catch(() => {});
  } catch {
    audio = null; // no sound available: the title and the icon still say it
  }
}

function chime() {
  wakeAudio();
  if (!audio) return;
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = 660;
  gain.gain.setValueAtTime(0.15, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.35);
}

// Desktop notifications need a secure page (https, or this computer) and the person's permission,
// asked for only when they tick the box; the choice is remembered in this browser.
const canNotify = "Notification" in window && window.isSecureContext;
const notifyBox = notifyOptIn();

function notifyOptIn() {
  const sound = $("sound");
  const soundLabel = sound && sound.closest("label");
  if (!soundLabel) return null;
  const box = el("input", { type: "checkbox", id: "notify", disabled: !canNotify });
  soundLabel.after(el("label", { class: "alert-opt", id: "notify-label" }, box, ` ${t("alerts.notify")}`,
    canNotify ? null : el("span", { class: "note" }, ` ${t("alerts.https_only")}`)));
  box.checked = canNotify && localStorage.getItem(NOTIFY_KEY) === "1" && Notification.permission === "granted";
  box.addEventListener("change", () => optIn(box));
  sound.addEventListener("change", () => { if (sound.checked) wakeAudio(); });
  return box;
}

async function optIn(box) {
  const say = (text) => { if ($("share-note")) $("share-note").textContent = text; };
  if (!box.checked) {
    localStorage.setItem(NOTIFY_KEY, "0");
    return;
  }
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  box.checked = permission === "granted";
  localStorage.setItem(NOTIFY_KEY, box.checked ? "1" : "0");
  say(t(box.checked ? "alerts.will_notify" : "alerts.not_allowed"));
}

function notify() {
  if (!notifyBox || !notifyBox.checked || Notification.permission !== "granted") return;
  try {
    const status = $("status") ? $("status").textContent : "";
    const shown = new Notification(t("alerts.your_turn", { title: tableTitle }), { body: status, tag: `cardroom-turn-${location.pathname}`, icon: MARKED_ICON });
    shown.onclick = () => {
      window.focus(); // a click on it brings the table's tab forward
      shown.close();
    };
    notice = shown;
  } catch {
    notice = null; // some browsers show notifications only from a service worker: the icon and the title still say it
  }
}

function markIcon(marked) {
  const href = marked ? MARKED_ICON : plainIcon;
  if (icon && icon.getAttribute("href") !== href) icon.setAttribute("href", href);
}

// After the render that called noteTurn (and bar.js's noteWindow) has finished: whose turn it is,
// whether the tab is hidden, and what the page now says in its status line are all known then.
function flush() {
  flushing = false;
  if (tableTitle === null) return;
  // A reaction window is a pause inside someone's turn: it neither starts nor ends this seat's turn.
  const was = myTurn;
  if (!windowOpen) myTurn = offered;
  const hidden = document.hidden;
  document.title = `${myTurn && hidden ? `● ${t("alerts.turn_mark")} · ` : ""}cardroom: ${tableTitle}`;
  markIcon(myTurn && hidden);
  if (myTurn && !was) {
    if ($("sound") && $("sound").checked) chime();
    if (hidden) notify();
  }
  if (notice && (!myTurn || !hidden)) {
    notice.close();
    notice = null;
  }
  // Only a seat has turns: a spectator is not offered a notification that could never come.
  if ($("notify-label")) $("notify-label").hidden = document.body.dataset.role === "spectator";
}

function later() {
  if (flushing) return;
  flushing = true;
  queueMicrotask(flush);
}

// Called at every render with whether this seat has a decision now.
export function noteTurn(decision, title) {
  offered = decision;
  tableTitle = title;
  later();
}

// Called at every render of the decision bar with whether a reaction window is open.
export function noteWindow(open) {
  windowOpen = open;
  later();
}

document.addEventListener("visibilitychange", later);
