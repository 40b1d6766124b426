// The High Card table: both hands (the other player's face down), the trick in the
// middle and the tricks taken. Hand places are keyed "H<seat>:<index>", the trick's
// "T<index>". This module is served from the highcard package's web part: it imports
// the client's shared modules by the same relative paths as the built-in games.

import { ofType } from "../actions.js";
import { frame, label } from "../art/common.js";
import { h } from "../dom.js";
import { back, bottomSeat, cardSlot, opponentRing, placeName, playerArea, playerTag, seatName } from "./common.js";
import { t } from "../i18n.js";

export const title = "High Card";

/** The face of the card worth `value` (1..12): its value, large, on a pale card. */
export function cardFace(value) {
  const svg = frame(`High Card ${value}`, "#f4efe1", "#333");
  svg.append(label(50, 74, String(value), 54, "#1a1a1a"));
  return svg;
}

/** The lobby's picture of the game. */
export const picture = () => [cardFace(12), cardFace(7), cardFace(1)];

/** The guide's sections (texts guide.highcard.<id>.title and .text). */
export const guide = [{ id: "goal", cards: () => [cardFace(9), cardFace(4)] }, { id: "your_turn" }];

/** The phases with a first-game tip (texts tips.highcard.<phase>). */
export const tips = ["play"];

/** The action types the coach names. */
export const actions = ["play"];

/** The rule presets (texts preset.highcard.<id>). */
export const presets = [
  { id: "standard", options: {} },
  { id: "quick", options: { rounds: 1 } },
];

function hand(ctx, seat) {
  const v = ctx.view;
  const mine = seat === ctx.you;
  const cards = mine
    ? v.hand.map((card, i) =>
        cardSlot(ctx, { key: `H${seat}:${i}`, face: cardFace(card), actions: ofType(ctx.legal, "play", { card }), place: placeName(ctx, seat, i) }),
      )
    : Array.from({ length: v.hand_sizes[seat] }, (_, i) => cardSlot(ctx, { key: `H${seat}:${i}`, face: back(), place: placeName(ctx, seat, i) }));
  return h("div", { class: "hand" }, cards);
}

function area(ctx, seat) {
  const tag = playerTag(ctx, seat, [t("highcard.badge.tricks", { n: ctx.view.tricks[seat] })]);
  return playerArea(ctx, seat, tag, hand(ctx, seat), seat === ctx.you);
}

function trick(ctx) {
  const played = ctx.view.trick.map((p, i) => cardSlot(ctx, { key: `T${i}`, face: cardFace(p.card), place: t("highcard.place.played", { name: seatName(ctx, p.seat) }) }));
  return h("div", { class: "middle" }, h("div", { class: "hand", "aria-label": t("highcard.trick") }, played));
}

/** What the viewer is asked to do now, or who is being waited for. */
export function status(ctx) {
  const v = ctx.view;
  if (v.phase === "over") return t("status.over");
  if (v.current !== ctx.you) return t("status.playing", { name: seatName(ctx, v.current) });
  return v.trick.length ? t("highcard.ask.follow") : t("highcard.ask.lead");
}

/** The table. */
export function render(ctx) {
  return h("div", { class: "board felt" }, opponentRing(ctx, (seat) => area(ctx, seat)), trick(ctx), area(ctx, bottomSeat(ctx)));
}

/** The moves to animate for one event: none, a played card simply shows in the trick. */
export function moves() {
  return [];
}

/** The events told in the log (highcard.log.<type>). */
const LOGGED = ["round_start", "play", "trick"];

/** A line for the table's log, or null for events not worth one. */
export function describe(event, ctx) {
  if (!LOGGED.includes(event.type)) return null;
  const who = event.type === "trick" ? event.winner : event.seat;
  return t(`highcard.log.${event.type}`, { name: who === undefined ? "" : seatName(ctx, who), round: event.round, card: event.card });
}

/** Nothing beside the round's scores: by its end every card has been played. */
export function roundDetails() {
  return null;
}
