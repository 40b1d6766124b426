// The emotes' pictures, drawn in code like the cards: the same on every machine, with
// or without an emoji font (the system's emoji showed as empty boxes where none is
// installed). Each is a 32x32 picture of simple shapes: a face or hands in warm yellow
// with a dark outline, readable from button size down to a line of text.

import { s } from "../dom.js";

const SIZE = 32;
const SKIN = "#f7c948";
const LINE = "#5b3a00";
const DARK = "#3a2200";
const STROKE = { stroke: LINE, "stroke-width": 1.6, "stroke-linecap": "round", "stroke-linejoin": "round" };

/** The round face every face emote starts from. */
function face() {
  return s("circle", { cx: 16, cy: 16, r: 14, fill: SKIN, ...STROKE });
}

/** An eye: a dot at (x, y). */
function eye(x, y, r = 1.8) {
  return s("circle", { cx: x, cy: y, r, fill: DARK });
}

/** A line or curve drawn with the outline's pen. */
function pen(d, extra = {}) {
  return s("path", { d, fill: "none", ...STROKE, ...extra });
}

/** Each emote's shapes, by the server's emote name. */
const DRAWINGS = {
  thumbs_up: () => [
    // A fist seen from the side, its thumb raised.
    s("rect", { x: 8, y: 14, width: 15, height: 14, rx: 3.5, fill: SKIN, ...STROKE }),
    s("path", { d: "M12 14 L13 6 Q13.5 3 16 3.6 Q18 4.4 17.4 7.5 L16.6 14 Z", fill: SKIN, ...STROKE }),
    pen("M8 18.5 H20 M8 23 H20"),
    s("rect", { x: 23, y: 15, width: 4, height: 12, rx: 1.5, fill: "#4a7bd0", ...STROKE }),
  ],
  laugh: () => [
    face(),
    // Eyes shut tight, a wide open mouth and a tear of laughter each side.
    pen("M8.5 12.5 L12 11 L8.5 9.5"),
    pen("M23.5 12.5 L20 11 L23.5 9.5"),
    s("path", { d: "M8 17 H24 Q23 26 16 26 Q9 26 8 17 Z", fill: DARK, ...STROKE }),
    s("path", { d: "M11.5 23.2 Q16 20.5 20.5 23.2 Q18.5 26 16 26 Q13.5 26 11.5 23.2 Z", fill: "#e0566b" }),
    s("path", { d: "M4.5 14 Q2.5 17.5 4.2 19 Q6.2 19.6 6.3 16.6 Z", fill: "#5fb3f0" }),
    s("path", { d: "M27.5 14 Q29.5 17.5 27.8 19 Q25.8 19.6 25.7 16.6 Z", fill: "#5fb3f0" }),
  ],
  well_played: () => [
    // Two hands clapping, with the lines of the clap.
    s("rect", { x: 7, y: 9, width: 9, height: 18, rx: 4.5, fill: SKIN, ...STROKE, transform: "rotate(-18 11.5 18)" }),
    s("rect", { x: 15, y: 9, width: 9, height: 18, rx: 4.5, fill: SKIN, ...STROKE, transform: "rotate(18 19.5 18)" }),
    pen("M15.5 2.5 V6 M9 4.5 L10.8 7.4 M22 4.5 L20.2 7.4"),
  ],
  oops: () => [
    face(),
    // A grimace: wide eyes and clenched teeth.
    eye(11, 12, 2.2),
    eye(21, 12, 2.2),
    s("rect", { x: 7.5, y: 17.5, width: 17, height: 7, rx: 3, fill: "#ffffff", ...STROKE }),
    pen("M7.5 21 H24.5 M11.8 17.5 V24.5 M16 17.5 V24.5 M20.2 17.5 V24.5", { "stroke-width": 1.1 }),
  ],
  wow: () => [
    face(),
    // Raised brows, round eyes and a mouth open in an O.
    pen("M7.5 8 Q10.5 5.5 13.5 7.5"),
    pen("M18.5 7.5 Q21.5 5.5 24.5 8"),
    eye(11, 12.5, 2.2),
    eye(21, 12.5, 2.2),
    s("ellipse", { cx: 16, cy: 22, rx: 3.6, ry: 4.6, fill: DARK }),
  ],
  thinking: () => [
    face(),
    // One brow up, eyes to the side, a doubtful mouth and a hand at the chin.
    pen("M7.5 9.5 Q10.5 7 13.5 9"),
    pen("M18.5 9.5 H24"),
    eye(12, 13),
    eye(22, 13),
    pen("M11.5 21 Q16 19 21 20.5"),
    s("path", { d: "M9 31 Q8 25 12 24.4 L19 23.2 Q21 23 21 24.8 Q20.8 26.2 19 26.4 L15 27 Q16 31 13 31 Z", fill: SKIN, ...STROKE }),
  ],
};

/** The emote names this file draws (the server's EMOTES). */
export const EMOTE_NAMES = Object.keys(DRAWINGS);

/**
 * The picture of emote `name`: an <svg> named `label` for screen readers, or hidden
 * from them (`label` null) where the control around it carries the name.
 */
export function emoteArt(name, label = null) {
  const named = label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" };
  return s("svg", { class: "emote-art", viewBox: `0 0 ${SIZE} ${SIZE}`, focusable: "false", ...named }, DRAWINGS[name]());
}
