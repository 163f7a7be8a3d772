// Talking to the server, and remembering seat tokens so a reload (or tomorrow's visit) keeps the seat.
import { lang, t } from "./i18n.js";

const TOKEN_KEY = (tableId) => `cardroom.token.${tableId}`;

export function savedToken(tableId) {
  return localStorage.getItem(TOKEN_KEY(tableId));
}

export function saveToken(tableId, token) {
  localStorage.setItem(TOKEN_KEY(tableId), token);
}

export function forgetToken(tableId) {
  localStorage.removeItem(TOKEN_KEY(tableId));
}

// The invitation links a table was created with, kept by the creator's browser so the table page can
// offer them again while it waits for those people (the server keeps only their hashes).
const INVITES_KEY = (tableId) => `cardroom.invites.${tableId}`;

export function saveInvitations(tableId, invitations) {
  localStorage.setItem(INVITES_KEY(tableId), JSON.stringify(invitations.map((i) => ({ seat: i.seat, url: i.url }))));
}

export function savedInvitations(tableId) {
  try {
    return JSON.parse(localStorage.getItem(INVITES_KEY(tableId)) || "[]");
  } catch {
    return [];
  }
}

// "Your games": the tables this browser holds a seat at, newest first (ids and titles only).
export function myGames() {
  try {
    return JSON.parse(localStorage.getItem("cardroom.games") || "[]");
  } catch {
    return [];
  }
}

export function rememberGame(tableId, title) {
  const games = myGames().filter((g) => g.id !== tableId);
  games.unshift({ id: tableId, title, seen: new Date().toISOString() });
  localStorage.setItem("cardroom.games", JSON.stringify(games.slice(0, 30)));
}

export function playerName() {
  return localStorage.getItem("cardroom.name") || "";
}

export function savePlayerName(name) {
  localStorage.setItem("cardroom.name", name);
}

export class ApiError extends Error {
  constructor(status, detail, body) {
    super(detail);
    this.status = status;
    this.body = body;
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  // The page's language goes with every request, so a refusal the server words comes in it.
  const headers = { Accept: "application/json", "Accept-Language": lang };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    // The network or the server is down: say so in words, never the browser's "Failed to fetch".
    throw new ApiError(0, t("api.unreachable"), null);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const detail = (data && data.detail) || `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, detail, data);
  }
  return data;
}

// A small element builder: el("button", {class: "x", onclick: f}, "text", child).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
