// The rules as players tell them: short, with card pictures, for the drawer on the
// table page (the full rules, with every option, stay on the lobby page). Cards are
// numbered from 1, left to right and row by row, as everywhere in the browser.

import { cardBack, frenchCard, lastCardCard, skyjoCard } from "./art/deck.js";
import { h } from "./dom.js";

export const TEXT = {
  title: (game) => `How to play ${game}`,
  close: "Close",
  open: "Rules",
  rulesOn: "Rules:",
};

/** Per game: sections of {title, text, cards: () => [svg...]}. */
const GUIDES = {
  skyjo: [
    { title: "Goal", text: "Have the fewest points when the round ends. Cards go from -2 (best) to 12.", cards: () => [skyjoCard(-2), skyjoCard(0), skyjoCard(12)] },
    { title: "Start", text: "You get 12 cards face down in 3 rows of 4. Turn any 2 of them face up." },
    { title: "Your turn", text: "Draw a card or take the top of the discard pile. Put it in place of any of your cards (the old one goes on the discard pile), or throw a drawn card away and turn one of your face-down cards up." },
    { title: "Clear a column", text: "Three equal face-up cards in one column leave your layout: their points are gone.", cards: () => [skyjoCard(9), skyjoCard(9), skyjoCard(9)] },
    { title: "End of the round", text: "When someone has every card face up, everyone else plays once more. Then all cards are turned up and counted. If the player who ended it does not have the strictly lowest score, their points are doubled." },
    { title: "End of the match", text: "The match ends when someone reaches the target (100 points unless the table says otherwise). The lowest total wins." },
  ],
  cactus: [
    { title: "Goal", text: "Have the lowest total when the round ends. Ace is 1, 2 to 10 their number, jack and queen 10, black kings 15, red kings 0.", cards: () => [frenchCard("Kh"), frenchCard("Ad"), frenchCard("Ks")] },
    { title: "Start", text: "You get 4 cards face down. Look once at your cards 1 and 2, and remember them.", cards: () => [cardBack(), cardBack(), cardBack(), cardBack()] },
    { title: "Your turn", text: "Draw a card (only you see it): put it in place of one of your cards, or discard it. Or take the top discard and put it in place of one of your cards." },
    { title: "Card powers", text: "A card you draw and discard at once has a power: 7 or 8, look at one of your cards; 9 or 10, look at another player's card; jack or queen, swap one of your cards with another player's, unseen; black king, look at another player's card, then swap.", cards: () => [frenchCard("7h"), frenchCard("9c"), frenchCard("Jd"), frenchCard("Kc")] },
    { title: "Quick discard", text: "When a card lands on the discard pile, the other players may throw a card of the same rank at once. Right: the card is gone. Wrong: everyone sees it, it goes back, and you take a penalty card." },
    { title: "Cactus!", text: "At the start of your turn, call Cactus if you think you are lowest. Everyone else plays once more, then all cards are counted." },
    { title: "End of the match", text: "When someone reaches the target (100 points unless the table says otherwise), the lowest total wins." },
  ],
  lastcard: [
    { title: "Goal", text: "Be the first with no cards left. You then score the points left in everyone else's hands.", cards: () => [lastCardCard("R7"), lastCardCard("G7"), lastCardCard("Gskip")] },
    { title: "Your turn", text: "Play a card of the same colour, number or symbol as the top of the discard pile. A Wild or +4 goes on anything: you name the next colour. If you cannot play, draw a card; you may play it at once if it fits.", cards: () => [lastCardCard("wild"), lastCardCard("+4")] },
    { title: "Special cards", text: "Skip: the next player misses a turn. Reverse: play changes direction. +2 and +4: the next player draws 2 or 4, unless they answer with a +2 (or a +4 on a +4) and pass it on, growing.", cards: () => [lastCardCard("Bskip"), lastCardCard("Yreverse"), lastCardCard("R+2")] },
    { title: "Last Card!", text: 'When you play your second-to-last card, press "Last Card!" first. Forget it and you draw 2 cards.' },
    { title: "Points", text: "Numbers count their value, Skip, Reverse and +2 count 20, Wild and +4 count 50. The first over the target (500 unless the table says otherwise) wins." },
  ],
};

/** The drawer's content for `game`. */
export function guide(game) {
  return (GUIDES[game] ?? []).map((section) =>
    h(
      "section",
      { class: "guide-section" },
      h("h3", { text: section.title }),
      section.cards ? h("div", { class: "guide-cards", "aria-hidden": "true" }, section.cards().map((svg) => h("div", { class: "card" }, svg))) : null,
      h("p", { text: section.text }),
    ),
  );
}
