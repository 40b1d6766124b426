// First-game tips: for every phase of every game, what the player can do right now,
// in plain words and by what to click. Shown under the status line until hidden. Each
// game says which situations it has a tip for (games/<name>.js, `tips`).

import { t } from "./i18n.js";

export const TEXT = {
  hide: t("tips.hide"),
  show: t("tips.show"),
  label: t("tips.label"),
  watching: t("tips.watching"),
  waiting: t("tips.waiting"),
};

/** The tip of `game` for `situation`, or null when it has none (game.tips lists the
 * situations it has a tip for, tips.<game>.<situation>). */
function tip(game, situation) {
  return game.tips?.includes(situation) ? t(`tips.${game.name}.${situation}`) : null;
}

/**
 * The tip for the viewer's situation now, or null when there is none. `game` is a game
 * module (games/index.js); its `tipSituation(ctx)`, when it has one, names a situation
 * that comes before the phase (a window open, an effect to resolve), else null.
 */
export function tipFor(game, ctx) {
  const v = ctx.view;
  if (ctx.you === null) return TEXT.watching;
  if (v.phase === "over") return null;
  if (!ctx.legal.length) return TEXT.waiting;
  return tip(game, game.tipSituation?.(ctx) ?? v.phase);
}
