// The Skyjo table: every player's 3x4 layout, the draw and discard piles, and the
// card in hand. Layout places are keyed "L<seat>:<pos>" for animations.

import { ofType } from "../actions.js";
import { themed } from "../art/deck.js";
import { skyjoCard as classicCard } from "../art/skyjo.js";
import { pixelSkyjoCard } from "../art/pixel/skyjo.js";
import { h } from "../dom.js";
import {
  back,
  bottomSeat,
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
import { t } from "../i18n.js";

export const title = "Skyjo";

/** The face of the Skyjo card worth `value` (-2..12), in the viewer's card theme. */
export const cardFace = themed(classicCard, pixelSkyjoCard);
const skyjoCard = cardFace;

/** The lobby's picture of the game. */
export const picture = () => [skyjoCard(-2), skyjoCard(12), skyjoCard(5)];

/** The guide's sections (guide.js; texts guide.skyjo.<id>.title and .text). */
export const guide = [
  { id: "goal", cards: () => [skyjoCard(-2), skyjoCard(0), skyjoCard(12)] },
  { id: "start" },
  { id: "your_turn" },
  { id: "clear_a_column", cards: () => [skyjoCard(9), skyjoCard(9), skyjoCard(9)] },
  { id: "end_of_round" },
  { id: "end_of_match" },
];

/** The phases with a first-game tip (tips.js; texts tips.skyjo.<phase>). */
export const tips = ["setup", "turn", "place_drawn", "place_taken", "reveal_after_discard"];

/** The action types the coach names (coach.js; texts coach.action.<type>). */
export const actions = ["reveal", "draw", "take_discard", "replace", "discard"];

/** The sound of a Skyjo event the table's sounds do not know (sound.js), or null. */
export function soundOf(event) {
  return event.type === "clear" ? "clear" : null;
}

/** The rule presets (presets.js; texts preset.skyjo.<id>). */
export const presets = [
  { id: "standard", options: {} },
  { id: "quick", options: { target_score: 50 } },
  { id: "rows", options: { clear_rows: true } },
  { id: "gentle", options: { finisher_multiplier: 1 } },
  { id: "nocolumns", options: { clear_columns: false } },
];

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
    v.finisher === seat ? t("skyjo.badge.finished") : null,
    v.phase === "setup" && v.reveals_left[seat] ? t("skyjo.badge.reveals", { n: v.reveals_left[seat] }) : null,
    t("skyjo.badge.shows", { n: visibleSum(v.layouts[seat]) }),
  ];
  return playerArea(ctx, seat, playerTag(ctx, seat, badges), layout(ctx, seat), seat === ctx.you);
}

/** The phases of the viewer's own turn (skyjo.ask.<phase>). */
const ASKS = ["turn", "place_drawn", "place_taken", "reveal_after_discard"];

/** What the viewer is asked to do now, or who is being waited for. */
export function status(ctx) {
  const v = ctx.view;
  if (v.phase === "over") return t("status.over");
  if (v.phase === "setup") {
    const left = ctx.you === null ? 0 : v.reveals_left[ctx.you];
    return left ? t("skyjo.status.setup", { n: left }) : t("skyjo.status.setupWaiting");
  }
  const last = v.finisher !== null ? ` ${t("skyjo.status.finished", { name: seatName(ctx, v.finisher) })}` : "";
  if (v.current !== ctx.you) return t("status.playing", { name: seatName(ctx, v.current) }) + last;
  return (ASKS.includes(v.phase) ? t(`skyjo.ask.${v.phase}`) : "") + last;
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
      discard.length ? h("div", { class: "controls" }, ctx.button(t("skyjo.button.discard"), discard)) : null,
    ),
    area(ctx, bottomSeat(ctx)),
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
  if (!LOGGED.includes(event.type)) return null;
  return t(`skyjo.log.${event.type}`, { name: who, round: event.round, card: event.card, old: event.old });
}

/** The events told in the log (skyjo.log.<type>). */
const LOGGED = ["round_start", "draw", "drawn", "take_discard", "replace", "discard", "reveal", "clear", "finish"];

/** Everyone's layout at the end of a round (cleared lines left empty). */
export function roundDetails(event, ctx) {
  return finalCards(ctx, event.layouts, {
    layout: "grid grid-skyjo",
    face: (value, seat, pos) => (event.removed[seat][pos] ? null : skyjoCard(value)),
    note: (seat) => (event.finisher === seat ? ` ${t("skyjo.finished")}` : ""),
  });
}
