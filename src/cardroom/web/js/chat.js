// The table's chat: plain text from the seats, read by everyone; a message says itself in the page
// when it is over the stated limit, before anything is sent.
import { api, ApiError, el } from "./api.js";

const $ = (id) => document.getElementById(id);
const CHAT_LIMIT = 300; // characters, as the server counts them once trimmed (docs/server.md, "Chat")

export function toChat() {
  $("chat-box").open = true;
  $("chat-input").scrollIntoView({ block: "center" });
  $("chat-input").focus();
}

export function renderChat(messages) {
  const list = $("chat");
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  // Plain text only: names and messages become text nodes, never HTML.
  list.replaceChildren(...(messages || []).map((m) => el("li", {}, el("strong", {}, m.name), ": ", m.text)));
  if (atEnd) list.scrollTop = list.scrollHeight;
}

export async function say(event, tableId, token, showMessage) {
  event.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text) return;
  // The stated limit, said before sending (a pasted text can be longer than the box's maxlength).
  const length = [...text].length; // characters as Python counts them (code points)
  if (length > CHAT_LIMIT) {
    showMessage(`A chat message is at most ${CHAT_LIMIT} characters; this one has ${length}. Nothing was sent.`);
    return;
  }
  try {
    await api(`/api/tables/${tableId}/chat`, { method: "POST", token, body: { text } });
    input.value = "";
  } catch (error) {
    showMessage(error instanceof ApiError && error.status === 429 ? "You are sending messages too fast; wait a moment." : error.message);
  }
}

