// What every card picture shares: the 100x150 frame, its label, and the card back.

import { s } from "../dom.js";
import { t } from "../i18n.js";

export const WIDTH = 100;
export const HEIGHT = 150;

/** An empty card picture: an <svg> with an accessible label and a rounded face. */
export function frame(label, fill, stroke = "#333") {
  return s(
    "svg",
    {
      class: "card-art",
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      role: "img",
      "aria-label": label,
    },
    s("title", { text: label }),
    s("rect", {
      x: 1.5,
      y: 1.5,
      width: WIDTH - 3,
      height: HEIGHT - 3,
      rx: 9,
      fill,
      stroke,
      "stroke-width": 3,
    }),
  );
}

/** Text centred on (x, y); `rotate` turns it around that point (for the lower corner). */
export function label(x, y, text, size, fill, extra = {}) {
  return s("text", {
    x,
    y,
    "font-size": size,
    "font-family": "DejaVu Sans, Verdana, Arial, sans-serif",
    "font-weight": "bold",
    "text-anchor": "middle",
    "dominant-baseline": "central",
    fill,
    ...extra,
  }, text);
}

/** Rotate a node half a turn around the card's centre (the lower corner index). */
export function upsideDown(node) {
  node.setAttribute("transform", `rotate(180 ${WIDTH / 2} ${HEIGHT / 2})`);
  return node;
}

/** The back shared by every game: a dark face with a diamond lattice and an emblem. */
export function cardBack(text = "cardtable") {
  const svg = frame(t("card.back"), "#22304a", "#111a2b");
  const lines = [];
  for (let i = -132; i <= 132; i += 14) {
    lines.push(`M${i} 0 L${i + 132} 132 M${i + 132} 0 L${i} 132`);
  }
  svg.append(
    s("rect", { x: 9, y: 9, width: 82, height: 132, rx: 5, fill: "#2d4066" }),
    // A nested viewport clips the lattice to the inner panel without needing an id.
    s(
      "svg",
      { x: 9, y: 9, width: 82, height: 132 },
      s("path", { d: lines.join(" "), stroke: "#3b5382", "stroke-width": 2 }),
    ),
    s("rect", { x: 9, y: 9, width: 82, height: 132, rx: 5, fill: "none", stroke: "#e8c26a", "stroke-width": 1.5 }),
    s("ellipse", { cx: 50, cy: 75, rx: 34, ry: 18, fill: "#22304a", stroke: "#e8c26a", "stroke-width": 1.5 }),
    label(50, 75, text, 11, "#e8c26a"),
  );
  return svg;
}
