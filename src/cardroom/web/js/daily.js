// The deal of the day (docs/challenges.md): today's deals, entering one (once), and each day's
// standings, which the server shows only once you have finished and the day is over.
import { api, el, playerName, rememberGame, savePlayerName, saveToken } from "./api.js";

const $ = (id) => document.getElementById(id);

function until(seconds) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours} ${hours === 1 ? "hour" : "hours"} ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  if (minutes > 0) return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  const whole = Math.max(1, Math.ceil(seconds));
  return `${whole} ${whole === 1 ? "second" : "seconds"}`;
}

function placeWords(place) {
  const ends = { 1: "st", 2: "nd", 3: "rd" };
  return `${place}${(place % 100 >= 11 && place % 100 <= 13) ? "th" : (ends[place % 10] || "th")}`;
}

function signed(score) {
  return (score >= 0 ? "+" : "") + score.toFixed(2);
}

async function enter(slot) {
  $("daily-message").textContent = "";
  try {
    const name = $("guest-name").value.trim();
    if (name) savePlayerName(name);
    const entered = await api(`/api/daily/${encodeURIComponent(slot.key)}/enter`, { method: "POST", body: { name } });
    saveToken(entered.table_id, entered.token);
    rememberGame(entered.table_id, `${slot.label} (deal of the day)`);
    location.href = entered.url;
  } catch (error) {
    $("daily-message").textContent = error.message;
  }
}

function slotItem(slot) {
  const item = el("li", {}, el("span", { class: "label" }, slot.label));
  if (!slot.table_url) {
    const play = el("button", { type: "button", class: "primary" }, "Play");
    play.setAttribute("aria-label", `Play ${slot.label}`);
    play.addEventListener("click", () => enter(slot));
    item.append(play);
  } else {
    item.append(el("span", {}, slot.finished ? "Finished" : "Started"), el("a", { href: slot.table_url }, slot.finished ? "Your game" : "Go on playing"));
  }
  return item;
}

async function results(day, slot) {
  const box = el("div", { class: "results-slot" }, el("h3", {}, `${slot.label}, ${day}`));
  try {
    const shown = await api(`/api/daily/${encodeURIComponent(day)}/${encodeURIComponent(slot.key)}/results`);
    const rows = shown.standings.map((s) => el("tr", {},
      el("td", { class: "number" }, s.place),
      el("td", {}, s.guest ? `${s.name} (guest)` : s.name),
      el("td", {}, placeWords(s.finished_place)),
      el("td", { class: "number" }, signed(s.duplicate)),
      el("td", { class: "number" }, s.against_expert === null ? "" : signed(s.against_expert)),
      el("td", {}, el("a", { href: s.replay_url }, "Replay"))));
    box.append(el("table", { class: "standings" },
      el("thead", {}, el("tr", {}, ...["Place", "Player", "At the table", "Against the same cards", "Against the expert bot", "Game"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, ...rows)));
  } catch (error) {
    box.append(el("p", { class: "note hidden-results" }, error.message));
  }
  return box;
}

async function main() {
  try {
    const today = await api("/api/daily");
    $("day-closes").textContent = `Today is ${today.day}; its deals close in ${until(today.closes_in)}.`;
    $("guest-name-row").hidden = !today.you.guest;
    $("guest-name").value = today.you.name || playerName();
    $("slots").replaceChildren(...today.slots.map(slotItem));
    const played = [...today.earlier.map((s) => [today.earlier_day, s]), ...today.slots.filter((s) => s.table_url).map((s) => [today.day, s])];
    $("results").replaceChildren(...(played.length
      ? await Promise.all(played.map(([day, s]) => results(day, s)))
      : [el("p", { class: "note" }, "Play a deal to see how everyone did once the day is over.")]));
  } catch (error) {
    $("daily-message").textContent = error.message;
  }
}

main();
