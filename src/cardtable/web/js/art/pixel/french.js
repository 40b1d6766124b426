// The pixel deck for Cactus: cream cards with a 3x5 index and a small suit in two
// corners, 7x7 pips placed from the classic deck's pip table, big chunky aces, and
// double-headed court portraits. The cards with a power when discarded carry its
// sign in the other corners: an eye for 7 to 10 (look), arrows for the jack and the
// queen (swap), both for a black king; a red king, worth 0, carries a star.

import { cardName, parseCard, PIPS, SUITS } from "../french.js";
import { blankCard, HEIGHT, mirrored, pixelSvg, WIDTH } from "./grid.js";
import { writeCentred } from "./font.js";
import { ARROWS, EYE, STAR } from "./icons.js";

const INK = { red: "#c62828", black: "#1b1b1b" };
const CLOTH = { red: "#c62828", black: "#28408f" };
const GOLD = "#e8b53a";
/** The power signs' ink: a dark gold that reads on the cream face. */
const SIGN = "#8a6a16";

/** Suit sprites: 5x5 for the corners, 7x7 for the pips ("i" is the suit's ink). */
const SMALL = {
  h: [".i.i.", "iiiii", "iiiii", ".iii.", "..i.."],
  d: ["..i..", ".iii.", "iiiii", ".iii.", "..i.."],
  s: ["..i..", ".iii.", "iiiii", "..i..", ".iii."],
  c: [".iii.", ".iii.", "iiiii", "i.i.i", "..i.."],
};
const PIP = {
  h: [".ii.ii.", "iiiiiii", "iiiiiii", "iiiiiii", ".iiiii.", "..iii..", "...i..."],
  d: ["...i...", "..iii..", ".iiiii.", "iiiiiii", ".iiiii.", "..iii..", "...i..."],
  s: ["...i...", "..iii..", ".iiiii.", "iiiiiii", "ii.i.ii", "...i...", "..iii.."],
  c: ["..iii..", "..iii..", "ii.i.ii", "iiiiiii", "ii.i.ii", "...i...", "..iii.."],
};

/** Court portraits, the left half of the top half (mirrored, then drawn again upside down). */
const HEADS = {
  K: ["....g..g", "....gggg", "....grgg", "...ooooo", "...hssss", "...hsess", "...hssss", "...hhsss", "...hhhhh", "....hhhh", ".....hhh"],
  Q: ["......gg", ".....grg", "....hhhh", "...hhhhh", "..hhssss", "..hhsess", "..hhssss", "..hhsssr", "..hhhsss", "..hhh.ss", "..hh..ss"],
  J: ["........", ".....ccc", "....cccc", "...ggggg", "...hssss", "...hsess", "...hssss", "...hssss", "....ssss", ".....sss", "......ss"],
};
const BODY = ["...ccccw", "..cccccw", ".ccccccg", "cccccccc", "ccgccccg", "cccgcccc", "ccccgccg", "cccccgcc", "ccccccgg", "cccccccc"];

/** The power a Cactus card has when discarded, as the signs drawn in its corners. */
function powerSigns(rank, red) {
  if (["7", "8", "9", "10"].includes(rank)) return [EYE];
  if (rank === "J" || rank === "Q") return [ARROWS];
  if (rank === "K") return red ? [STAR] : [EYE, ARROWS];
  return [];
}

/** Draw `rows` with its top-left at (x, y), or turned half a turn about the card's centre. */
function place(grid, x, y, rows, palette, scale = 1, turned = false) {
  if (!turned) return grid.sprite(x, y, rows, palette, scale);
  const w = rows[0].length * scale;
  const h = rows.length * scale;
  return grid.upsideDown().sprite(WIDTH - x - w, HEIGHT - y - h, rows, palette, scale);
}

function corners(grid, card, ink) {
  for (const side of [grid, grid.upsideDown()]) {
    writeCentred(side, 5.5, 3, card.rank, ink);
    side.sprite(3, 10, SMALL[card.suit], { i: ink });
    let y = 3;
    for (const sign of powerSigns(card.rank, SUITS[card.suit].red)) {
      side.sprite(WIDTH - 3 - sign[0].length, y, sign, { i: SIGN });
      y += sign.length + 2;
    }
  }
}

/** The pips of ranks 1 to 10, where the classic deck puts them (scaled to the grid). */
function pips(grid, card, ink) {
  if (card.rank === "A") return place(grid, 10, 20, PIP[card.suit], { i: ink }, 3);
  for (const [x, y] of PIPS[Number(card.rank)]) {
    const left = Math.round(20 + ((x - 50) * 7) / 19) - 3;
    const top = Math.round(30 + ((y - 75) * 21) / 43) - 3;
    place(grid, left, top, PIP[card.suit], { i: ink }, 1, y > 75);
  }
}

function court(grid, card, ink, red) {
  grid.rect(8, 8, 24, 44, ink);
  grid.rect(9, 9, 22, 42, red ? "#fdecea" : "#e6ebf5");
  const palette = { o: "#1b1b1b", g: GOLD, s: "#f5c9a0", h: card.rank === "K" ? "#ededed" : "#6b3e1f", e: "#1b1b1b", r: "#c62828", c: CLOTH[red ? "red" : "black"], w: "#ffffff" };
  const half = mirrored([...HEADS[card.rank], ...BODY]);
  for (const side of [grid, grid.upsideDown()]) {
    side.sprite(12, 9, half, palette);
    side.sprite(10, 10, SMALL[card.suit], { i: ink });
  }
}

/** The pixel face of the French card named like "Ah", "10s" or "Kd". */
export function pixelFrenchCard(name) {
  const card = parseCard(name);
  const red = SUITS[card.suit].red;
  const ink = red ? INK.red : INK.black;
  const grid = blankCard("#fffdf7", "#2b2b2b");
  corners(grid, card, ink);
  if (PIPS[Number(card.rank)] || card.rank === "A") pips(grid, card, ink);
  else court(grid, card, ink, red);
  return pixelSvg(cardName(name), grid);
}
