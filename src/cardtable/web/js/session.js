// What the browser remembers between visits: each table's secret seat token (so a
// refresh or a new tab returns to the same seat) and the player's name.

import { parse, t } from "./i18n.js";

const TOKEN_PREFIX = "cardtable:token:";
const NAME_KEY = "cardtable:name";

export function seatToken(code) {
  return localStorage.getItem(TOKEN_PREFIX + code);
}

export function saveSeatToken(code, token) {
  localStorage.setItem(TOKEN_PREFIX + code, token);
}

export function forgetSeatToken(code) {
  localStorage.removeItem(TOKEN_PREFIX + code);
}

/** The remembered name. A guest name (the one the page made up: the word for guest
 * and a number) is told in the page's language, whichever language made it: "Guest
 * 284" is "Invité 284" once the page speaks French. */
export function playerName() {
  const name = localStorage.getItem(NAME_KEY) ?? "";
  const guest = parse("session.guest", name);
  return guest && /^\d+$/.test(guest.n) ? t("session.guest", guest) : name;
}

export function savePlayerName(name) {
  localStorage.setItem(NAME_KEY, name);
}

/** A made-up guest name: the word for guest and a number. */
export const guestName = () => t("session.guest", { n: 100 + Math.floor(Math.random() * 900) });

/** The remembered name, or a new guest name (remembered, so it is asked only once). */
export function ensurePlayerName() {
  const known = playerName();
  if (known) return known;
  const guest = guestName();
  savePlayerName(guest);
  return guest;
}
