// The pixel deck for Skyjo: each value on its colour band (the classic deck's bands,
// and in the colour-blind mode their safe colours and marks), a dithered inner panel,
// the value in big 3x5 digits and small ones in two corners. The 6 and the 9 are
// underlined at every size, so that they are told apart upside down.

import { band } from "../skyjo.js";
import { colorBlind } from "../../prefs.js";
import { writeCentred, textWidth } from "./font.js";
import { blankCard, mix, pixelSvg } from "./grid.js";

const UNDERLINED = new Set([6, 9]);
const BIG = 4;

/** The colour-blind mode's band marks as sprites, keyed by the classic deck's mark. */
const MARKS = {
  "▼": ["iiiiiii", ".iiiii.", "..iii..", "...i..."],
  "●": [".iii.", "iiiii", "iiiii", ".iii."],
  "▮": ["ii", "ii", "ii", "ii"],
  "▮▮": ["ii.ii", "ii.ii", "ii.ii", "ii.ii"],
  "▮▮▮": ["ii.ii.ii", "ii.ii.ii", "ii.ii.ii", "ii.ii.ii"],
};

/** `value` centred on column `cx`, top at `y`, with its underline when it is a 6 or a 9. */
function index(grid, value, cx, y, ink, scale, outline = null) {
  const text = String(value);
  writeCentred(grid, cx, y, text, ink, scale, outline);
  if (!UNDERLINED.has(value)) return;
  const width = textWidth(text, scale);
  grid.layer({ "data-underline": "" }).rect(Math.round(cx - width / 2), y + 6 * scale, width, Math.max(1, scale / 2), ink);
}

/** The pixel face of the Skyjo card worth `value` (-2..12). */
export function pixelSkyjoCard(value) {
  const { ink, mark } = band(value);
  const safe = colorBlind();
  const fill = safe ? band(value).safe : band(value).fill;
  const grid = blankCard(fill);
  const tint = mix(fill, "#ffffff", 0.28);
  // The inner panel, its edge dithered into the band like an 8-bit gradient.
  grid.paint((x, y) => {
    if (x < 5 || x > 34 || y < 9 || y > 50) return null;
    const edge = x === 5 || x === 34 || y === 9 || y === 50;
    return edge && (x + y) % 2 ? null : tint;
  });
  const shade = mix(fill, "#000000", 0.45);
  index(grid, value, 20, 17, ink, BIG, shade);
  for (const side of [grid, grid.upsideDown()]) index(side, value, 5, 2, ink, 1);
  if (safe) {
    const sprite = MARKS[mark];
    grid.layer({ "data-band-mark": mark }).sprite(Math.round(20 - sprite[0].length / 2), 52, sprite, { i: ink });
  }
  return pixelSvg(`Skyjo ${value}`, grid);
}
