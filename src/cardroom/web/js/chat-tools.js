// A player's tools in the chat (docs/accounts.md): mute a person for yourself (kept in this browser,
// per table: the others still read them), and report a message to whoever runs the room (kept with
// the table's record).
import { api, el, savedToken } from "./api.js";
import { t } from "./i18n.js";

const tableId = () => location.pathname.split("/").pop();
const MUTED_KEY = () => `cardroom.muted.${tableId()}`;

// Who is muted: seat numbers, or "name:<name>" for a spectator.
function mutedSet() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED_KEY()) || "[]"));
  } catch {
    return new Set();
  }
}

function whoOf(message) {
  return message.seat === null || message.seat === undefined ? `name:${message.name}` : message.seat;
}

export function isMuted(message) {
  return mutedSet().has(whoOf(message));
}

function setMuted(message, on, redraw) {
  const muted = mutedSet();
  if (on) muted.add(whoOf(message));
  else muted.delete(whoOf(message));
  localStorage.setItem(MUTED_KEY(), JSON.stringify([...muted]));
  redraw();
}

function ownSeat() {
  const chip = document.querySelector(".seat-chip.me");
  return chip ? Number(chip.dataset.seat) : null;
}

// Messages reported from this page, so the chat, redrawn with every change at the table, says so.
const reported = new Set();
const messageKey = (m) => `${m.created}|${m.seat}|${m.text}`;

async function report(message, note, redraw) {
  const token = savedToken(tableId());
  try {
    await api(`/api/tables/${tableId()}/report`, { method: "POST", token,
      body: { about_seat: message.seat ?? null, message: message.text, reason: "reported from the chat" } });
    reported.add(messageKey(message));
    redraw();
  } catch (error) {
    note.textContent = t("chat.not_reported", { why: error.message });
  }
}

// The buttons after another person's message (none after one's own).
export function messageTools(message, redraw) {
  if (message.seat !== null && message.seat !== undefined && message.seat === ownSeat()) return [];
  const note = el("span", { class: "note", "aria-live": "polite" });
  const done = reported.has(messageKey(message));
  return [" ",
    el("button", { type: "button", class: "chat-tool mute", onclick: () => setMuted(message, true, redraw) }, t("chat.mute", { name: message.name })),
    done ? el("span", { class: "note reported" }, t("chat.reported"))
      : el("button", { type: "button", class: "chat-tool report", onclick: () => report(message, note, redraw) }, t("chat.report")), note];
}

// A line saying who is muted, with a way back.
export function mutedLine(messages, redraw) {
  const muted = new Map();
  for (const m of messages) if (isMuted(m)) muted.set(whoOf(m), m);
  if (!muted.size) return null;
  return el("li", { class: "muted-line note" }, t("chat.muted_by_you"),
    [...muted.values()].map((m) => el("button", { type: "button", class: "chat-tool unmute", onclick: () => setMuted(m, false, redraw) }, t("chat.unmute", { name: m.name }))));
}
