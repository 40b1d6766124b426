// The table page: joins (or rejoins, or watches) one table over its WebSocket and
// keeps the page in step with it: the waiting room before the match, the game while
// it runs, the match end screen after it. A seat's secret token is kept in
// localStorage, so a refresh or a dropped connection comes back to the same seat.
// Opened with `join=1` the page takes a free seat at once under the remembered name;
// with `start=1` it also starts the match once every seat is filled (Play now).

import { groupedCode, listGames, normalCode, quickMatch, socketUrl, tableLink, tableStatus } from "./api.js";
import { hintText, historyList, markAction, replayLink } from "./coach.js";
import { ChatPanel } from "./chat.js";
import { Connection } from "./connection.js";
import { h, queryParam, replaceChildren } from "./dom.js";
import { gameModule } from "./games/index.js";
import { guide, TEXT as GUIDE_TEXT } from "./guide.js";
import { LagMeter } from "./lag.js";
import { matchEnd } from "./matchend.js";
import { buildPrefs } from "./prefs.js";
import { changedOptions, optionTitle, presetOf, presetTitle } from "./presets.js";
import { ensurePlayer } from "./players.js";
import { ensurePlayerName, forgetSeatToken, guestName, playerName, saveSeatToken, savePlayerName, seatToken } from "./session.js";
import { seatName } from "./seatnames.js";
import { soundControls, soundsFor } from "./sound.js";
import { TableView } from "./tableview.js";
import { TEXT as WAITING_TEXT, waitingRoom } from "./waiting.js";
import { botTitle, t } from "./i18n.js";
import { refusalText } from "./errors.js";

const BACK_BANNER_MS = 3000;
const ERROR_MS = 6000;
const TICK_MS = 1000;

const $ = (id) => document.getElementById(id);
const code = normalCode(queryParam("code") ?? "");

const page = {
  conn: null,
  /** The table's public status (the server's "table" message). */
  table: null,
  /** The table's game's browser part (games/index.js), loaded before `table` is set. */
  game: null,
  /** Our seat, or null as a spectator; undefined until the server welcomed us. */
  seat: undefined,
  /** Whether the visitor chose to watch rather than take a seat. */
  watching: queryParam("watch") === "1",
  /** Take a seat at once (join=1), and start once full (start=1). */
  autoJoin: queryParam("join") === "1",
  autoStart: queryParam("start") === "1",
  quick: queryParam("quick") === "1",
  joinSent: false,
  startSent: false,
  view: null,
  /** The version of the last state (how many actions the match has had). */
  version: 0,
  tv: null,
  matchResult: null,
  /** Whether this match's end was celebrated (drawn once with its animation). */
  celebrated: false,
  /** The games' descriptions (their options), for naming the rules in play. */
  games: [],
  /** When the bots of a quick match arrive (performance.now() ms), or null. */
  botsAt: null,
  /** Whether a hint was asked for and has not arrived. */
  hinting: false,
  /** The coach's hint for the decision now (the server's hint message), until the next state. */
  hint: null,
  chat: null,
};

// ------------------------------------------------------------------ banner, notes and errors
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

/**
 * An information note (not an error): an idle seat, with a way back for its owner.
 * Redrawn only when who is idle changes, so the button stays put for the pointer.
 */
function showIdle() {
  const node = $("idle");
  const mine = page.seat !== null && page.seat !== undefined && page.table?.seats[page.seat]?.autoplay;
  const others = page.table?.seats.filter((s) => s.autoplay && s.seat !== page.seat) ?? [];
  const key = JSON.stringify([Boolean(mine), others.map((s) => seatNames()[s.seat])]);
  if (node.dataset.shown === key) return;
  node.dataset.shown = key;
  if (mine) {
    replaceChildren(
      node,
      h("span", { text: t("table.yourStandIn") }),
      h("button", { type: "button", class: "action-button playable", "data-back": "", text: t("table.takeBack"), onclick: () => page.conn.send({ type: "back" }) }),
    );
  } else if (others.length) {
    replaceChildren(node, others.map((s) => h("p", { text: t("table.timedOut", { name: seatNames()[s.seat] }) })));
  } else {
    replaceChildren(node);
  }
  node.hidden = !node.childElementCount;
}

// ------------------------------------------------------------------ names and seats
/** Names as the table shows them: bots are numbered by seat so that they differ. */
function seatNames() {
  return page.table.seats.map((s) => seatName(s.seat, s.kind === "bot", s.name));
}

function renderSeats() {
  const items = page.table.seats.map((s) => {
    const notes = [];
    if (s.kind === "bot") notes.push(botTitle(s.bot));
    else if (!s.taken) notes.push(t("table.free"));
    else if (!s.connected) notes.push(t("table.offline"));
    if (s.autoplay) notes.push(t("table.standIn"));
    if (s.seat === page.seat) notes.push(t("table.you"));
    return h(
      "li",
      { "data-seat": s.seat, class: s.autoplay ? "stand-in" : null },
      h("strong", { text: seatNames()[s.seat] }),
      notes.length ? ` (${notes.join(", ")})` : "",
    );
  });
  if (page.table.spectators) items.push(h("li", { text: t("table.watchers", { n: page.table.spectators }) }));
  replaceChildren($("seats"), items);
  $("who").textContent =
    page.seat === undefined ? "" : page.seat === null ? t("table.watching") : t("table.youAre", { name: seatNames()[page.seat] });
}

/** The rules in play, in the header: the preset's name, or each changed option. */
function renderRulesOn() {
  const described = page.games.find((g) => g.name === page.table.game)?.options;
  if (!described) return;
  const changed = changedOptions(page.table.options, described);
  const preset = presetOf(page.game, changed);
  const shown = (v) => (v === true ? t("table.on") : v === false ? t("table.off") : String(v));
  const names = preset ? presetTitle(preset) : Object.entries(changed).map(([k, v]) => `${optionTitle(k)} ${shown(v)}`).join(", ");
  $("rules-on").textContent = `${GUIDE_TEXT.rulesOn} ${names || t("table.standard")}`;
}

// ------------------------------------------------------------------ the room area
function freeSeats() {
  return page.table.seats.filter((s) => s.kind === "human" && !s.taken);
}

/** Make this browser a player (a guest) if it is none yet, or name its guest as at
 * the table: a browser that comes straight to a table by a link has not been to the
 * landing page, which does it there (docs/players.md). */
function namePlayer(name) {
  return ensurePlayer(name).catch((error) => console.warn("no player for this browser:", error.message));
}

function join(name) {
  savePlayerName(name);
  namePlayer(name);
  page.joinSent = true;
  page.conn.send({ type: "join", name });
}

function joinForm() {
  const free = freeSeats();
  const name = h("input", { id: "join-name", name: "name", maxlength: 24, required: true, value: playerName(), autocomplete: "nickname" });
  const seat = h(
    "select",
    { id: "join-seat", name: "seat" },
    free.map((s) => h("option", { value: s.seat, text: t("table.seatN", { n: s.seat + 1 }) })),
  );
  return h(
    "form",
    {
      class: "join-form panel",
      onsubmit: (event) => {
        event.preventDefault();
        const chosen = name.value.trim();
        if (!chosen) return;
        savePlayerName(chosen);
        namePlayer(chosen);
        page.conn.send({ type: "join", name: chosen, seat: Number(seat.value) });
      },
    },
    h("h2", { text: t("table.joinTitle", { title: page.table.title }) }),
    free.length
      ? h(
          "div",
          { class: "seat-row" },
          h("label", { for: "join-name", text: t("table.yourName") }),
          name,
          h("label", { for: "join-seat", text: t("table.seat") }),
          seat,
          h("button", { type: "submit", class: "action-button playable", text: t("table.take") }),
        )
      : h("p", { text: t("table.full") }),
    h("p", {}, h("button", { type: "button", class: "action-button", text: t("table.watchInstead"), onclick: watch })),
  );
}

function watch() {
  page.watching = true;
  spectate();
}

/** Watch under the name typed in the join form, or the remembered one: the chat shows
 * it (the server checks it as it checks a player's name). */
function spectate() {
  const typed = document.getElementById("join-name")?.value.trim();
  if (typed) savePlayerName(typed);
  const name = typed || playerName();
  page.conn.send(name ? { type: "spectate", name } : { type: "spectate" });
}

function seated() {
  return page.seat !== null && page.seat !== undefined;
}

function matchEndScreen() {
  if (!page.view) return null;
  const number = page.matchResult?.match ?? page.table.match;
  const record = page.matchResult?.log ?? (number ? `/api/tables/${code}/matches/${number}` : null);
  const screen = matchEnd(
    page.view,
    seatNames(),
    {
      votes: page.table.rematch_votes.map((s) => seatNames()[s]),
      mine: page.table.rematch_votes.includes(page.seat),
      seated: seated(),
      ask: () => page.conn.send({ type: "rematch" }),
    },
    record,
    !page.celebrated,
  );
  page.celebrated = true;
  if (number) {
    screen.append(h("p", {}, h("a", { href: replayLink(code, number), "data-replay-link": number, text: t("table.replay") })));
  }
  return screen;
}

function renderRoom() {
  const room = $("room");
  if (!page.table) return replaceChildren(room);
  if (page.seat === undefined) {
    if (page.watching || seatToken(code) || (page.autoJoin && freeSeats().length)) return replaceChildren(room);
    $("status").textContent = freeSeats().length ? t("table.chooseSeat") : t("table.fullStatus");
    return replaceChildren(room, joinForm());
  }
  if (page.table.status === "waiting") {
    const table = { ...page.table, bots_join_in_ms: page.botsAt === null ? null : Math.max(0, page.botsAt - performance.now()) };
    return replaceChildren(room, waitingRoom(table, code, seated(), (m) => page.conn.send(m)));
  }
  if (page.table.status === "finished" && page.view?.phase === "over") return replaceChildren(room, matchEndScreen());
  return replaceChildren(room, page.table.hints && seated() ? hintBox() : null);
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
      text: page.hinting ? t("table.hinting") : t("table.hint"),
      title: t("table.hintTitle"),
      disabled: !mine || page.hinting,
      onclick: () => {
        page.hinting = true;
        page.conn.send({ type: "hint" });
        renderRoom();
      },
    }),
    page.hint ? h("p", { class: "hint-text", "data-hint-text": "", text: hintText(page.game, page.hint) }) : null,
  );
}

// ------------------------------------------------------------------ the game
function ensureTableView() {
  if (page.tv) return;
  $("game-title").textContent = page.table.title;
  document.title = t("table.docTitle", { title: page.table.title, code: groupedCode(code) });
  $("rules-drawer-title").textContent = GUIDE_TEXT.title(page.table.title);
  replaceChildren($("rules-body"), guide(page.game));
  page.tv = new TableView(
    page.game,
    sendAction,
    { board: $("board"), status: $("status"), tip: $("tip"), sheet: $("sheet"), log: $("log") },
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

function autoJoinOrStart() {
  if (page.seat === undefined && page.autoJoin && !page.joinSent && !page.watching && !seatToken(code) && freeSeats().length) {
    join(ensurePlayerName());
  }
  if (page.autoStart && !page.startSent && seated() && page.table.status === "waiting" && !freeSeats().length) {
    page.startSent = true;
    page.conn.send({ type: "start" });
  }
}

/** The table's status, shown; the first waits for the game's browser part to load. */
async function onTable(table) {
  page.game ??= await gameModule(table.game);
  page.table = table;
  page.botsAt = table.bots_join_in_ms === null || table.bots_join_in_ms === undefined ? null : performance.now() + table.bots_join_in_ms;
  ensureTableView();
  page.tv.setTable(seatNames(), table.turn_seconds);
  renderSeats();
  page.chat.setTable(table, page.seat);
  renderRulesOn();
  renderRoom();
  showIdle();
  replaceChildren($("history"), historyList(code, table.finished_matches));
  if (table.status === "waiting" && page.seat !== undefined) {
    $("status").textContent = t("table.notStarted");
  }
  autoJoinOrStart();
}

/** A quick match whose table filled up before we sat down: find another one. */
async function requickMatch() {
  const table = await quickMatch({ game: page.table.game });
  window.location.replace(`table.html?code=${encodeURIComponent(table.code)}&join=1&quick=1`);
}

const HANDLERS = {
  welcome(m) {
    page.seat = m.seat;
    if (m.token) saveSeatToken(code, m.token);
    return onTable(m.table);
  },
  table(m) {
    return onTable(m.table);
  },
  ping(m) {
    page.lag.ping(m);
  },
  state(m) {
    const newMatch = page.view && page.view.round_scores.length > m.view.round_scores.length;
    if (newMatch) {
      page.matchResult = null;
      page.celebrated = false;
    }
    page.view = m.view;
    page.version = m.version;
    page.tv.update({ view: m.view, legal: m.legal, you: page.seat, events: m.events, timers: m.timers, match: m.match });
    page.hinting = false;
    page.hint = null;
    soundsFor(page.game, m.events, page.seat);
    if (m.history) page.tv.history(m.history);
    renderRoom();
  },
  hint(m) {
    page.hinting = false;
    if (m.version === page.version) page.hint = m;
    renderRoom();
    if (page.hint) markAction($("board"), m.action, "hinted");
  },
  match_result(m) {
    page.matchResult = m;
    renderRoom();
  },
  timeout() {
    showIdle();
  },
  chat_history(m) {
    page.chat.history(m);
  },
  chat(m) {
    page.chat.add(m);
  },
  emote(m) {
    page.chat.pop(m);
  },
  muted(m) {
    page.chat.setMuted(m.senders);
  },
  error(m) {
    if (m.error === "bad_token") {
      // The stored seat is not at this table (any more, e.g. freed after its stand-in
      // played on): watch when that is what the page came for, else ask to join afresh.
      forgetSeatToken(code);
      if (page.watching) spectate();
      renderRoom();
      return;
    }
    page.hinting = false;
    if (m.error === "table_full" && page.quick) {
      requickMatch().catch((error) => showError(error.message));
      return;
    }
    if (m.error === "table_full" || m.error === "seat_taken") page.joinSent = false;
    showError(refusalText(m.error, m.message, m.params));
    page.tv?.refused();
    renderRoom();
  },
};

function onOpen(reconnected) {
  page.lag.opened();
  if (reconnected) {
    banner(t("table.again"), "back");
    setTimeout(() => ($("banner").hidden = true), BACK_BANNER_MS);
  }
  page.seat = undefined;
  page.joinSent = false;
  const token = seatToken(code);
  if (token) page.conn.send({ type: "rejoin", token });
  else if (page.watching) spectate();
  // Otherwise the join form (or the automatic join) waits for the table's status.
  tableStatus(code).then(
    (table) => {
      if (page.seat === undefined) return onTable(table);
    },
    (error) => (error.code === "no_table" ? gone() : showError(error.message)),
  ).catch(reportError);
}

/** No such table: one clear message and the way back, nothing else. */
function gone() {
  page.conn?.close();
  $("status").textContent = t("table.noTable", { code: groupedCode(code) });
  $("error").textContent = "";
  $("side").hidden = true;
  $("code-line").hidden = true;
  replaceChildren($("room"), h("p", {}, h("a", { class: "action-button playable", href: "./", "data-lobby": "", text: t("table.back") })));
}

function fillFrame() {
  document.title = t("table.pageTitle");
  $("status").textContent = t("table.connecting");
  $("code-word").textContent = t("table.tableWord");
  $("players-title").textContent = t("table.players");
  $("sheet-title").textContent = t("table.sheet");
  $("log-title").textContent = t("table.log");
  $("history-title").textContent = t("table.history");
  $("rules-button").textContent = GUIDE_TEXT.open;
  $("rules-close").textContent = GUIDE_TEXT.close;
  $("rules-button").addEventListener("click", () => $("rules-drawer").showModal());
  $("rules-close").addEventListener("click", () => $("rules-drawer").close());
  // On a narrow screen the side panels start folded, leaving the table the room.
  if (window.matchMedia("(max-width: 760px)").matches) {
    for (const id of ["players-panel", "sheet-panel", "log-panel", "chat-panel"]) $(id).open = false;
  }
}

function main() {
  buildPrefs($("prefs"), ...soundControls());
  fillFrame();
  if (!code) {
    $("status").textContent = t("table.noCode");
    $("side").hidden = true;
    return;
  }
  $("code").textContent = groupedCode(code);
  $("code").href = tableLink(code);
  page.chat = new ChatPanel($("chat-panel"), (m) => page.conn.send(m));
  listGames().then((games) => {
    page.games = games;
    if (page.table) renderRulesOn();
  }, () => {});
  setInterval(() => {
    const note = document.querySelector("[data-bots-in]");
    if (note && page.botsAt !== null) note.textContent = WAITING_TEXT.botsIn(Math.ceil(Math.max(0, page.botsAt - performance.now()) / 1000));
  }, TICK_MS);
  page.lag = new LagMeter((m) => page.conn.send(m));
  $("who").before(page.lag.el);
  // The socket tells the server the player behind a seat by the session cookie, so
  // the browser has its player before the socket opens; and the table's game is
  // ready to draw by then, so each message is shown as it comes.
  Promise.allSettled([namePlayer(playerName() || guestName()), loadGame()]).finally(connect);
}

/** Load the browser part of the table's game; a table that cannot be looked up now is
 * told of once the socket opens. */
async function loadGame() {
  page.game = await gameModule((await tableStatus(code)).game);
}

/** The server's messages, handled one after another: a message waits while the one
 * before it does (the first table status, for its game's browser part to load). */
let handled = Promise.resolve();

function connect() {
  page.conn = new Connection(socketUrl(code), {
    onOpen,
    onMessage: (m) => {
      handled = handled.then(() => HANDLERS[m.type]?.(m)).catch(reportError);
    },
    onLost: () => {
      page.lag.lost();
      banner(t("table.lost"), "lost");
    },
    onGone: gone,
  });
}

main();
