// The table's chat: plain text from the seats, read by everyone; a message says itself in the page
// when it is over the stated limit, before anything is sent.
import { api, ApiError, el } from "./api.js";
import { claimHeldSeats } from "./account-claim.js";
import { isMuted, messageTools, mutedLine } from "./chat-tools.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const CHAT_LIMIT = 300; // characters, as the server counts them once trimmed (docs/server.md, "Chat")

export function toChat() {
  $("chat-box").open = true;
  $("chat-input").scrollIntoView({ block: "center" });
  $("chat-input").focus();
}

// Messages this page sent that the room refused, shown to their sender with the reason (and a way to
// send them again) until they go: nothing typed is lost without notice.
let unsent = [];
let lastShown = [];

export function renderChat(messages) {
  claimHeldSeats(); // once per page, when logged in: this seat joins the account (docs/accounts.md)
  lastShown = messages || [];
  const list = $("chat");
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  // Plain text only: names and messages become text nodes, never HTML. Muted people's are left out.
  const redraw = () => renderChat(lastShown);
  list.replaceChildren(...lastShown.filter((m) => !isMuted(m)).map((m) => el("li", {}, el("strong", {}, m.name), ": ", m.text, ...messageTools(m, redraw))),
    mutedLine(lastShown, redraw) || "",
    ...unsent.map((u) => el("li", { class: "unsent" }, el("strong", {}, t("chat.not_sent")), t("chat.why", { why: u.why }), u.text, " ",
      el("button", { type: "button", class: "send-again", onclick: () => again(u) }, t("chat.send_again")))));
  if (atEnd) list.scrollTop = list.scrollHeight;
}

async function again(u) {
  unsent = unsent.filter((x) => x !== u);
  renderChat(lastShown);
  await send(u.text, u.tableId, u.token, u.showMessage);
}

async function send(text, tableId, token, showMessage) {
  try {
    await api(`/api/tables/${tableId}/chat`, { method: "POST", token, body: { text } });
  } catch (error) {
    const why = error instanceof ApiError && error.status === 429 ? t("chat.too_fast") : error.message;
    unsent.push({ text, why, tableId, token, showMessage });
    renderChat(lastShown);
    showMessage(t("chat.was_not_sent", { why }));
  }
}

export async function say(event, tableId, token, showMessage) {
  event.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text) return;
  // The stated limit, said before sending (a pasted text can be longer than the box's maxlength).
  const length = [...text].length; // characters as Python counts them (code points)
  if (length > CHAT_LIMIT) {
    showMessage(t("chat.too_long", { limit: CHAT_LIMIT, count: length }));
    return;
  }
  // The box is emptied at once, so the next message can be typed while this one is on its way (emptied
  // when the answer came, it wiped whatever was typed meanwhile); a refused one is shown above it.
  input.value = "";
  await send(text, tableId, token, showMessage);
}

