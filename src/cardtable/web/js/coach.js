// The coach in the browser: finished matches step by step, analyses, hints. The
// server computes everything (views, analyses, hints); this module fetches and shows.

import { actionKey } from "./actions.js";
import { ApiError } from "./api.js";
import { h } from "./dom.js";

async function request(path, options = {}) {
  const response = await fetch(path, { headers: { "Content-Type": "application/json" }, ...options });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(body?.error ?? "http", body?.message ?? `${response.status} ${response.statusText}`);
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

/** An action in words, for the coach's notes ("Replace, pos 5"). */
export function describeAction(action) {
  const words = action.type.replaceAll("_", " ");
  const fields = Object.entries(action)
    .filter(([k, v]) => k !== "type" && v !== null && v !== false)
    .map(([k, v]) => (v === true ? k : `${k} ${v}`));
  const head = words[0].toUpperCase() + words.slice(1);
  return fields.length ? `${head}, ${fields.join(", ")}` : head;
}

/** The cost of a decision in the analysis's unit ("3.1 points", "12% win chance"). */
export function describeCost(cost, unit) {
  if (unit === "win chance") return `${Math.round(cost * 100)}% win chance`;
  return `${cost.toFixed(1)} points`;
}

/** The list of a table's finished matches, each linking to its replay. */
export function historyList(code, numbers) {
  if (!numbers.length) return h("p", { text: "No finished match yet." });
  return h(
    "ol",
    { class: "history" },
    numbers.map((n) =>
      h("li", {}, h("a", { href: replayLink(code, n), "data-replay": n, text: `Match ${n}: replay and coach` })),
    ),
  );
}
