// Taking a seat at a table, and naming it. A browser's seat secret is kept per table (api.js); an
// invitation or hand-over link is spent only by a browser that holds no seat at the table yet, so
// opening a friend's link never costs anyone a seat (see docs/table-page.md).
import { api, ApiError, forgetToken, playerName, savePlayerName, saveToken } from "./api.js";
import { t } from "./i18n.js";

// The link's token comes after '#', so it never reaches server logs. It is read and hidden from the
// address bar, but not stored until it has been exchanged for this browser's own secret.
export function takeLinkFromAddress() {
  const match = /(?:^|[#&])token=([^&]+)/.exec(location.hash);
  const fromQuery = new URLSearchParams(location.search).get("token");
  const link = match ? decodeURIComponent(match[1]) : fromQuery;
  if (link) history.replaceState(null, "", location.pathname);
  return link || null;
}

const NO_SEAT = () => t("seat.no_seat");
const LINK_USED = () => t("seat.link_used");

async function join(tableId, token) {
  return api(`/api/tables/${tableId}/join`, { method: "POST", token, body: { name: playerName() || null } });
}

// Sit down with this browser's own secret if it has one, else with the link. Returns the token the
// page uses (null: it watches), whether a link was spent for this browser (then the page asks for a
// name) and what to tell the person.
export async function takeSeat(tableId, saved, link, seats) {
  if (saved) {
    try {
      const joined = await join(tableId, saved);
      if (joined.token) saveToken(tableId, joined.token); // a link stored by an older page, now exchanged
      let message = "";
      if (link && link !== saved) {
        const mine = (seats || []).find((x) => x.seat === joined.seat);
        message = t(mine ? "seat.already_named" : "seat.already", { n: joined.seat + 1, name: mine ? mine.name : "" });
      }
      return { token: joined.token || saved, fresh: Boolean(joined.token), message };
    } catch (error) {
      const gone = error instanceof ApiError && (error.status === 403 || error.status === 410);
      // The server could not be asked, or refused for now: the seat is kept, the socket retries (a
      // refusal's reason is what the page keeps saying if the socket is then turned away too).
      if (!gone) return { token: saved, fresh: false, message: error.message, refusal: error instanceof ApiError ? error.message : "" };
      forgetToken(tableId); // this secret opens no seat here any more: forgetting it loses nothing
      if (!link) return { token: null, fresh: false, message: error.status === 410 ? LINK_USED() : NO_SEAT() };
    }
  }
  if (!link) return { token: null, fresh: false, message: "" };
  try {
    const joined = await join(tableId, link);
    const token = joined.token || link;
    saveToken(tableId, token);
    return { token, fresh: Boolean(joined.token), message: "" };
  } catch (error) {
    // Only the link was refused: nothing this browser held is forgotten.
    const message = error instanceof ApiError && error.status === 410 ? LINK_USED() :
      error instanceof ApiError && error.status === 403 ? t("seat.link_opens_none") : error.message;
    return { token: null, fresh: false, message };
  }
}

// This seat's name at this table (and this browser's name for the next ones); empty changes nothing.
// Returns what went wrong, or "".
export async function useName(tableId, token, typed) {
  const name = typed.trim().slice(0, 40);
  if (!name) return "";
  savePlayerName(name);
  try {
    await api(`/api/tables/${tableId}/join`, { method: "POST", token, body: { name } });
    return "";
  } catch (error) {
    return error.message;
  }
}
