// The card pictures a page draws, in the viewer's card theme: the classic drawings
// (art/*.js) or the pixel-art deck (art/pixel/). The theme is the person's own choice
// (js/prefs.js), so it changes only what this browser draws: the cards' names, and so
// what screen readers say, are the same in every theme. Each game picks its own deck's
// two drawings (games/<name>.js, `cardFace`); the back is every game's.

import { cardBack as classicBack } from "./common.js";
import { pixelCardBack } from "./pixel/back.js";
import { cardTheme } from "../prefs.js";

const pixel = () => cardTheme() === "pixel";

/** A deck's face drawing in the viewer's theme: `classic` or `pixelArt`, each called
 * with the card as the game names it. */
export function themed(classic, pixelArt) {
  return (card) => (pixel() ? pixelArt(card) : classic(card));
}

/** A face-down card. */
export function cardBack() {
  return pixel() ? pixelCardBack() : classicBack();
}
