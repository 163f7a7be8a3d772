// T.A.C.O.'s log in the page's language. Its entries carry some facts as fields and others only in
// the engine's English (a card's printed name, whom a card was taken from, who was hailed): each
// wording the engine writes is read back by one pattern below and said again through the catalogue
// (taco.log.<key>). Places named s1, s2 are seats (named as the page names them), c1, c2 cards (their
// printed English names, as the board shows them: no German edition's names were found), n and m
// numbers. An entry no pattern knows returns null: the page shows the engine's words, seats named.
import { t } from "./i18n.js";

// P(\d+) is a seat as the engine writes it, (.+) a card's printed name.
const W = (kind, key, pattern, places) => ({ kind, key, pattern, places });

// Most specific first where one kind has several wordings (a discard while refusing to hail before a
// plain discard).
const WORDINGS = [
  W("turn", "turn", /^P(\d+)'s turn$/, ["s1"]),
  W("draw", "draw", /^P(\d+) draws a card$/, ["s1"]),
  W("draw", "no_draw", /^P(\d+) cannot draw: deck and discard pile are empty$/, ["s1"]),
  W("drew", "drew", /^You draw (.+)$/, ["c1"]),
  W("dealt", "dealt", /^You are dealt (.+)$/, ["c1"]),
  W("flip", "flip", /^(.+) starts the discard pile$/, ["c1"]),
  W("reshuffle", "reshuffle", /^The discard pile is shuffled into a new deck$/, []),
  W("play", "play_own", /^P(\d+) plays (.+) into their own taco$/, ["s1", "c1"]),
  W("play", "play_into", /^P(\d+) plays (.+) into P(\d+)'s taco$/, ["s1", "c1", "s2"]),
  W("play", "use", /^P(\d+) uses (.+)$/, ["s1", "c1"]),
  W("end", "end", /^P(\d+) plays no card$/, ["s1"]),
  W("pass", "pass", /^P(\d+) plays no bonus card$/, ["s1"]),
  W("discard", "discard_hail", /^P(\d+) will not hail P(\d+) and discards (.+)$/, ["s1", "s2", "c1"]),
  W("discard", "discard_accent", /^P(\d+) drops the accent and discards (.+)$/, ["s1", "c1"]),
  W("discard", "discard", /^P(\d+) discards (.+)$/, ["s1", "c1"]),
  W("instant", "instant", /^P(\d+) plays (.+) to stop (.+)$/, ["s1", "c1", "c2"]),
  W("ready", "ready", /^You ready (.+)$/, ["c1"]),
  W("choose", "choose", /^(.+): P(\d+) makes P(\d+) discard$/, ["c1", "s1", "s2"]),
  W("hail", "hail", /^P(\d+): "You're the Taco Master of the universe, P(\d+)!"$/, ["s1", "s2"]),
  W("accent", "accent", /^P(\d+) keeps up the accent$/, ["s1"]),
  W("steal", "steal", /^P(\d+) steals (.+) from P(\d+)'s taco \(([+-]\d+)\)$/, ["s1", "c1", "s2", "n"]),
  W("take", "take", /^P(\d+) randomly selects a card from P(\d+)'s hand$/, ["s1", "s2"]),
  W("took", "took", /^P(\d+) takes (.+) from P(\d+)'s hand$/, ["s1", "c1", "s2"]),
  W("return", "return", /^(.+) returns from P(\d+)'s taco to P(\d+)'s hand$/, ["c1", "s1", "s2"]),
  W("swap", "swap", /^P(\d+) swaps (.+) for (.+) from P(\d+)'s taco$/, ["s1", "c1", "c2", "s2"]),
  W("fizzle", "fizzle_destroy", /^(.+) finds nothing to destroy$/, ["c1"]),
  W("fizzle", "fizzle_steal", /^(.+) finds nothing to steal$/, ["c1"]),
  W("fizzle", "fizzle_swap", /^(.+) finds nothing to swap$/, ["c1"]),
  W("fizzle", "fizzle_return", /^(.+) finds nothing to return$/, ["c1"]),
  W("fizzle", "fizzle_nobody", /^(.+): no other player holds a card$/, ["c1"]),
  W("fizzle", "fizzle_pile", /^(.+): no ingredient in the discard pile$/, ["c1"]),
  W("fizzle", "fizzle_left", /^(.+) has nothing left to act on$/, ["c1"]),
  W("poison", "poison_taco", /^(.+) destroys a randomly selected (.+) in P(\d+)'s taco$/, ["c1", "c2", "s1"]),
  W("poison", "poison_hand", /^(.+): P(\d+) discards a randomly selected (.+)$/, ["c1", "s1", "c2"]),
  W("enter", "enter", /^(.+) enters P(\d+)'s taco \(([+-]\d+)\)$/, ["c1", "s1", "n"]),
  W("shell", "shell", /^P(\d+)'s (.+) is replaced by (.+)$/, ["s1", "c1", "c2"]),
  W("worn_off", "worn_off", /^(.+) in P(\d+)'s taco wears off$/, ["c1", "s1"]),
  W("forced", "forced", /^P(\d+) drew (.+) and must play it immediately$/, ["s1", "c1"]),
  W("cancelled", "cancelled", /^(.+) is cancelled$/, ["c1"]),
  W("destroyed", "destroyed", /^(.+) in P(\d+)'s taco is destroyed$/, ["c1", "s1"]),
  W("revive", "revive", /^(.+) is pulled from the discard pile into P(\d+)'s taco$/, ["c1", "s1"]),
  W("redeal", "redeal", /^P(\d+) was dealt (.+) \(play immediately\): discarded, another card dealt$/, ["s1", "c1"]),
  W("gimme", "gimme_claims", /^P(\d+) claims the taco trophy \(most basic ingredients\)$/, ["s1"]),
  W("gimme", "gimme_takes", /^P(\d+) takes the taco trophy \(more basic ingredients\)$/, ["s1"]),
  W("round_end", "round_end_pool", /^Round (\d+) is over \(the last taco point was taken\); P(\d+) wins the taco trophy$/, ["n", "s1"]),
  W("round_end", "round_end_limit", /^Round (\d+) is over \(the round reached its limit of (\d+) turns\); P(\d+) wins the taco trophy$/, ["n", "m", "s1"]),
  W("round", "round", /^Round (\d+) begins; P(\d+) goes first$/, ["n", "s1"]),
  W("game_over", "game_over", /^The match is over$/, []),
  W("discard_hand", "discard_hand_none", /^P(\d+) discards their hand \(no cards\)$/, ["s1"]),
  W("discard_hand", "discard_hand", /^P(\d+) discards their hand \((.+)\)$/, ["s1", "cards"]),
  W("win", "win", /^P(\d+) is the last player in and wins$/, ["s1"]),
];

export function logLine(entry, ctx) {
  const text = String(entry.text || "");
  for (const { kind, key, pattern, places } of WORDINGS) {
    if (kind !== entry.kind) continue;
    const found = pattern.exec(text);
    if (!found) continue;
    const params = {};
    places.forEach((place, i) => {
      const value = found[i + 1];
      params[place] = /^s\d$/.test(place) ? ctx.seatName(Number(value)) : value;
    });
    return t(`taco.log.${key}`, params);
  }
  return null;
}
