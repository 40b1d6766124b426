// Card movement from the server's events, by the FLIP technique: remember where
// every keyed place was, draw the new table, then start each moved card at its old
// place and let a CSS transition carry it home. Flips and highlights are CSS classes.

const DURATION_MS = 380;

/** Where every keyed place ([data-key]) inside `root` is on screen now. */
export function snapshot(root) {
  const rects = new Map();
  for (const node of root.querySelectorAll("[data-key]")) {
    rects.set(node.dataset.key, node.getBoundingClientRect());
  }
  return rects;
}

function place(root, key) {
  return root.querySelector(`[data-key="${CSS.escape(key)}"]`);
}

function fly(node, from) {
  const to = node.getBoundingClientRect();
  if (!to.width || !from.width) return;
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const scale = from.width / to.width;
  node.style.transition = "none";
  node.style.transform = `translate(${dx}px, ${dy}px) scale(${scale})`;
  node.style.zIndex = "20";
  node.getBoundingClientRect(); // commit the start position before transitioning
  node.style.transition = `transform ${DURATION_MS}ms ease-out`;
  node.style.transform = "";
  setTimeout(() => {
    node.style.zIndex = "";
    node.style.transition = "";
  }, DURATION_MS);
}

function pulse(node, className) {
  node.classList.remove(className);
  node.getBoundingClientRect(); // restart the animation if it was running
  node.classList.add(className);
  setTimeout(() => node.classList.remove(className), DURATION_MS * 2);
}

/**
 * Play `moves` on the freshly drawn `root`, given the places' old positions.
 * A move is {from, to} (the card now at `to` flies in from where `from` was),
 * {flip: key} (the card turns over) or {mark: key} (the place is highlighted).
 */
export function play(root, before, moves) {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  for (const move of moves) {
    if (move.flip) {
      const node = place(root, move.flip);
      if (node) pulse(node, "flip-in");
    } else if (move.mark) {
      const node = place(root, move.mark);
      if (node) pulse(node, "marked");
    } else {
      const node = place(root, move.to);
      const from = before.get(move.from);
      if (node && from) fly(node, from);
    }
  }
}
