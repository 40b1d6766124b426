// Skyjo card faces: the value on a colour band (-2..-1 dark blue, 0 light blue,
// 1-4 green, 5-8 yellow, 9-12 red), so a layout reads at a glance.

import { s } from "../dom.js";
import { frame, label, upsideDown } from "./common.js";

const BANDS = [
  { upTo: -1, fill: "#1d3c8f", ink: "#ffffff" },
  { upTo: 0, fill: "#62c3ee", ink: "#0d2b45" },
  { upTo: 4, fill: "#43a047", ink: "#ffffff" },
  { upTo: 8, fill: "#f6d23a", ink: "#3b2f00" },
  { upTo: 12, fill: "#e53935", ink: "#ffffff" },
];

/** The colour band of a Skyjo value. */
export function band(value) {
  return BANDS.find((b) => value <= b.upTo);
}

/** The face of the Skyjo card worth `value` (-2..12). */
export function skyjoCard(value) {
  const { fill, ink } = band(value);
  const svg = frame(`Skyjo ${value}`, fill, "#222");
  const text = String(value);
  svg.append(
    s("ellipse", { cx: 50, cy: 75, rx: 36, ry: 50, fill: "rgba(255,255,255,0.22)" }),
    label(50, 78, text, text.length > 1 ? 44 : 54, ink, { stroke: "rgba(0,0,0,0.25)", "stroke-width": 1 }),
    label(17, 18, text, 16, ink),
    upsideDown(label(17, 18, text, 16, ink)),
  );
  return svg;
}
