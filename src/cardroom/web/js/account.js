// The account page (docs/accounts.md): sign up keeping this browser's games, log in, log out, and
// "my games" with a link to each table (its replay and analysis open there when the game is over).
import { api, el, savedToken } from "./api.js";
import { heldSeats, noteAccount } from "./account-claim.js";
import { languageMenu, t, translatePage } from "./i18n.js";
import { gameTitles } from "./people-words.js";

const $ = (id) => document.getElementById(id);
const STATES = ["playing", "over", "abandoned", "cancelled", "expired"];

function say(text) {
  $("account-message").textContent = text;
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
  const titles = await gameTitles();
  $("my-games").replaceChildren(...games.map((game) => gameItem(game, titles[game.game] || game.game)));
}

function gameItem(game, title) {
  const here = Boolean(savedToken(game.table_id));
  const when = new Date(game.created).toLocaleString();
  const over = game.status !== "playing";
  const open = el("a", { href: game.url, class: "open-game" }, t(over ? "account.replay" : "account.open_table"));
  const take = here ? null : el("button", { type: "button", class: "take-seat", onclick: () => takeSeat(game) }, t("account.take_seat"));
  return el("li", { dataset: { table: game.table_id } },
    el("span", { class: "what" }, title), el("span", {}, t("account.as", { name: game.seat_name })),
    el("span", { class: "state" }, t("account.state", { state: STATES.includes(game.status) ? t(`account.status.${game.status}`) : game.status, when })), open, take);
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
    if (me.kept) say(t("account.kept", { count: me.kept }));
  } catch (error) {
    say(error.status === 429 ? t("account.too_many_tries") : error.message);
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
  translatePage();
  languageMenu($("lang"));
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
