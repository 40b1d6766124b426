// The match score sheet: one row per round, one column per player, totals below.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The score sheet for `view` (its round_scores, totals and winners). */
export function scoreSheet(view, names) {
  const seats = [...Array(view.players).keys()];
  const winners = new Set(view.winners);
  return h(
    "table",
    { class: "scores" },
    h(
      "thead",
      {},
      h("tr", {}, h("th", { text: t("sheet.round") }), seats.map((p) => h("th", { scope: "col", text: names[p] }))),
    ),
    h(
      "tbody",
      {},
      view.round_scores.map((scores, i) =>
        h("tr", {}, h("td", { text: String(i + 1) }), scores.map((v) => h("td", { text: String(v) }))),
      ),
    ),
    h(
      "tfoot",
      {},
      h(
        "tr",
        {},
        h("td", { text: t("sheet.total") }),
        view.totals.map((t, p) => h("td", { class: winners.has(p) ? "winner" : null, text: String(t) })),
      ),
    ),
  );
}

/** A one-round table of `scores` next to `totals` (for the round-result dialog). */
export function roundTable(scores, totals, names) {
  return h(
    "table",
    { class: "scores" },
    h("thead", {}, h("tr", {}, h("th", { text: t("sheet.player") }), h("th", { text: t("sheet.round") }), h("th", { text: t("sheet.total") }))),
    h(
      "tbody",
      {},
      scores.map((score, p) =>
        h("tr", {}, h("td", { text: names[p] }), h("td", { text: String(score) }), h("td", { text: String(totals[p]) })),
      ),
    ),
  );
}
