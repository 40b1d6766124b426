// The pixel deck for Last Card: the colour (the classic deck's, or its colour-blind
// safe one) with a white frame, a tilted oval, the number or action sign in big
// cells, and in the corners the index over the colour's shape, so colours are told
// apart without seeing them. Wilds are black with a four-colour wheel.

import { colorBlind } from "../../prefs.js";
import { cardName, COLOR_ORDER, COLORS, parseCard } from "../lastcard.js";
import { write, writeCentred } from "./font.js";
import { blankCard, HEIGHT, pixelSvg, WIDTH } from "./grid.js";
import { ARROWS } from "./icons.js";

const OUTLINE = "#111111";
const CX = (WIDTH - 1) / 2;
const CY = (HEIGHT - 1) / 2;

/** Each colour's shape, 5x5, as in the classic deck's corner marks. */
const SHAPES = {
  circle: [".iii.", "iiiii", "iiiii", "iiiii", ".iii."],
  triangle: ["..i..", ".iii.", ".iii.", "iiiii", "iiiii"],
  square: ["iiiii", "iiiii", "iiiii", "iiiii", "iiiii"],
  diamond: ["..i..", ".iii.", "iiiii", ".iii.", "..i.."],
};
const SKIP_SMALL = [".iii.", "i..ii", "i.i.i", "ii..i", ".iii."];
const ARROWS_SMALL = [".i...", "iiiii", ".i...", "...i.", "iiiii", "...i."];

/** Cells inside the card's oval, tilted like the printed one's. */
function inOval(x, y) {
  const [dx, dy] = [x - CX, y - CY];
  const [u, v] = [dx * 0.87 + dy * 0.5, -dx * 0.5 + dy * 0.87];
  return (u / 13.5) ** 2 + (v / 20) ** 2 <= 1;
}

/** The four colours in quarters of the oval, the wild cards' wheel. */
function wheel(grid) {
  grid.paint((x, y) => {
    if (!inOval(x, y)) return null;
    const quarter = Math.floor(((Math.atan2(y - CY, x - CX) + Math.PI * 1.25) / (Math.PI / 2)) % 4);
    return COLORS[COLOR_ORDER[quarter]].fill;
  });
}

/** A ring crossed by a bar, the Skip sign, in `ink` over about `r` cells. */
function skipSign(grid, r, ink) {
  grid.paint((x, y) => {
    const [dx, dy] = [x - CX, y - CY];
    const d = Math.hypot(dx, dy);
    const ring = d <= r && d >= r - 3;
    const bar = d <= r && Math.abs(dx + dy) <= 1.5;
    return ring || bar ? ink : null;
  });
}

function spriteCentred(grid, rows, ink, scale) {
  const x = Math.round(CX + 0.5 - (rows[0].length * scale) / 2);
  const y = Math.round(CY + 0.5 - (rows.length * scale) / 2);
  grid.sprite(x, y, rows, { i: ink }, scale);
}

function textCentred(grid, text, ink, scale) {
  writeCentred(grid, CX + 0.5, Math.round(CY + 0.5 - (5 * scale) / 2), text, ink, scale, OUTLINE);
}

function centre(grid, card, ink) {
  if (card.kind === "number") return textCentred(grid, String(card.number), ink, 4);
  if (card.kind === "skip") return skipSign(grid, 10, ink);
  if (card.kind === "reverse") return spriteCentred(grid, ARROWS, ink, 3);
  if (card.kind === "draw2") return textCentred(grid, "+2", ink, 3);
  wheel(grid);
  if (card.kind === "wild4") textCentred(grid, "+4", "#ffffff", 3);
}

function corner(side, card) {
  if (card.kind === "skip") side.sprite(4, 4, SKIP_SMALL, { i: "#ffffff" });
  else if (card.kind === "reverse") side.sprite(4, 4, ARROWS_SMALL, { i: "#ffffff" });
  else {
    const text = card.kind === "number" ? String(card.number) : { draw2: "+2", wild: "W", wild4: "+4" }[card.kind];
    write(side, 4, 4, text, "#ffffff", 1, OUTLINE);
  }
  if (card.color) side.sprite(4, 12, SHAPES[COLORS[card.color].shape], { i: "#ffffff" });
}

/** The pixel face of the Last Card card named `name` ("R7", "Bskip", "wild", "+4", ...). */
export function pixelLastCardCard(name) {
  const card = parseCard(name);
  const fill = card.color ? COLORS[card.color].fill : "#1b1b1b";
  const grid = blankCard(fill, OUTLINE);
  grid.paint((x, y) => {
    const frame = (x === 2 || x === WIDTH - 3) && y >= 2 && y <= HEIGHT - 3;
    const rail = (y === 2 || y === HEIGHT - 3) && x >= 2 && x <= WIDTH - 3;
    if (frame || rail) return "#ffffff";
    return card.color && inOval(x, y) ? "#ffffff" : null;
  });
  centre(grid, card, card.color ? fill : "#ffffff");
  for (const side of [grid, grid.upsideDown()]) corner(side, card);
  if (colorBlind() && card.color) {
    const marks = grid.layer({ "data-color-mark": card.color });
    const shape = SHAPES[COLORS[card.color].shape];
    for (const side of [marks, marks.upsideDown()]) side.sprite(Math.round(CX - 2), 11, shape, { i: fill });
  }
  return pixelSvg(cardName(name), grid);
}
