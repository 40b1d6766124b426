// The names a table shows for its seats, the same on the table page, in replays and in
// the coach's notes: a person's own name, a bot numbered by its seat ("Bot 2", so that
// bots differ), and "Seat 3" for a seat nobody has taken.

import { t } from "./i18n.js";

/** The name shown for seat `seat` (from 0): a bot's (`bot`), or the person's `name`. */
export function seatName(seat, bot, name) {
  if (bot) return t("table.botN", { n: seat + 1 });
  return name || t("table.seatN", { n: seat + 1 });
}
