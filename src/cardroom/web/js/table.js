// The table page: one WebSocket pushes this seat's snapshot; the board is drawn by the game's own
// renderer (games/<game>.js) and every legal action is also a button, so everything is reachable by
// keyboard. Whatever the server refuses is shown with its reason.
import { api, ApiError, el, playerName, rememberGame, savedToken, saveToken } from "./api.js";
import { markdown } from "./markdown.js";
import { hintButton, replayAnalyseButton } from "./analysis.js";
import { hintNotice } from "./hints.js";
import { noteTurn } from "./alerts.js";
import { renderOutcome } from "./outcome.js";
import { renderChoices, statusText } from "./bar.js";
import { renderChat, say, toChat } from "./chat.js";
import { ownTimeLeft, setClocks, tickClocks } from "./clock.js";
import { rememberFocus, restoreFocus } from "./focus.js";
import { assignKeys, letterKeys, listenForKeys } from "./keys.js";
import { noteClock, noteDecision, sayState, showLog, WORDS as SPOKEN } from "./speech.js";
import { takeLinkFromAddress, takeSeat, useName } from "./seat.js";
import { waitingPanel, waitingStatus } from "./waiting.js";
import { renderMoreTime, wireMoreTime } from "./moretime.js";
import { lang, languageMenu, t, translatePage } from "./i18n.js";
import { logText } from "./logwords.js";
import { share } from "./share.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

let token = null;
let snap = null;
let renderer = null;
let busy = false;
let socket = null;
let retry = 500;
let nameTouched = false; // the joining friend typed in the name box (it is then never refilled)
let seatRefusal = ""; // why the server refused this seat when the page sat down (kept if the socket is turned away too)
let replaying = null;
let catalogue = {}; // card slug -> {name, type, points, text} for games whose deck is data // {step, steps, view, log} while looking back at a finished game

function seatName(seat) {
  if (!snap) return t("seat.numbered", { n: seat + 1 });
  const info = snap.table.seats[seat];
  return info ? info.shown || info.name : t("seat.numbered", { n: seat + 1 }); // "Zed (auto)" while the room plays it
}

function showMessage(text) {
  $("message").textContent = text || "";
}

async function act(text) {
  if (!snap || busy || replaying) return;
  busy = true;
  showMessage("");
  document.body.classList.add("busy");
  try {
    const result = await api(`/api/tables/${tableId}/actions`, {
      method: "POST",
      token,
      body: { step: snap.view.step, action: text },
    });
    if (result.view.step >= snap.view.step) apply(result);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) showMessage(t("act.stale"));

    else showMessage(error.message);
  } finally {
    busy = false;
    document.body.classList.remove("busy");
  }
}

// What this seat may still do. Once it has passed in a reaction window its pass is kept, hidden, until
// the window closes: it is not offered again (a Nope still is, until the window closes).
function offered(view, live) {
  if (!live) return [];
  const answered = snap.window && snap.window.answered;
  return answered ? view.legal_actions.filter((text) => text !== "pass") : view.legal_actions;
}

// Seats that conceded a game of three or more (the others play on): the log's concede entries say so.
function concededSeats() {
  const log = (replaying ? replaying.log : snap.log) || [];
  return new Set(log.filter((e) => e.kind === "concede" && typeof e.seat === "number").map((e) => e.seat));
}

function ctx(view, live) {
  const legal = offered(view, live);
  return {
    conceded: concededSeats(),
    act,
    legal,
    can: (text) => legal.includes(text),
    seatName,
    mySeat: snap.seat,
    live,
    table: snap.table,
    cards: catalogue,
    rerender: render,
    named,
    label: (text) => (renderer && renderer.label ? renderer.label(text, view, ctx(view, live)) : text),
  };
}

function renderSeats(view) {
  const outcome = view.outcome;
  const conceded = concededSeats();
  $("seats-bar").replaceChildren(...snap.table.seats.map((s) => {
    const acting = view.to_act.includes(s.seat);
    const won = outcome && outcome.winners.includes(s.seat);
    const kind = s.kind === "bot" ? t("seat.bot", { bot: s.bot }) : t(s.kind === "invite" && !s.joined ? "seat.invited" : "seat.person");
    return el("div", {
      class: `seat-chip${acting ? " acting" : ""}${s.seat === snap.seat ? " me" : ""}${won ? " won" : ""}`,
      "data-seat": s.seat,
    }, el("strong", {}, s.shown || s.name), el("span", { class: "muted" }, ` ${kind}${s.seat === snap.seat ? ` · ${t("seat.you")}` : ""}`),
    acting ? el("span", { class: "badge" }, t("seat.deciding")) : null, won ? el("span", { class: "badge gold" }, t("seat.winner")) : null,
    conceded.has(s.seat) ? el("span", { class: "badge muted-badge" }, t("seat.conceded")) : null,
    el("span", { class: "seat-clock", "data-seat": s.seat }),
    s.seat === snap.seat ? el("button", { type: "button", class: "rename", "aria-label": t("name.change"), title: t("name.change"), onclick: rename }, "✎") : null);
  }));
}

// A friend who came by an invitation link is asked for a name (prefilled, and skippable: the seat keeps
// the name the table gave it).
function askName() {
  $("name-ask-input").value = playerName();
  $("name-ask").hidden = false;
}

async function sendName(event) {
  event.preventDefault();
  $("name-ask").hidden = true;
  showMessage(await useName(tableId, token, $("name-ask-input").value));
}

async function rename() {
  showMessage(await useName(tableId, token, window.prompt(t("name.prompt"), playerName()) || ""));
}

// The page's state as the decision bar reads it.
function barState(view, live) {
  const context = ctx(view, live);
  return { view, live, snap, replaying, renderer, context, legal: context.legal, conceded: context.conceded, rematch, toChat,
    hint: live && !view.is_over ? hintButton(snap, tableId, token, context.label) : null };
}

// The engines write seats as P0, P1… (and Tacocat its sides as YAY and WOW); people read names. Every
// text made by an engine or the server is shown through this.
function named(text) {
  const people = String(text).replace(/\bP(\d+)\b/g, (whole, n) => (snap && snap.table.seats[Number(n)] ? seatName(Number(n)) : whole));
  return renderer && renderer.named && snap ? renderer.named(people, { seatName }) : people;
}

function renderLog(entries, live) {
  const text = (e) => logText(e, { seatName, renderer: snap ? renderer : null, named });
  showLog(entries.map(text), live); // each new entry read once by screen readers (speech.js)
}

// This seat's decision, said at once as it begins (speech.js), with its letter keys and, in a
// reaction window, the seconds it lasts; the end of the game too.
function speakDecision(view, live, deciding) {
  const status = $("status").textContent;
  if (live && view.is_over) return noteDecision(null, [], status);
  if (!deciding) return noteDecision(null, [], null);
  const time = snap.window && !snap.window.answered ? ` ${SPOKEN.secondsLeft(Math.ceil(snap.window.remaining))}.` : "";
  return noteDecision(status + time, letterKeys($("choices")), null);
}

function render() {
  if (!snap) return;
  const focus = rememberFocus(); // the board and the bar are drawn afresh: the focus is found again after
  const live = !replaying;
  const view = live ? snap.view : replaying.view;
  // Turn alerts (tab title, optional sound) belong to alerts.js; it hears of every render.
  noteTurn(live && !view.is_over && offered(view, live).length > 0, snap.table.title);
  // For tests and assistive tools: where the game stands, as plain attributes.
  document.body.dataset.step = String(view.step);
  document.body.dataset.over = String(view.is_over);
  document.body.dataset.mine = String(document.body.dataset.online !== "false" && offered(view, live).length > 0);
  $("title").textContent = `${snap.table.title} · ${snap.table.preset}`;
  // A table that waits for its invited people (or was cancelled meanwhile) has no board yet.
  const waiting = live && (snap.table.waiting_for.length > 0 || snap.table.status === "cancelled");
  document.body.dataset.waiting = String(waiting);
  const status = waiting ? waitingStatus(snap) : statusText(barState(view, live));
  if ($("status").textContent !== status) $("status").textContent = status;
  // A seat sees what a seat may use; a spectator only watches (and may copy a link to watch).
  const seated = snap.seat !== null && Boolean(token);
  document.body.dataset.role = seated ? "seat" : "spectator";
  $("chat-form").hidden = !seated;
  $("handoff").hidden = !seated;
  if (seated && !$("name-ask").hidden && !$("name-ask-input").value && !nameTouched) $("name-ask-input").value = seatName(snap.seat);
  renderSeats(view);
  hintNotice(snap);
  renderMoreTime(snap, seated);
  const board = $("board");
  board.dataset.game = snap.table.game;
  if (waiting) {
    board.replaceChildren(waitingPanel({ snap, token, tableId, showMessage, apply }));
    renderChoices($("choices"), { ...barState(view, live), hint: null }); // nothing to choose yet; a spectator is told it watches
  } else {
    if (renderer) renderer.render(board, view, ctx(view, live));
    renderChoices($("choices"), barState(view, live));
  }
  // Conceding is offered to a seat still in a running game (see docs/server.md, "Conceding"). With three
  // or more seats the others play on; in an open reaction window it counts as this seat's pass.
  const gone = concededSeats().has(snap.seat) || (Array.isArray(view.out) && view.out.includes(snap.seat));
  $("concede").hidden = !(live && token && snap.seat !== null && !view.is_over && !gone && !waiting);
  const many = snap.table.seats.length > 2;
  $("concede-text").textContent = t(many ? "concede.many" : "concede.two");
  $("concede").disabled = document.body.dataset.online === "false";
  if ($("concede").disabled && $("concede-confirm").open) $("concede-confirm").close();
  if (view.is_over && $("concede-confirm").open) $("concede-confirm").close();
  renderLog(live ? snap.log : replaying.log, live);
  renderChat(snap.chat);
  if (document.body.dataset.online === "false") {
    for (const button of document.querySelectorAll("#board button, #actions button")) button.disabled = true;
  }
  assignKeys($("choices"));
  speakDecision(view, live, !waiting && document.body.dataset.mine === "true");
  restoreFocus(focus);
  if (live && view.is_over) {
    renderOutcome(view, { snap, seatName, named, conceded: concededSeats(), tableId, token });
    $("replay-box").hidden = false;
    $("replay-box").append(replayAnalyseButton(tableId, token) || "");
  }
}

function apply(message) {
  snap = message;
  setClocks(message);
  render();
  tick(); // the countdown is drawn with the decision it belongs to, not up to a tick later
}

function tick() {
  tickClocks(snap, replaying);
  const own = ownTimeLeft(snap, !replaying && document.body.dataset.mine === "true" && !(snap.window && snap.window.answered));
  noteClock(own ? own.left : null, own && own.key);
}

// Connection state: while the socket is down the page says so at once, and every action is disabled;
// it reconnects by itself, and the first snapshot after that (the server's latest step) resyncs it.
function setOnline(online) {
  $("connection").hidden = online;
  document.body.classList.toggle("offline", !online);
  document.body.dataset.online = String(online);
  // api.js words it (in English: it is shared with the lobby, not yet translated).
  if (online && $("message").textContent.startsWith("The server cannot be reached")) showMessage("");
  if (snap) render(); // disables (or enables again) every action
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // The page's language goes with the socket, so the reason a close carries comes in it.
  const query = new URLSearchParams(token ? { token, lang } : { lang });
  socket = new WebSocket(`${scheme}://${location.host}/api/tables/${tableId}/ws?${query}`);
  socket.onmessage = (event) => {
    retry = 500;
    const message = JSON.parse(event.data);
    if (message.type === "snapshot") {
      apply(message);
      if (document.body.dataset.online !== "true") setOnline(true);
    }
  };
  socket.onclose = (event) => {
    if (event.code === 4404) return showMessage(t("page.no_table"));
    // Turned away as the seat was refused (a suspended account): the refusal says why, the generic words do not.
    if (event.code === 4403) return showMessage(seatRefusal || t("page.bad_token"));
    if (event.code === 4429) { // refused for now (too many sockets): say why, try again later
      showMessage(t("page.turned_away", { reason: event.reason || t("page.too_many") }));
      setOnline(false);
      return setTimeout(connect, 15000);
    }
    setOnline(false);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 2000);
  };
}

// The game's kit names its renderer and the games list says which (a game left out of the list, such as
// a test's toy, and one whose kit declares none are drawn by the generic renderer).
async function loadRenderer(game, games) {
  try {
    const listed = games.find((info) => info.name === game);
    renderer = await import(`./games/${listed ? listed.renderer : "generic"}.js`);
  } catch (error) {
    console.error(error);
    renderer = await import("./games/generic.js");
  }
}

async function rematch() {
  try {
    // Each person claims their own rematch seat and gets a fresh secret for it.
    const next = await api(`/api/tables/${tableId}/rematch`, { method: "POST", token });
    saveToken(next.table_id, next.token);
    location.href = `/table/${next.table_id}`;
  } catch (error) {
    showMessage(error.message);
  }
}

async function showReplay(step) {
  const data = await api(`/api/tables/${tableId}/replay?step=${step}`, { token });
  replaying = data;
  $("replay-step").max = String(data.steps);
  $("replay-step").value = String(data.step);
  $("replay-label").textContent = `${data.step}/${data.steps}`;
  render();
}

async function concede() {
  $("concede-confirm").close();
  try {
    apply({ type: "snapshot", ...(await api(`/api/tables/${tableId}/concede`, { method: "POST", token })) });
  } catch (error) {
    showMessage(error.message);
  }
}

async function handoff() {
  try {
    const link = await api(`/api/tables/${tableId}/handoff`, { method: "POST", token });
    share(link.url, t("share.handoff_note"));
  } catch (error) {
    showMessage(error.message);
  }
}

function wire() {
  translatePage();
  languageMenu($("lang"));
  listenForKeys(sayState);
  $("copy-watch-link").addEventListener("click", () => share(`${location.origin}/table/${tableId}`, t("share.watch_note")));
  $("handoff").addEventListener("click", handoff);
  $("concede").addEventListener("click", () => $("concede-confirm").showModal());
  $("concede-yes").addEventListener("click", concede);
  $("concede-no").addEventListener("click", () => $("concede-confirm").close());
  $("close-over").addEventListener("click", () => $("game-over").close());
  $("watch-replay").addEventListener("click", () => {
    $("game-over").close();
    $("replay-box").open = true;
  });
  $("replay-step").addEventListener("input", (e) => showReplay(Number(e.target.value)));
  $("replay-prev").addEventListener("click", () => showReplay(Math.max(0, (replaying ? replaying.step : 0) - 1)));
  $("replay-next").addEventListener("click", () => showReplay((replaying ? replaying.step : -1) + 1));
  $("replay-box").addEventListener("toggle", () => {
    if ($("replay-box").open && !replaying) showReplay(0);
    if (!$("replay-box").open && replaying) {
      replaying = null;
      render();
    }
  });
  $("rematch").addEventListener("click", rematch);
}

async function main() {
  wire();
  const games = api("/api/games").catch(() => []); // asked at once, beside the table's summary
  let summary;
  try {
    summary = await api(`/api/tables/${tableId}`);
  } catch (error) {
    showMessage(error.message);
    return;
  }
  await loadRenderer(summary.game, await games);
  catalogue = await api(`/api/tables/${tableId}/cards`).catch(() => ({}));
  const link = takeLinkFromAddress();
  const saved = savedToken(tableId);
  if (saved || link) {
    const seat = await takeSeat(tableId, saved, link, summary.seats);
    token = seat.token;
    if (seat.message) showMessage(seat.message);
    seatRefusal = seat.refusal || "";
    if (seat.fresh) askName();
  }
  api(`/api/games/${summary.game}/rules?preset=${encodeURIComponent(summary.preset)}`)
    .then((rules) => { $("rules").innerHTML = markdown(rules.markdown); })
    .catch(() => { $("rules").textContent = t("page.no_rules"); });
  // On phones the action bar is fixed to the bottom; keep room for it at the end of the page.
  new ResizeObserver(() => document.body.style.setProperty("--bar-height", `${$("actions").offsetHeight + 8}px`)).observe($("actions"));
  $("name-ask").addEventListener("submit", sendName);
  $("name-ask-input").addEventListener("input", () => { nameTouched = true; });
  $("name-ask-skip").addEventListener("click", () => { $("name-ask").hidden = true; });
  $("sound").checked = localStorage.getItem("cardroom.sound") === "1";
  $("sound").addEventListener("change", () => localStorage.setItem("cardroom.sound", $("sound").checked ? "1" : "0"));
  $("chat-form").addEventListener("submit", (event) => say(event, tableId, token, showMessage));
  wireMoreTime(tableId, () => token, showMessage, (table) => { if (snap) apply({ ...snap, table }); });
  document.addEventListener("visibilitychange", () => { if (snap) render(); });
  // A link pasted into this tab while the table is open changes only the part after '#': read it anew.
  window.addEventListener("hashchange", () => { if (/token=/.test(location.hash)) location.reload(); });
  if (token) rememberGame(tableId, summary.title);
  connect();
  setInterval(tick, 100);
}

main();
