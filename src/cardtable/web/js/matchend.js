// The match end screen: the final ranking with places, each round's scores with a
// small chart of the running totals, the winner celebrated, and the way on (rematch,
// back to the lobby, the match's record to download).

import { h, s } from "./dom.js";
import { listOf, ordinal, t } from "./i18n.js";

/** The texts of the match end that depend on how many won, and on a place. */
const TEXT = {
  won: (names) => t("matchend.won", { names: listOf(names), n: names.length }),
  place: (n) => ordinal("matchend.place", n),
};

const LINE_COLORS = ["#f2c14e", "#7fd1ff", "#ff8a65", "#a5d6a7", "#ce93d8", "#fff59d", "#80cbc4", "#f48fb1", "#bcaaa4", "#e0e0e0"];

/** Places for `totals`: equal totals share a place; `higherWins` says which way ranks. */
export function places(totals, higherWins) {
  const order = totals.map((total, seat) => ({ seat, total }));
  order.sort((a, b) => (higherWins ? b.total - a.total : a.total - b.total));
  return order.map((entry) => ({
    ...entry,
    place: 1 + order.filter((other) => (higherWins ? other.total > entry.total : other.total < entry.total)).length,
  }));
}

/** Whether the game's winners had the highest total (Last Card) or the lowest. */
function higherWins(view) {
  const best = view.totals[view.winners[0]];
  return view.totals.every((t) => t <= best) && view.totals.some((t) => t < best);
}

function runningTotals(view) {
  const sums = Array(view.players).fill(0);
  return view.round_scores.map((scores) => scores.map((score, p) => (sums[p] += score)));
}

/** A line chart of each player's running total, one point per round. */
function chart(view, names) {
  const rows = runningTotals(view);
  const width = 320;
  const height = 140;
  const pad = 24;
  const values = rows.flat().concat(0);
  const low = Math.min(...values);
  const high = Math.max(...values, low + 1);
  // Point 0 is the start (every total 0), point i the total after round i.
  const x = (i) => pad + (i * (width - 2 * pad)) / rows.length;
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / (high - low);
  const lines = [...Array(view.players).keys()].map((p) =>
    s("polyline", {
      points: [[x(0), y(0)], ...rows.map((row, i) => [x(i + 1), y(row[p])])].map((pt) => pt.join(",")).join(" "),
      fill: "none",
      stroke: LINE_COLORS[p % LINE_COLORS.length],
      "stroke-width": 2.5,
    }),
  );
  const svg = s(
    "svg",
    { class: "totals-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("matchend.chart") },
    s("title", { text: t("matchend.chart") }),
    s("line", { x1: pad, y1: y(0), x2: width - pad, y2: y(0), stroke: "rgba(255,255,255,0.3)" }),
    lines,
  );
  const legend = h(
    "ul",
    { class: "chart-legend" },
    names.map((name, p) => h("li", {}, h("span", { class: "swatch-line", style: `background: ${LINE_COLORS[p % LINE_COLORS.length]}` }), name)),
  );
  return h("figure", { class: "chart" }, svg, h("figcaption", { text: t("matchend.chart") }), legend);
}

function roundsTable(view, names) {
  return h(
    "table",
    { class: "scores rounds" },
    h("thead", {}, h("tr", {}, h("th", { text: t("matchend.player") }), view.round_scores.map((_, i) => h("th", { scope: "col", text: t("matchend.round", { n: i + 1 }) })), h("th", { text: t("matchend.total") }))),
    h(
      "tbody",
      {},
      names.map((name, p) =>
        h("tr", {}, h("th", { scope: "row", text: name }), view.round_scores.map((scores) => h("td", { text: String(scores[p]) })), h("td", { text: String(view.totals[p]) })),
      ),
    ),
  );
}

/**
 * The screen for a finished match: `view` is its last view, `names` the players,
 * `rematch` {votes, mine, seated, ask()}, `record` the URL of its JSON record or null;
 * `celebrate` animates the result (the first time the screen is drawn, not on redraws).
 */
export function matchEnd(view, names, { votes, mine, seated, ask }, record, celebrate = false) {
  const ranking = places(view.totals, higherWins(view));
  const winners = view.winners.map((p) => names[p]);
  return h(
    "section",
    { class: "match-end panel", "aria-labelledby": "match-end-title" },
    h("h2", { id: "match-end-title", text: t("matchend.title") }),
    h("p", { class: celebrate ? "match-result celebrate" : "match-result", text: `★ ${TEXT.won(winners)} ★` }),
    h("h3", { text: t("matchend.ranking") }),
    h(
      "ol",
      { class: "ranking" },
      ranking.map((entry) =>
        h(
          "li",
          { class: entry.place === 1 ? "first" : "", "data-place": entry.place },
          h("span", { class: "place", text: TEXT.place(entry.place) }),
          h("span", { class: "rank-name", text: names[entry.seat] }),
          h("span", { class: "rank-total", text: String(entry.total) }),
        ),
      ),
    ),
    // The way on right under the result, before the details of a long match.
    votes.length ? h("p", { text: t("matchend.rematchAsked", { names: listOf(votes) }) }) : null,
    h(
      "div",
      { class: "controls" },
      seated
        ? h("button", {
            type: "button",
            class: "action-button playable",
            "data-rematch": "",
            text: mine ? t("matchend.rematchWaiting") : t("matchend.rematch"),
            disabled: mine,
            onclick: ask,
          })
        : null,
      h("a", { class: "action-button", href: "./", "data-lobby": "", text: t("matchend.lobby") }),
    ),
    h("h3", { text: t("matchend.rounds") }),
    h(
      "div",
      { class: "match-end-detail" },
      // A long match's table scrolls in a box that the keyboard can reach too.
      h("div", { class: "rounds-scroll", tabindex: 0, role: "region", "aria-label": t("matchend.rounds") }, roundsTable(view, names)),
      chart(view, names),
    ),
    record ? h("p", { class: "record-link" }, h("a", { href: record, download: "", text: t("matchend.record") })) : null,
  );
}
