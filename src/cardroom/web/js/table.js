// The table page: one WebSocket pushes this seat's snapshot; the board is drawn by the game's own
// renderer (games/<game>.js) and every legal action is also a button, so everything is reachable by
// keyboard. Whatever the server refuses is shown with its reason.
import { api, ApiError, el, forgetToken, playerName, rememberGame, savedToken, savePlayerName, saveToken } from "./api.js";
import { markdown } from "./markdown.js";
import { analysisPanel, hintButton, replayAnalyseButton } from "./analysis.js";
import { hintNotice } from "./hints.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const RENDERERS = { tacocat: "tacocat.js", "exploding-kittens": "kittens.js", taco: "taco.js" };

let token = null;
let snap = null;
let renderer = null;
let busy = false;
let socket = null;
let retry = 500;
let windowEnds = null;
let turnEnds = null; // when a bot will play for me, if this table has a turn timer
let seatEnds = {}; // seat -> when a bot will play for that seat (turn timers are public)
let overShown = false;
let replaying = null;
let catalogue = {}; // card slug -> {name, type, points, text} for games whose deck is data // {step, steps, view, log} while looking back at a finished game

function takeTokenFromLink() {
  // Invitation links carry the token after '#', so it never reaches server logs; keep it, then hide it.
  const match = /(?:^|[#&])token=([^&]+)/.exec(location.hash);
  if (match) {
    saveToken(tableId, decodeURIComponent(match[1]));
    history.replaceState(null, "", location.pathname);
  }
  const fromQuery = new URLSearchParams(location.search).get("token");
  if (fromQuery) {
    saveToken(tableId, fromQuery);
    history.replaceState(null, "", location.pathname);
  }
  return savedToken(tableId);
}

function seatName(seat) {
  if (!snap) return `Seat ${seat + 1}`;
  const info = snap.table.seats[seat];
  return info ? info.shown || info.name : `Seat ${seat + 1}`; // "Zed (auto)" while the room plays it
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
    if (error instanceof ApiError && error.status === 409) showMessage("The game moved on before your choice arrived; choose again.");

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
  };
}

function renderSeats(view) {
  const outcome = view.outcome;
  const conceded = concededSeats();
  $("seats-bar").replaceChildren(...snap.table.seats.map((s) => {
    const acting = view.to_act.includes(s.seat);
    const won = outcome && outcome.winners.includes(s.seat);
    const kind = s.kind === "bot" ? `bot: ${s.bot}` : s.kind === "invite" && !s.joined ? "invited" : "person";
    return el("div", {
      class: `seat-chip${acting ? " acting" : ""}${s.seat === snap.seat ? " me" : ""}${won ? " won" : ""}`,
      "data-seat": s.seat,
    }, el("strong", {}, s.shown || s.name), el("span", { class: "muted" }, ` ${kind}${s.seat === snap.seat ? " · you" : ""}`),
    acting ? el("span", { class: "badge" }, "deciding") : null, won ? el("span", { class: "badge gold" }, "winner") : null,
    conceded.has(s.seat) ? el("span", { class: "badge muted-badge" }, "conceded") : null,
    el("span", { class: "seat-clock", "data-seat": s.seat }),
    s.seat === snap.seat ? el("button", { type: "button", class: "rename", "aria-label": "Change your name", title: "Change your name", onclick: rename }, "✎") : null);
  }));
}

function renderActions(view, live) {
  const box = $("actions");
  if (!live || snap.seat === null) {
    box.replaceChildren(el("p", { class: "muted" }, replaying ? `Replay: step ${replaying.step} of ${replaying.steps}` :
      snap.seat === null ? "You are watching." : ""));
    return;
  }
  if (view.is_over) {
    box.replaceChildren(el("p", { class: "muted" }, "The game is over. "),
      el("button", { type: "button", class: "primary", id: "rematch-bar", onclick: rematch }, snap.table.rematch_id ? "Join the rematch" : "Rematch"));
    return;
  }
  const legal = offered(view, live);
  const passed = snap.window && snap.window.answered ? el("p", { class: "muted", id: "passed-note" },
    "You passed. The window closes when everyone has answered or its time is up.") : null;
  if (legal.length === 0) {
    const waiting = view.to_act.map(seatName).join(", ");
    const left = concededSeats().has(snap.seat) ? "You conceded; the game goes on without you. " : "";
    box.replaceChildren(passed || el("p", { class: "muted" }, `${left}Waiting for ${waiting}.`));
    return;
  }
  const label = (text) => (renderer && renderer.label ? renderer.label(text, view, ctx(view, live)) : text);
  // An antic asked of this seat is said in the chat, never clicked: the bar leads there (on a phone
  // the chat is far below it).
  const spoken = snap.table.game === "taco" && legal.some((text) => text === "hail" || text === "accent") ?
    el("button", { type: "button", class: "primary", id: "to-chat", onclick: toChat }, "Answer in the chat") : null;
  box.replaceChildren(
    el("h2", { class: "sr-only" }, "Your choices"),
    ...(passed ? [passed] : []),
    ...(spoken ? [spoken] : []),
    el("div", { class: "action-buttons" }, legal.filter((text) => !(renderer && renderer.hide && renderer.hide(text, view))).map((text) =>
      el("button", { type: "button", class: "action", "data-action": text, title: text, onclick: () => act(text) }, label(text)))),
    hintButton(snap, tableId, token) || "",
  );
}

function toChat() {
  $("chat-box").open = true;
  $("chat-input").scrollIntoView({ block: "center" });
  $("chat-input").focus();
}

async function rename() {
  const name = (window.prompt("Your name at this table", playerName()) || "").trim().slice(0, 40);
  if (!name) return;
  savePlayerName(name);
  try {
    await api(`/api/tables/${tableId}/join`, { method: "POST", token, body: { name } });
  } catch (error) {
    showMessage(error.message);
  }
}

function renderLog(entries) {
  const log = $("log");
  // The engines write seats as P0, P1…; people read names. Numbered items keep their place.
  const named = (text) => text.replace(/\bP(\d+)\b/g, (whole, n) => (snap && snap.table.seats[Number(n)] ? seatName(Number(n)) : whole));
  // A move the clock made for a seat says so (an entry of kind timed_out already does in its text).
  const text = (e) => named(e.text) + (e.timed_out && e.kind !== "timed_out" ? " (timed out)" : "");
  log.replaceChildren(...entries.map((e) => el("li", {}, text(e))));
  log.scrollTop = log.scrollHeight;
}

// The optional turn sound: a short tone made in the page (no audio file), only if asked for.
let wasMyTurn = false;
function chime() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch {
    // no sound available: the tab title still says it
  }
}

function renderChat(messages) {
  const list = $("chat");
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  // Plain text only: names and messages become text nodes, never HTML.
  list.replaceChildren(...(messages || []).map((m) => el("li", {}, el("strong", {}, m.name), ": ", m.text)));
  if (atEnd) list.scrollTop = list.scrollHeight;
}

async function say(event) {
  event.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim();
  if (!text) return;
  try {
    await api(`/api/tables/${tableId}/chat`, { method: "POST", token, body: { text } });
    input.value = "";
  } catch (error) {
    showMessage(error instanceof ApiError && error.status === 429 ? "You are sending messages too fast; wait a moment." : error.message);
  }
}

function renderOutcome(view) {
  const outcome = view.outcome;
  if (!outcome) return;
  const body = [el("p", {}, `${outcome.winners.map(seatName).join(" and ")} ${outcome.winners.length > 1 ? "win" : "wins"}.`),
    el("p", { class: "muted" }, outcome.reason)];
  const conceded = concededSeats();
  const places = el("ol", { class: "ranking" }, outcome.ranking.map((group) =>
    el("li", {}, group.map((s) => seatName(s) + (outcome.scores ? ` (${outcome.scores[s]} points)` : "") +
      (conceded.has(s) ? ", conceded" : "")).join(", "))));
  body.push(places, analysisPanel(tableId, token));
  $("game-over-body").replaceChildren(...body.filter(Boolean));
  const rematch = $("rematch");
  rematch.hidden = snap.seat === null;
  rematch.textContent = snap.table.rematch_id ? "Join the rematch" : "Rematch";
  if (!overShown) {
    overShown = true;
    if (!$("game-over").open) $("game-over").showModal();
  }
}

function render() {
  if (!snap) return;
  const live = !replaying;
  const view = live ? snap.view : replaying.view;
  // Turn alert: the tab title says so when it is this seat's decision and the tab is in the background.
  const alert = live && !view.is_over && offered(view, live).length > 0 && document.hidden;
  document.title = `${alert ? "● Your turn · " : ""}cardroom: ${snap.table.title}`;
  const myTurn = live && !view.is_over && offered(view, live).length > 0;
  if (myTurn && !wasMyTurn && $("sound").checked) chime();
  wasMyTurn = myTurn;
  // For tests and assistive tools: where the game stands, as plain attributes.
  document.body.dataset.step = String(view.step);
  document.body.dataset.over = String(view.is_over);
  document.body.dataset.mine = String(document.body.dataset.online !== "false" && offered(view, live).length > 0);
  $("title").textContent = `${snap.table.title} · ${snap.table.preset}`;
  const turn = view.is_over ? "Game over" : snap.window && snap.window.answered ? "You passed; the window is still open" :
    view.to_act.includes(snap.seat) ? "Your decision" :
    `Waiting for ${view.to_act.map(seatName).join(", ")}`;
  $("status").textContent = live ? turn : `Replay · step ${replaying.step}/${replaying.steps}`;
  renderSeats(view);
  hintNotice(snap);
  const board = $("board");
  board.dataset.game = snap.table.game;
  if (renderer) renderer.render(board, view, ctx(view, live));
  renderActions(view, live);
  // Conceding is offered to a seat still in a running game (see docs/server.md, "Conceding"). With three
  // or more seats the others play on; in an open reaction window it counts as this seat's pass.
  const gone = concededSeats().has(snap.seat) || (Array.isArray(view.out) && view.out.includes(snap.seat));
  $("concede").hidden = !(live && token && snap.seat !== null && !view.is_over && !gone);
  const many = snap.table.seats.length > 2;
  $("concede-text").textContent = many ? "You leave the game and rank last; the others play on. This cannot be undone." :
    "The game ends now and your opponent wins. This cannot be undone.";
  $("concede").disabled = document.body.dataset.online === "false";
  if ($("concede").disabled && $("concede-confirm").open) $("concede-confirm").close();
  if (view.is_over && $("concede-confirm").open) $("concede-confirm").close();
  renderLog(live ? snap.log : replaying.log);
  renderChat(snap.chat);
  if (document.body.dataset.online === "false") {
    for (const button of document.querySelectorAll("#board button, #actions button")) button.disabled = true;
  }
  if (live && view.is_over) {
    renderOutcome(view);
    $("replay-box").hidden = false;
    $("replay-box").append(replayAnalyseButton(tableId, token) || "");
  }
}

function apply(message) {
  snap = message;
  windowEnds = message.window ? Date.now() + message.window.remaining * 1000 : null;
  const mine = message.seat === null ? undefined : message.turn_deadlines[String(message.seat)];
  turnEnds = mine === undefined ? null : Date.now() + mine * 1000;
  // Every seat's clock is public: when a bot will stand in for whoever is deciding.
  seatEnds = Object.fromEntries(Object.entries(message.turn_deadlines).map(([seat, left]) => [seat, Date.now() + left * 1000]));
  render();
}

function tickSeats() {
  for (const clock of document.querySelectorAll(".seat-clock")) {
    const ends = seatEnds[clock.dataset.seat];
    const inWindow = windowEnds !== null && snap && snap.view.to_act.includes(Number(clock.dataset.seat));
    if (ends !== undefined && !replaying) clock.textContent = `${Math.ceil(Math.max(0, (ends - Date.now()) / 1000))} s left`;
    else if (inWindow && !replaying) clock.textContent = `${Math.max(0, (windowEnds - Date.now()) / 1000).toFixed(1)} s left`;
    else clock.textContent = "";
  }
}

function tick() {
  tickSeats();
  const box = $("countdown");
  if (windowEnds === null && turnEnds !== null && !replaying) {
    const left = Math.max(0, (turnEnds - Date.now()) / 1000);
    box.hidden = false;
    box.textContent = `Your turn timer: ${Math.ceil(left)} s`;
    box.style.setProperty("--left", String(snap.table.turn_seconds ? left / snap.table.turn_seconds : 0));
    return;
  }
  if (windowEnds === null || replaying) {
    box.hidden = true;
    return;
  }
  const left = Math.max(0, (windowEnds - Date.now()) / 1000);
  box.hidden = false;
  box.textContent = `Reaction window: ${left.toFixed(1)} s`;
  box.style.setProperty("--left", String(snap && snap.window ? left / snap.window.seconds : 0));
}

// Connection state: while the socket is down the page says so at once, and every action is disabled;
// it reconnects by itself, and the first snapshot after that (the server's latest step) resyncs it.
function setOnline(online) {
  $("connection").hidden = online;
  document.body.classList.toggle("offline", !online);
  document.body.dataset.online = String(online);
  if (online && $("message").textContent.startsWith("The server cannot be reached")) showMessage("");
  if (snap) render(); // disables (or enables again) every action
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/api/tables/${tableId}/ws${query}`);
  socket.onmessage = (event) => {
    retry = 500;
    const message = JSON.parse(event.data);
    if (message.type === "snapshot") {
      apply(message);
      if (document.body.dataset.online !== "true") setOnline(true);
    }
  };
  socket.onclose = (event) => {
    if (event.code === 4404) return showMessage("There is no such table.");
    if (event.code === 4403) return showMessage("This browser's seat token is not valid for this table.");
    if (event.code === 4429) { // refused for now (too many sockets): say why, try again later
      showMessage(`The room turned this connection away (${event.reason || "too many connections"}); trying again in 15 seconds.`);
      setOnline(false);
      return setTimeout(connect, 15000);
    }
    setOnline(false);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 2000);
  };
}

async function loadRenderer(game) {
  const file = RENDERERS[game];
  try {
    renderer = file ? await import(`./games/${file}`) : await import("./games/generic.js");
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

async function share(url, note) {
  $("share-link").value = url;
  $("share-link").hidden = false;
  $("share-label").hidden = false;
  $("share-link").select();
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    copied = false; // no clipboard (plain http on another machine): the link is selected to copy by hand
  }
  $("share-note").textContent = copied ? `Copied. ${note}` : `Copy this link. ${note}`;
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
    share(link.url, "Whoever opens it first takes your seat, and this browser then only watches.");
  } catch (error) {
    showMessage(error.message);
  }
}

function wire() {
  $("copy-watch-link").addEventListener("click", () => share(`${location.origin}/table/${tableId}`, "It shows the table without anyone's cards."));
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
  token = takeTokenFromLink();
  wire();
  let summary;
  try {
    summary = await api(`/api/tables/${tableId}`);
  } catch (error) {
    showMessage(error.message);
    return;
  }
  await loadRenderer(summary.game);
  catalogue = await api(`/api/tables/${tableId}/cards`).catch(() => ({}));
  if (token) {
    try {
      const joined = await api(`/api/tables/${tableId}/join`, { method: "POST", token, body: { name: playerName() || null } });
      // An invitation or hand-over link is exchanged for a secret only this browser holds.
      if (joined.token) {
        token = joined.token;
        saveToken(tableId, token);
      }
    } catch (error) {
      forgetToken(tableId);
      token = null;
      if (error instanceof ApiError && error.status === 410) showMessage("This link was already used: its seat has been taken. You are watching.");
      else if (error instanceof ApiError && error.status === 403) showMessage("This browser no longer holds a seat here (it may have been moved to another device). You are watching.");
      else showMessage(error.message);
    }
  }
  api(`/api/games/${summary.game}/rules?preset=${encodeURIComponent(summary.preset)}`)
    .then((rules) => { $("rules").innerHTML = markdown(rules.markdown); })
    .catch(() => { $("rules").textContent = "The rules could not be loaded."; });
  // On phones the action bar is fixed to the bottom; keep room for it at the end of the page.
  new ResizeObserver(() => document.body.style.setProperty("--bar-height", `${$("actions").offsetHeight + 8}px`)).observe($("actions"));
  $("handoff").hidden = !token;
  $("chat-form").hidden = !token;
  $("sound").checked = localStorage.getItem("cardroom.sound") === "1";
  $("sound").addEventListener("change", () => localStorage.setItem("cardroom.sound", $("sound").checked ? "1" : "0"));
  $("chat-form").addEventListener("submit", say);
  document.addEventListener("visibilitychange", () => { if (snap) render(); });
  if (token) rememberGame(tableId, summary.title);
  connect();
  setInterval(tick, 100);
}

main();
