// The lobby: pick a game, a preset and who sits where; create the table; list recent tables.
import { api, el, myGames, playerName, saveInvitations, savedToken, savePlayerName, saveToken } from "./api.js";
import { hintBadge } from "./hints.js";
import { has, languageMenu, listOf, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];

// Who may sit in a seat (the catalogue's lobby.seat.<choice> words them).
const SEAT_CHOICES = ["me", "bot:easy", "bot:normal", "bot:hard", "bot:expert", "invite", "spec"];

function currentGame() {
  return games.find((g) => g.name === $("game").value);
}

function fillPresets() {
  const game = currentGame();
  $("preset").replaceChildren(...Object.keys(game.presets).map((p) =>
    el("option", { value: p, selected: p === game.default_preset }, has(`lobby.preset.${p}`) ? t(`lobby.preset.${p}`) : p)));
  const counts = game.players;
  const preferred = counts.includes(2) ? 2 : counts[0];
  $("players").replaceChildren(...counts.map((n) => el("option", { value: n, selected: n === preferred }, n)));
  $("players").disabled = counts.length < 2;
  presetForCount();
  fillSeats();
  fillOptions();
}

// A game may serve some player counts best with another preset (two players: the fair one); the lobby
// chooses it first for that many seats, until the person picks a preset themselves.
let presetPicked = false;
function presetForCount() {
  const game = currentGame();
  const byCount = game.default_presets || {};
  if (presetPicked) return;
  $("preset").value = byCount[String($("players").value)] || game.default_preset;
}

function countChanged() {
  const before = $("preset").value;
  presetForCount();
  fillSeats();
  if ($("preset").value !== before) fillOptions(); // options already chosen stay, unless the preset changed
}

function fillSeats() {
  const count = Number($("players").value);
  const rows = [];
  for (let i = 0; i < count; i++) {
    const spec = el("input", { id: `spec${i}`, placeholder: t("lobby.spec_example"), "aria-label": t("lobby.spec_for", { n: i + 1 }), hidden: true });
    const select = el("select", { name: `seat${i}`, id: `seat${i}`, "aria-label": t("lobby.seat", { n: i + 1 }), onchange: (e) => { spec.hidden = e.target.value !== "spec"; } },
      SEAT_CHOICES.map((value) => el("option", { value, selected: value === (i === 0 ? "me" : "bot:normal") }, t(`lobby.seat.${value.replace("bot:", "")}`))));
    rows.push(el("label", { class: "seat-choice" }, t("lobby.seat", { n: i + 1 }), " ", select, spec));
  }
  $("seats").replaceChildren(el("legend", {}, t("lobby.seats")), ...rows);
}

// An option whose other values name a file on the server (T.A.C.O.'s deck) comes with the values this
// room takes over the network (`offered` in the games' catalogue), so it is offered as a list.
const FILE_HINT = /,? or the path of your own deck file/;

// Values are shown as people say them, never as JSON: the catalogue's lobby.choice.<option>.<value>
// (lobby.yes and lobby.no for on/off), else the value in plain words.
function shown(option, c) {
  if (c === true || c === false) return t(c ? "lobby.yes" : "lobby.no");
  if (c === null) return "";
  const key = `lobby.choice.${option}.${c}`;
  return has(key) ? t(key) : String(c).replace(/-/g, " ");
}

// An option's help in the page's language: the catalogue's lobby.help.<game>.<option>. An option the
// catalogue does not know yet shows the engine's (English) help in the lobby's words: values as the
// lists show them, "empty" for None.
function helpText(game, o, choices) {
  const assumed = o.assumed ? ` ${t("lobby.assumed")}` : "";
  const key = `lobby.help.${game}.${o.name}`;
  if (has(key)) return t(key) + assumed;
  const listed = (v) => (choices || []).some((c) => String(c) === v);
  return o.help.replace(FILE_HINT, "")
    // A quoted value starts after a space or bracket (an apostrophe inside a word, "box's", is no quote).
    .replace(/(^|[\s(])'([^'\s][^']*?)'(?=[\s),.;:]|$)/g, (whole, before, v) => before + (listed(v) ? shown(o.name, v) : `“${v}”`))
    .replace(/\bNone\b/g, t("lobby.empty")).replace(/\bTrue\b/g, t("lobby.yes")).replace(/\bFalse\b/g, t("lobby.no")) + assumed;
}

// Each option's name as people say it (the engines name options for code: "five_combo"): the
// catalogue's lobby.option.<name>, else the code's words.
function optionLabel(name) {
  const words = name.replace(/_/g, " ");
  return has(`lobby.option.${name}`) ? t(`lobby.option.${name}`) : words.charAt(0).toUpperCase() + words.slice(1);
}

// One control per game option (except the seat count, chosen above), starting at the preset's value.
function fillOptions() {
  const game = currentGame();
  const preset = game.presets[$("preset").value] || {};
  const controls = game.options.filter((o) => o.name !== "players").map((o) => {
    const value = o.name in preset ? preset[o.name] : o.default;
    const id = `option-${o.name}`;
    const choices = o.choices || o.offered || null;
    // An option that is empty by default (a number worked out by the rules) is a number box left empty.
    const kind = typeof value === "number" || value === null ? "number" : typeof value === "string" ? "text" : "json";
    const control = choices
      ? el("select", { id, "data-option": o.name, "data-kind": "json" }, choices.map((c) => el("option", { value: JSON.stringify(c), selected: JSON.stringify(c) === JSON.stringify(value) }, shown(o.name, c))))
      : el("input", { id, "data-option": o.name, "data-kind": kind, type: kind === "number" ? "number" : "text",
        value: kind === "json" ? JSON.stringify(value) : String(value ?? ""), placeholder: value === null ? t("lobby.empty_rules") : null });
    return el("label", { class: "option" }, el("span", {}, optionLabel(o.name)), control, el("span", { class: "note" }, helpText(game.name, o, choices)));
  });
  $("options").replaceChildren(...controls);
}

function chosenOptions() {
  const game = currentGame();
  const preset = game.presets[$("preset").value] || {};
  const options = {};
  for (const control of document.querySelectorAll("[data-option]")) {
    const name = control.dataset.option;
    let value;
    if (control.dataset.kind === "number") value = control.value.trim() === "" ? null : Number(control.value);
    else if (control.dataset.kind === "text") value = control.value;
    else {
      try {
        value = JSON.parse(control.value);
      } catch {
        value = control.value; // plain text, e.g. a deck file's path
      }
    }
    const spec = game.options.find((o) => o.name === name);
    const base = name in preset ? preset[name] : spec.default;
    if (JSON.stringify(value) !== JSON.stringify(base)) options[name] = value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const name = $("name").value.trim();
  savePlayerName(name);
  const seats = [];
  for (let i = 0; i < Number($("players").value); i++) {
    const choice = $(`seat${i}`).value;
    if (choice === "me") seats.push({ kind: "me", name: name || null });
    else if (choice === "invite") seats.push({ kind: "invite" });
    else if (choice === "spec") seats.push({ kind: "bot", bot: $(`spec${i}`).value.trim() || "random" });
    else seats.push({ kind: "bot", bot: choice.slice(4) });
  }
  const body = {
    game: $("game").value,
    preset: $("preset").value,
    seats,
    reaction_seconds: Number($("reaction").value) || 4,
    // Empty: the room's default clock; 0: none (the server accepts that for a private table only).
    turn_seconds: $("turn").value === "" ? null : Number($("turn").value) === 0 ? "none" : Number($("turn").value),
    private: $("private").checked,
    hints: $("hints").checked,
  };
  body.options = chosenOptions();
  if (currentGame().options.some((o) => o.name === "players")) body.options.players = seats.length;
  try {
    const created = await api("/api/tables", { method: "POST", body });
    if (created.token) saveToken(created.table_id, created.token);
    if (created.token) saveInvitations(created.table_id, created.invitations); // offered again at the table while it waits
    const target = `/table/${created.table_id}`;
    if (created.invitations.length === 0) {
      location.href = target;
      return;
    }
    $("invitation-list").replaceChildren(...created.invitations.map((inv) => {
      const field = el("input", { readonly: true, value: inv.url, class: "link", "aria-label": t("lobby.link_for", { n: inv.seat + 1 }), onfocus: (e) => e.target.select() });
      const note = el("span", { class: "note", "aria-live": "polite" });
      const copy = el("button", { type: "button", class: "copy-link", onclick: () => copyLink(field, note) }, t("lobby.copy_link"));
      return el("li", { class: "invitation" }, t("lobby.seat_link", { n: inv.seat + 1 }), field, copy, note);
    }));
    $("go").href = target;
    $("invitations").hidden = false;
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

// Copy an invitation link; where the page may not use the clipboard (plain http from another machine)
// the link is selected for copying by hand.
async function copyLink(field, note) {
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    note.textContent = t("lobby.copied");
  } catch {
    note.textContent = t("waiting.selected").trim();
  }
}

// Where a listed table stands, in words: waiting for whom, or how far its game has gone.
function tableState(table) {
  const waiting = table.waiting_for || [];
  if (waiting.length) return t("lobby.waiting_for", { names: listOf(waiting.map((s) => table.seats[s].name)) });
  if (table.status === "over") return t("account.status.over");
  return t("lobby.moves_played", { count: table.step });
}

async function listTables() {
  try {
    const tables = await api("/api/tables");
    $("tables").replaceChildren(...tables.slice(0, 20).map((table) =>
      el("li", {}, el("a", { href: `/table/${table.id}` }, `${table.title} · ${table.preset}`), " ",
        el("span", { class: "muted" }, `${table.seats.map((s) => s.shown || s.name).join(", ")} · ${tableState(table)}`), " ", hintBadge(table))));
    if (tables.length === 0) $("tables").replaceChildren(el("li", { class: "muted" }, t("lobby.no_tables")));
  } catch (error) {
    $("tables").replaceChildren(el("li", { class: "error" }, error.message));
  }
}

async function main() {
  translatePage();
  languageMenu($("lang"));
  if (!$("name").value) $("name").value = playerName(); // never over what someone typed while the page loaded
  games = await api("/api/games");
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.name }, g.title)));
  $("game").addEventListener("change", () => { presetPicked = false; fillPresets(); });
  $("players").addEventListener("change", countChanged);
  $("preset").addEventListener("change", () => { presetPicked = true; fillOptions(); });
  $("create").addEventListener("submit", create);
  fillPresets();
  listTables();
  listMyGames();
  // The list of tables refreshes itself (and at once when the tab comes back).
  setInterval(() => { if (!document.hidden) listTables(); }, 5000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) listTables(); });
}

function listMyGames() {
  const mine = myGames().filter((g) => savedToken(g.id));
  $("my-games-box").hidden = mine.length === 0;
  $("my-games").replaceChildren(...mine.map((g) => el("li", {}, el("a", { href: `/table/${g.id}` }, g.title),
    " ", el("span", { class: "muted" }, t("lobby.last_opened", { when: new Date(g.seen).toLocaleString() })))));
}

main();
