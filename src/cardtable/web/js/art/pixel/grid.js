// The pixel-art card theme's canvas: a card is a 40x60 grid of coloured cells, drawn
// by hand-made sprites and a few shapes, then written out as an <svg> with one path
// per colour (runs of cells along each row), so a table of many cards stays light.
// shape-rendering="crispEdges" keeps every cell a sharp square at any size.

import { s } from "../../dom.js";

export const WIDTH = 40;
export const HEIGHT = 60;

/** A grid of cells; `turned` grids share the cells of another, seen upside down. */
export class PixelGrid {
  constructor(cells = new Map(), turned = false, attrs = null) {
    this.cells = cells;
    this.turned = turned;
    this.attrs = attrs;
    this.layers = [];
  }

  /** The same cells seen upside down: for the lower corner index, as on printed cards. */
  upsideDown() {
    const view = new PixelGrid(this.cells, !this.turned, this.attrs);
    view.layers = this.layers;
    return view;
  }

  /** A separate layer drawn over the card in its own <g> (`attrs` on it, for marks). */
  layer(attrs) {
    const layer = new PixelGrid(new Map(), this.turned, attrs);
    this.layers.push(layer);
    return layer;
  }

  /** Colour one cell (cells off the card are ignored). */
  set(x, y, color) {
    const [cx, cy] = this.turned ? [WIDTH - 1 - x, HEIGHT - 1 - y] : [x, y];
    if (cx < 0 || cy < 0 || cx >= WIDTH || cy >= HEIGHT) return;
    this.cells.set(cy * WIDTH + cx, color);
  }

  /** Fill a rectangle of cells. */
  rect(x, y, width, height, color) {
    for (let j = 0; j < height; j++) for (let i = 0; i < width; i++) this.set(x + i, y + j, color);
  }

  /** Fill every cell where `inside(x, y)` is true with the colour it returns. */
  paint(inside) {
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const color = inside(x, y);
        if (color) this.set(x, y, color);
      }
    }
  }

  /**
   * Draw a sprite: `rows` of characters, each a key of `palette` (a colour) or "."
   * for a clear cell; each character covers `scale` x `scale` cells.
   */
  sprite(x, y, rows, palette, scale = 1) {
    rows.forEach((row, j) => {
      [...row].forEach((key, i) => {
        if (key in palette) this.rect(x + i * scale, y + j * scale, scale, scale, palette[key]);
      });
    });
  }

  /** The cells as SVG paths, one per colour, then the layers' groups. */
  nodes() {
    const runs = new Map();
    for (let y = 0; y < HEIGHT; y++) {
      let x = 0;
      while (x < WIDTH) {
        const color = this.cells.get(y * WIDTH + x);
        let end = x + 1;
        while (end < WIDTH && this.cells.get(y * WIDTH + end) === color) end++;
        if (color) runs.set(color, `${runs.get(color) ?? ""}M${x} ${y}h${end - x}v1h${x - end}z`);
        x = end;
      }
    }
    const paths = [...runs].map(([fill, d]) => s("path", { d, fill }));
    return [...paths, ...this.layers.map((layer) => s("g", layer.attrs, layer.nodes()))];
  }
}

/** A mirror image of a sprite's left half: symmetric sprites are drawn half-width. */
export function mirrored(rows) {
  return rows.map((row) => row + [...row].reverse().join(""));
}

/** A card's blank: `face` inside a dark outline whose corners are cut, as pixel cards are. */
export function blankCard(face, edge = "#1b1b1b") {
  const grid = new PixelGrid();
  grid.rect(1, 0, WIDTH - 2, HEIGHT, edge);
  grid.rect(0, 1, WIDTH, HEIGHT - 2, edge);
  grid.rect(2, 1, WIDTH - 4, HEIGHT - 2, face);
  grid.rect(1, 2, WIDTH - 2, HEIGHT - 4, face);
  return grid;
}

/** The card's picture: the grid as an <svg> named `label` (the same names as the classic art). */
export function pixelSvg(label, grid) {
  return s(
    "svg",
    {
      class: "card-art pixel-art",
      "data-card-theme": "pixel",
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      "shape-rendering": "crispEdges",
      role: "img",
      "aria-label": label,
    },
    s("title", { text: label }),
    grid.nodes(),
  );
}

/** The colour `t` of the way from `a` to `b` (both "#rrggbb"): for tints and shades. */
export function mix(a, b, t) {
  const channel = (hex, i) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  const parts = [0, 1, 2].map((i) => Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t));
  return `#${parts.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}
