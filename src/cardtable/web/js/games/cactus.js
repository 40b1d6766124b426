// The Cactus table: each player's row of face-down slots, the piles, the card in
// hand, effect targets, the "Cactus" call and the quick-discard window with its
// countdown. Cards the viewer peeks at show for a few seconds (the memory aid, when
// on, keeps them shown through the view itself). Places are keyed "L<seat>:<slot>".

import { ofType } from "../actions.js";
import { cardName, frenchCard } from "../art/french.js";
import { notice } from "../dialogs.js";
import { h } from "../dom.js";
import {
  back,
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

export const title = "Cactus";

const PEEK_MS = 4000;

const RANK_WORDS = { A: "ace", J: "jack", Q: "queen", K: "king" };

/** "an 8", "a king": the rank a quick discard asks for, with its article. */
function aRank(rank) {
  const word = RANK_WORDS[rank] ?? rank;
  return `${/^(8|ace)$/.test(word) ? "an" : "a"} ${word}`;
}

const EFFECT_ASK = {
  peek_own: "Look at one of your cards.",
  peek_opponent: "Look at one card of another player.",
  choose_opponent: "Choose another player's card to swap, unseen.",
  swap: "Choose your card to give in exchange.",
  king_peek: "Look at one card of another player (black king).",
  king_swap: "Choose your card to swap with the card you looked at.",
};
const EFFECT_NAMES = {
  peek_own: "look at one of your cards",
  peek_opponent: "look at an opponent's card",
  choose_opponent: "blind swap",
  king_peek: "look, then swap",
};

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
  } else if (event.type === "swap") {
    shown.delete(`L${event.seat}:${event.slot}`);
    shown.delete(`L${event.target_seat}:${event.target_slot}`);
  } else if (event.type === "round_start") {
    shown.clear();
  }
}

function slotActions(ctx, seat, slot) {
  if (seat === ctx.you) {
    // The start-of-round look shows the first two slots, so those two cards offer it.
    const look = slot < 2 ? ofType(ctx.legal, "look") : [];
    const own = ["replace", "peek_own", "swap", "throw"].flatMap((type) => ofType(ctx.legal, type, { slot }));
    return [...look, ...own];
  }
  return ["peek_opponent", "choose_opponent"].flatMap((type) => ofType(ctx.legal, type, { seat, slot }));
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
  return h(
    "div",
    { class: "row-cards" },
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
    v.caller === seat ? "called Cactus" : null,
    v.locked.includes(seat) ? "locked" : null,
    v.window?.waiting.includes(seat) ? "may throw" : null,
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
    h("span", { text: `Quick discard: throw ${aRank(w.rank)}!` }),
    countdown(ctx, "window", undefined, total, "time left"),
  );
}

function controls(ctx) {
  const discard = ofType(ctx.legal, "discard");
  const effect = ctx.view.holding?.card ? effectOf(ctx.view.holding.card) : null;
  return h(
    "div",
    { class: "controls" },
    ofType(ctx.legal, "look").length ? ctx.button("Look at my first two cards", ofType(ctx.legal, "look")) : null,
    ctx.button("Cactus!", ofType(ctx.legal, "call_cactus")),
    discard.length ? ctx.button(effect ? `Discard (${effect})` : "Discard", discard) : null,
    ofType(ctx.legal, "keep").length ? ctx.button("Keep my cards", ofType(ctx.legal, "keep")) : null,
    ofType(ctx.legal, "pass").length ? ctx.button("Pass", ofType(ctx.legal, "pass")) : null,
  );
}

/** The effect a drawn card would have if discarded, in words (null for none). */
function effectOf(card) {
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  if (rank === "7" || rank === "8") return EFFECT_NAMES.peek_own;
  if (rank === "9" || rank === "10") return EFFECT_NAMES.peek_opponent;
  if (rank === "J" || rank === "Q") return EFFECT_NAMES.choose_opponent;
  if (rank === "K" && (suit === "s" || suit === "c")) return EFFECT_NAMES.king_peek;
  return null;
}

/** What the viewer is asked to do now, or who is being waited for. */
export function status(ctx) {
  const v = ctx.view;
  if (v.phase === "over") return "The match is over.";
  const called = v.caller !== null ? ` ${seatName(ctx, v.caller)} called Cactus: last turns.` : "";
  if (v.window) {
    const rank = aRank(v.window.rank);
    if (ctx.legal.length) return `Quick discard: throw one of your cards if you think it is ${rank}, or pass.`;
    return `Quick discard: the others may throw ${rank}.${called}`;
  }
  if (v.phase === "look") {
    return ctx.legal.length ? "Look at your first two cards (only you will see them)." : "Waiting for everyone to look at their cards.";
  }
  if (v.current !== ctx.you) return `${seatName(ctx, v.current)} is playing.${called}`;
  if (v.effect) return EFFECT_ASK[v.effect.phase] + called;
  const ask = {
    turn: "Draw a card, take the top discard, or call Cactus.",
    drawn: "Discard the drawn card (using its effect) or replace one of your cards with it.",
    taken: "Replace one of your cards with the taken card.",
  }[v.phase];
  return (ask ?? "") + called;
}

/** The table. */
export function render(ctx) {
  return h(
    "div",
    { class: "board board-cactus felt" },
    opponentRing(ctx, (seat) => area(ctx, seat)),
    h("div", { class: "middle" }, drawDiscardHold(ctx, frenchCard), windowBar(ctx)),
    ctx.you === null ? null : area(ctx, ctx.you),
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
  switch (event.type) {
    case "round_start":
      return `Round ${event.round} begins; ${seatName(ctx, event.starter)} starts.`;
    case "see":
      return event.source === "deal" ? null : `You see the ${cardName(event.card)} (${who}, card ${event.slot + 1}).`;
    case "cactus":
      return `${who} calls Cactus!`;
    case "draw":
      return `${who} draws a card.`;
    case "take_discard":
      return `${who} takes the ${cardName(event.card)} from the discard pile.`;
    case "replace":
      return `${who} replaces card ${event.slot + 1} and discards the ${cardName(event.card)}.`;
    case "discard":
      return `${who} discards the ${cardName(event.card)}${event.effect ? ` (${EFFECT_NAMES[event.effect]})` : ""}.`;
    case "effect_skipped":
      return `${who}'s effect has no possible target.`;
    case "peek":
      return `${who} looks at ${event.target_seat === event.seat ? "their own" : `${target}'s`} card ${event.slot + 1}.`;
    case "swap":
      return `${who} swaps their card ${event.slot + 1} with ${target}'s card ${event.target_slot + 1}.`;
    case "keep":
      return `${who} keeps their cards.`;
    case "window_open":
      return `Quick discard: anyone may throw ${aRank(event.rank)}.`;
    case "throw":
      return event.right
        ? `${who} throws the ${cardName(event.card)}: right!`
        : `${who} throws the ${cardName(event.card)}: wrong, it goes back and a penalty card is added.`;
    case "penalty":
      return `${who} takes a penalty card.`;
    case "turn_skipped":
      return `${who} cannot draw: turn skipped.`;
    default:
      return null;
  }
}

/** How long the wrong-throw note stays (play goes on under it). */
const WRONG_MS = 6000;

const WRONG = {
  title: "Wrong throw",
  mine: (card, rank) => `Your ${cardName(card)} is not ${rank}: everyone saw it, it went back face down, and you took a penalty card.`,
  thrown: "your card (back in its place)",
  penalty: (n) => `penalty card (your card ${n})`,
};

/** A wrong throw of the viewer's own is shown plainly: the card everyone saw and the penalty. */
export function alert(events, ctx) {
  for (const [i, event] of events.entries()) {
    if (event.type !== "throw" || event.right || event.seat !== ctx.you) continue;
    const penalty = events.slice(i).find((e) => e.type === "penalty" && e.seat === event.seat);
    const rank = ctx.view.window ? aRank(ctx.view.window.rank) : "the rank on the pile";
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
    note: (seat) => (event.caller === seat ? " (called)" : ""),
  });
}
