// An account keeps the seats this browser holds: when the browser is logged in (account.js notes the
// name), the seat tokens it keeps are shown to the server once per page, which adds each seat to the
// account unless another account holds it (docs/accounts.md). A guest's browser sends nothing.
import { api } from "./api.js";

const ACCOUNT_KEY = "cardroom.account";
const TOKEN_PREFIX = "cardroom.token.";

export function accountName() {
  return localStorage.getItem(ACCOUNT_KEY) || "";
}

export function noteAccount(name) {
  if (name) localStorage.setItem(ACCOUNT_KEY, name);
  else localStorage.removeItem(ACCOUNT_KEY);
}

// Every seat token this browser keeps, as the server's claim form wants them.
export function heldSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith(TOKEN_PREFIX)) seats.push({ table_id: key.slice(TOKEN_PREFIX.length), token: localStorage.getItem(key) });
  }
  return seats.slice(0, 200);
}

let claimed = false;

// Once per page, and only when logged in; a refusal (logged out elsewhere) forgets the name quietly.
export async function claimHeldSeats() {
  if (claimed || !accountName()) return;
  claimed = true;
  const seats = heldSeats();
  if (!seats.length) return;
  try {
    await api("/api/account/seats", { method: "POST", body: { seats } });
  } catch (error) {
    if (error.status === 401) noteAccount("");
  }
}
