// Puzzles from your games (docs/challenges.md): the list (from the seats this browser holds and your
// account's), and one puzzle: your seat's view before the decision, drawn by the game's renderer, its
// legal actions as buttons, and once you pick, the answer in the analysis's words. Nothing of the
// answer is asked for before the pick. A puzzle's id is in the fragment (never in a server's log).
import { api, el } from "./api.js";
import { heldSeats } from "./account-claim.js";
import { languageMenu, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const pct = (x) => `${Math.round(100 * x)}%`;

async function list() {
  const mine = await api("/api/puzzles/mine", { method: "POST", body: { seats: heldSeats().slice(0, 100) } });
  $("puzzle-list").replaceChildren(...mine.puzzles.map((p, i) => el("li", {},
    el("a", { href: `#${p.id}`, class: "puzzle-link" }, t("puzzles.item", { n: i + 1, game: p.title })))));
  $("puzzles-empty").hidden = mine.puzzles.length > 0;
}

function told(answer) {
  const verdict = answer.right ? t("puzzles.right") : t("puzzles.wrong");
  return [el("p", { class: answer.right ? "right" : "wrong" }, el("strong", {}, verdict)),
    el("p", {}, t("puzzles.explain", { better: answer.better, win: pct(answer.answer_win), next: pct(answer.next_win) })),
    el("p", {}, t("puzzles.in_game", { did: answer.did, win: pct(answer.chosen_win) }))];
}

async function show(id) {
  const position = await api("/api/puzzles/open", { method: "POST", body: { id } });
  const renderer = await import(`./games/${position.renderer}.js`); // the game's kit names it
  const seatName = (seat) => position.seat_names[seat] ?? t("seat.numbered", { n: seat + 1 });
  let answered = false;
  const pick = async (action) => {
    if (answered) return;
    try {
      const answer = await api("/api/puzzles/answer", { method: "POST", body: { id, action } });
      answered = true;
      for (const button of $("choices").querySelectorAll("button")) button.disabled = true;
      $("told").replaceChildren(...told(answer));
    } catch (error) {
      $("puzzles-message").textContent = error.message;
    }
  };
  const ctx = { legal: position.legal, can: (text) => position.legal.includes(text), act: pick, seatName, mySeat: position.seat,
    conceded: new Set(), cards: {}, live: true, rerender: () => {}, named: (text) => text, table: { seats: [] } };
  ctx.label = (text) => (renderer.label ? renderer.label(text, position.view, ctx) : text);
  $("puzzle-heading").textContent = t("puzzles.position", { game: position.title });
  renderer.render($("board"), position.view, ctx);
  $("choices").replaceChildren(...position.legal.map((text) => el("button", { type: "button", class: "choice", onclick: () => pick(text) }, ctx.label(text))));
  $("told").replaceChildren();
  $("list-panel").hidden = true;
  $("puzzle-panel").hidden = false;
}

async function route() {
  $("puzzles-message").textContent = "";
  const id = location.hash.slice(1);
  try {
    if (id) await show(id);
    else {
      $("puzzle-panel").hidden = true;
      $("list-panel").hidden = false;
      await list();
    }
  } catch (error) {
    $("puzzles-message").textContent = error.message;
  }
  document.body.dataset.ready = "true";
}

translatePage();
languageMenu($("lang"));
window.addEventListener("hashchange", () => { document.body.dataset.ready = "false"; route(); });
route();
