// Skyjo card faces: the value on a colour band (-2..-1 dark blue, 0 light blue,
// 1-4 green, 5-8 yellow, 9-12 red), so a layout reads at a glance. The 6 and the 9
// are underlined, as on printed cards, so that they are told apart upside down.

import { s } from "../dom.js";
import { colorBlind } from "../prefs.js";
import { frame, label, upsideDown } from "./common.js";

// In the colour-blind mode the bands take Okabe and Ito's palette and each band's
// mark (a shape or 1 to 3 bars) is drawn at the foot of the card, so a band reads
// without its colour.
const BANDS = [
  { upTo: -1, fill: "#1d3c8f", safe: "#0072b2", ink: "#ffffff", mark: "▼" },
  { upTo: 0, fill: "#62c3ee", safe: "#56b4e9", ink: "#0d2b45", mark: "●" },
  { upTo: 4, fill: "#43a047", safe: "#009e73", ink: "#ffffff", mark: "▮" },
  { upTo: 8, fill: "#f6d23a", safe: "#f0e442", ink: "#3b2f00", mark: "▮▮" },
  { upTo: 12, fill: "#e53935", safe: "#d55e00", ink: "#ffffff", mark: "▮▮▮" },
];

/** The colour band of a Skyjo value. */
export function band(value) {
  return BANDS.find((b) => value <= b.upTo);
}

const UNDERLINED = new Set([6, 9]);

/** A value with its underline when it is a 6 or a 9: the text, then the bar under it. */
function index(value, x, y, size, ink, extra = {}) {
  const text = String(value);
  const parts = [label(x, y, text, size, ink, extra)];
  if (UNDERLINED.has(value)) {
    const half = size * 0.32;
    parts.push(s("rect", { x: x - half, y: y + size * 0.42, width: half * 2, height: Math.max(2, size * 0.08), rx: 1, fill: ink, "data-underline": "" }));
  }
  return s("g", {}, parts);
}

/** The face of the Skyjo card worth `value` (-2..12). */
export function skyjoCard(value) {
  const { ink, mark } = band(value);
  const safe = colorBlind();
  const fill = safe ? band(value).safe : band(value).fill;
  const svg = frame(`Skyjo ${value}`, fill, "#222");
  const big = String(value).length > 1 ? 44 : 54;
  svg.append(
    s("ellipse", { cx: 50, cy: 75, rx: 36, ry: 50, fill: "rgba(255,255,255,0.22)" }),
    index(value, 50, 74, big, ink, { stroke: "rgba(0,0,0,0.25)", "stroke-width": 1 }),
    index(value, 17, 18, 16, ink),
    upsideDown(index(value, 17, 18, 16, ink)),
    ...(safe ? [s("g", { "data-band-mark": mark }, label(50, 136, mark, 13, ink))] : []),
  );
  return svg;
}
