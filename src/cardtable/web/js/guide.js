// The rules as players tell them: short, with card pictures, for the drawer on the
// table page and the rules page that the landing page links (rules.html). The full
// rules, with every option and the notation, are one link further (`fullRules`, shown
// there and in the lobby's custom table form). Cards are numbered from 1, left to
// right and row by row, as everywhere in the browser.

import { cardBack, frenchCard, lastCardCard, skyjoCard } from "./art/deck.js";
import { h } from "./dom.js";
import { rulesPage, t } from "./i18n.js";
import { markdown } from "./markdown.js";

export const TEXT = {
  title: (game) => t("guide.title", { game }),
  close: t("guide.close"),
  open: t("guide.open"),
  rulesOn: t("guide.rulesOn"),
};

/** How races are judged, a section of every game that has them: its texts are the
 * catalogue's guide.races.title and .text. */
const RACES = { id: "races", shared: true };

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
    RACES,
    { id: "cactus" },
    { id: "end_of_match" },
  ],
  lastcard: [
    { id: "goal", cards: () => [lastCardCard("R7"), lastCardCard("G7"), lastCardCard("Gskip")] },
    { id: "your_turn", cards: () => [lastCardCard("wild"), lastCardCard("+4")] },
    { id: "special_cards", cards: () => [lastCardCard("Bskip"), lastCardCard("Yreverse"), lastCardCard("R+2")] },
    { id: "last_card" },
    { id: "points" },
    RACES,
  ],
};

/** The drawer's content for `game`. */
export function guide(game) {
  return (GUIDES[game] ?? []).map((section) => {
    const key = section.shared ? `guide.${section.id}` : `guide.${game}.${section.id}`;
    return h(
      "section",
      { class: "guide-section" },
      h("h3", { text: t(`${key}.title`) }),
      section.cards ? h("div", { class: "guide-cards", "aria-hidden": "true" }, section.cards().map((svg) => h("div", { class: "card" }, svg))) : null,
      h("p", { text: t(`${key}.text`) }),
    );
  });
}

/** The address of `game`'s rules page: the guide, or with `full` the full rules. */
export function guideLink(game, full = false) {
  return `rules.html?game=${encodeURIComponent(game)}${full ? "&full=1" : ""}`;
}

/** `game`'s full rules in the page's language (docs/rules/), rendered; a short note
 * in their place when they cannot be loaded. */
export async function fullRules(game) {
  try {
    const response = await fetch(rulesPage(game));
    if (!response.ok) throw new Error(`${response.status}`);
    return markdown(await response.text());
  } catch {
    return h("p", { text: t("lobby.rulesFailed") });
  }
}
