// The card pictures a page draws, in the viewer's card theme: the classic drawings
// (art/french.js, skyjo.js, lastcard.js, common.js) or the pixel-art deck
// (art/pixel/). The theme is the person's own choice (js/prefs.js), so it changes
// only what this browser draws: the cards' names, and so what screen readers say,
// are the same in every theme.

import { cardBack as classicBack } from "./common.js";
import { frenchCard as classicFrench } from "./french.js";
import { lastCardCard as classicLastCard } from "./lastcard.js";
import { skyjoCard as classicSkyjo } from "./skyjo.js";
import { pixelCardBack } from "./pixel/back.js";
import { pixelFrenchCard } from "./pixel/french.js";
import { pixelLastCardCard } from "./pixel/lastcard.js";
import { pixelSkyjoCard } from "./pixel/skyjo.js";
import { cardTheme } from "../prefs.js";

const pixel = () => cardTheme() === "pixel";

/** A face-down card. */
export function cardBack() {
  return pixel() ? pixelCardBack() : classicBack();
}

/** The face of the French card named like "Ah", "10s" or "Kd" (Cactus). */
export function frenchCard(name) {
  return pixel() ? pixelFrenchCard(name) : classicFrench(name);
}

/** The face of the Skyjo card worth `value` (-2..12). */
export function skyjoCard(value) {
  return pixel() ? pixelSkyjoCard(value) : classicSkyjo(value);
}

/** The face of the Last Card card named `name` ("R7", "Bskip", "wild", "+4", ...). */
export function lastCardCard(name) {
  return pixel() ? pixelLastCardCard(name) : classicLastCard(name);
}
