// A player's page (docs/accounts.md, "Ratings"): each game's rating with its history drawn as an SVG
// line, and the recent finished games with links to their replays and analyses.
import { api, el } from "./api.js";
import { gameTitles } from "./people-words.js";
import { languageMenu, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const W = 600, H = 180, PAD = 34;

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

// The rating after each rated table, left to right; the axis says the lowest and highest values.
export function plot(points, label) {
  const values = points.map((p) => p.rating);
  const low = Math.min(0, ...values), high = Math.max(1, ...values);
  const x = (i) => PAD + (points.length < 2 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (points.length - 1));
  const y = (v) => H - PAD + ((v - low) / (high - low || 1)) * (2 * PAD - H);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  return svg("svg", { class: "plot", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label },
    svg("line", { class: "axis", x1: PAD, y1: H - PAD, x2: W - PAD, y2: H - PAD }),
    svg("line", { class: "axis", x1: PAD, y1: PAD / 2, x2: PAD, y2: H - PAD }),
    svg("text", { x: 2, y: y(high) + 4 }, high.toFixed(1)), svg("text", { x: 2, y: y(low) + 4 }, low.toFixed(1)),
    svg("text", { x: W - PAD, y: H - 8, "text-anchor": "end" }, t("people.rated_games", { count: points.length })),
    points.length ? svg("path", { class: "line", d: line.length > 1 ? line : "" }) : "",
    ...points.map((p, i) => svg("circle", { cx: x(i), cy: y(p.rating), r: 3, fill: "#b8322a" })));
}

async function main() {
  translatePage();
  languageMenu($("lang"));
  const name = decodeURIComponent(location.pathname.split("/").pop());
  let player;
  try {
    player = await api(`/api/people/${encodeURIComponent(name)}`);
  } catch (error) {
    $("people-message").textContent = error.message;
    return;
  }
  const titles = await gameTitles();
  document.title = `cardroom: ${player.name}`;
  $("person-name").textContent = player.name;
  $("no-ratings").hidden = player.ratings.length > 0;
  $("ratings").replaceChildren(...player.ratings.map((r) => {
    const title = titles[r.game] || r.game;
    const games = t("people.rated_games", { count: r.games });
    return el("div", { class: "game-rating", dataset: { game: r.game } },
      el("h3", {}, `${title}: ${r.rating.toFixed(1)}`), el("p", { class: "note" }, games),
      plot(r.history, t("people.plot", { name: player.name, title, count: r.history.length,
        from: r.history.length ? r.history[0].rating.toFixed(1) : 0, to: r.rating.toFixed(1) })));
  }));
  $("no-recent").hidden = player.recent.length > 0;
  $("recent").replaceChildren(...player.recent.map((g) => el("li", { dataset: { table: g.table_id } },
    el("strong", {}, titles[g.game] || g.game), el("span", {}, t("account.as", { name: g.seat_name })),
    el("span", { class: "muted" }, new Date(g.created).toLocaleDateString()),
    el("a", { href: g.url }, t("account.replay")))));
  $("recent").classList.add("recent");
}

main();
