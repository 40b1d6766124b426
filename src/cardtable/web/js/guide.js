// The rules as players tell them: short, with card pictures, for the drawer on the
// table page and the rules page that the landing page links (rules.html). The full
// rules, with every option and the notation, are one link further (`fullRules`, shown
// there and in the lobby's custom table form). Cards are numbered from 1, left to
// right and row by row, as everywhere in the browser.

import { h } from "./dom.js";
import { rulesPage, t } from "./i18n.js";
import { markdown } from "./markdown.js";

export const TEXT = {
  title: (game) => t("guide.title", { game }),
  close: t("guide.close"),
  open: t("guide.open"),
  rulesOn: t("guide.rulesOn"),
};

/** How races are judged, a section of every game that has them (in its `guide`): its
 * texts are the catalogue's guide.races.title and .text. */
export const RACES = { id: "races", shared: true };

/**
 * The drawer's content for `game`, a game module (games/index.js), or null for a game
 * this client has no module for: its `guide`, a list of sections, each
 * {id, cards?: () => [svg...]}, whose texts are the catalogue's guide.<game>.<id>.title
 * and .text.
 */
export function guide(game) {
  return (game?.guide ?? []).map((section) => {
    const key = section.shared ? `guide.${section.id}` : `guide.${game.name}.${section.id}`;
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

/** `game`'s full rules in the page's language (web/rules/), rendered; a short note
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
