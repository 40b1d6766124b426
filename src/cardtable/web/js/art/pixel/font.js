// A 3x5 pixel font for the card indices and values: digits, the court letters, the
// signs and a narrow "1" (so that "10", "11" and "12" fit a corner).

const GLYPHS = {
  0: ["###", "#.#", "#.#", "#.#", "###"],
  1: [".#", "##", ".#", ".#", ".#"],
  2: ["###", "..#", "###", "#..", "###"],
  3: ["###", "..#", ".##", "..#", "###"],
  4: ["#.#", "#.#", "###", "..#", "..#"],
  5: ["###", "#..", "###", "..#", "###"],
  6: ["###", "#..", "###", "#.#", "###"],
  7: ["###", "..#", ".#.", ".#.", ".#."],
  8: ["###", "#.#", "###", "#.#", "###"],
  9: ["###", "#.#", "###", "..#", "###"],
  A: [".#.", "#.#", "###", "#.#", "#.#"],
  J: ["..#", "..#", "..#", "#.#", ".#."],
  Q: [".#.", "#.#", "#.#", "##.", ".##"],
  K: ["#.#", "##.", "#..", "##.", "#.#"],
  W: ["#...#", "#...#", "#.#.#", "##.##", "#...#"],
  "+": ["...", ".#.", "###", ".#.", "..."],
  "-": ["...", "...", "###", "...", "..."],
};

/** How many cells wide `text` is at `scale` (one clear column between glyphs). */
export function textWidth(text, scale = 1) {
  const columns = [...text].reduce((sum, ch) => sum + GLYPHS[ch][0].length, 0);
  return (columns + text.length - 1) * scale;
}

/**
 * Write `text` with its top-left corner at (x, y) in `colour`; `outline` (a colour)
 * draws a one-cell edge around every glyph cell first, so light ink reads on any band.
 */
export function write(grid, x, y, text, color, scale = 1, outline = null) {
  const draw = (dx, dy, ink) => {
    let left = x;
    for (const ch of text) {
      const rows = GLYPHS[ch];
      grid.sprite(left + dx, y + dy, rows.map((row) => row.replaceAll("#", "i")), { i: ink }, scale);
      left += (rows[0].length + 1) * scale;
    }
  };
  if (outline) {
    for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1], [-1, -1], [1, 1], [-1, 1], [1, -1]]) draw(dx, dy, outline);
  }
  draw(0, 0, color);
}

/** Write `text` centred on column `cx`, top at `y`. */
export function writeCentred(grid, cx, y, text, color, scale = 1, outline = null) {
  write(grid, Math.round(cx - textWidth(text, scale) / 2), y, text, color, scale, outline);
}
