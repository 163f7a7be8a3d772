// Focus kept across redraws: the board and the decision bar are drawn afresh with every snapshot, so
// the control that had the focus is found again in the new drawing by what it does (its action, its
// card, its id), never by its place, and focused. When it is gone (the choice was made, the card was
// played) the focus goes to the decision bar itself, not to the top of the page.

const REGIONS = "#board, #choices, #seats-bar";

// What a control is, in words that survive a redraw (its first class says its kind; the others say
// its state, picked or not, which a press changes).
function identity(node) {
  if (node.id) return `#${node.id}`;
  const kind = `${node.tagName}|${node.classList[0] || ""}`;
  const d = node.dataset;
  for (const key of ["action", "actions", "card", "slug", "value", "seat"]) {
    if (d[key] !== undefined) return `${kind}|${key}=${d[key]}`;
  }
  return `${kind}|${node.getAttribute("aria-label") || node.textContent.trim()}`;
}

// Where the focus is, if it is on something the next drawing replaces.
export function rememberFocus() {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const region = active.closest(REGIONS);
  if (!region) return null;
  const key = identity(active);
  // Two cards alike (two Defuses) are told apart by their order among their likes.
  const alike = [...region.querySelectorAll("*")].filter((n) => n.tabIndex >= 0 && identity(n) === key);
  return { region: region.id, key, nth: Math.max(0, alike.indexOf(active)) };
}

// After a drawing: the same control again, or its equivalent; the decision bar when it is gone.
export function restoreFocus(saved) {
  if (!saved) return;
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && active.isConnected) return; // kept, or moved on purpose
  const region = document.getElementById(saved.region);
  const alike = region ? [...region.querySelectorAll("*")].filter((n) => n.tabIndex >= 0 && identity(n) === saved.key && !n.disabled) : [];
  const found = alike[Math.min(saved.nth, alike.length - 1)];
  const fallback = document.getElementById("actions");
  (found || fallback).focus({ preventScroll: true });
}
