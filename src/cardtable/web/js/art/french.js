// French playing cards for Cactus: corner indices, pips for 1-10, framed faces for
// J, Q and K. Suits are drawn as paths so they never depend on installed fonts.

import { s } from "../dom.js";
import { frame, label, upsideDown } from "./common.js";
import { frenchName } from "../cardnames.js";

export const SUITS = {
  s: { name: "spades", red: false },
  h: { name: "hearts", red: true },
  d: { name: "diamonds", red: true },
  c: { name: "clubs", red: false },
};

// Pip centres for ranks 1-10 on the 100x150 card (lower-half pips are drawn upside down);
// the pixel theme places its pips from the same table.
const L = 31;
const C = 50;
const R = 69;
export const PIPS = {
  1: [[C, 75]],
  2: [[C, 32], [C, 118]],
  3: [[C, 32], [C, 75], [C, 118]],
  4: [[L, 32], [R, 32], [L, 118], [R, 118]],
  5: [[L, 32], [R, 32], [C, 75], [L, 118], [R, 118]],
  6: [[L, 32], [R, 32], [L, 75], [R, 75], [L, 118], [R, 118]],
  7: [[L, 32], [R, 32], [C, 53], [L, 75], [R, 75], [L, 118], [R, 118]],
  8: [[L, 32], [R, 32], [C, 53], [L, 75], [R, 75], [C, 97], [L, 118], [R, 118]],
  9: [[L, 32], [R, 32], [L, 61], [R, 61], [C, 75], [L, 89], [R, 89], [L, 118], [R, 118]],
  10: [[L, 32], [R, 32], [C, 46], [L, 61], [R, 61], [L, 89], [R, 89], [C, 104], [L, 118], [R, 118]],
};

/** A suit symbol centred on (x, y), about 20 units tall at scale 1. */
export function suitShape(suit, x, y, scale, fill) {
  const at = `translate(${x} ${y}) scale(${scale})`;
  if (suit === "h") {
    return s("path", {
      transform: at,
      fill,
      d: "M0 9 C-12 0 -11 -9 -5.5 -9 C-2.5 -9 0 -6.5 0 -4 C0 -6.5 2.5 -9 5.5 -9 C11 -9 12 0 0 9 Z",
    });
  }
  if (suit === "d") {
    return s("path", { transform: at, fill, d: "M0 -10 L7.5 0 L0 10 L-7.5 0 Z" });
  }
  if (suit === "s") {
    return s("path", {
      transform: at,
      fill,
      d:
        "M0 -10 C-12 -1 -11 7 -5.5 7 C-3 7 -1.3 5.8 -0.6 4.5 L-3.2 10 L3.2 10 L0.6 4.5 " +
        "C1.3 5.8 3 7 5.5 7 C11 7 12 -1 0 -10 Z",
    });
  }
  return s(
    "g",
    { transform: at, fill },
    s("circle", { cx: 0, cy: -4.8, r: 4.6 }),
    s("circle", { cx: -5, cy: 2.2, r: 4.6 }),
    s("circle", { cx: 5, cy: 2.2, r: 4.6 }),
    s("path", { d: "M-0.9 1 L-3.4 10 L3.4 10 L0.9 1 Z" }),
  );
}

/** A card name such as "10h" or "Ks" split into its rank text and suit letter. */
export function parseCard(name) {
  return { rank: name.slice(0, -1), suit: name.slice(-1) };
}

/** The readable name of a card, such as "queen of hearts", in the page's language. */
export function cardName(name) {
  return frenchName(name);
}

function corner(card, ink) {
  const g = s("g", {}, label(13, 17, card.rank, 15, ink));
  g.append(suitShape(card.suit, 13, 34, 0.62, ink));
  return g;
}

/** The face of the French card named like "Ah", "10s" or "Kd". */
export function frenchCard(name) {
  const card = parseCard(name);
  const ink = SUITS[card.suit].red ? "#c62828" : "#1a1a1a";
  const svg = frame(cardName(name), "#fffdf7", "#444");
  svg.append(corner(card, ink), upsideDown(corner(card, ink)));
  const pips = PIPS[card.rank === "A" ? 1 : Number(card.rank)];
  if (pips) {
    const scale = card.rank === "A" ? 2.6 : 1;
    for (const [x, y] of pips) {
      const pip = suitShape(card.suit, 0, 0, scale, ink);
      const turn = y > 75 ? " rotate(180)" : "";
      pip.setAttribute("transform", `translate(${x} ${y})${turn} scale(${scale})`);
      svg.append(pip);
    }
    return svg;
  }
  svg.append(
    s("rect", { x: 24, y: 26, width: 52, height: 98, rx: 4, fill: SUITS[card.suit].red ? "#fdecea" : "#eceff1", stroke: ink, "stroke-width": 1.5 }),
    label(50, 62, card.rank, 40, ink, { "font-family": "DejaVu Serif, Georgia, serif" }),
    suitShape(card.suit, 50, 100, 1.3, ink),
  );
  return svg;
}
