// A table that waits for the people it invited (docs/server.md, "Waiting seats"): no board is drawn,
// no clock runs and no bot plays until every seat is taken. Everyone sees whom it waits for; a seated
// person may copy a waiting seat's link (this browser kept the links it created), give the seat to a
// bot, or cancel the table.
import { api, el, saveInvitations, savedInvitations } from "./api.js";
import { listOf, t } from "./i18n.js";

// The panel drawn in place of the board while the table waits. `page` gives the snapshot, this
// browser's token, the table id, and how to show a refusal and a fresh table.
export function waitingPanel(page) {
  const { snap, token, tableId, showMessage, apply } = page;
  const seats = snap.table.seats;
  const waiting = snap.table.waiting_for.map((s) => seats[s]);
  const seated = Boolean(token) && snap.seat !== null;
  const links = seated ? savedInvitations(tableId) : [];
  const names = listOf(waiting.map((s) => s.name));
  const rows = waiting.map((s) => {
    const link = links.find((l) => l.seat === s.seat);
    const field = link ? el("input", { readonly: true, value: link.url, class: "link invite-link", "aria-label": t("waiting.link", { name: s.name }), onfocus: (e) => e.target.select() }) : null;
    const note = el("span", { class: "note", "aria-live": "polite" });
    return el("li", { class: "waiting-seat", "data-seat": s.seat }, el("strong", {}, s.name), t("waiting.not_sat"),
      field, link ? el("button", { type: "button", class: "copy-invite", onclick: () => copy(field, note, s.name) }, t("waiting.copy_link", { name: s.name })) : null,
      seated ? el("button", { type: "button", class: "fill-bot", onclick: () => fill(s.seat) }, t("waiting.fill_bot")) : null, note);
  });

  // Where the page may not use the clipboard (plain http from another machine) the link is selected
  // for copying by hand.
  async function copy(field, note, name) {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      note.textContent = t("waiting.copied", { name });
    } catch {
      note.textContent = t("waiting.selected");
    }
  }

  async function fill(seat) {
    try {
      await api(`/api/tables/${tableId}/fill`, { method: "POST", token, body: { seat, bot: "normal" } });
    } catch (error) {
      showMessage(error.message);
    }
  }

  // The host (this browser created the table: it kept its links) may take a seated person's seat back
  // before the game begins; the seat then waits with a new link, kept here like the others.
  const hosting = seated && links.length > 0;
  const others = hosting ? seats.filter((s) => s.kind === "human" && s.joined && s.seat !== snap.seat) : [];
  const removable = others.map((s) => el("li", { class: "waiting-seat seated", "data-seat": s.seat }, el("strong", {}, s.name), t("waiting.sat"),
    el("button", { type: "button", class: "remove-seated", onclick: () => remove(s) }, t("waiting.remove", { name: s.name }))));

  // The seat's old link was spent when its person sat down; the new one is kept, then the panel drawn
  // again with it (the table's own update may have come first, drawn without it).
  async function remove(s) {
    try {
      const invitation = await api(`/api/tables/${tableId}/remove`, { method: "POST", token, body: { seat: s.seat } });
      saveInvitations(tableId, [...savedInvitations(tableId).filter((l) => l.seat !== s.seat), invitation]);
      apply({ ...snap, table: await api(`/api/tables/${tableId}`) });
      showMessage(t("waiting.removed", { name: s.name }));
    } catch (error) {
      showMessage(error.message);
    }
  }

  async function cancel() {
    try {
      const table = await api(`/api/tables/${tableId}/cancel`, { method: "POST", token });
      apply({ ...snap, table });
    } catch (error) {
      showMessage(error.message);
    }
  }

  return el("div", { class: "waiting", id: "waiting", role: "status" },
    el("h2", {}, t("waiting.title", { names })),
    el("p", {}, t("waiting.explain")),
    el("ul", { class: "waiting-seats" }, rows, removable),
    seated ? el("button", { type: "button", id: "cancel-table", onclick: cancel }, t("waiting.cancel")) : null);
}

// The decision bar's words while the table waits, or after it was cancelled.
export function waitingStatus(snap) {
  if (snap.table.status === "cancelled") return t("waiting.cancelled");
  const names = listOf(snap.table.waiting_for.map((s) => snap.table.seats[s].name));
  return t("waiting.status", { names });
}
