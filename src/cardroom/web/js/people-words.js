// Words the leaderboard and a player's page share: a game's title (from the room's list of games).
import { api } from "./api.js";

let titles = null;

export async function gameTitles() {
  if (!titles) {
    titles = {};
    for (const g of await api("/api/games")) titles[g.name] = g.title;
  }
  return titles;
}

export const playerLink = (name) => `/people/${encodeURIComponent(name)}`;
