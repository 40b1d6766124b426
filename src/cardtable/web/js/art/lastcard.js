// Last Card faces: four colours, numbers 0-9, and drawn symbols for Skip, Reverse,
// +2, Wild and +4. Each colour also has a corner shape, so colours can be told apart
// without seeing them.

import { s } from "../dom.js";
import { colorBlind } from "../prefs.js";
import { frame, label, upsideDown } from "./common.js";
import { colorName } from "../cardnames.js";
import { t } from "../i18n.js";

const SHAPES = { red: "circle", yellow: "triangle", green: "square", blue: "diamond" };
const FILLS = { red: "#d32f2f", yellow: "#f9b820", green: "#2e8b3d", blue: "#1e64c8" };
/** The colour-blind mode's colours (Okabe and Ito's palette): told apart by most
 * colour-blind players, and each colour's shape is also drawn on the card's centre. */
const SAFE_FILLS = { red: "#d55e00", yellow: "#f0e442", green: "#009e73", blue: "#0072b2" };

export const COLORS = Object.fromEntries(
  Object.keys(SHAPES).map((c) => [c, { fill: (colorBlind() ? SAFE_FILLS : FILLS)[c], shape: SHAPES[c] }]),
);
export const COLOR_ORDER = ["red", "yellow", "green", "blue"];

/** A small mark telling a colour by its shape, centred on (x, y). */
export function colorMark(color, x, y, size, fill = "#fff") {
  const r = size / 2;
  switch (COLORS[color].shape) {
    case "circle":
      return s("circle", { cx: x, cy: y, r, fill });
    case "square":
      return s("rect", { x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7, fill });
    case "triangle":
      return s("path", { d: `M${x} ${y - r} L${x + r} ${y + r * 0.8} L${x - r} ${y + r * 0.8} Z`, fill });
    default:
      return s("path", { d: `M${x} ${y - r} L${x + r} ${y} L${x} ${y + r} L${x - r} ${y} Z`, fill });
  }
}

const COLOR_INITIALS = { R: "red", Y: "yellow", G: "green", B: "blue" };
const RANK_KINDS = { skip: "skip", reverse: "reverse", "+2": "draw2" };

/** A card name such as "R7", "Gskip", "Y+2", "wild" or "+4" as {kind, colour, number}. */
export function parseCard(name) {
  if (name === "wild") return { kind: "wild", color: null };
  if (name === "+4") return { kind: "wild4", color: null };
  const color = COLOR_INITIALS[name[0]];
  const rank = name.slice(1);
  if (rank in RANK_KINDS) return { kind: RANK_KINDS[rank], color };
  return { kind: "number", color, number: Number(rank) };
}

const KINDS = ["skip", "reverse", "draw2", "wild", "wild4"];

/** The readable name of a parsed card, such as "red 7", "blue Skip" or "+4 Wild", in the
 * page's language. */
function readable(card) {
  const kind = card.kind === "number" ? String(card.number) : KINDS.includes(card.kind) ? t(`lastcard.kind.${card.kind}`) : card.kind;
  return card.color ? t("lastcard.colored", { color: colorName(card.color), kind }) : kind;
}

function skipSymbol(x, y, r, color) {
  return s(
    "g",
    { fill: "none", stroke: color, "stroke-width": r * 0.28, "stroke-linecap": "round" },
    s("circle", { cx: x, cy: y, r }),
    s("path", { d: `M${x - r * 0.7} ${y + r * 0.7} L${x + r * 0.7} ${y - r * 0.7}` }),
  );
}

function reverseSymbol(x, y, r, color) {
  const w = r * 0.26;
  const arrow = (turn) =>
    s(
      "g",
      { transform: `rotate(${turn} ${x} ${y})` },
      s("path", {
        d: `M${x - r} ${y + r * 0.15} A${r} ${r} 0 0 1 ${x + r * 0.55} ${y - r * 0.85}`,
        fill: "none",
        stroke: color,
        "stroke-width": w,
        "stroke-linecap": "round",
      }),
      s("path", {
        d: `M${x + r * 0.25} ${y - r * 1.35} L${x + r * 1.05} ${y - r * 0.8} L${x + r * 0.2} ${y - r * 0.3} Z`,
        fill: color,
      }),
    );
  return s("g", {}, arrow(0), arrow(180));
}

function wildWheel(x, y, rx, ry) {
  const parts = COLOR_ORDER.map((color, i) => {
    const a0 = (i * Math.PI) / 2;
    const a1 = a0 + Math.PI / 2;
    const p0 = [x + rx * Math.cos(a0), y + ry * Math.sin(a0)];
    const p1 = [x + rx * Math.cos(a1), y + ry * Math.sin(a1)];
    return s("path", {
      d: `M${x} ${y} L${p0[0]} ${p0[1]} A${rx} ${ry} 0 0 1 ${p1[0]} ${p1[1]} Z`,
      fill: COLORS[color].fill,
    });
  });
  return s("g", { transform: `rotate(-45 ${x} ${y})` }, parts);
}

/** The central symbol of a card, drawn in `ink` on the white oval. */
function centre(card, ink) {
  switch (card.kind) {
    case "number":
      return label(50, 78, String(card.number), 50, ink, { stroke: "#000", "stroke-width": 1.2 });
    case "skip":
      return skipSymbol(50, 75, 20, ink);
    case "reverse":
      return reverseSymbol(50, 75, 19, ink);
    case "draw2":
      return label(50, 77, "+2", 38, ink, { stroke: "#000", "stroke-width": 1 });
    case "wild":
      return wildWheel(50, 75, 32, 32);
    default:
      return s("g", {}, wildWheel(50, 75, 32, 32), label(50, 77, "+4", 32, "#fff", { stroke: "#000", "stroke-width": 1.5 }));
  }
}

function cornerText(card) {
  if (card.kind === "number") return String(card.number);
  return { draw2: "+2", wild: "W", wild4: "+4" }[card.kind];
}

function corner(card) {
  const g = s("g", {});
  if (card.kind === "skip") g.append(skipSymbol(16, 18, 7, "#fff"));
  else if (card.kind === "reverse") g.append(reverseSymbol(16, 18, 6.5, "#fff"));
  else g.append(label(16, 18, cornerText(card), 16, "#fff", { stroke: "#000", "stroke-width": 0.6 }));
  if (card.color) g.append(colorMark(card.color, 16, 38, 9));
  return g;
}

/** The colour's shape above and below the centre symbol, for the colour-blind mode. */
function centreMarks(color, fill) {
  return s("g", { "data-color-mark": color }, colorMark(color, 50, 50, 10, fill), colorMark(color, 50, 101, 10, fill));
}

/** The readable name of the card named `name`. */
export function cardName(name) {
  return readable(parseCard(name));
}

/** The face of the Last Card card named `name` ("R7", "Bskip", "wild", "+4", ...). */
export function lastCardCard(name) {
  const card = parseCard(name);
  const wild = !card.color;
  const fill = wild ? "#1b1b1b" : COLORS[card.color].fill;
  const svg = frame(readable(card), fill, "#111");
  svg.append(
    s("rect", { x: 7, y: 7, width: 86, height: 136, rx: 7, fill: "none", stroke: "#fff", "stroke-width": 3 }),
    s("circle", { cx: 50, cy: 75, r: 36, fill: wild ? "#1b1b1b" : "#fff", stroke: "#fff", "stroke-width": 2 }),
    centre(card, wild ? "#fff" : fill),
    ...(colorBlind() && card.color ? [centreMarks(card.color, fill)] : []),
    corner(card),
    upsideDown(corner(card)),
  );
  return svg;
}
