// First-game tips: for every phase of every game, what the player can do right now,
// in plain words and by what to click. Shown under the status line until hidden.

export const TEXT = {
  hide: "Hide tips",
  show: "Show tips",
  label: "Tip:",
  watching: "You are watching: the cards you see are the ones everyone may see.",
  waiting: "While the others play, watch the discard pile: it tells you what they keep and throw away.",
};

const TIPS = {
  skyjo: {
    setup: "Click any two of your face-down cards to turn them up. Everyone does this at the same time.",
    turn: "Click the draw pile for a surprise card, or the discard pile to take its top card (you then must keep it).",
    place_drawn: "Click one of your cards to swap the drawn card in. Too high? Click the discard pile (or the button beside it) to throw it away; you then turn a card up.",
    place_taken: "Click the card of yours it should replace: high cards out, low cards in.",
    reveal_after_discard: "Click one of your face-down cards to turn it up.",
  },
  cactus: {
    look: "Press the button (or click your card 1 or 2): they show for a few seconds, so remember them.",
    turn: "Click the draw pile, or the discard pile to take its top card. Sure you are lowest? Press Cactus!",
    drawn: "Click one of your cards to swap the drawn card in, or discard it to use its power (7-8: look at yours, 9-10: look at another's, jack-queen: swap, black king: look then swap).",
    taken: "Click the card of yours it should replace.",
    effect: "Click the card the power should act on: the status line says whose.",
    window: "Think one of your cards has the same rank as the top discard? Click it to throw it. Unsure? Pass: a wrong throw costs a penalty card.",
  },
  lastcard: {
    turn: "Click a card that matches the colour or the symbol on top of the pile; a Wild asks you for a colour. Nothing fits? Press Draw.",
    play_drawn: "The card you drew fits: click it to play it now, or press Keep it.",
    pending: "A +2 or +4 is waiting: answer with the same kind of card to pass it on, or press Draw to take them all.",
    call: 'This play leaves you one card: press "Last Card!" first, then play.',
  },
};

/** The tip for the viewer's situation now, or null when there is none. */
export function tipFor(game, ctx) {
  const v = ctx.view;
  if (ctx.you === null) return TEXT.watching;
  if (v.phase === "over") return null;
  if (!ctx.legal.length) return TEXT.waiting;
  const tips = TIPS[game] ?? {};
  if (game === "cactus") {
    if (v.window) return tips.window;
    if (v.effect) return tips.effect;
  }
  if (game === "lastcard") {
    if (ctx.legal.some((a) => a.call) && !ctx.ui.calling) return tips.call;
    if (v.pending && v.phase !== "play_drawn") return tips.pending;
  }
  return tips[v.phase] ?? null;
}
