// Pieces every game's table is built from: card slots, piles, player panels, the
// order seats are drawn in.

import { bind, ofType } from "../actions.js";
import { cardBack } from "../art/deck.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** The words for places and moves that screen readers announce, in one place. */
export const TEXT = {
  yourCard: (n) => t("place.yourCard", { n }),
  theirCard: (name, n) => t("place.theirCard", { name, n }),
  drawPile: t("place.drawPile"),
  discardPile: t("place.discardPile"),
  inHand: t("place.inHand"),
  inHandCaption: t("place.inHandCaption"),
  empty: t("place.empty"),
  choose: t("move.choose"),
  seatN: (n) => t("table.seatN", { n }),
  you: (name) => t("place.you", { name }),
  total: t("place.total"),
  time: t("place.time"),
  draw: t("place.draw"),
  discard: t("place.discard"),
  pileCount: (caption, n) => t("place.pileCount", { caption, n }),
  whoseCard: (name) => t("place.whoseCard", { name }),
};

/** The moves a card or pile can perform, each named in words for screen readers. */
const MOVE_TYPES = [
  "reveal", "replace", "draw", "take_discard", "discard", "play", "look", "peek_own",
  "peek_opponent", "king_peek", "choose_opponent", "swap", "king_swap", "throw",
  "throw_opponent", "give",
];

/** What pressing a card does, in words ("play it"), or "choose how" for several moves. */
function moveWords(actions) {
  if (!actions.length) return null;
  const types = new Set(actions.map((a) => a.type));
  if (types.size > 1) return TEXT.choose;
  const type = actions[0].type;
  return MOVE_TYPES.includes(type) ? t(`move.${type}`) : type;
}

/**
 * A card on the table. `face` is an <svg> (or null for an empty place), `key`
 * names the place so moves between places can be animated, `actions` are the legal
 * actions a click on it performs, `place` names it for screen readers ("your card
 * 3"): its accessible name says where it is, what it shows and what pressing it does.
 */
export function cardSlot(ctx, { key, face, actions = [], describe, title, extra = "", place }) {
  const node = h(actions.length ? "button" : "div", {
    class: `card ${face ? "" : "card-empty"} ${extra}`.trim(),
    "data-key": key,
    type: actions.length ? "button" : null,
  });
  if (face) node.append(face);
  const shows = face?.getAttribute("aria-label") ?? TEXT.empty;
  const name = [place, shows, moveWords(actions)].filter(Boolean).join(": ");
  if (actions.length || !face || place) node.setAttribute("aria-label", name);
  if (!actions.length && (place || !face)) node.setAttribute("role", "img");
  return bind(node, actions, ctx, describe, title);
}

/** The name of card `index` (from 0) of `seat`'s cards, numbered from 1 for people. */
export function placeName(ctx, seat, index) {
  return seat === ctx.you ? TEXT.yourCard(index + 1) : TEXT.theirCard(seatName(ctx, seat), index + 1);
}

/** A face-down card picture. */
export function back() {
  return cardBack();
}

/**
 * The seat drawn large at the bottom of the felt: the viewer's, or for a spectator the
 * first seat, so that a watched table fills the felt as a played one does.
 */
export function bottomSeat(ctx) {
  return ctx.you ?? 0;
}

/** The seats other than the bottom one, in play order starting after it. */
export function otherSeats(ctx) {
  const n = ctx.view.players;
  const bottom = bottomSeat(ctx);
  const seats = [];
  for (let i = 1; i < n; i++) seats.push((bottom + i) % n);
  return seats;
}

/**
 * The other players around the felt as people sit: the next ones up the left side,
 * then across the top, then down the right side back to the viewer (a third of them
 * on each side once there are three or more; from seven on, three on each side, so
 * the top keeps one row). `draw(seat)` draws one player's area.
 */
export function opponentRing(ctx, draw) {
  const seats = otherSeats(ctx);
  const third = seats.length >= 7 ? Math.ceil : Math.floor;
  const side = seats.length >= 3 ? third(seats.length / 3) : 0;
  const left = seats.slice(0, side).reverse();
  const top = seats.slice(side, seats.length - side);
  const right = seats.slice(seats.length - side);
  return h(
    "div",
    { class: `opponents opponents-${Math.min(seats.length, 9)}` },
    h("div", { class: "seats-left" }, left.map(draw)),
    h("div", { class: "seats-top" }, top.map(draw)),
    h("div", { class: "seats-right" }, right.map(draw)),
  );
}

/** A player's name as shown on the table. */
export function seatName(ctx, seat) {
  return ctx.names[seat] || TEXT.seatN(seat + 1);
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
    { class: "timer", role: "timer", "aria-label": t("place.timeLeft", { text, s: Math.ceil(left / 1000) }) },
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
    h("span", { class: "player-name", text: seat === ctx.you ? TEXT.you(seatName(ctx, seat)) : seatName(ctx, seat) }),
    h("span", { class: "player-total", title: TEXT.total, text: String(ctx.view.totals[seat]) }),
    badges.filter(Boolean).map((b) => h("span", { class: "badge", text: b })),
    countdown(ctx, "turn", seat, (ctx.turnSeconds ?? 0) * 1000, TEXT.time),
  );
}

/** A pile: its top card (or a back, or an empty place) with a count under it. */
export function pile(ctx, { key, face, count, caption, actions, describe, title, place }) {
  return h(
    "div",
    { class: "pile" },
    cardSlot(ctx, { key, face, actions, describe, title, place }),
    h("div", { class: "pile-caption", text: TEXT.pileCount(caption, count) }),
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

/** The draw pile (a view's `draw_size`), clickable when drawing is legal. */
export function drawPile(ctx) {
  const size = ctx.view.draw_size;
  return pile(ctx, {
    key: "draw",
    face: size ? back() : null,
    count: size,
    caption: TEXT.draw,
    place: TEXT.drawPile,
    actions: ofType(ctx.legal, "draw"),
  });
}

/**
 * The middle of a table where a player draws into a hand (Skyjo, Cactus): the draw
 * pile, the discard pile and the card in hand, its face drawn by `art`.
 */
export function drawDiscardHold(ctx, art) {
  const v = ctx.view;
  const held = v.holding;
  return h(
    "div",
    { class: "centre" },
    drawPile(ctx),
    pile(ctx, {
      key: "discard",
      face: v.discard_top === null ? null : art(v.discard_top),
      count: v.discard_size,
      caption: TEXT.discard,
      place: TEXT.discardPile,
      actions: [...ofType(ctx.legal, "take_discard"), ...ofType(ctx.legal, "discard")],
    }),
    h(
      "div",
      { class: "pile hand-spot" },
      cardSlot(ctx, {
        key: "hold",
        face: held ? (held.card === null ? back() : art(held.card)) : null,
        extra: held ? "held" : "",
        place: TEXT.inHand,
      }),
      h("div", { class: "pile-caption", text: held ? TEXT.whoseCard(seatName(ctx, held.seat)) : TEXT.inHandCaption }),
    ),
  );
}

/**
 * The moves of the events a draw-into-hand game shares (draw, take_discard, replace,
 * discard); `place` is the key of the layout place a replace event names. Null for
 * any other event.
 */
export function handMoves(event, place) {
  switch (event.type) {
    case "draw":
      return [{ from: "draw", to: "hold" }];
    case "take_discard":
      return [{ from: "discard", to: "hold" }];
    case "replace":
      return [
        { from: "hold", to: place },
        { from: place, to: "discard" },
      ];
    case "discard":
      return [{ from: "hold", to: "discard" }];
    default:
      return null;
  }
}

/**
 * Everyone's cards at the end of a round: `rows[seat]` laid out with the CSS class
 * `layout`, each card drawn by `face(card, seat, index)` (null: an empty place), each
 * name followed by `note(seat)`. Players with no card left are not shown.
 */
export function finalCards(ctx, rows, { layout, face, note = () => "" }) {
  return h(
    "div",
    { class: "final-layouts" },
    rows.map((cards, seat) =>
      cards.length
        ? h(
            "div",
            { class: "player" },
            h("div", { class: "player-tag", text: seatName(ctx, seat) + note(seat) }),
            h(
              "div",
              { class: layout },
              cards.map((card, i) => cardSlot(ctx, { key: `R${seat}:${i}`, face: face(card, seat, i) })),
            ),
          )
        : null,
    ),
  );
}
