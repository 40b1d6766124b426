// The pixel deck's back, the same for every game: a navy lattice in a gold frame
// around a potted cactus, after the 8-bit deck the original Cactus was played with.

import { blankCard, HEIGHT, pixelSvg, WIDTH } from "./grid.js";
import { t } from "../../i18n.js";

const CACTUS = [
  ".....p.....",
  "....ggg....",
  "....gdg....",
  "....ggg....",
  ".g..ggg....",
  ".gg.gdg..g.",
  ".gg.ggg.gg.",
  ".gd.ggg.dg.",
  ".gggggg.gg.",
  "..gggdggg..",
  "....gdgg...",
  "....ggg....",
  "....gdg....",
  "..ooooooo..",
  "...ooooo...",
  "...oOooo...",
  "....ooo....",
];
const PALETTE = { g: "#4cbb5e", d: "#23713a", p: "#ff7aa8", o: "#c8743a", O: "#e39a5c" };
const GOLD = "#e8c26a";

/** The pixel back of a face-down card (its name is the classic back's). */
export function pixelCardBack() {
  const grid = blankCard("#22304a", "#111a2b");
  grid.paint((x, y) => {
    if (x < 3 || y < 3 || x > WIDTH - 4 || y > HEIGHT - 4) return null;
    if (x === 3 || y === 3 || x === WIDTH - 4 || y === HEIGHT - 4) return GOLD;
    const panel = ((x - 19.5) / 14) ** 2 + ((y - 29.5) / 21) ** 2;
    if (panel <= 1) return panel >= 0.86 ? GOLD : "#22304a";
    return (x + y) % 6 === 0 || (x - y + 60) % 6 === 0 ? "#3b5382" : "#2d4066";
  });
  grid.sprite(9, 13, CACTUS, PALETTE, 2);
  return pixelSvg(t("card.back"), grid);
}
