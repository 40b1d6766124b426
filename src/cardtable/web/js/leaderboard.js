// A game's leaderboard: its top 100 players whose rating is no longer provisional and
// who played a rated match in the last 30 days. leaderboard.html?game=<name>.

import { listGames } from "./api.js";
import { h, queryParam, replaceChildren } from "./dom.js";
import { t, translatePage } from "./i18n.js";
import { buildPrefs } from "./prefs.js";

const $ = (id) => document.getElementById(id);

async function main() {
  translatePage();
  buildPrefs($("prefs"));
  const games = await listGames();
  const game = games.find((g) => g.name === queryParam("game")) ?? games[0];
  $("board-title").textContent = t("leaderboard.title", { game: game.title });
  document.title = t("leaderboard.title", { game: game.title });
  replaceChildren($("board-games"), games.map((g) => h("a", { href: `leaderboard.html?game=${g.name}`, text: g.title, "aria-current": g === game ? "page" : null })));
  const board = await (await fetch(`/api/leaderboards/${game.name}`)).json();
  if (!board.players.length) {
    replaceChildren($("board"), h("tr", {}, h("td", { text: t("leaderboard.empty") })));
    return;
  }
  const head = h("tr", {}, ...[t("leaderboard.rank"), t("leaderboard.player"), t("profile.rating"), t("leaderboard.matches")].map((text) => h("th", { text })));
  const rows = board.players.map((p) =>
    h("tr", { "data-player": p.id },
      h("td", { text: p.rank }),
      h("td", {}, h("a", { href: `profile.html?player=${encodeURIComponent(p.id)}`, text: p.name })),
      h("td", { text: p.rating }),
      h("td", { text: p.matches })));
  replaceChildren($("board"), head, ...rows);
}

main();
