// The Skyjo table: every player's 3x4 layout, the draw and discard piles, and the
// card in hand. Layout places are keyed "L<seat>:<pos>" for animations.

import { ofType } from "../actions.js";
import { skyjoCard } from "../art/deck.js";
import { h } from "../dom.js";
import {
  back,
  cardSlot,
  drawDiscardHold,
  finalCards,
  handMoves,
  opponentRing,
  placeName,
  playerArea,
  playerTag,
  seatName,
} from "./common.js";

export const title = "Skyjo";

function face(value) {
  if (value === "empty") return null;
  return value === "hidden" ? back() : skyjoCard(value);
}

function layout(ctx, seat) {
  const mine = seat === ctx.you;
  const cards = ctx.view.layouts[seat].map((value, pos) => {
    const actions = mine
      ? [...ofType(ctx.legal, "reveal", { pos }), ...ofType(ctx.legal, "replace", { pos })]
      : [];
    return cardSlot(ctx, { key: `L${seat}:${pos}`, face: face(value), actions, place: placeName(ctx, seat, pos) });
  });
  return h("div", { class: "grid grid-skyjo" }, cards);
}

function visibleSum(values) {
  return values.reduce((sum, v) => (typeof v === "number" ? sum + v : sum), 0);
}

function area(ctx, seat) {
  const v = ctx.view;
  const badges = [
    v.finisher === seat ? "finished" : null,
    v.phase === "setup" && v.reveals_left[seat] ? `reveals ${v.reveals_left[seat]}` : null,
    `shows ${visibleSum(v.layouts[seat])}`,
  ];
  return playerArea(ctx, seat, playerTag(ctx, seat, badges), layout(ctx, seat), seat === ctx.you);
}

/** What the viewer is asked to do now, or who is being waited for. */
export function status(ctx) {
  const v = ctx.view;
  if (v.phase === "over") return "The match is over.";
  if (v.phase === "setup") {
    const left = ctx.you === null ? 0 : v.reveals_left[ctx.you];
    return left ? `Turn ${left} of your cards face up.` : "Waiting for the others to turn their cards.";
  }
  const last = v.finisher !== null ? ` ${seatName(ctx, v.finisher)} finished: last turns.` : "";
  if (v.current !== ctx.you) return `${seatName(ctx, v.current)} is playing.${last}`;
  const ask = {
    turn: "Draw a card or take the top discard.",
    place_drawn:
      "Place the drawn card in your layout, or discard it (click the discard pile or the button beside it) and turn a card face up.",
    place_taken: "Place the taken card in your layout.",
    reveal_after_discard: "Turn one of your face-down cards face up.",
  }[v.phase];
  return ask + last;
}

/** The table. */
export function render(ctx) {
  const discard = ofType(ctx.legal, "discard");
  return h(
    "div",
    { class: "board board-skyjo felt" },
    opponentRing(ctx, (seat) => area(ctx, seat)),
    h(
      "div",
      { class: "middle" },
      drawDiscardHold(ctx, skyjoCard),
      // Beside the piles, where the eye is after drawing (the discard pile does the same).
      discard.length ? h("div", { class: "controls" }, ctx.button("Discard it, then turn a card", discard)) : null,
    ),
    ctx.you === null ? null : area(ctx, ctx.you),
  );
}

/** The moves to animate for one event: [{from, to}] between place keys, or flips. */
export function moves(event) {
  const shared = handMoves(event, `L${event.seat}:${event.pos}`);
  if (shared) return shared;
  if (event.type === "reveal") return [{ flip: `L${event.seat}:${event.pos}` }];
  if (event.type === "clear") return event.positions.map((p) => ({ from: `L${event.seat}:${p}`, to: "discard" }));
  return [];
}

/** A line for the table's log, or null for events not worth one. */
export function describe(event, ctx) {
  const who = event.seat === undefined ? "" : seatName(ctx, event.seat);
  switch (event.type) {
    case "round_start":
      return `Round ${event.round} begins.`;
    case "draw":
      return `${who} draws a card.`;
    case "drawn":
      return `You drew ${event.card}.`;
    case "take_discard":
      return `${who} takes the ${event.card} from the discard pile.`;
    case "replace":
      return `${who} places the ${event.card} and discards the ${event.old}.`;
    case "discard":
      return `${who} discards the ${event.card}.`;
    case "reveal":
      return `${who} turns up a ${event.card}.`;
    case "clear":
      return `${who} clears a line of ${event.card}s.`;
    case "finish":
      return `${who} has turned every card: everyone else plays once more.`;
    default:
      return null;
  }
}

/** Everyone's layout at the end of a round (cleared lines left empty). */
export function roundDetails(event, ctx) {
  return finalCards(ctx, event.layouts, {
    layout: "grid grid-skyjo",
    face: (value, seat, pos) => (event.removed[seat][pos] ? null : skyjoCard(value)),
    note: (seat) => (event.finisher === seat ? " (finished)" : ""),
  });
}
