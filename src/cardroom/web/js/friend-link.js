// The game-over dialog's "Challenge a friend" (docs/challenges.md): at a finished table where every other
// seat is a bot, a link that deals the same game to a friend. The server says why where it cannot be
// one (bots on a clock); the link names neither the table nor its deal.
import { api, el } from "./api.js";
import { t } from "./i18n.js";

let made = null; // the dialog is drawn afresh at every snapshot: the section (and a link shown) stays

export function friendLink(snap, tableId, token) {
  if (snap.seat === null || !token) return null;
  if (!snap.table.seats.every((s) => s.seat === snap.seat || s.kind === "bot")) return null;
  if (made) return made;
  const out = el("div", { class: "friend-link", "aria-live": "polite" });
  const button = el("button", { type: "button", id: "challenge-friend", onclick: async () => {
    button.disabled = true;
    try {
      const link = await api("/api/friends", { method: "POST", token, body: { table_id: tableId } });
      const field = el("input", { id: "friend-link", readonly: true, value: link.url, size: 40, "aria-label": t("friend.link_label") });
      out.replaceChildren(el("p", {}, t("friend.send")), field);
      field.select();
    } catch (error) {
      out.replaceChildren(el("p", { class: "muted" }, error.message));
    }
  } }, t("friend.challenge"));
  out.append(button);
  made = el("section", { class: "friend-challenge" }, out);
  return made;
}

// Where the analysis's costliest decisions become exercises (puzzles.js), for a seated player.
export function puzzlesLink(snap, token) {
  if (snap.seat === null || !token) return null;
  return el("p", {}, el("a", { href: "/puzzles", id: "puzzles-link" }, t("puzzles.heading")));
}
