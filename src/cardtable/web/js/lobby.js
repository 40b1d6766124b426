// The lobby: pick a game and read its rules, choose its options and seats, create a
// table and share its code; list the open public tables; join or watch by code.

import { createTable, listGames, listTables, tableLink } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { markdown } from "./markdown.js";

const TABLES_REFRESH_MS = 5000;
const BOT_LABELS = {
  random: "Bot: random (weakest)",
  heuristic: "Bot: heuristic (the same as hard)",
  slip: "Bot: slip (the heuristic with mistakes)",
  greedy: "Bot: greedy (quick rules)",
  ismcts: "Bot: ISMCTS (search, default settings)",
};

const $ = (id) => document.getElementById(id);
let games = [];
let game = null;

// ------------------------------------------------------------------ join by code
function goToTable(watch) {
  const code = $("join-code").value.trim().toUpperCase();
  if (!code) return;
  window.location.href = `table.html?code=${encodeURIComponent(code)}${watch ? "&watch=1" : ""}`;
}

// ------------------------------------------------------------------ rules
async function showRules(name) {
  const box = $("rules");
  try {
    const response = await fetch(`rules/${name}.md`);
    if (!response.ok) throw new Error(`${response.status}`);
    replaceChildren(box, markdown(await response.text()));
  } catch {
    replaceChildren(box, h("p", { text: "The rules could not be loaded." }));
  }
}

// ------------------------------------------------------------------ options
/** "initial_reveals" -> "Initial reveals". */
function optionTitle(name) {
  const words = name.replaceAll("_", " ");
  return words[0].toUpperCase() + words.slice(1);
}

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
      placeholder: option.type.endsWith("or null") ? "none" : null,
    });
  }
  input.dataset.option = option.name;
  const name = h("span", { class: "option-name", title: option.name, text: optionTitle(option.name) });
  const help = h("span", { class: "help", text: option.help });
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

/** The options that differ from their defaults. */
function chosenOptions() {
  const out = {};
  for (const option of game.options) {
    const value = optionValue(option, document.querySelector(`[data-option="${option.name}"]`));
    if (value !== option.default) out[option.name] = value;
  }
  return out;
}

// ------------------------------------------------------------------ seats
function seatSelect(seat) {
  // The named levels first (easy ... expert), then the detailed bots for those who know them.
  const levels = (game.levels ?? []).map((l) => [l.spec, `Bot: ${l.title}, ${l.summary}`]);
  const detailed = game.bots.filter((b) => !levels.some(([spec]) => spec === b));
  const kinds = [["human", seat === 0 ? "Person (you)" : "Person"], ...levels, ...detailed.map((b) => [b, BOT_LABELS[b] ?? `Bot: ${b}`])];
  const fallback = levels.length ? "normal" : game.bots.includes("heuristic") ? "heuristic" : game.bots[0];
  const chosen = seat === 0 ? "human" : fallback;
  return h(
    "div",
    { class: "seat-row" },
    h("label", { for: `seat-${seat}`, text: `Seat ${seat + 1}` }),
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
      return h("option", { value: n, text: String(n), selected: n === Math.min(4, game.max_players) });
    }),
  );
  replaceChildren($("seats"));
  showSeats();
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
  replaceChildren(
    $("created"),
    h(
      "div",
      { class: "panel created" },
      h("p", {}, `${table.title} table created. Code `, h("strong", { class: "code", "data-code": table.code, text: table.code })),
      h("p", {}, "Share this link: ", h("a", { class: "share", href: link, text: link })),
      h("p", {}, h("a", { class: "action-button playable", href: link, "data-open-table": table.code, text: "Go to the table" })),
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
    h("span", { class: "code", text: table.code }),
    h("span", { text: `${table.players} players, ${free} free seat${free === 1 ? "" : "s"}` }),
    h("a", { href: link, text: "Join" }),
    h("a", { href: `${link}&watch=1`, text: "Watch" }),
  );
}

async function refreshTables() {
  try {
    const tables = await listTables();
    replaceChildren(
      $("tables"),
      tables.length ? tables.map(tableItem) : h("li", { text: "No open table right now: create one!" }),
    );
  } catch (error) {
    replaceChildren($("tables"), h("li", { text: `The tables could not be listed: ${error.message}` }));
  }
}

// ------------------------------------------------------------------ start
async function main() {
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    goToTable(false);
  });
  $("watch-code").addEventListener("click", () => goToTable(true));
  $("seat-count").addEventListener("change", showSeats);
  $("create-form").addEventListener("submit", create);
  games = await listGames();
  replaceChildren(
    $("game-picker"),
    games.map((g) => h("button", { type: "button", "data-game": g.name, "aria-pressed": "false", text: g.title, onclick: () => pickGame(g.name) })),
  );
  pickGame(games[0].name);
  refreshTables();
  setInterval(refreshTables, TABLES_REFRESH_MS);
}

main();
