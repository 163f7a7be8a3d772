// Sharing a link from the table page (the watch link, a hand-over link): shown selected in the page and
// copied to the clipboard where the browser allows it, with a note saying which happened.
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export async function share(url, note) {
  $("share-link").value = url;
  $("share-link").hidden = false;
  $("share-label").hidden = false;
  $("share-link").select();
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    copied = false; // no clipboard (plain http on another machine): the link is selected to copy by hand
  }
  $("share-note").textContent = t(copied ? "share.copied" : "share.copy_this", { note });
}
