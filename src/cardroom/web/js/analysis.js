// Post-game analysis and hints in the browser. The server computes both from this seat's own view
// (see docs/analysis.md); this module only asks for them and draws them: a win-chance graph in SVG,
// the costliest decisions, every decision with its verdict, and the hint ranking.
import { api, el } from "./api.js";
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const COLORS = { best: "#1d6b38", inaccuracy: "#6b5a00", mistake: "#9a4a00", blunder: "#a11d1d" };
const panels = new Map(); // table id -> the panel, kept across re-renders of the game-over dialog

function ensureStyles() {
  if (document.getElementById("analysis-css")) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/css/analysis.css", id: "analysis-css" }));
}

const pct = (x) => `${Math.round(100 * x)}%`;
const verdictWord = (label) => t(`analysis.verdict.${label}`);

// A catalogue message whose {places} are elements (a bold move inside a sentence): the text around
// them as text, each place as its node, in the order the language puts them.
function woven(key, nodes, params = {}) {
  return t(key, params).split(/(\{\w+\})/).filter(Boolean)
    .map((part) => (/^\{\w+\}$/.test(part) && part.slice(1, -1) in nodes ? nodes[part.slice(1, -1)] : part));
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c);
  return node;
}

// A step line through (step, win chance) points, held level to the last step.
function steps(points, x, y, last) {
  let d = "";
  points.forEach(([step, win], i) => {
    d += i === 0 ? `M${x(step)},${y(win)}` : `H${x(step)}V${y(win)}`;
  });
  return d + `H${x(last)}`;
}

// The band of (step, low, high) points as one closed step-shaped area: along the tops, back along the lows.
function bandPath(band, x, y, last) {
  let d = "";
  band.forEach(([step, , high], i) => { d += i === 0 ? `M${x(step)},${y(high)}` : `H${x(step)}V${y(high)}`; });
  d += `H${x(last)}`;
  for (let i = band.length - 1; i >= 0; i--) d += `V${y(band[i][1])}H${x(band[i][0])}`;
  return d + "Z";
}

// On a phone the graph is drawn in fewer units, so that its words keep a readable size when it
// shrinks to the screen's width (renderAnalysis redraws it when the width crosses this line).
const NARROW = window.matchMedia("(max-width: 480px)");

export function graph(analysis) {
  const oracle = analysis.oracle;
  const narrow = NARROW.matches;
  const W = narrow ? 360 : 600, H = oracle ? 264 : 220, L = 40, R = 10, T = 10, B = oracle ? 74 : 30;
  const last = Math.max(1, analysis.steps);
  const x = (step) => L + ((W - L - R) * step) / last;
  const y = (win) => T + (H - T - B) * (1 - win);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "win-graph", role: "img",
    "aria-label": t("analysis.graph", { start: pct(analysis.start), result: pct(analysis.result), summary: analysis.summary }) +
      (oracle ? " " + t("analysis.graph_oracle", { label: oracle.label }) : "") });
  for (const level of [0, 1]) {
    root.append(svg("line", { x1: L, x2: W - R, y1: y(level), y2: y(level), class: "grid" }));
    root.append(svg("text", { x: L - 6, y: y(level) + 4, "text-anchor": "end" }, `${100 * level}%`));
  }
  // The reference line: the seat's fair share of the wins (50% at two players, 25% at four), labelled.
  const fair = 1 / (analysis.players || 2);
  root.append(svg("line", { x1: L, x2: W - R, y1: y(fair), y2: y(fair), class: "mid" }));
  root.append(svg("text", { x: L - 6, y: y(fair) + 4, "text-anchor": "end" }, pct(fair)));
  root.append(svg("text", { x: L + 4, y: y(fair) - 4, class: "fair-label" }, t("analysis.fair_share", { share: pct(fair) })));
  // The estimates' noise as a band around the line, not read as its swings.
  if (analysis.band && analysis.band.length) {
    root.append(svg("path", { d: bandPath(analysis.band, x, y, last), class: "band" }, svg("title", {}, t("analysis.noise"))));
  }
  root.append(svg("text", { x: (L + W - R) / 2, y: H - B + 22, "text-anchor": "middle" }, t("analysis.axis")));
  if (oracle) {
    // Drawn first, under the seat's own line; it knows the hidden cards and never feeds a verdict.
    root.append(svg("path", { d: steps([[0, analysis.start], ...oracle.timeline], x, y, last), class: "oracle" },
      svg("title", {}, oracle.label)));
    const ly = H - 26;  // the legend: two rows under the axis label
    root.append(svg("line", { x1: L, x2: L + 24, y1: ly - 4, y2: ly - 4, class: "line" }));
    root.append(svg("text", { x: L + 30, y: ly }, t("analysis.legend_own")));
    root.append(svg("line", { x1: L, x2: L + 24, y1: ly + 12, y2: ly + 12, class: "oracle" }));
    root.append(svg("text", { x: L + 30, y: ly + 16, class: "oracle-label" },
      t(narrow ? "analysis.legend_oracle_short" : "analysis.legend_oracle")));
  }
  // The line on one footing, holding level within the estimates' noise (docs/analysis.md, "The graph");
  // an analysis made before it has only the checkpoints.
  root.append(svg("path", { d: steps(analysis.drawn || analysis.timeline, x, y, last), class: "line" }));
  // A marker per decision that cost something; markers of neighbouring decisions that would touch
  // are stacked upwards (up to four high, then from the line again), so each stays a separate dot.
  let lastX = -Infinity;
  let stack = 0;
  const shown = new Set();
  for (const dec of analysis.decisions) {
    if (dec.label === "best") continue;
    const cx = x(dec.step + 1);
    stack = cx - lastX < 11 ? (stack + 1) % 4 : 0;
    lastX = cx;
    shown.add(dec.label);
    const up = y(dec.win_after) - 11 * stack; // near the top of the graph they stack downwards instead
    const mark = svg("circle", { cx, cy: up >= T + 5 ? up : y(dec.win_after) + 11 * stack, r: 5, fill: COLORS[dec.label], class: `mark ${dec.label}` },
      svg("title", {}, t("analysis.mark", { step: dec.step, did: dec.did || dec.chosen, verdict: verdictWord(dec.label),
        count: Math.round(100 * dec.loss), better: dec.better || dec.best })));
    root.append(mark);
  }
  // The markers' legend, at the top right: only the kinds drawn.
  let lx = W - R;
  for (const label of ["blunder", "mistake", "inaccuracy"].filter((l) => shown.has(l))) {
    const word = verdictWord(label);
    lx -= 8 + 7 * word.length + 14;
    root.append(svg("circle", { cx: lx + 5, cy: T + 6, r: 5, fill: COLORS[label] }));
    root.append(svg("text", { x: lx + 14, y: T + 10, class: "legend" }, word));
  }
  return root;
}

function verdict(label) {
  return el("span", { class: `verdict ${label}` }, verdictWord(label));
}

// The headline: accuracy per decision and how the cards ran, both on 0-100% scales, each with what
// it measures (docs/analysis.md); older analyses without it fall back to their one-line summary.
function headline(analysis) {
  const h = analysis.headline;
  if (!h) return [el("p", { class: "analysis-summary" }, analysis.summary)];
  const counts = Object.entries(h.verdicts || {}).filter(([, n]) => n).map(([v, n]) => t(`analysis.count.${v}`, { count: n }));
  return [
    el("div", { class: "headline analysis-summary", "aria-label": analysis.summary },
      el("div", { class: "figure" }, el("strong", {}, h.accuracy === null ? "–" : `${Math.round(h.accuracy)}%`),
        el("span", {}, t("analysis.accuracy")),
        el("small", {}, t("analysis.decisions", { count: h.decisions }) + (counts.length ? `; ${counts.join(", ")}` : ""))),
      el("div", { class: "figure" }, el("strong", {}, h.cards_share === null ? "–" : `${Math.round(100 * h.cards_share)}%`),
        el("span", {}, t("analysis.luck")),
        el("small", {}, t("analysis.luck_note", { cards: h.cards })))),
  ];
}

// The largest swings the seat did not control, named by what it saw.
function moments(analysis) {
  const moved = (analysis.luck || []).filter((x) => x.kind === "luck" && x.plain_after !== undefined && x.plain_after !== x.plain_before)
    .sort((a, b) => (a.plain_after - a.plain_before) - (b.plain_after - b.plain_before));
  if (!moved.length) return [];
  const line = (title, x) => el("li", {}, ...woven("analysis.moment", { title: el("strong", {}, title) },
    { count: Math.round(100 * (x.plain_after - x.plain_before)), events: (x.said || x.events).slice(-3).join("; ") }));
  return [el("h3", {}, t("analysis.moments")), el("ul", { class: "moments" },
    line(t("analysis.unluckiest"), moved[0]), moved.length > 1 ? line(t("analysis.luckiest"), moved[moved.length - 1]) : null)];
}

export function renderAnalysis(box, analysis) {
  const costly = analysis.decisions.filter((d) => d.loss > 0).sort((a, b) => b.loss - a.loss).slice(0, 3);
  const did = (d) => d.did || d.chosen;
  const better = (d) => d.better || d.best;
  const rows = analysis.decisions.map((d) => el("tr", { class: d.label },
    el("td", {}, String(d.step)), el("td", {}, did(d)), el("td", {}, pct(d.win_after)),
    el("td", {}, d.loss > 0 ? `${better(d)} (${pct(d.best_win)})` : ""),
    el("td", {}, `${Math.round(100 * d.loss)} [${Math.round(100 * d.loss_low)}–${Math.round(100 * d.loss_high)}]`),
    el("td", {}, verdict(d.label))));
  const i = analysis.headline && analysis.headline.identity;
  let drawn = graph(analysis);
  const redraw = () => {
    if (!drawn.isConnected) return NARROW.removeEventListener("change", redraw);
    const fresh = graph(analysis);
    drawn.replaceWith(fresh);
    drawn = fresh;
  };
  NARROW.addEventListener("change", redraw);
  const parts = [
    ...headline(analysis),
    drawn,
    analysis.oracle ? el("p", { class: "oracle-note" }, t("analysis.oracle_note", { label: analysis.oracle.label })) : null,
    costly.length ? el("h3", {}, t("analysis.costliest")) : null,
    costly.length ? el("ol", { class: "costly" }, costly.map((d) => el("li", {},
      ...woven("analysis.costly", { did: el("strong", {}, did(d)), better: el("strong", {}, better(d)), verdict: verdict(d.label) },
        { step: d.step, win: pct(d.win_after), best: pct(d.best_win) })))) : el("p", {}, t("analysis.no_mistakes")),
    ...moments(analysis),
    i ? el("p", { class: "muted" }, t("analysis.identity", { start: i.start, sign: i.luck < 0 ? "−" : "+", luck: Math.abs(i.luck),
      play: i.play, result: i.result })) : null,
    el("details", { class: "all-decisions" }, el("summary", {}, t("analysis.all", { count: analysis.decisions.length })),
      el("div", { class: "scroll" }, el("table", {},
        el("thead", {}, el("tr", {}, ...["step", "you", "win", "better", "loss", "verdict"]
          .map((h) => el("th", { scope: "col" }, t(`analysis.column.${h}`))))),
        el("tbody", {}, rows)))),
  ];
  box.replaceChildren(...parts.filter(Boolean));
}

async function run(tableId, token, box, button) {
  button.disabled = true;
  const bar = el("progress", { max: 1, value: 0, "aria-label": t("analysis.progress") });
  const note = el("span", { class: "muted", "aria-live": "polite" }, t("analysis.starting"));
  box.replaceChildren(el("div", { class: "row" }, bar, note));
  try {
    let job = await api(`/api/tables/${tableId}/analysis`, { method: "POST", token, body: {} });
    while (job.status === "queued" || job.status === "running") {
      if (job.total) {
        bar.max = job.total;
        bar.value = job.done;
        note.textContent = t("analysis.analysing", { done: job.done, total: job.total });
      }
      await new Promise((resolve) => setTimeout(resolve, 700));
      job = await api(`/api/tables/${tableId}/analysis`, { token });
    }
    if (job.status !== "done") throw new Error(job.detail || t("analysis.failed"));
    renderAnalysis(box, job.analysis);
    button.remove();
  } catch (error) {
    box.replaceChildren(el("p", { class: "error", role: "alert" }, error.message));
    button.disabled = false;
  }
}

// The "Analyse this game" button and the panel it fills; the same element on every re-render.
export function analysisPanel(tableId, token) {
  if (!token) return null;
  ensureStyles();
  let panel = panels.get(tableId);
  if (!panel) {
    const box = el("div", { class: "analysis-box" });
    const button = el("button", { type: "button", id: "analyse-game" }, t("analysis.start"));
    button.addEventListener("click", () => run(tableId, token, box, button));
    panel = el("section", { class: "analysis", "aria-label": t("analysis.panel") }, button, box);
    panel.start = () => { if (button.isConnected && !button.disabled) button.click(); };
    panels.set(tableId, panel);
  }
  return panel;
}

// The same analysis from the replay panel: opens the game-over dialog, where the analysis is drawn.
export function replayAnalyseButton(tableId, token) {
  if (!token || document.getElementById("analyse-replay")) return null;
  return el("button", { type: "button", id: "analyse-replay", onclick: () => {
    const dialog = document.getElementById("game-over");
    if (!dialog.open) dialog.showModal();
    const panel = analysisPanel(tableId, token);
    if (panel) panel.start();
  } }, t("analysis.start"));
}

// "What would the bot do?": offered where every other seat is a bot, or where the table's creator
// turned hints on for everyone (the table says so to all); the server checks too. The box is kept for
// as long as the decision it answers (the page redraws every second or so while a clock runs), and
// the answer is worded with the page's own button labels and names, never the engine's notation.
let hintBox = null; // {key, node}: the hint box of the decision on screen

// What identifies the seat's decision on screen. Not the game's step: where seats decide at once (both
// Tacocat seats replacing cards in the first round) the other seat's move advances the step while this
// seat's decision stays the same, and a box keyed by the step was dropped with its pending answer.
// The box lives while the seat stays to act with the same choices, hand and phase, and nothing new was
// written to it privately (its own moves are, "You set a 3 aside"; the other seat's hidden choice is
// not); it goes as soon as the seat is seen not to act, so a later decision that looks the same gets
// a fresh box.
function decisionKey(snap, tableId) {
  const v = snap.view;
  const own = (snap.log || []).filter((e) => String(e.text).startsWith("You ")).length;
  return JSON.stringify([tableId, snap.seat, v.legal_actions, v.hand ?? null, v.round ?? null, v.phase ?? null, own]);
}

export function hintButton(snap, tableId, token, label = (text) => text) {
  const botsOnly = snap.table.seats.every((s) => s.seat === snap.seat || s.kind === "bot");
  if (!token || snap.seat === null || !(botsOnly || snap.table.hints)) return null;
  if (!snap.view.legal_actions || !snap.view.legal_actions.length) {
    hintBox = null; // not this seat's decision: the next one starts afresh
    return null;
  }
  const key = decisionKey(snap, tableId);
  if (hintBox && hintBox.key === key) return hintBox.node;
  ensureStyles();
  const out = el("div", { class: "hint-box", "aria-live": "polite" });
  const button = el("button", { type: "button", id: "hint", class: "hint" }, t("analysis.hint"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    out.replaceChildren(el("span", { class: "muted" }, t("analysis.thinking")));
    try {
      out.replaceChildren(...hintText(await api(`/api/tables/${tableId}/hint`, { token }), label));
    } catch (error) {
      out.replaceChildren(el("p", { class: "error" }, error.message));
    } finally {
      button.disabled = false;
    }
  });
  const node = el("div", { class: "hint-wrap" }, button, out);
  hintBox = { key, node };
  return node;
}

// The answer: the best choice by win chance (the top of its own ranking), the ranking, and the quick
// rule-of-thumb bot's own pick when it differs from the top.
export function hintText(hint, label) {
  const ranked = hint.actions;
  const best = ranked[0];
  const parts = [];
  if (ranked.length === 1 || best.win === null) {
    parts.push(el("p", {}, ...woven("analysis.hint_only", { action: el("strong", {}, label(best.action)) })));
    return parts;
  }
  parts.push(el("p", {}, ...woven("analysis.hint_best", { action: el("strong", {}, label(best.action)) }, { win: pct(best.win) })));
  parts.push(el("ol", { class: "hint-list" }, ranked.map((a) => el("li", {}, label(a.action), a.win === null ? "" : ` · ${pct(a.win)}`))));
  if (hint.bot && hint.bot !== best.action) {
    parts.push(el("p", { class: "muted" }, ...woven("analysis.hint_bot", { action: el("strong", {}, label(hint.bot)) })));
  }
  return parts;
}
