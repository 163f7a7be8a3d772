// Every word the table page shows or says comes from one catalogue per language (web/i18n/<lang>.json,
// served as it is: no build step). A message is a string with {name} places, or, where a number
// decides the words, an object of CLDR plural forms ("one", "other", ...) chosen by the browser's own
// Intl.PluralRules (docs/i18n.md says why no library). The language is the one picked in the page's
// menu (remembered in this browser), else the first of the browser's languages the room speaks.

export const LANGUAGES = { en: "English", de: "Deutsch" };
const KEY = "cardroom.lang";

function chosen() {
  const saved = localStorage.getItem(KEY);
  if (saved && saved in LANGUAGES) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

export const lang = chosen();

async function load(code) {
  const response = await fetch(`/static/i18n/${code}.json`);
  if (!response.ok) throw new Error(`no catalogue for ${code}`);
  return response.json();
}

// English is the fallback of every message a catalogue lacks (docs/i18n.md: tests keep them complete).
const english = await load("en");
const messages = lang === "en" ? english : await load(lang).catch(() => english);
const plurals = new Intl.PluralRules(lang);

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// The message `key` in the page's language, its {places} filled from `params`; `params.count` picks
// the plural form of a message that has them.
export function t(key, params = {}) {
  const found = messages[key] ?? english[key];
  if (found === undefined) return key;
  if (typeof found === "string") return fill(found, params);
  const form = found[plurals.select(Number(params.count ?? 0))] ?? found.other;
  return fill(form, params);
}

// Whether the catalogue has a message (for words that exist only for some names, as card names).
export function has(key) {
  return key in messages || key in english;
}

// "Ada", "Ada and Bo", "Ada, Bo and Cy" in the page's language.
export function listOf(items) {
  return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items);
}

// The language menu: the choice is remembered, and the page is drawn again in it.
export function languageMenu(select) {
  select.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.lang = code;
    return option;
  }));
  select.value = lang;
  select.addEventListener("change", () => {
    localStorage.setItem(KEY, select.value);
    location.reload();
  });
}

// The page's fixed words: every element with data-i18n gets its text from the catalogue, and
// data-i18n-<attribute> (aria-label, placeholder, title) that attribute; the page's lang follows (set
// here, not on import, so a page not yet in the catalogue that only uses api.js keeps its lang="en").
export function translatePage(root = document) {
  if (root === document) document.documentElement.lang = lang;
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("*")) {
    for (const attr of [...node.attributes]) {
      if (attr.name.startsWith("data-i18n-")) node.setAttribute(attr.name.slice(10), t(attr.value));
    }
  }
}
