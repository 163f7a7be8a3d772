// A friend's challenge (docs/challenges.md): the link's offer, playing it once, then both games side by
// side, each player's decisions turn by turn and where they finished. The id is in the address's
// fragment, so it is never sent to a server's log with the page.
import { api, el, playerName, saveToken } from "./api.js";
import { languageMenu, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const id = location.hash.slice(1);

function place(game) {
  return game.won ? t("friend.won") : t("friend.place", { place: game.place });
}

function showGames(data) {
  const names = data.games.map((g) => (g.you ? t("friend.you", { name: g.name }) : g.name));
  $("games-head").replaceChildren(el("tr", {}, el("th", { scope: "col" }, t("friend.turn")), ...names.map((n) => el("th", { scope: "col" }, n))));
  const turns = Math.max(...data.games.map((g) => g.turns.length));
  const rows = [];
  for (let i = 0; i < turns; i += 1) {
    const same = data.games.every((g) => g.turns[i] === data.games[0].turns[i]);
    rows.push(el("tr", { class: same ? "" : "differs" }, el("th", { scope: "row" }, same ? String(i + 1) : `${i + 1} ≠`),
      ...data.games.map((g) => el("td", {}, g.turns[i] ?? "—"))));
  }
  rows.push(el("tr", { class: "result" }, el("th", { scope: "row" }, t("friend.result")), ...data.games.map((g) => el("td", {}, place(g)))));
  $("games").replaceChildren(...rows);
  $("games-panel").hidden = false;
}

async function play(event) {
  event.preventDefault();
  $("play").disabled = true;
  try {
    const dealt = await api(`/api/friends/${encodeURIComponent(id)}/play`, { method: "POST", body: { name: $("friend-name").value } });
    saveToken(dealt.table_id, dealt.token);
    location.assign(dealt.url);
  } catch (error) {
    $("friend-message").textContent = error.message;
    $("play").disabled = false;
  }
}

async function main() {
  translatePage();
  languageMenu($("lang"));
  $("play-form").addEventListener("submit", play);
  try {
    const offer = await api(`/api/friends/${encodeURIComponent(id)}`);
    $("offer").textContent = t("friend.offer", { name: offer.challenger, game: offer.title });
    $("play-form").hidden = offer.played;
    $("friend-name").value = playerName();
    if (offer.table_url) {
      $("your-table").href = offer.table_url;
      $("yours").hidden = false;
    }
    if (offer.finished) showGames(await api(`/api/friends/${encodeURIComponent(id)}/games`));
    else if (offer.played) $("friend-message").textContent = t("friend.finish_first");
  } catch (error) {
    $("friend-message").textContent = error.message;
  }
  document.body.dataset.ready = "true";
}

main();
