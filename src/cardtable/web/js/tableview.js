// Draws one table from the server's messages: the game's board, what to do now, the
// score sheet and the log, animating each change from its events. The game modules
// (games/*.js) know each game; this file knows none of them.

import { actionButton } from "./actions.js";
import { play, snapshot } from "./animate.js";
import { choose, closeChoosers, notice } from "./dialogs.js";
import { h, replaceChildren } from "./dom.js";
import { roundTable, scoreSheet } from "./scoresheet.js";
import { TEXT as TIP_TEXT, tipFor } from "./tips.js";
import { listOf, t } from "./i18n.js";

const LOG_LIMIT = 200;
const TIPS_KEY = "cardtable:tips";
/** The least share of their size the felt's cards are shrunk to, and the halvings to find it. */
const FIT_FLOOR = 0.3;
const FIT_STEPS = 7;

/** The texts this file shows, in one place. */
const TEXT = {
  reshuffle: t("log.reshuffle"),
  roundEnd: (round, scores) => t("log.roundEnd", { round, scores }),
  score: (name, score) => t("log.score", { name, score }),
  matchEnd: (winners) => t("log.matchEnd", { winners: listOf(winners), n: winners.length }),
  roundResult: (round) => t("log.roundResult", { round }),
  seatN: (n) => t("table.seatN", { n }),
};

/**
 * Shrinks the felt's cards (its --fit, a share of their size) just enough that all of
 * the table fits the box the page gives the felt. While a round is played that box is
 * what the screen leaves below the status lines (style.css), so the viewer's cards,
 * the piles and the buttons never fall below the fold; where the felt's height follows
 * its content, everything fits at full size.
 */
export function fitFelt(board) {
  const felt = board.querySelector(":scope > .felt");
  if (!felt) return;
  const fits = (share) => {
    felt.style.setProperty("--fit", String(share));
    return felt.scrollHeight <= felt.clientHeight + 1 && felt.scrollWidth <= felt.clientWidth + 1 && !crowded(felt);
  };
  if (fits(1)) return;
  let low = FIT_FLOOR;
  let high = 1;
  for (let step = 0; step < FIT_STEPS; step++) {
    const middle = (low + high) / 2;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  fits(low);
}

/** The felt's parts: every seat, the piles in the middle, the buttons. */
const PARTS = ":scope > .player, :scope > .middle, :scope > .controls, :scope > .opponents .player";

/**
 * Whether two of the felt's parts overlap: a part wider than its place in the felt's
 * grid spills over its neighbours' without making the felt itself overflow.
 */
function crowded(felt) {
  const boxes = [...felt.querySelectorAll(PARTS)].map((node) => node.getBoundingClientRect());
  return boxes.some((a, i) =>
    boxes.slice(i + 1).some((b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1),
  );
}

export class TableView {
  /**
   * `game` is a game module (games/index.js) and `act(action)` sends an
   * action to the server. The table is drawn into `parts`: its `board`, `status`,
   * `tip`, `sheet` and `log` elements.
   */
  constructor(game, act, parts) {
    this.game = game;
    this.sendAction = act;
    this.parts = parts;
    this.view = null;
    this.legal = [];
    this.you = null;
    this.names = [];
    //: Running timers: {kind: "window"|"turn", seat?, deadline (performance.now() ms)}.
    this.timers = [];
    //: Seconds a turn may last at this table (null: no limit).
    this.turnSeconds = null;
    //: Per-table memory a game module may keep across renders (peeks, toggles).
    this.ui = {};
    //: The legal actions held back while an action is on its way to the server.
    this.pending = null;
    //: The match shown (null where the page does not say, as in a replay).
    this.match = null;
    //: "match/round" of each round result announced, so that a state shown again
    //: (a reconnect, a resync) never opens a round's result a second time.
    this.announced = new Set();
    this.logLines = [];
    // The felt refits its cards whenever the space it is given changes (a resize, a
    // longer status line, a note above it), before the change is painted.
    new ResizeObserver(() => fitFelt(this.parts.board)).observe(parts.board);
  }

  /** The context a game module renders from. */
  context() {
    return {
      view: this.view,
      legal: this.legal,
      you: this.you,
      names: this.names,
      timers: this.timers,
      turnSeconds: this.turnSeconds,
      ui: this.ui,
      act: (action) => this.act(action),
      choose: (title, options) => choose(title, options, (action) => this.act(action)),
      button: (text, actions, describe, title) =>
        actionButton(text, actions, this.context(), describe, title),
      rerender: () => this.render([]),
    };
  }

  act(action) {
    // Nothing is clickable until the server answers with the next view.
    this.pending = this.legal;
    this.legal = [];
    this.render([]);
    this.sendAction(action);
  }

  /** The server refused the last action: offer the same moves again. */
  refused() {
    if (this.pending === null) return;
    this.legal = this.pending;
    this.pending = null;
    this.render([]);
  }

  /** The table's settings changed: new seat names (someone joined), the turn limit. */
  setTable(names, turnSeconds) {
    this.names = names;
    this.turnSeconds = turnSeconds;
    this.render([]);
  }

  /** A new view from the server, with the events that led to it and the running timers. */
  update({ view, legal, you, events = [], timers = [], match = null }) {
    this.view = view;
    this.match = match;
    this.legal = legal;
    this.pending = null;
    this.you = you;
    const now = performance.now();
    this.timers = timers.map((t) => ({ ...t, deadline: now + t.ms }));
    const ctx = this.context();
    for (const event of events) this.game.observe?.(event, ctx);
    const moves = events.flatMap((event) => this.game.moves(event, ctx));
    this.render(moves);
    this.log(events);
    this.announce(events);
  }

  render(moves) {
    if (!this.view) return;
    closeChoosers();
    const ctx = this.context();
    const before = snapshot(this.parts.board);
    // Redrawing replaces every element: keep the keyboard focus on the same place.
    const focused = document.activeElement?.closest?.("[data-key]");
    const focusKey = focused && this.parts.board.contains(focused) ? focused.dataset.key : null;
    replaceChildren(this.parts.board, this.game.render(ctx));
    fitFelt(this.parts.board);
    if (focusKey) {
      this.parts.board.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
    }
    play(this.parts.board, before, moves);
    const mine = this.legal.length > 0;
    this.parts.status.classList.toggle("your-move", mine);
    this.parts.status.textContent = this.game.status(ctx);
    this.renderTip(ctx);
    replaceChildren(this.parts.sheet, scoreSheet(this.view, this.nameList()));
  }

  /** The first-game tip for now, with a switch to hide tips (remembered). */
  renderTip(ctx) {
    const hidden = localStorage.getItem(TIPS_KEY) === "off";
    const tip = hidden ? null : tipFor(this.game, ctx);
    const toggle = h("button", {
      type: "button",
      class: "link-button",
      "data-tips": "",
      text: hidden ? TIP_TEXT.show : TIP_TEXT.hide,
      onclick: () => {
        localStorage.setItem(TIPS_KEY, hidden ? "on" : "off");
        this.renderTip(this.context());
      },
    });
    replaceChildren(this.parts.tip, tip ? h("span", {}, h("strong", { text: `${TIP_TEXT.label} ` }), tip) : null, " ", toggle);
  }

  /** The log of the match so far, as the server sent it on (re)joining: no animation. */
  history(events) {
    this.logLines = [];
    this.log(events);
  }

  nameList() {
    return [...Array(this.view.players).keys()].map((p) => this.names[p] || TEXT.seatN(p + 1));
  }

  log(events) {
    const ctx = this.context();
    for (const event of events) {
      const line = this.game.describe(event, ctx) ?? this.describeCommon(event);
      if (line) this.logLines.push(line);
    }
    this.logLines = this.logLines.slice(-LOG_LIMIT);
    replaceChildren(this.parts.log, this.logLines.map((line) => h("li", { text: line })));
    this.parts.log.scrollTop = this.parts.log.scrollHeight;
  }

  describeCommon(event) {
    const names = this.nameList();
    if (event.type === "reshuffle") return TEXT.reshuffle;
    if (event.type === "round_end") {
      return TEXT.roundEnd(event.round, event.scores.map((s, p) => TEXT.score(names[p], s)).join(", "));
    }
    if (event.type === "match_end") return TEXT.matchEnd(event.winners.map((p) => names[p]));
    return null;
  }

  /**
   * A round's result gets a dialog, so nobody misses it; the match's end has its own
   * screen on the page (table.js), and a game may point out what just happened
   * (`game.alert`, such as a wrong throw) in a dialog too.
   */
  announce(events) {
    const names = this.nameList();
    const ctx = this.context();
    for (const event of events) {
      if (event.type !== "round_end") continue;
      // A state sent again (after a reconnect) repeats its events: one dialog a round,
      // even after the first was closed.
      const key = this.match === null ? null : `${this.match}/${event.round}`;
      if (key !== null && this.announced.has(key)) continue;
      if (document.querySelector(`dialog[open] [data-round-result="${event.round}"]`)) continue;
      if (key !== null) this.announced.add(key);
      const dialog = notice(TEXT.roundResult(event.round), [
        h("div", { class: "round-result", "data-round-result": event.round }, roundTable(event.scores, event.totals, names)),
        this.game.roundDetails?.(event, ctx) ?? null,
      ]);
      // A long result scrolls: it opens at its title and scores, not at the focused
      // Close button under everyone's cards.
      dialog.scrollTop = 0;
    }
    this.game.alert?.(events, ctx);
  }
}
