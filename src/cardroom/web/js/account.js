// The account page (docs/accounts.md): sign up keeping this browser's games, log in, log out, and
// "my games" with a link to each table (its replay and analysis open there when the game is over).
import { api, el, savedToken } from "./api.js";
import { heldSeats, noteAccount } from "./account-claim.js";

const $ = (id) => document.getElementById(id);
const TITLES = { tacocat: "Tacocat Spelled Backwards", "exploding-kittens": "Exploding Kittens", taco: "T.A.C.O." };
const STATES = { playing: "being played", over: "finished", abandoned: "abandoned", cancelled: "cancelled", expired: "closed after a long wait" };

function say(text) {
  $("account-message").textContent = text;
}

function gameTitle(game) {
  return TITLES[game] || game;
}

async function showSignedIn(me) {
  noteAccount(me.name);
  $("signed-out").hidden = true;
  $("signed-in").hidden = false;
  $("me-name").textContent = me.name;
  $("my-page").href = `/people/${encodeURIComponent(me.name)}`;
  await api("/api/account/seats", { method: "POST", body: { seats: heldSeats() } }).catch(() => null);
  const games = await api("/api/account/games");
  $("no-games").hidden = games.length > 0;
  $("my-games").replaceChildren(...games.map(gameItem));
}

function gameItem(game) {
  const here = Boolean(savedToken(game.table_id));
  const when = new Date(game.created).toLocaleString();
  const over = game.status !== "playing";
  const open = el("a", { href: game.url, class: "open-game" }, over ? "Replay and analysis" : "Open the table");
  const take = here ? null : el("button", { type: "button", class: "take-seat", onclick: () => takeSeat(game) }, "Play this seat here");
  return el("li", { dataset: { table: game.table_id } },
    el("span", { class: "what" }, gameTitle(game.game)), el("span", {}, `as ${game.seat_name}`),
    el("span", { class: "state" }, `${STATES[game.status] || game.status}, ${when}`), open, take);
}

// A seat this browser has no token for: a one-time link moves it here (docs/accounts.md).
async function takeSeat(game) {
  try {
    const link = await api(`/api/account/seats/${game.table_id}/${game.seat}/link`, { method: "POST" });
    location.href = link.url;
  } catch (error) {
    say(error.message);
  }
}

function showSignedOut() {
  noteAccount("");
  $("signed-in").hidden = true;
  $("signed-out").hidden = false;
}

async function submit(event, path, name, password) {
  event.preventDefault();
  say("");
  try {
    const me = await api(path, { method: "POST", body: { name: $(name).value, password: $(password).value, seats: heldSeats() } });
    $(password).value = "";
    await showSignedIn(me);
    if (me.kept) say(me.kept === 1 ? "1 game of this browser is now kept by your account." : `${me.kept} games of this browser are now kept by your account.`);
  } catch (error) {
    say(error.status === 429 ? "Too many tries: wait a minute and try again." : error.message);
  }
}

async function logOut() {
  try {
    await api("/api/account/logout", { method: "POST" });
  } catch (error) {
    say(error.message);
    return;
  }
  showSignedOut();
}

async function main() {
  $("signup").addEventListener("submit", (e) => submit(e, "/api/account/signup", "signup-name", "signup-password"));
  $("login").addEventListener("submit", (e) => submit(e, "/api/account/login", "login-name", "login-password"));
  $("logout").addEventListener("click", logOut);
  try {
    await showSignedIn(await api("/api/account"));
  } catch (error) {
    if (error.status === 401) showSignedOut();
    else say(error.message);
  }
}

main();
