// The rules as players tell them: short, with card pictures, for the drawer on the
// table page (the full rules, with every option, stay on the lobby page). Cards are
// numbered from 1, left to right and row by row, as everywhere in the browser.

import { cardBack, frenchCard, lastCardCard, skyjoCard } from "./art/deck.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

export const TEXT = {
  title: (game) => t("guide.title", { game }),
  close: t("guide.close"),
  open: t("guide.open"),
  rulesOn: t("guide.rulesOn"),
};

/** Per game: its sections, each {id, cards?: () => [svg...]}; the texts are the catalogue's
 * guide.<game>.<id>.title and .text. */
const GUIDES = {
  skyjo: [
    { id: "goal", cards: () => [skyjoCard(-2), skyjoCard(0), skyjoCard(12)] },
    { id: "start" },
    { id: "your_turn" },
    { id: "clear_a_column", cards: () => [skyjoCard(9), skyjoCard(9), skyjoCard(9)] },
    { id: "end_of_round" },
    { id: "end_of_match" },
  ],
  cactus: [
    { id: "goal", cards: () => [frenchCard("Kh"), frenchCard("Ad"), frenchCard("Ks")] },
    { id: "start", cards: () => [cardBack(), cardBack(), cardBack(), cardBack()] },
    { id: "your_turn" },
    { id: "card_powers", cards: () => [frenchCard("7h"), frenchCard("9c"), frenchCard("Jd"), frenchCard("Kc")] },
    { id: "quick_discard" },
    { id: "cactus" },
    { id: "end_of_match" },
  ],
  lastcard: [
    { id: "goal", cards: () => [lastCardCard("R7"), lastCardCard("G7"), lastCardCard("Gskip")] },
    { id: "your_turn", cards: () => [lastCardCard("wild"), lastCardCard("+4")] },
    { id: "special_cards", cards: () => [lastCardCard("Bskip"), lastCardCard("Yreverse"), lastCardCard("R+2")] },
    { id: "last_card" },
    { id: "points" },
  ],
};

/** The drawer's content for `game`. */
export function guide(game) {
  return (GUIDES[game] ?? []).map((section) =>
    h(
      "section",
      { class: "guide-section" },
      h("h3", { text: t(`guide.${game}.${section.id}.title`) }),
      section.cards ? h("div", { class: "guide-cards", "aria-hidden": "true" }, section.cards().map((svg) => h("div", { class: "card" }, svg))) : null,
      h("p", { text: t(`guide.${game}.${section.id}.text`) }),
    ),
  );
}
