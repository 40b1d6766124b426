// The Cactus table: each player's row of face-down slots, the piles, the card in
// hand, effect targets, the "Cactus" call and the quick-discard window with its
// countdown. Cards the viewer peeks at show for a few seconds (the memory aid, when
// on, keeps them shown through the view itself). Places are keyed "L<seat>:<slot>".

import { ofType } from "../actions.js";
import { themed } from "../art/deck.js";
import { frenchCard as classicCard } from "../art/french.js";
import { pixelFrenchCard } from "../art/pixel/french.js";
import { aRank, frenchName, theFrench } from "../cardnames.js";
import { notice } from "../dialogs.js";
import { h } from "../dom.js";
import { RACES } from "../guide.js";
import {
  back,
  bottomSeat,
  cardSlot,
  countdown,
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

export const title = "Cactus";

/** The face of the French card named like "Ah", "10s" or "Kd", in the viewer's card theme. */
export const cardFace = themed(classicCard, pixelFrenchCard);
const frenchCard = cardFace;

/** The lobby's picture of the game. */
export const picture = () => [frenchCard("Ks"), frenchCard("7h"), frenchCard("Ad")];

/** The guide's sections (guide.js; texts guide.cactus.<id>.title and .text). */
export const guide = [
  { id: "goal", cards: () => [frenchCard("Kh"), frenchCard("Ad"), frenchCard("Ks")] },
  { id: "start", cards: () => [back(), back(), back(), back()] },
  { id: "your_turn" },
  { id: "card_powers", cards: () => [frenchCard("7h"), frenchCard("9c"), frenchCard("Jd"), frenchCard("Kc")] },
  { id: "quick_discard" },
  RACES,
  { id: "cactus" },
  { id: "end_of_match" },
];

/** The situations with a first-game tip (tips.js; texts tips.cactus.<situation>). */
export const tips = ["look", "turn", "drawn", "taken", "effect", "window"];

/** The tip that comes before the phase's: the quick-discard window's, then the effect's. */
export function tipSituation(ctx) {
  if (ctx.view.window) return "window";
  if (ctx.view.effect) return "effect";
  return null;
}

/** The action types the coach names (coach.js; texts coach.action.<type>). */
export const actions = [
  "look", "call_cactus", "draw", "take_discard", "discard", "replace", "peek_own", "peek_opponent",
  "choose_opponent", "swap", "keep", "throw", "pass", "close_window",
];

/** The sounds of Cactus's own events (sound.js). */
const SOUNDS = { throw: "play", window_open: "window", cactus: "call" };

/** The sound of a Cactus event the table's sounds do not know, or null. */
export function soundOf(event) {
  return SOUNDS[event.type] ?? null;
}

/** The rule presets (presets.js; texts preset.cactus.<id>). */
export const presets = [
  { id: "standard", options: {} },
  { id: "quick", options: { rounds: 3 } },
  { id: "memory", options: { memory_aid: true } },
  { id: "cutthroat", options: { self_snap: true, caller_penalty: 10, lock_caller: false } },
  { id: "snap", options: { snap_opponent: true, self_snap: true, wrong_throw_penalty: 2 } },
];

const PEEK_MS = 4000;

/** The effect phases (what the viewer is asked, cactus.ask.<phase>) and the effects a
 * discard names (cactus.effect.<effect>). */
const EFFECT_ASKS = ["peek_own", "peek_opponent", "choose_opponent", "swap", "king_peek", "king_swap"];
const EFFECTS = ["peek_own", "peek_opponent", "choose_opponent", "king_peek"];
const effectName = (effect) => (EFFECTS.includes(effect) ? t(`cactus.effect.${effect}`) : effect);

function peeks(ctx) {
  ctx.ui.peeks ??= new Map();
  return ctx.ui.peeks;
}

/** Remember a card the viewer was shown, and hide it again after a few seconds. */
function showPeek(ctx, key, card) {
  const shown = peeks(ctx);
  const entry = { card };
  shown.set(key, entry);
  setTimeout(() => {
    if (shown.get(key) === entry) {
      shown.delete(key);
      ctx.rerender();
    }
  }, PEEK_MS);
}

/** Events update what the viewer is being shown; a card that moves is no longer shown. */
export function observe(event, ctx) {
  const shown = peeks(ctx);
  if (event.type === "see") {
    showPeek(ctx, `L${event.seat}:${event.slot}`, event.card);
  } else if (event.type === "replace" || event.type === "throw") {
    shown.delete(`L${event.seat}:${event.slot}`);
  } else if (event.type === "swap" || event.type === "give") {
    shown.delete(`L${event.seat}:${event.slot}`);
    shown.delete(`L${event.target_seat}:${event.target_slot}`);
  } else if (event.type === "throw_opponent") {
    shown.delete(`L${event.target_seat}:${event.slot}`);
  } else if (event.type === "round_start") {
    shown.clear();
  }
}

function slotActions(ctx, seat, slot) {
  if (seat === ctx.you) {
    // The start-of-round look shows the first two slots, so those two cards offer it.
    const look = slot < 2 ? ofType(ctx.legal, "look") : [];
    const own = ["replace", "peek_own", "swap", "throw", "give"].flatMap((type) => ofType(ctx.legal, type, { slot }));
    return [...look, ...own];
  }
  // With snap_opponent, another player's card may be thrown in a quick-discard window.
  return ["peek_opponent", "choose_opponent", "throw_opponent"].flatMap((type) => ofType(ctx.legal, type, { seat, slot }));
}

function slotFace(ctx, seat, slot, value) {
  const key = `L${seat}:${slot}`;
  const effect = ctx.view.effect;
  const target = effect?.target && effect.target[0] === seat && effect.target[1] === slot;
  if (value === "empty") return { face: null, extra: "" };
  // A face shown by the view itself: remembered with the memory aid, or the round is over.
  if (value !== "hidden") return { face: frenchCard(value), extra: "remembered" };
  if (target && effect.looking_at) return { face: frenchCard(effect.looking_at), extra: "peeked selected" };
  const peek = peeks(ctx).get(key);
  if (peek) return { face: frenchCard(peek.card), extra: "peeked" };
  return { face: back(), extra: target ? "selected" : "" };
}

function row(ctx, seat) {
  const values = ctx.view.layouts[seat];
  const over = ctx.view.phase === "over";
  // The number of cards lets a phone size them to fit the row (style.css).
  return h(
    "div",
    { class: "row-cards", style: `--cards: ${values.length}` },
    values.map((value, slot) => {
      const { face, extra } = slotFace(ctx, seat, slot, value);
      return cardSlot(ctx, {
        key: `L${seat}:${slot}`,
        face,
        actions: over ? [] : slotActions(ctx, seat, slot),
        extra,
        place: placeName(ctx, seat, slot),
      });
    }),
  );
}

function area(ctx, seat) {
  const v = ctx.view;
  const badges = [
    v.caller === seat ? t("cactus.badge.called") : null,
    v.locked.includes(seat) ? t("cactus.badge.locked") : null,
    v.window?.waiting.includes(seat) ? t("cactus.badge.mayThrow") : null,
  ];
  return playerArea(ctx, seat, playerTag(ctx, seat, badges), row(ctx, seat), seat === ctx.you);
}

/** The quick-discard bar: the rank to match and the time left on the server's timer. */
function windowBar(ctx) {
  const w = ctx.view.window;
  if (!w) return null;
  const total = ctx.view.options.quick_discard_seconds * 1000;
  return h(
    "div",
    { class: "quick-window" },
    h("span", { text: t("cactus.window", { rank: aRank(w.rank) }) }),
    countdown(ctx, "window", undefined, total, t("cactus.timeLeft")),
  );
}

function controls(ctx) {
  const discard = ofType(ctx.legal, "discard");
  const effect = ctx.view.holding?.card ? effectOf(ctx.view.holding.card) : null;
  return h(
    "div",
    { class: "controls" },
    ofType(ctx.legal, "look").length ? ctx.button(t("cactus.button.look"), ofType(ctx.legal, "look")) : null,
    ctx.button(t("cactus.button.call"), ofType(ctx.legal, "call_cactus")),
    discard.length ? ctx.button(effect ? t("cactus.button.discardEffect", { effect }) : t("cactus.button.discard"), discard) : null,
    ofType(ctx.legal, "keep").length ? ctx.button(t("cactus.button.keep"), ofType(ctx.legal, "keep")) : null,
    ofType(ctx.legal, "pass").length ? ctx.button(t("cactus.button.pass"), ofType(ctx.legal, "pass")) : null,
  );
}

/** The effect a drawn card would have if discarded, in words (null for none). */
function effectOf(card) {
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  if (rank === "7" || rank === "8") return effectName("peek_own");
  if (rank === "9" || rank === "10") return effectName("peek_opponent");
  if (rank === "J" || rank === "Q") return effectName("choose_opponent");
  if (rank === "K" && (suit === "s" || suit === "c")) return effectName("king_peek");
  return null;
}

/** The phases of the viewer's own turn that ask something (cactus.ask.<phase>). */
const ASKS = ["turn", "drawn", "taken"];

/** What the viewer is asked to do now, or who is being waited for. */
export function status(ctx) {
  const v = ctx.view;
  if (v.phase === "over") return t("status.over");
  const called = v.caller !== null ? ` ${t("cactus.status.called", { name: seatName(ctx, v.caller) })}` : "";
  if (v.window) {
    const rank = aRank(v.window.rank);
    if (ofType(ctx.legal, "throw_opponent").length) return t("cactus.status.windowSnap", { rank });
    if (ctx.legal.length) return t("cactus.status.windowMine", { rank });
    return t("cactus.status.windowOthers", { rank }) + called;
  }
  if (v.phase === "look") {
    return ctx.legal.length ? t("cactus.status.look") : t("cactus.status.lookWaiting");
  }
  if (v.giving) {
    if (ctx.legal.length) return t("cactus.ask.give", { target: seatName(ctx, v.giving.target[0]) });
    return t("cactus.status.giving", { name: seatName(ctx, v.giving.seat), target: seatName(ctx, v.giving.target[0]) }) + called;
  }
  if (v.current !== ctx.you) return t("status.playing", { name: seatName(ctx, v.current) }) + called;
  if (v.effect) return (EFFECT_ASKS.includes(v.effect.phase) ? t(`cactus.ask.${v.effect.phase}`) : "") + called;
  const ask = ASKS.includes(v.phase) ? t(`cactus.ask.${v.phase}`) : "";
  return ask + called;
}

/** The table. */
export function render(ctx) {
  return h(
    "div",
    { class: "board board-cactus felt" },
    opponentRing(ctx, (seat) => area(ctx, seat)),
    h("div", { class: "middle" }, drawDiscardHold(ctx, frenchCard), windowBar(ctx)),
    area(ctx, bottomSeat(ctx)),
    ctx.you === null ? null : controls(ctx),
  );
}

/** The moves to animate for one event. */
export function moves(event) {
  const at = (seat, slot) => `L${seat}:${slot}`;
  const shared = handMoves(event, at(event.seat, event.slot));
  if (shared) return shared;
  switch (event.type) {
    case "peek":
    case "choose_opponent":
      return [{ mark: at(event.target_seat, event.slot) }];
    case "swap":
      return [
        { from: at(event.seat, event.slot), to: at(event.target_seat, event.target_slot) },
        { from: at(event.target_seat, event.target_slot), to: at(event.seat, event.slot) },
      ];
    case "throw":
      return event.right
        ? [{ from: at(event.seat, event.slot), to: "discard" }]
        : [{ mark: at(event.seat, event.slot) }];
    case "throw_opponent":
      return event.right
        ? [{ from: at(event.target_seat, event.slot), to: "discard" }]
        : [{ mark: at(event.target_seat, event.slot) }];
    case "give":
      return [{ from: at(event.seat, event.slot), to: at(event.target_seat, event.target_slot) }];
    case "penalty":
      return [{ from: "draw", to: at(event.seat, event.slot) }];
    default:
      return [];
  }
}

/** A line for the table's log, or null for events not worth one. */
export function describe(event, ctx) {
  const who = event.seat === undefined ? "" : seatName(ctx, event.seat);
  const target = event.target_seat === undefined ? "" : seatName(ctx, event.target_seat);
  const card = event.card ? theFrench(event.card) : "";
  const n = event.slot === undefined ? 0 : event.slot + 1;
  switch (event.type) {
    case "round_start":
      return t("cactus.log.round_start", { round: event.round, name: seatName(ctx, event.starter) });
    case "see":
      return event.source === "deal" ? null : t("cactus.log.see", { card, name: who, n });
    case "discard":
      return event.effect ? t("cactus.log.discardEffect", { name: who, card, effect: effectName(event.effect) }) : t("cactus.log.discard", { name: who, card });
    case "peek":
      return event.target_seat === event.seat ? t("cactus.log.peekOwn", { name: who, n }) : t("cactus.log.peek", { name: who, target, n });
    case "swap":
      return t("cactus.log.swap", { name: who, n, target, m: event.target_slot + 1 });
    case "window_open":
      return t("cactus.log.window_open", { rank: aRank(event.rank) });
    case "throw":
      return event.right ? t("cactus.log.throwRight", { name: who, card }) : t("cactus.log.throwWrong", { name: who, card });
    case "throw_opponent":
      return t(event.right ? "cactus.log.snapRight" : "cactus.log.snapWrong", { name: who, target, card });
    case "give":
      return t("cactus.log.give", { name: who, n, target, m: event.target_slot + 1 });
    default:
      return LOGGED.includes(event.type) ? t(`cactus.log.${event.type}`, { name: who, card, n }) : null;
  }
}

/** The events told in the log with one message each (cactus.log.<type>). */
const LOGGED = ["cactus", "draw", "take_discard", "replace", "effect_skipped", "keep", "penalty", "turn_skipped"];

/** How long the wrong-throw note stays (play goes on under it). */
const WRONG_MS = 6000;

const WRONG = {
  title: t("cactus.wrong.title"),
  mine: (card, rank) => t("cactus.wrong.mine", { card: frenchName(card), rank }),
  thrown: t("cactus.wrong.thrown"),
  penalty: (n) => t("cactus.wrong.penalty", { n }),
};

/** A wrong throw of the viewer's own is shown plainly: the card everyone saw and the penalty. */
export function alert(events, ctx) {
  for (const [i, event] of events.entries()) {
    if (event.type !== "throw" || event.right || event.seat !== ctx.you) continue;
    const penalty = events.slice(i).find((e) => e.type === "penalty" && e.seat === event.seat);
    const rank = ctx.view.window ? aRank(ctx.view.window.rank) : t("cactus.wrong.pileRank");
    notice(WRONG.title, [
      h("p", { text: WRONG.mine(event.card, rank) }),
      h(
        "div",
        { class: "alert-cards" },
        h("figure", { "data-wrong-card": event.card }, h("div", { class: "card" }, frenchCard(event.card)), h("figcaption", { text: WRONG.thrown })),
        penalty
          ? h("figure", { "data-penalty": penalty.slot }, h("div", { class: "card" }, back()), h("figcaption", { text: WRONG.penalty(penalty.slot + 1) }))
          : null,
      ),
    ], { kind: "alert", closeAfterMs: WRONG_MS });
  }
}

/** Everyone's cards at the end of a round. */
export function roundDetails(event, ctx) {
  return finalCards(ctx, event.layouts, {
    layout: "row-cards",
    face: (card) => (card ? frenchCard(card) : null),
    note: (seat) => (event.caller === seat ? ` ${t("cactus.called")}` : ""),
  });
}
