// First-game tips: for every phase of every game, what the player can do right now,
// in plain words and by what to click. Shown under the status line until hidden.

import { t } from "./i18n.js";

export const TEXT = {
  hide: t("tips.hide"),
  show: t("tips.show"),
  label: t("tips.label"),
  watching: t("tips.watching"),
  waiting: t("tips.waiting"),
};

/** The situations each game has a tip for (a phase, or one of the special cases below). */
const TIPS = {
  skyjo: ["setup", "turn", "place_drawn", "place_taken", "reveal_after_discard"],
  cactus: ["look", "turn", "drawn", "taken", "effect", "window"],
  lastcard: ["turn", "play_drawn", "pending", "call"],
};

/** The tip of `game` for `situation`, or null when it has none. */
function tip(game, situation) {
  return TIPS[game]?.includes(situation) ? t(`tips.${game}.${situation}`) : null;
}

/** The tip for the viewer's situation now, or null when there is none. */
export function tipFor(game, ctx) {
  const v = ctx.view;
  if (ctx.you === null) return TEXT.watching;
  if (v.phase === "over") return null;
  if (!ctx.legal.length) return TEXT.waiting;
  if (game === "cactus") {
    if (v.window) return tip(game, "window");
    if (v.effect) return tip(game, "effect");
  }
  if (game === "lastcard") {
    if (ctx.legal.some((a) => a.call) && !ctx.ui.calling) return tip(game, "call");
    if (v.pending && v.phase !== "play_drawn") return tip(game, "pending");
  }
  return tip(game, v.phase);
}
