// The leaderboards (docs/accounts.md, "Ratings"): a game chosen, its rated people, best first.
import { api, el } from "./api.js";
import { gameTitles, playerLink } from "./people-words.js";
import { languageMenu, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);

async function show(game) {
  try {
    const board = await api(`/api/people/leaderboard/${encodeURIComponent(game)}`);
    $("board").replaceChildren(...board.players.map((p) => el("tr", {},
      el("td", { class: "number" }, p.rank), el("td", {}, el("a", { href: playerLink(p.name) }, p.name)),
      el("td", { class: "number" }, p.rating.toFixed(1)), el("td", { class: "number" }, p.games))));
    $("board-empty").hidden = board.players.length > 0;
  } catch (error) {
    $("people-message").textContent = error.message;
  }
}

async function main() {
  translatePage();
  languageMenu($("lang"));
  const titles = await gameTitles();
  const chosen = new URLSearchParams(location.search).get("game") || Object.keys(titles)[0];
  $("board-game").replaceChildren(...Object.entries(titles).map(([name, title]) => el("option", { value: name, selected: name === chosen }, title)));
  $("board-game").addEventListener("change", (e) => {
    history.replaceState(null, "", `?game=${encodeURIComponent(e.target.value)}`);
    show(e.target.value);
  });
  await show(chosen);
}

main();
