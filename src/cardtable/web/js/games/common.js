// Pieces every game's table is built from: card slots, piles, player panels, the
// order seats are drawn in.

import { bind } from "../actions.js";
import { cardBack } from "../art/common.js";
import { h } from "../dom.js";

/**
 * A card on the table. `face` is an <svg> (or null for an empty place), `key`
 * names the place so moves between places can be animated, `actions` are the legal
 * actions a click on it performs.
 */
export function cardSlot(ctx, { key, face, actions = [], describe, title, extra = "" }) {
  const node = h(actions.length ? "button" : "div", {
    class: `card ${face ? "" : "card-empty"} ${extra}`.trim(),
    "data-key": key,
    type: actions.length ? "button" : null,
  });
  if (face) node.append(face);
  else node.setAttribute("aria-label", "empty place");
  return bind(node, actions, ctx, describe, title);
}

/** A face-down card picture. */
export function back() {
  return cardBack();
}

/** The seats other than the viewer's, in play order starting after the viewer. */
export function otherSeats(ctx) {
  const n = ctx.view.players;
  const start = ctx.you === null ? 0 : ctx.you + 1;
  const seats = [];
  for (let i = 0; i < n; i++) {
    const seat = (start + i) % n;
    if (seat !== ctx.you) seats.push(seat);
  }
  return seats;
}

/** A player's name as shown on the table. */
export function seatName(ctx, seat) {
  return ctx.names[seat] || `Seat ${seat + 1}`;
}

/**
 * A bar emptying until the server's timer of `kind` (and `seat`) runs out, or null
 * when no such timer runs. `totalMs` is the timer's full length.
 */
export function countdown(ctx, kind, seat, totalMs, text) {
  const timer = ctx.timers.find((t) => t.kind === kind && (seat === undefined || t.seat === seat));
  if (!timer || !totalMs) return null;
  const left = Math.max(0, timer.deadline - performance.now());
  const fill = h("div", { style: `width: ${Math.min(100, (100 * left) / totalMs)}%` });
  fill.animate([{ width: fill.style.width }, { width: "0%" }], { duration: left, fill: "forwards" });
  return h(
    "div",
    { class: "timer", role: "timer", "aria-label": `${text}: ${Math.ceil(left / 1000)} s` },
    h("span", { text }),
    h("div", { class: "countdown" }, fill),
  );
}

/** The header of a player's area: name, total, badges, and their turn's time left. */
export function playerTag(ctx, seat, badges = []) {
  const acting = ctx.view.to_act.includes(seat);
  return h(
    "div",
    { class: `player-tag ${acting ? "acting" : ""}` },
    h("span", { class: "player-name", text: seatName(ctx, seat) + (seat === ctx.you ? " (you)" : "") }),
    h("span", { class: "player-total", title: "total score", text: String(ctx.view.totals[seat]) }),
    badges.filter(Boolean).map((b) => h("span", { class: "badge", text: b })),
    countdown(ctx, "turn", seat, (ctx.turnSeconds ?? 0) * 1000, "time"),
  );
}

/** A pile: its top card (or a back, or an empty place) with a count under it. */
export function pile(ctx, { key, face, count, caption, actions, describe, title }) {
  return h(
    "div",
    { class: "pile" },
    cardSlot(ctx, { key, face, actions, describe, title }),
    h("div", { class: "pile-caption", text: `${caption} (${count})` }),
  );
}

/** The area of one player: tag above, cards below; `mine` makes it the large one. */
export function playerArea(ctx, seat, tag, cards, mine) {
  return h(
    "section",
    {
      class: `player ${mine ? "mine" : "opponent"} ${ctx.view.to_act.includes(seat) ? "acting" : ""}`,
      "data-seat": seat,
      "aria-label": seatName(ctx, seat),
    },
    tag,
    cards,
  );
}
