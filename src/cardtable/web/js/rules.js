// A game's rules page, which the landing page's "Rules" links open: the short guide
// for players (the one the table's rules drawer shows), and, one link further
// (`full=1`), the full rules with every option and the notation, in the page's
// language. rules.html?game=<name>[&full=1].

import { listGames } from "./api.js";
import { h, queryParam, replaceChildren } from "./dom.js";
import { gameModule } from "./games/index.js";
import { fullRules, guide, guideLink, TEXT } from "./guide.js";
import { t, translatePage } from "./i18n.js";
import { buildPrefs } from "./prefs.js";

const $ = (id) => document.getElementById(id);

async function main() {
  translatePage();
  buildPrefs($("prefs"));
  const name = queryParam("game") ?? "";
  const full = queryParam("full") === "1";
  const game = (await listGames()).find((g) => g.name === name);
  const home = h("a", { href: "./", "data-lobby": "", text: t("table.back") });
  if (!game) {
    $("rules-title").textContent = t("rules.noGame");
    replaceChildren($("rules-links"), home);
    return;
  }
  // The page is filled at once when its text has loaded: a heading over an empty body
  // would read as a page with nothing to say. The full rules open with their own heading.
  const body = full ? await fullRules(game.name) : guide(await gameModule(game.name).catch(() => null));
  $("rules-title").textContent = TEXT.title(game.title);
  $("rules-title").hidden = full;
  document.title = full ? t("rules.fullTitle", { game: game.title }) : TEXT.title(game.title);
  $("rules-body").classList.toggle("full-rules", full);
  replaceChildren($("rules-body"), body);
  const further = full
    ? h("a", { href: guideLink(game.name), "data-guide-link": "", text: t("rules.guideLink") })
    : h("a", { href: guideLink(game.name, true), "data-full-rules": "", text: t("rules.fullLink") });
  replaceChildren($("rules-links"), further, " · ", home);
}

main();
