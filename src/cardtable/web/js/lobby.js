// The landing page: each game as a picture with Play now (against bots, one click),
// Play with friends (a private table, landing seated with the invite ready) and Quick
// match (strangers at a public table, bots after a wait), with a level of bots and a
// link to the game's rules for players; joining or watching by code (or by a pasted
// invite link); the open tables; and, folded away, the full form of a custom table,
// where every bot and the full rules are.

import { codeIn, createTable, groupedCode, listGames, listTables, quickMatch, tableLink } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { gameModule } from "./games/index.js";
import { fullRules, guideLink } from "./guide.js";
import { buildPrefs } from "./prefs.js";
import { optionTitle, presetsOf, presetText, presetTitle } from "./presets.js";
import { ensurePlayerName, savePlayerName } from "./session.js";
import { has, t, translatePage } from "./i18n.js";

/** The lobby's texts made of several messages, or of a message and markup. */
const WORDS = {
  created: (title, code) => [t("lobby.created", { title }), " ", h("strong", { class: "code", "data-code": code, text: groupedCode(code) })],
  tableLine: (n, free) => `${t("lobby.tablePlayers", { n })}, ${t("lobby.tableFree", { n: free })}`,
  tableLabel: (action, title, code) => t("lobby.tableLabel", { action, title, code }),
  person: (seat) => (seat === 0 ? t("lobby.personYou") : t("lobby.person")),
};
/** The bot a player gets unless they choose: a middle level when the server has one. */
const PREFERRED_BOTS = ["normal", "heuristic"];
const WAITS = [5, 10, 15, 30, 60, 120];
const DEFAULT_WAIT = 30;
const TABLES_REFRESH_MS = 5000;

const $ = (id) => document.getElementById(id);
let games = [];
let game = null;
/** The browser part of each of the server's games, by name (games/index.js), as it
 * loads: the games are offered at once, their pictures and presets shown once it is
 * there. It is null for a game this client has none for (a newer server), which is
 * offered without pictures or presets. */
let modules = {};

/** The catalogue's text for `key` when it has one, else the server's `fallback`. */
const known = (key, fallback) => (has(key) ? t(key) : fallback);
const botLabel = (bot) => known(`bot.${bot}`, bot);
/**
 * The bot choices the server offers for `g`, as [spec, label]: its named levels first
 * (`levels`, when the server has them: easy ... expert), then every other bot.
 */
function botChoices(g) {
  const levels = (g.levels ?? []).map((l) => [l.spec, `${known(`level.${l.spec}.title`, l.title)}, ${known(`level.${l.spec}.summary`, l.summary)}`]);
  const others = g.bots.filter((b) => !levels.some(([spec]) => spec === b));
  return [...levels, ...others.map((b) => [b, botLabel(b)])];
}
/**
 * The game card's choice of bots, as [spec, label, summary]: the levels alone, each
 * with a few words (the custom table offers every bot); every bot for a game the
 * server has no levels for.
 */
function levelChoices(g) {
  const levels = (g.levels ?? []).map((l) => [l.spec, known(`level.${l.spec}.short`, l.title), known(`level.${l.spec}.summary`, l.summary)]);
  return levels.length ? levels : botChoices(g);
}
const defaultBot = (g) => {
  const specs = botChoices(g).map(([spec]) => spec);
  return PREFERRED_BOTS.find((b) => specs.includes(b)) ?? specs[0];
};
const defaultPlayers = (g) => Math.max(g.min_players, Math.min(4, g.max_players));

function fillTexts() {
  translatePage();
  $("turn-seconds").placeholder = t("lobby.noLimit");
}

// ------------------------------------------------------------------ one-click play
/** The page of table `code`, where this browser takes a seat at once. */
function seatedLink(code, extra = "") {
  return `table.html?code=${encodeURIComponent(code)}&join=1${extra}`;
}

function nameOrComplain() {
  const name = $("player-name").value.trim();
  if (!name) {
    $("play-error").textContent = t("lobby.noName");
    $("player-name").focus();
    return null;
  }
  savePlayerName(name);
  return name;
}

async function launch(g, card, how) {
  $("play-error").textContent = "";
  if (!nameOrComplain()) return;
  const players = Number(card.querySelector("[data-players]").value);
  const bot = card.querySelector("[data-bot]").value;
  try {
    if (how === "now") {
      const seats = ["human", ...Array(players - 1).fill(bot)];
      const table = await createTable({ game: g.name, seats, public: false });
      window.location.href = seatedLink(table.code, "&start=1");
    } else if (how === "friends") {
      const table = await createTable({ game: g.name, seats: Array(players).fill("human"), public: false });
      window.location.href = seatedLink(table.code);
    } else {
      const table = await quickMatch({ game: g.name, players, wait_seconds: Number($("quick-wait").value) });
      window.location.href = seatedLink(table.code, "&quick=1");
    }
  } catch (error) {
    $("play-error").textContent = error.message;
  }
}

function labelled(text, control) {
  return h("label", { class: "small-field" }, h("span", { text }), control);
}

/** The game's picture on its card, drawn once its module is there. */
function pictureOf(g) {
  const art = h("div", { class: "game-art", "aria-hidden": "true" });
  modules[g.name].then((module) => art.append(...(module?.picture() ?? [])));
  return art;
}

function gameCard(g) {
  const players = h(
    "select",
    { "data-players": "" },
    Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => {
      const n = g.min_players + i;
      return h("option", { value: n, text: String(n), selected: n === defaultPlayers(g) });
    }),
  );
  const bots = h(
    "select",
    { "data-bot": "" },
    levelChoices(g).map(([b, text, summary]) => h("option", { value: b, text, title: summary, selected: b === defaultBot(g) })),
  );
  const card = h(
    "article",
    { class: "game-card", "data-game": g.name, "aria-labelledby": `title-${g.name}` },
    pictureOf(g),
    h("h3", { id: `title-${g.name}`, text: g.title }),
    h("p", { class: "pitch", text: known(`lobby.pitch.${g.name}`, "") }),
    h("div", { class: "game-settings" }, labelled(t("lobby.players"), players), labelled(t("lobby.bots"), bots)),
  );
  const button = (how, text, help, main) =>
    h("button", {
      type: "button",
      class: `action-button ${main ? "playable big" : ""}`,
      [`data-${how}`]: "",
      title: help(g.title),
      text,
      onclick: () => launch(g, card, how),
    });
  card.append(
    h(
      "div",
      { class: "game-buttons" },
      button("now", t("lobby.playNow"), (game) => t("lobby.playNowHelp", { game }), true),
      button("friends", t("lobby.friends"), (game) => t("lobby.friendsHelp", { game }), false),
      button("quick", t("lobby.quick"), (game) => t("lobby.quickHelp", { game }), false),
    ),
    h("a", { class: "link-button", href: guideLink(g.name), "data-rules": "", text: t("lobby.rules", { game: g.title }) }),
  );
  return card;
}

function showGames() {
  const wait = h(
    "select",
    { id: "quick-wait" },
    WAITS.map((s) => h("option", { value: s, text: t("lobby.seconds", { n: s }), selected: s === DEFAULT_WAIT })),
  );
  $("games").append(
    h("div", { class: "game-cards" }, games.map(gameCard)),
    h("p", { class: "quick-wait" }, h("label", { for: "quick-wait", text: t("lobby.wait") }), " ", wait),
  );
}

// ------------------------------------------------------------------ join by code
/** Go to the table whose code (or invite link) is in the code field: to watch, or to
 * the page where one joins. */
function goToTable(watch) {
  const code = codeIn($("join-code").value);
  if (!code) return;
  window.location.href = `${tableLink(code)}${watch ? "&watch=1" : ""}`;
}

/** A pasted invite link becomes its code in the field, grouped, as people read it. */
function showPastedCode() {
  const field = $("join-code");
  if (field.value.includes("?")) field.value = groupedCode(codeIn(field.value));
}

// ------------------------------------------------------------------ rules
/** Show the full rules of game `name`, unless another game was picked meanwhile. */
async function showRules(name) {
  const rules = await fullRules(name);
  if (game.name === name) replaceChildren($("rules"), rules);
}

// ------------------------------------------------------------------ options

function optionInput(option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.choices) {
    input = h("select", { id }, option.choices.map((c) => h("option", { value: JSON.stringify(c), text: String(c), selected: c === option.default })));
  } else if (option.type === "bool") {
    input = h("input", { id, type: "checkbox", checked: option.default });
  } else {
    input = h("input", {
      id,
      type: "number",
      min: option.min,
      max: option.max,
      step: 1,
      value: option.default ?? "",
      placeholder: option.type.endsWith("or null") ? t("lobby.none") : null,
    });
  }
  input.dataset.option = option.name;
  const name = h("span", { class: "option-name", title: option.name, text: optionTitle(option.name) });
  const help = h("span", { class: "help", text: known(`option.${game.name}.${option.name}.help`, option.help) });
  if (option.type === "bool") return h("label", { for: id, class: "check" }, input, name, help);
  return h("label", { for: id }, name, input, help);
}

/** The chosen value of an option's input (null for an empty optional number). */
function optionValue(option, input) {
  if (option.choices) return JSON.parse(input.value);
  if (option.type === "bool") return input.checked;
  if (input.value === "") return null;
  return Number(input.value);
}

function setOptionInput(option, value) {
  const input = document.querySelector(`[data-option="${option.name}"]`);
  if (option.choices) input.value = JSON.stringify(value);
  else if (option.type === "bool") input.checked = value;
  else input.value = value ?? "";
}

/** The options that differ from their defaults. */
function chosenOptions() {
  const out = {};
  for (const option of game.options) {
    const value = optionValue(option, document.querySelector(`[data-option="${option.name}"]`));
    if (value !== option.default) out[option.name] = value;
  }
  return out;
}

/** Set every option to the preset's value (the default where the preset says nothing). */
function applyPreset(preset) {
  for (const option of game.options) {
    setOptionInput(option, option.name in preset.options ? preset.options[option.name] : option.default);
  }
  for (const button of document.querySelectorAll("#presets button")) {
    button.setAttribute("aria-pressed", String(button.dataset.preset === preset.id));
  }
}

/** The presets of the game picked, once its module is there (unless another game was
 * picked meanwhile). */
async function showPresets() {
  const picked = game;
  const module = await modules[picked.name];
  if (game !== picked) return;
  replaceChildren(
    $("presets"),
    h("span", { class: "presets-label", text: t("lobby.presetsLabel") }),
    presetsOf(module).map((preset) =>
      h("button", {
        type: "button",
        class: "preset",
        "data-preset": preset.id,
        "aria-pressed": String(preset.id === "standard"),
        title: presetText(module, preset),
        onclick: () => applyPreset(preset),
      }, h("strong", { text: presetTitle(preset) }), h("span", { class: "help", text: ` ${presetText(module, preset)}` })),
    ),
  );
}

// ------------------------------------------------------------------ seats
function seatSelect(seat) {
  const kinds = [["human", WORDS.person(seat)], ...botChoices(game).map(([b, text]) => [b, t("lobby.bot", { label: text })])];
  const chosen = seat === 0 ? "human" : defaultBot(game);
  return h(
    "div",
    { class: "seat-row" },
    h("label", { for: `seat-${seat}`, text: t("lobby.seat", { n: seat + 1 }) }),
    h(
      "select",
      { id: `seat-${seat}`, "data-seat": seat },
      kinds.map(([value, text]) => h("option", { value, text, selected: value === chosen })),
    ),
  );
}

function showSeats() {
  const count = Number($("seat-count").value);
  const current = [...document.querySelectorAll("[data-seat]")].map((s) => s.value);
  replaceChildren($("seats"), Array.from({ length: count }, (_, i) => seatSelect(i)));
  // Keep the choices already made for the seats that remain.
  current.slice(0, count).forEach((value, i) => ($(`seat-${i}`).value = value));
}

// ------------------------------------------------------------------ game picker
function pickGame(name) {
  game = games.find((g) => g.name === name);
  for (const button of document.querySelectorAll("#game-picker button")) {
    button.setAttribute("aria-pressed", String(button.dataset.game === name));
  }
  const count = $("seat-count");
  replaceChildren(
    count,
    Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => {
      const n = game.min_players + i;
      return h("option", { value: n, text: String(n), selected: n === defaultPlayers(game) });
    }),
  );
  replaceChildren($("seats"));
  showSeats();
  showPresets();
  replaceChildren($("options"), game.options.map(optionInput));
  showRules(name);
}

// ------------------------------------------------------------------ create
async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const seats = [...document.querySelectorAll("[data-seat]")].map((s) => s.value);
  const turn = $("turn-seconds").value;
  const spec = {
    game: game.name,
    seats,
    options: chosenOptions(),
    public: $("public").checked,
    turn_seconds: turn === "" ? null : Number(turn),
  };
  try {
    const table = await createTable(spec);
    showCreated(table);
    refreshTables();
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

function showCreated(table) {
  const link = tableLink(table.code);
  const seated = table.seats.some((s) => s.kind === "human");
  replaceChildren(
    $("created"),
    h(
      "div",
      { class: "panel created" },
      h("p", {}, WORDS.created(table.title, table.code)),
      h("p", {}, t("lobby.share"), h("a", { class: "share", href: link, text: link })),
      h("p", {}, h("a", { class: "action-button playable", href: seated ? seatedLink(table.code) : link, "data-open-table": table.code, text: t("lobby.goToTable") })),
    ),
  );
}

// ------------------------------------------------------------------ open tables
function tableItem(table) {
  const free = table.seats.filter((s) => s.kind === "human" && !s.taken).length;
  const link = tableLink(table.code);
  return h(
    "li",
    { "data-table": table.code },
    h("strong", { text: table.title }),
    h("span", { class: "code", text: groupedCode(table.code) }),
    h("span", { text: WORDS.tableLine(table.players, free) }),
    h("a", { href: `${link}&join=1`, text: t("lobby.join"), "aria-label": WORDS.tableLabel(t("lobby.join"), table.title, groupedCode(table.code)) }),
    h("a", { href: `${link}&watch=1`, text: t("lobby.watch"), "aria-label": WORDS.tableLabel(t("lobby.watch"), table.title, groupedCode(table.code)) }),
  );
}

async function refreshTables() {
  try {
    const tables = await listTables();
    replaceChildren($("tables"), tables.length ? tables.map(tableItem) : h("li", { text: t("lobby.noTables") }));
  } catch (error) {
    replaceChildren($("tables"), h("li", { text: t("lobby.listFailed", { why: error.message }) }));
  }
}

// ------------------------------------------------------------------ start
async function main() {
  buildPrefs(document.getElementById("prefs"));
  fillTexts();
  $("player-name").value = ensurePlayerName();
  $("player-name").addEventListener("change", () => {
    const name = $("player-name").value.trim();
    if (name) savePlayerName(name);
  });
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    goToTable(false);
  });
  $("watch-code").addEventListener("click", () => goToTable(true));
  $("join-code").addEventListener("input", showPastedCode);
  $("seat-count").addEventListener("change", showSeats);
  $("create-form").addEventListener("submit", create);
  games = await listGames();
  modules = Object.fromEntries(games.map((g) => [g.name, gameModule(g.name).catch(() => null)]));
  showGames();
  replaceChildren(
    $("game-picker"),
    games.map((g) => h("button", { type: "button", "data-game": g.name, "aria-pressed": "false", text: g.title, onclick: () => pickGame(g.name) })),
  );
  $("game-picker").setAttribute("aria-label", t("lobby.gameGroup"));
  pickGame(games[0].name);
  refreshTables();
  setInterval(refreshTables, TABLES_REFRESH_MS);
}

main();
