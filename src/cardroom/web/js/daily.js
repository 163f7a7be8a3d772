// The deal of the day (docs/challenges.md): today's deals, entering one (once), each day's standings
// and the running leaderboard, which the server shows only once you have finished and the day is over.
import { api, el, playerName, rememberGame, savePlayerName, saveToken } from "./api.js";
import { lang, languageMenu, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const AGAIN_MS = 3000;  // how soon standings with a play figure still being worked out are asked for again
const PROVISIONAL_TRIES = 20;  // standings still provisional once every figure is ready are asked for again this often at most
const ordinals = new Intl.PluralRules(lang, { type: "ordinal" });
const numbers = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" });

function until(seconds) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return t("daily.time_two", { hours: t("daily.hours", { count: hours }), minutes: t("daily.minutes", { count: minutes }) });
  if (minutes > 0) return t("daily.minutes", { count: minutes });
  return t("daily.seconds", { count: Math.max(1, Math.ceil(seconds)) });
}

const placeWords = (place) => t(`daily.ordinal.${ordinals.select(place)}`, { n: place });
const signed = (score) => numbers.format(score);
const slotLabel = (slot) => t("daily.slot", { game: slot.title, count: slot.players });
const shownName = (row) => (row.guest ? t("daily.guest", { name: row.name }) : row.name);

// The shown score, marked while it is still by points (the copy's analyses not all ready).
function score(value, scoredBy) {
  const shown = signed(value);
  return scoredBy === "points" ? [shown, " ", el("small", { class: "provisional" }, t("daily.provisional"))] : [shown];
}

function playFigure(row) {
  if (!row.play_ready) return t("daily.play_pending");
  return row.play === null ? t("daily.play_none") : t("daily.play_percent", { accuracy: Math.round(row.play) });
}

async function enter(slot) {
  $("daily-message").textContent = "";
  try {
    const name = $("guest-name").value.trim();
    if (name) savePlayerName(name);
    const entered = await api(`/api/daily/${encodeURIComponent(slot.key)}/enter`, { method: "POST", body: { name } });
    saveToken(entered.table_id, entered.token);
    rememberGame(entered.table_id, `${slotLabel(slot)} (${t("daily.heading")})`);
    location.href = entered.url;
  } catch (error) {
    $("daily-message").textContent = error.message;
  }
}

function slotItem(slot) {
  const item = el("li", {}, el("span", { class: "label" }, slotLabel(slot)));
  if (!slot.table_url) {
    const play = el("button", { type: "button", class: "primary" }, t("daily.play"));
    play.setAttribute("aria-label", t("daily.play_label", { slot: slotLabel(slot) }));
    play.addEventListener("click", () => enter(slot));
    item.append(play);
  } else {
    item.append(el("span", {}, t(slot.finished ? "daily.finished" : "daily.started")),
      el("a", { href: slot.table_url }, t(slot.finished ? "daily.your_game" : "daily.go_on")));
  }
  return item;
}

function table(headings, rows) {
  return el("table", { class: "standings" },
    el("thead", {}, el("tr", {}, ...headings.map((h) => el("th", { scope: "col" }, t(h))))),
    el("tbody", {}, ...rows));
}

// One day's standings at a slot; while they are hidden, why (the page knows whether the deal is finished
// and whether its day is still today, so it words the reason itself).
async function results(day, slot, open, tries = 0) {
  const box = el("div", { class: "results-slot" }, el("h3", {}, t("daily.slot_day", { slot: slotLabel(slot), day })));
  if (!slot.finished || !open) {
    box.append(el("p", { class: "note hidden-results" }, t(slot.finished ? "daily.hidden_open" : "daily.hidden_unfinished")));
    return box;
  }
  try {
    const shown = await api(`/api/daily/${encodeURIComponent(day)}/${encodeURIComponent(slot.key)}/results`);
    box.append(table(
      ["daily.col.place", "daily.col.player", "daily.col.at_table", "daily.col.duplicate", "daily.col.expert", "daily.col.play", "daily.col.game"],
      shown.standings.map((s) => el("tr", {},
        el("td", { class: "number" }, s.place),
        el("td", {}, shownName(s)),
        el("td", {}, placeWords(s.finished_place)),
        el("td", { class: "number" }, ...score(s.duplicate, s.scored_by)),
        el("td", { class: "number" }, ...(s.against_expert === null ? [] : score(s.against_expert, s.scored_by))),
        el("td", { class: "number play" }, playFigure(s)),
        el("td", {}, el("a", { href: s.replay_url }, t("daily.replay")))))));
    const provisional = shown.standings.some((s) => s.scored_by === "points");
    if (provisional) box.append(el("p", { class: "note" }, t("daily.provisional_note")));
    // A figure on its way, or the reference's adjusted result: ask again shortly (a copy that stays
    // provisional, its analysis failed, is not asked for without end).
    if (shown.standings.some((s) => !s.play_ready) || (provisional && tries < PROVISIONAL_TRIES)) {
      setTimeout(async () => box.replaceWith(await results(day, slot, open, tries + 1)), AGAIN_MS);
    }
  } catch (error) {
    box.append(el("p", { class: "note hidden-results" }, error.message));
  }
  return box;
}

async function running() {
  const board = await api("/api/daily/running");
  $("running-explain").textContent = t("daily.running_explain", { count: board.days.length });
  if (!board.standings.length) return [el("p", { class: "note" }, t("daily.running_empty"))];
  return [table(
    ["daily.col.place", "daily.col.player", "daily.col.deals", "daily.col.total", "daily.col.play"],
    board.standings.map((s) => el("tr", {},
      el("td", { class: "number" }, s.place),
      el("td", {}, shownName(s)),
      el("td", { class: "number" }, s.deals),
      el("td", { class: "number" }, signed(s.total),
        ...(s.provisional ? [" ", el("small", { class: "provisional" }, t("daily.provisional_count", { count: s.provisional }))] : [])),
      el("td", { class: "number" }, s.play === null ? "" : t("daily.play_percent", { accuracy: Math.round(s.play) })))))];
}

async function main() {
  translatePage();
  languageMenu($("lang"));
  try {
    const today = await api("/api/daily");
    $("day-closes").textContent = t("daily.closes", { day: today.day, time: until(today.closes_in) });
    $("guest-name-row").hidden = !today.you.guest;
    $("guest-name").value = today.you.name || playerName();
    $("slots").replaceChildren(...today.slots.map(slotItem));
    const played = [
      ...today.earlier.flatMap((day) => day.slots.map((s) => results(day.day, s, true))),
      ...today.slots.filter((s) => s.table_url).map((s) => results(today.day, s, false)),
    ];
    $("results").replaceChildren(...(played.length ? await Promise.all(played) : [el("p", { class: "note" }, t("daily.none_yet"))]));
    $("running").replaceChildren(...await running());
  } catch (error) {
    $("daily-message").textContent = error.message;
  }
}

main();
