// Rated quick match on the account page: ask for an opponent of a game near your
// rating, wait (the server widens the search as you wait) and go to the table
// it opens for the two of you.

import { listGames } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";
import { ratedTicket, seekRated, stopSeeking } from "./players.js";

const ASK_MS = 2000;
const $ = (id) => document.getElementById(id);

let ticket = null;
let timer = null;

function waiting(on) {
  $("rated-seek").hidden = on;
  $("rated-cancel").hidden = !on;
  $("rated-status").textContent = on ? t("rated.waiting") : "";
}

function follow(answer) {
  if (answer.code) {
    window.location.href = `table.html?code=${encodeURIComponent(answer.code)}&join=1`;
    return;
  }
  ticket = answer.ticket;
  waiting(true);
  timer = setTimeout(() => ratedTicket(ticket).then(follow).catch(fail), ASK_MS);
}

function fail(error) {
  waiting(false);
  $("rated-status").textContent = error.message;
}

/** Fill the game choice and handle the form. */
export async function setUpRated() {
  const games = await listGames();
  replaceChildren($("rated-game"), games.map((g) => h("option", { value: g.name, text: g.title })));
  $("rated-form").addEventListener("submit", (event) => {
    event.preventDefault();
    seekRated($("rated-game").value).then(follow).catch(fail);
  });
  $("rated-cancel").addEventListener("click", () => {
    clearTimeout(timer);
    if (ticket) stopSeeking(ticket).catch(() => {});
    ticket = null;
    waiting(false);
  });
}
