// Playing by keyboard: every choice in the decision bar gets a key, shown on the control itself and
// told to assistive tools (aria-keyshortcuts). Letters for the choices every game names the same way
// (N Nope, P or Space pass, D draw, E end the turn; Y/Enter and N/Escape where the choice is yes or
// no), then 1-9 and 0 for the others in the bar's order, then Shift with 1-9 and 0; anything beyond
// that is reached with Tab. Keys never fire while a person types in a text box or a list.
import { el } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// The help list's rows: each key's name and what it does, from the catalogue (keys.<row>.key/.what).
const HELP_ROWS = ["digits", "shift", "nope", "pass", "draw", "end", "yes", "no", "say", "tab", "help"];

// Choices named the same in every game, by the first word of their action.
const LETTERS = { nope: "N", pass: "P", draw: "D", end: "E" };
// A choice that is yes or no: Tacocat's centre, keep (yes) or replace (no) the card being decided.
const YES_NO = { keep: "Y", discard: "N" };
const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"];
// Controls of the bar that are not choices of the game (the bot's advice, a chat message again).
const NOT_A_CHOICE = "#hint, .send-again, #rematch-bar";

function verbOf(control) {
  const action = control.dataset.action || "";
  return action.split(" ")[0];
}

// The controls of the bar a key may take, in the order they are shown.
function choiceControls(box) {
  return [...box.querySelectorAll("button, select")].filter((c) => !c.disabled && !c.hidden && !c.closest("[hidden]") && !c.matches(NOT_A_CHOICE));
}

function yesNo(controls) {
  const verbs = controls.map(verbOf);
  return controls.length === 2 && verbs.includes("keep") && verbs.includes("discard");
}

function mark(control, key, spoken) {
  control.setAttribute("aria-keyshortcuts", spoken);
  // A list shows its key on its label (a <select> draws no ::before); the control itself is told.
  const shown = control.tagName === "SELECT" ? control.parentElement.querySelector(".lead") || control : control;
  shown.dataset.key = key;
}

// Gives every choice in the bar its key (called after each drawing of the bar).
export function assignKeys(box) {
  const controls = choiceControls(box);
  const binary = yesNo(controls);
  const rest = [];
  const taken = new Set();
  for (const control of controls) {
    const verb = verbOf(control);
    const letter = binary ? YES_NO[verb] : LETTERS[verb];
    if (letter && !taken.has(letter)) {
      taken.add(letter);
      const also = binary ? (letter === "Y" ? " Enter" : " Escape") : letter === "P" ? " Space" : "";
      mark(control, letter, `${letter}${also}`);
    } else rest.push(control);
  }
  rest.slice(0, 20).forEach((control, i) => {
    const digit = DIGITS[i % 10];
    if (i < 10) mark(control, digit, digit);
    else mark(control, `⇧${digit}`, `Shift+${digit}`);
  });
  for (const control of controls) mirror(control);
}

// A card or button on the board that takes the same choice (a quicker way to it) shows the same key.
function mirror(control) {
  const key = control.dataset.key;
  if (!key) return;
  const { action, card } = control.dataset;
  const same = action ? `#board button[data-action="${CSS.escape(action)}"]` : card ? `#board .hand button[data-slug="${CSS.escape(card)}"]` : null;
  if (same) for (const twin of document.querySelectorAll(same)) twin.dataset.key = key;
}

// The letter keys of the choices in the bar, for saying with a decision: "N Nope!", "P Let it happen".
export function letterKeys(box) {
  return [...box.querySelectorAll("[aria-keyshortcuts]")].map((c) => [c.getAttribute("aria-keyshortcuts").split(" ")[0], c])
    .filter(([key]) => /^[A-Z]$/.test(key)).map(([key, c]) => `${key} ${(c.getAttribute("aria-label") || c.textContent).trim()}`);
}

// What a key press names, in the words aria-keyshortcuts uses: "N", "3", "Shift+3", "Space".
function pressed(event) {
  if (event.key === " ") return "Space";
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(event.code); // the number row, or the keypad's
  if (digit) return event.shiftKey ? `Shift+${digit[1]}` : digit[1];
  return event.key.length === 1 ? event.key.toUpperCase() : event.key;
}

function typing(target) {
  // A checkbox or radio takes no letters: the game's keys still work while one has the focus.
  return target instanceof HTMLElement && (target.isContentEditable ||
    (target.matches("input, textarea, select") && !target.matches("input[type=checkbox], input[type=radio]")));
}

// Enter and Space keep their own meaning on a control (they press the button, open the link).
function onControl(target) {
  return target instanceof HTMLElement && target.matches("button, a, summary, [role='button'], input, select, textarea");
}

function take(control) {
  control.focus({ preventScroll: true });
  if (control.tagName !== "SELECT") control.click();
}

function shortcut(name) {
  return [...document.querySelectorAll("#choices [aria-keyshortcuts]")].find((c) => !c.disabled &&
    c.getAttribute("aria-keyshortcuts").split(" ").includes(name));
}

// The help overlay: every key, closable with Escape (or its button), Tab kept inside while open.
let helpFrom = null;

function helpDialog() {
  let dialog = $("keys-dialog");
  if (dialog) return dialog;
  dialog = el("dialog", { id: "keys-dialog", class: "keys-dialog", "aria-labelledby": "keys-title" },
    el("h2", { id: "keys-title" }, t("keys.title")),
    el("dl", { class: "keys-list" }, HELP_ROWS.flatMap((row) => [el("dt", {}, el("kbd", {}, t(`keys.${row}.key`))), el("dd", {}, t(`keys.${row}.what`))])),
    el("div", { class: "row" }, el("button", { type: "button", id: "keys-close", class: "primary", onclick: () => dialog.close() }, t("page.close"))));
  dialog.addEventListener("close", () => {
    if (helpFrom && helpFrom.isConnected) helpFrom.focus({ preventScroll: true });
    helpFrom = null;
  });
  dialog.addEventListener("keydown", (event) => trapTab(event, dialog));
  document.body.append(dialog);
  return dialog;
}

function trapTab(event, dialog) {
  if (event.key !== "Tab") return;
  const stops = [...dialog.querySelectorAll("button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])")];
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
  else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
}

export function openHelp() {
  const dialog = helpDialog();
  if (dialog.open) return;
  helpFrom = document.activeElement;
  dialog.showModal();
  $("keys-close").focus();
}

// One handler for the page. ``say`` puts where the game stands into the spoken region (the S key).
export function listenForKeys(say) {
  $("keys-help").addEventListener("click", openHelp);
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || typing(event.target)) return;
    const open = document.querySelector("dialog[open]");
    if (open) {
      if (open.id === "concede-confirm" && /^[yn]$/i.test(event.key)) {
        event.preventDefault();
        $(event.key.toLowerCase() === "y" ? "concede-yes" : "concede-no").click();
      }
      return; // a dialog has the keys (Escape closes it by itself)
    }
    const name = pressed(event);
    if (name === "?") {
      event.preventDefault();
      openHelp();
      return;
    }
    if (name === "S" && !event.shiftKey) {
      event.preventDefault();
      say();
      return;
    }
    if ((name === "Enter" || name === "Space") && onControl(event.target)) return; // the control's own press
    const control = shortcut(name);
    if (!control) return;
    event.preventDefault();
    take(control);
  });
}
