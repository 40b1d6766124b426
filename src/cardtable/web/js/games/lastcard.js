// The Last Card table: the viewer's hand, the other players' card counts, the discard
// pile with the colour to follow, the direction of play and any pending draw. Wild
// cards ask for a colour; the "Last Card" button marks the next play as called. Under
// the house rules the same hand jumps in (a card of it is playable out of turn while a
// window is open), and buttons catch a missed call, challenge a +4, let a window go or
// name whom a 7 swaps hands with.

import { ofType } from "../actions.js";
import { themed } from "../art/deck.js";
import { COLORS, cardName, colorMark, lastCardCard as classicCard } from "../art/lastcard.js";
import { pixelLastCardCard } from "../art/pixel/lastcard.js";
import { colorName } from "../cardnames.js";
import { h, s } from "../dom.js";
import { RACES } from "../guide.js";
import {
  back,
  bottomSeat,
  cardSlot,
  drawPile,
  finalCards,
  opponentRing,
  placeName,
  TEXT,
  pile,
  playerArea,
  playerTag,
  seatName,
} from "./common.js";
import { listOf, t } from "../i18n.js";

export const title = "Last Card";

/** The face of the Last Card card named `name` ("R7", "Bskip", "wild", "+4", ...), in
 * the viewer's card theme. */
export const cardFace = themed(classicCard, pixelLastCardCard);
const lastCardCard = cardFace;

/** The lobby's picture of the game. */
export const picture = () => [lastCardCard("R7"), lastCardCard("+4"), lastCardCard("Bskip")];

/** The guide's sections (guide.js; texts guide.lastcard.<id>.title and .text). */
export const guide = [
  { id: "goal", cards: () => [lastCardCard("R7"), lastCardCard("G7"), lastCardCard("Gskip")] },
  { id: "your_turn", cards: () => [lastCardCard("wild"), lastCardCard("+4")] },
  { id: "special_cards", cards: () => [lastCardCard("Bskip"), lastCardCard("Yreverse"), lastCardCard("R+2")] },
  { id: "last_card" },
  { id: "points" },
  RACES,
];

/** The situations with a first-game tip (tips.js; texts tips.lastcard.<situation>). */
export const tips = ["turn", "play_drawn", "pending", "call"];

/** The tip that comes before the phase's: the call, while it can still be made, then a
 * pending draw to answer. */
export function tipSituation(ctx) {
  if (ctx.legal.some((a) => a.call) && !ctx.ui.calling) return "call";
  if (ctx.view.pending && ctx.view.phase !== "play_drawn") return "pending";
  return null;
}

/** The action types the coach names (coach.js; texts coach.action.<type>). */
export const actions = ["play", "draw", "keep", "pass", "close_window"];

/** An action's field that only Last Card has, in words (coach.js), or null. */
export function actionField(name, value) {
  if (name === "color") return colorName(value);
  if (name === "card") return cardName(value);
  if (name === "call") return t("coach.field.call");
  return null;
}

/** The sound of a play (sound.js): a called one sounds as the call. */
export function soundOf(event) {
  return event.type === "play" ? (event.call ? "call" : "play") : null;
}

/** The rule presets (presets.js; texts preset.lastcard.<id>). */
export const presets = [
  { id: "standard", options: {} },
  { id: "quick", options: { target_score: 150 } },
  { id: "nostack", options: { stack_plus_two: false, stack_plus_four: false } },
  { id: "anything", options: { voluntary_draw: true, plus_four_on_plus_two: true, missed_call_penalty: 4 } },
  { id: "classic", options: { draw_until_playable: true, catch_missed_call: true } },
  { id: "party", options: { jump_in: true, seven_zero: true } },
  { id: "strict", options: { stack_plus_two: false, stack_plus_four: false, challenge_plus_four: true, catch_missed_call: true } },
];

const FAN_LIMIT = 8;

/** Keys for the cards of a hand: "H:<card>#<copy>", so equal cards stay apart. */
function handKeys(hand) {
  const seen = {};
  return hand.map((card) => {
    seen[card] = (seen[card] ?? 0) + 1;
    return `H:${card}#${seen[card] - 1}`;
  });
}

function colorSwatch(color) {
  return s(
    "svg",
    { class: "swatch", viewBox: "0 0 20 20", width: 20, height: 20, "aria-hidden": "true" },
    s("rect", { x: 0, y: 0, width: 20, height: 20, rx: 4, fill: COLORS[color].fill }),
    colorMark(color, 10, 10, 10),
  );
}

/** The legal plays of `card`, with the call if the viewer pressed "Last Card". */
function playsOf(ctx, card) {
  const plays = ofType(ctx.legal, "play", { card });
  const calling = Boolean(ctx.ui.calling) && plays.some((a) => a.call);
  return plays.filter((a) => a.call === calling);
}

function hand(ctx) {
  const cards = ctx.view.hand;
  const keys = handKeys(cards);
  return h(
    "div",
    { class: "hand", role: "list", "aria-label": t("lastcard.hand") },
    cards.map((card, i) =>
      cardSlot(ctx, {
        key: keys[i],
        face: lastCardCard(card),
        actions: playsOf(ctx, card),
        title: t("lastcard.nameColor", { card: cardName(card) }),
        place: placeName(ctx, ctx.you, i),
        describe: (a) => [colorSwatch(a.color), ` ${colorName(a.color)}`],
      }),
    ),
  );
}

/** Another player's hand as a fan of backs; its last card is the place cards move to and from. */
function fan(ctx, seat) {
  const shown = Math.min(ctx.view.hand_sizes[seat], FAN_LIMIT);
  return h(
    "div",
    { class: "hand fan" },
    Array.from({ length: shown }, (_, i) =>
      h("div", { class: "card", "data-key": i === shown - 1 ? `P${seat}` : null }, back()),
    ),
  );
}

function area(ctx, seat) {
  const size = ctx.view.hand_sizes[seat];
  const badges = [t("lastcard.badge.cards", { n: size }), size === 1 ? t("lastcard.badge.last") : null];
  const cards = seat === ctx.you ? hand(ctx) : fan(ctx, seat);
  return playerArea(ctx, seat, playerTag(ctx, seat, badges), cards, seat === ctx.you);
}

function centre(ctx) {
  const v = ctx.view;
  return h(
    "div",
    { class: "centre" },
    drawPile(ctx),
    h(
      "div",
      {
        class: "color-ring",
        style: `--follow: ${COLORS[v.color].fill}`,
        "data-color": v.color,
        title: t("lastcard.follow", { color: colorName(v.color) }),
      },
      pile(ctx, { key: "discard", face: lastCardCard(v.top), count: v.discard_size, caption: TEXT.discard, place: TEXT.discardPile }),
    ),
    h(
      "div",
      { class: "table-state" },
      h("div", { class: "direction", text: v.direction === 1 ? `↻ ${t("lastcard.clockwise")}` : `↺ ${t("lastcard.anticlockwise")}` }),
      h("div", { class: "follow" }, colorSwatch(v.color), ` ${t("lastcard.followShort", { color: colorName(v.color) })}`),
      v.pending ? h("div", { class: "pending", text: t("lastcard.pending", { n: v.pending }) }) : null,
    ),
  );
}

function controls(ctx) {
  const v = ctx.view;
  const canCall = ofType(ctx.legal, "play").some((a) => a.call);
  const call = h("button", {
    type: "button",
    class: `action-button call ${ctx.ui.calling ? "toggled" : ""}`,
    "aria-pressed": String(Boolean(ctx.ui.calling)),
    "data-toggle": "last-card",
    text: t("lastcard.button.call"),
    disabled: !canCall,
    onclick: () => {
      ctx.ui.calling = !ctx.ui.calling;
      ctx.rerender();
    },
  });
  if (canCall) call.classList.add("playable");
  if (canCall && !ctx.ui.calling) call.classList.add("call-now");
  const draws = ofType(ctx.legal, "draw");
  const optional = (type, text) => (ofType(ctx.legal, type).length ? ctx.button(text, ofType(ctx.legal, type)) : null);
  return h(
    "div",
    { class: "controls" },
    call,
    ctx.button(v.pending ? t("lastcard.button.drawN", { n: v.pending }) : t("lastcard.button.draw"), draws),
    optional("keep", t("lastcard.button.keep")),
    optional("catch", t("lastcard.button.catch")),
    optional("challenge", t("lastcard.button.challenge")),
    ofType(ctx.legal, "swap_with").map((a) => ctx.button(t("lastcard.button.swapWith", { name: seatName(ctx, a.seat) }), [a])),
    optional("pass", t("lastcard.button.pass")),
  );
}

/** Forget the "Last Card" toggle once the play it was for is made. */
export function observe(event, ctx) {
  if (event.type === "play" && event.seat === ctx.you) ctx.ui.calling = false;
}

/** What the viewer is asked to do now, or who is being waited for. */
export function status(ctx) {
  const v = ctx.view;
  if (v.phase === "over") return t("status.over");
  const plays = ofType(ctx.legal, "play");
  if (ofType(ctx.legal, "catch").length) return t("lastcard.status.catch", { name: seatName(ctx, v.catch) });
  if (v.current !== ctx.you) {
    if (plays.length) return t("lastcard.status.jump", { card: cardName(v.jump) });
    return t("status.playing", { name: seatName(ctx, v.current) });
  }
  if (v.phase === "swap") return t("lastcard.status.swap");
  if (ofType(ctx.legal, "challenge").length) return t("lastcard.status.challenge", { name: seatName(ctx, v.challenge), n: v.pending });
  // Offered with every play that leaves one card, the drawn card's included.
  const call = plays.some((a) => a.call) ? ` ${t("lastcard.status.call")}` : "";
  if (v.phase === "play_drawn") {
    // Asked after every draw, so that the table cannot tell whether the card fits.
    if (!plays.length) return t("lastcard.status.drawnMisfit", { card: cardName(v.drawn) });
    return t("lastcard.status.drawn", { card: cardName(v.drawn) }) + call;
  }
  if (v.pending) return t("lastcard.status.pending", { n: v.pending }) + call;
  if (!plays.length) return t("lastcard.status.cannot");
  return t("lastcard.status.play", { color: colorName(v.color), card: cardName(v.top) }) + call;
}

/** The table. */
export function render(ctx) {
  return h(
    "div",
    { class: "board board-lastcard felt" },
    opponentRing(ctx, (seat) => area(ctx, seat)),
    h("div", { class: "middle" }, centre(ctx)),
    area(ctx, bottomSeat(ctx)),
    ctx.you === null ? null : controls(ctx),
  );
}

/** The moves to animate for one event. */
export function moves(event, ctx) {
  switch (event.type) {
    case "play":
      return [{ from: event.seat === ctx.you ? `H:${event.card}#0` : `P${event.seat}`, to: "discard" }];
    case "draw":
      return event.seat === ctx.you ? [] : [{ from: "draw", to: `P${event.seat}` }];
    case "drawn":
      return event.cards.map((card) => ({ from: "draw", to: `H:${card}#0` }));
    default:
      return [];
  }
}

/**
 * The reasons for a draw the log tells, by the engine's reason: a missed call is a
 * penalty; the engine's "penalty" is the pending draw of the +2 and +4 cards played,
 * an ordinary part of play, and is told as such (lastcard.log.draw.<key>).
 */
const DRAW_REASONS = { missed_call: "missed_call", penalty: "pending", challenge: "challenge" };

/** A line for the table's log, or null for events not worth one. */
export function describe(event, ctx) {
  const who = event.seat === undefined ? "" : seatName(ctx, event.seat);
  switch (event.type) {
    case "round_start":
      return t("lastcard.log.round_start", { round: event.round, name: seatName(ctx, event.starter), card: cardName(event.top) });
    case "play": {
      const wild = event.card === "wild" || event.card === "+4";
      const params = { name: who, card: cardName(event.card), color: wild ? colorName(event.color) : "" };
      return t(`lastcard.log.play${wild ? "Wild" : ""}${event.call ? "Call" : ""}`, params);
    }
    case "draw": {
      const why = Object.hasOwn(DRAW_REASONS, event.reason) ? `.${DRAW_REASONS[event.reason]}` : "";
      return t(`lastcard.log.draw${why}`, { name: who, n: event.count });
    }
    case "drawn":
      return t("lastcard.log.drawn", { cards: listOf(event.cards.map(cardName)) });
    case "keep":
      return t("lastcard.log.keep", { name: who });
    case "jump_in":
      return t("lastcard.log.jump_in", { name: who, card: cardName(event.card) });
    case "catch":
      return t("lastcard.log.catch", { name: who, caught: seatName(ctx, event.caught) });
    case "challenge":
      return t(`lastcard.log.challenge${event.guilty ? "Guilty" : "Honest"}`, { name: who, target: seatName(ctx, event.target) });
    case "challenged_hand":
      return t("lastcard.log.challenged_hand", { name: who, cards: listOf(event.cards.map(cardName)) });
    case "swap":
      return t("lastcard.log.swap", { name: who, other: seatName(ctx, event.with) });
    case "hands_passed":
      return t("lastcard.log.hands_passed");
    case "hand":
      return t("lastcard.log.hand", { cards: listOf(event.cards.map(cardName)) });
    default:
      return null;
  }
}

/** Everyone's remaining cards at the end of a round. */
export function roundDetails(event, ctx) {
  return [
    h("p", { text: t("lastcard.wentOut", { name: seatName(ctx, event.winner) }) }),
    finalCards(ctx, event.hands, { layout: "hand", face: lastCardCard }),
  ];
}
