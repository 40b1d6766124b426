// The table page: joins (or rejoins, or watches) one table over its WebSocket and
// keeps the page in step with it: the waiting room before the match, the game while
// it runs, the rematch after it. A seat's secret token is kept in localStorage, so a
// refresh or a dropped connection comes back to the same seat.

import { socketUrl, tableLink, tableStatus } from "./api.js";
import { historyList, markAction } from "./coach.js";
import { Connection } from "./connection.js";
import { h, queryParam, replaceChildren } from "./dom.js";
import { GAMES } from "./games/index.js";
import { forgetSeatToken, playerName, saveSeatToken, savePlayerName, seatToken } from "./session.js";
import { TableView } from "./tableview.js";

const BACK_BANNER_MS = 3000;
const ERROR_MS = 6000;

const $ = (id) => document.getElementById(id);
const code = (queryParam("code") ?? "").trim().toUpperCase();

const page = {
  conn: null,
  /** The table's public status (the server's "table" message). */
  table: null,
  /** Our seat, or null as a spectator; undefined until the server welcomed us. */
  seat: undefined,
  /** Whether the visitor chose to watch rather than take a seat. */
  watching: queryParam("watch") === "1",
  view: null,
  /** The version of the last state (how many actions the match has had). */
  version: 0,
  tv: null,
  matchResult: null,
  /** Whether a hint was asked for and has not arrived. */
  hinting: false,
};

// ------------------------------------------------------------------ banner and errors
function banner(text, kind) {
  const node = $("banner");
  node.textContent = text;
  node.className = `banner ${kind}`;
  node.hidden = false;
}

let errorTimer = null;
function showError(text) {
  $("error").textContent = text;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => ($("error").textContent = ""), ERROR_MS);
}

// ------------------------------------------------------------------ names and seats
/** Names as the table shows them: bots are numbered by seat so that they differ. */
function seatNames() {
  return page.table.seats.map((s) => {
    if (s.kind === "bot") return `Bot ${s.seat + 1}`;
    return s.name ?? `Seat ${s.seat + 1}`;
  });
}

function renderSeats() {
  const items = page.table.seats.map((s) => {
    const notes = [];
    if (s.kind === "bot") notes.push(s.bot);
    else if (!s.taken) notes.push("free");
    else if (!s.connected) notes.push("offline");
    if (s.autoplay) notes.push("a bot plays for now");
    if (s.seat === page.seat) notes.push("you");
    return h(
      "li",
      { "data-seat": s.seat },
      h("strong", { text: seatNames()[s.seat] }),
      notes.length ? ` (${notes.join(", ")})` : "",
    );
  });
  if (page.table.spectators) items.push(h("li", { text: `${page.table.spectators} watching` }));
  replaceChildren($("seats"), items);
  $("who").textContent =
    page.seat === undefined ? "" : page.seat === null ? "watching" : `you are ${seatNames()[page.seat]}`;
}

// ------------------------------------------------------------------ the room area
function shareBox() {
  const link = tableLink(code);
  return h(
    "div",
    { class: "share-box" },
    h("p", {}, "Share this table: code ", h("strong", { class: "code", "data-code": code, text: code }), " or link"),
    h("p", {}, h("a", { class: "share", href: link, text: link })),
  );
}

function joinForm() {
  const free = page.table.seats.filter((s) => s.kind === "human" && !s.taken);
  const name = h("input", { id: "join-name", name: "name", maxlength: 24, required: true, value: playerName(), autocomplete: "nickname" });
  const seat = h(
    "select",
    { id: "join-seat", name: "seat" },
    free.map((s) => h("option", { value: s.seat, text: `Seat ${s.seat + 1}` })),
  );
  const form = h(
    "form",
    {
      class: "join-form panel",
      onsubmit: (event) => {
        event.preventDefault();
        const chosen = name.value.trim();
        if (!chosen) return;
        savePlayerName(chosen);
        page.conn.send({ type: "join", name: chosen, seat: Number(seat.value) });
      },
    },
    h("h2", { text: `Join this ${page.table.title} table` }),
    free.length
      ? h(
          "div",
          { class: "seat-row" },
          h("label", { for: "join-name", text: "Your name" }),
          name,
          h("label", { for: "join-seat", text: "Seat" }),
          seat,
          h("button", { type: "submit", class: "action-button playable", text: "Take the seat" }),
        )
      : h("p", { text: "Every seat is taken." }),
    h("p", {}, h("button", { type: "button", class: "action-button", text: "Watch instead", onclick: watch })),
  );
  return form;
}

function watch() {
  page.watching = true;
  page.conn.send({ type: "spectate" });
}

function waitingRoom() {
  const free = page.table.seats.filter((s) => s.kind === "human" && !s.taken).length;
  const seated = page.seat !== null && page.seat !== undefined;
  const start = h("button", {
    type: "button",
    class: "action-button",
    "data-start": "",
    text: "Start the match",
    disabled: !seated || free > 0,
    onclick: () => page.conn.send({ type: "start" }),
  });
  if (!start.disabled) start.classList.add("playable");
  return h(
    "div",
    { class: "waiting panel" },
    h("h2", { text: "Waiting for the match to start" }),
    shareBox(),
    h("p", { text: free ? `Waiting for ${free} more player${free === 1 ? "" : "s"}.` : "Everyone is here." }),
    seated ? start : null,
  );
}

function rematchBox() {
  const votes = page.table.rematch_votes.map((s) => seatNames()[s]);
  const seated = page.seat !== null && page.seat !== undefined;
  const log = page.matchResult?.log;
  return h(
    "div",
    { class: "rematch panel" },
    h("h2", { text: "The match is over" }),
    votes.length ? h("p", { text: `Rematch asked by ${votes.join(", ")}.` }) : null,
    seated
      ? h("button", {
          type: "button",
          class: "action-button playable",
          "data-rematch": "",
          text: page.table.rematch_votes.includes(page.seat) ? "Waiting for the others…" : "Rematch",
          disabled: page.table.rematch_votes.includes(page.seat),
          onclick: () => page.conn.send({ type: "rematch" }),
        })
      : null,
    log ? h("p", {}, h("a", { href: log, text: "The match's full log (JSON)" })) : null,
  );
}

function renderRoom() {
  const room = $("room");
  if (!page.table) return replaceChildren(room);
  if (page.seat === undefined) {
    return replaceChildren(room, page.watching || seatToken(code) ? null : joinForm());
  }
  if (page.table.status === "waiting") return replaceChildren(room, waitingRoom());
  if (page.table.status === "finished") return replaceChildren(room, rematchBox());
  return replaceChildren(room, page.table.hints && page.seat !== null ? hintBox() : null);
}

/** At a practice table, the coach suggests a move for the current decision. */
function hintBox() {
  const mine = page.tv?.legal.length > 0;
  return h(
    "div",
    { class: "hint-box" },
    h("button", {
      type: "button",
      class: "action-button",
      "data-hint": "",
      text: page.hinting ? "The coach is thinking…" : "Hint",
      title: "Ask the coach for a move (practice tables only)",
      disabled: !mine || page.hinting,
      onclick: () => {
        page.hinting = true;
        page.conn.send({ type: "hint" });
        renderRoom();
      },
    }),
  );
}

// ------------------------------------------------------------------ the game
function ensureTableView() {
  if (page.tv) return;
  const game = GAMES[page.table.game];
  $("game-title").textContent = page.table.title;
  document.title = `${page.table.title} · table ${code} · cardtable`;
  page.tv = new TableView(
    game,
    sendAction,
    { board: $("board"), status: $("status"), sheet: $("sheet"), log: $("log") },
  );
}

/**
 * Send an action chosen on the last state. In turn-by-turn play it carries that
 * state's version, so a move chosen on a table that has moved on is refused rather
 * than applied to a different position; in a simultaneous phase it does not, so that
 * another seat's action arriving first does not void it.
 */
function sendAction(action) {
  const simultaneous = page.view.to_act.length > 1;
  page.conn.send({ type: "action", action, ...(simultaneous ? {} : { version: page.version }) });
}

function onTable(table) {
  page.table = table;
  ensureTableView();
  page.tv.setTable(seatNames(), table.turn_seconds);
  renderSeats();
  renderRoom();
  replaceChildren($("history"), historyList(code, table.finished_matches));
  if (table.status === "waiting" && page.seat !== undefined) {
    $("status").textContent = "The match has not started yet.";
  }
}

const HANDLERS = {
  welcome(m) {
    page.seat = m.seat;
    if (m.token) saveSeatToken(code, m.token);
    onTable(m.table);
  },
  table(m) {
    onTable(m.table);
  },
  state(m) {
    const newMatch = page.view && page.view.round_scores.length > m.view.round_scores.length;
    if (newMatch) page.matchResult = null;
    page.view = m.view;
    page.version = m.version;
    page.tv.update({ view: m.view, legal: m.legal, you: page.seat, events: m.events, timers: m.timers });
    page.hinting = false;
    renderRoom();
  },
  hint(m) {
    page.hinting = false;
    renderRoom();
    if (m.version === page.version) markAction($("board"), m.action, "hinted");
  },
  match_result(m) {
    page.matchResult = m;
    renderRoom();
  },
  timeout(m) {
    showError(`${seatNames()[m.seat]} ran out of time: a bot plays for them until they act.`);
  },
  error(m) {
    if (m.error === "bad_token") {
      // The stored seat is not at this table (any more): ask to join afresh.
      forgetSeatToken(code);
      renderRoom();
      return;
    }
    page.hinting = false;
    showError(m.error === "stale" ? "Too late: the table moved on before your move arrived." : m.message);
    page.tv?.refused();
  },
};

function onOpen(reconnected) {
  if (reconnected) {
    banner("Connection is back.", "back");
    setTimeout(() => ($("banner").hidden = true), BACK_BANNER_MS);
  }
  page.seat = undefined;
  const token = seatToken(code);
  if (token) page.conn.send({ type: "rejoin", token });
  else if (page.watching) page.conn.send({ type: "spectate" });
  // Otherwise the join form waits for the table's status (fetched below).
  tableStatus(code).then(
    (table) => {
      if (page.seat === undefined) onTable(table);
    },
    (error) => showError(error.message),
  );
}

function main() {
  if (!code) {
    $("status").textContent = "No table code given.";
    return;
  }
  $("code").textContent = code;
  $("code").href = tableLink(code);
  page.conn = new Connection(socketUrl(code), {
    onOpen,
    onMessage: (m) => HANDLERS[m.type]?.(m),
    onLost: () => banner("Connection lost. Reconnecting…", "lost"),
    onGone: (reason) => {
      $("status").textContent = `There is no table ${code}.`;
      showError(reason);
    },
  });
}

main();
