// The coach in the browser: finished matches step by step, analyses, hints. The
// server computes everything (views, analyses, hints); this module fetches and shows.

import { actionKey } from "./actions.js";
import { ApiError } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

async function request(path, options = {}) {
  const response = await fetch(path, { headers: { "Content-Type": "application/json" }, ...options });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(body?.error ?? "http", body?.message ?? `${response.status} ${response.statusText}`, body?.params);
  }
  return body;
}

const matchPath = (code, number) =>
  `/api/tables/${encodeURIComponent(code)}/matches/${encodeURIComponent(number)}`;

/** A finished match's frames through `viewer`'s eyes (a seat number, or "all"). */
export const fetchReplay = (code, number, viewer) =>
  request(`${matchPath(code, number)}/replay?seat=${encodeURIComponent(viewer)}`);

/** The coach's analysis of `seat`: {status: none|running|done|failed, ...}. */
export const fetchAnalysis = (code, number, seat) =>
  request(`${matchPath(code, number)}/analysis?seat=${encodeURIComponent(seat)}`);

/** Start (or read) the analysis of `seat`. */
export const startAnalysis = (code, number, seat) =>
  request(`${matchPath(code, number)}/analysis?seat=${encodeURIComponent(seat)}`, { method: "POST" });

/** The address of the replay viewer for match `number` at table `code`. */
export function replayLink(code, number) {
  return `replay.html?code=${encodeURIComponent(code)}&match=${encodeURIComponent(number)}`;
}

/**
 * Mark the element that performs `action` on `board` with the class `cls`: the
 * element bound to that action alone, or a chooser that offers it. Returns it.
 */
export function markAction(board, action, cls) {
  const key = actionKey(action);
  for (const node of board.querySelectorAll("[data-action], [data-offers]")) {
    const offered = node.dataset.action ? [JSON.parse(node.dataset.action)] : JSON.parse(node.dataset.offers);
    if (offered.some((a) => actionKey(a) === key)) {
      node.classList.add(cls);
      return node;
    }
  }
  return null;
}

/** One field of an action in words: places and seats counted from 1 as people count. */
function describeField(name, value) {
  if (name === "slot" || name === "pos") return t("coach.field.card", { n: value + 1 });
  if (name === "seat") return t("coach.field.seat", { n: value + 1 });
  return `${name} ${value}`;
}

/**
 * An action of `game` (a game module, games/index.js) in words, for the coach's notes
 * and the replay ("Replace, card 6"). The game lists its action types that have a
 * name (`actions`, coach.action.<type>) and names the fields only it has
 * (`actionField(name, value)`, null for the others).
 */
export function describeAction(game, action) {
  const head = game.actions?.includes(action.type) ? t(`coach.action.${action.type}`) : action.type;
  const fields = Object.entries(action)
    .filter(([k, v]) => k !== "type" && v !== null && v !== false)
    .map(([k, v]) => game.actionField?.(k, v) ?? describeField(k, v));
  return [head, ...fields].join(", ");
}

/** The cost of a decision in the analysis's unit ("3.1 points", "12% win chance"). */
export function describeCost(cost, unit) {
  if (unit === "win chance") return t("coach.cost.chance", { n: Math.round(cost * 100) });
  return t("coach.cost.points", { n: cost.toFixed(1) });
}

/**
 * A hint from the server in one line: the coach's move and why, what it is expected
 * to gain over the best other move ("Hint: Replace, card 5 — expected about 4.1
 * points better than Discard."); a gain that rounds to nothing is a close choice.
 */
export function hintText(game, hint) {
  const move = describeAction(game, hint.action);
  if (!hint.alternative) return t("coach.hintOnly", { move });
  const other = describeAction(game, hint.alternative);
  const negligible = hint.unit === "win chance" ? Math.round(hint.gain * 100) < 1 : hint.gain < 0.05;
  if (negligible) return t("coach.hintClose", { move, other });
  return t("coach.hint", { move, other, gain: describeCost(hint.gain, hint.unit) });
}

const MARKS = ["inaccuracy", "mistake", "blunder"];

/** The name of a coach's mark ("mistake") in the page's language. */
export function markName(label) {
  return MARKS.includes(label) ? t(`coach.label.${label}`) : label;
}

/** The list of a table's finished matches, each linking to its replay. */
export function historyList(code, numbers) {
  if (!numbers.length) return h("p", { text: t("coach.noMatch") });
  return h(
    "ol",
    { class: "history" },
    numbers.map((n) =>
      h("li", {}, h("a", { href: replayLink(code, n), "data-replay": n, text: t("coach.matchLink", { n }) })),
    ),
  );
}
