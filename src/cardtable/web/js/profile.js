// A player's profile: ratings per game (with their course over time), matches played
// and won, the favourite game, the recent matches (each opening its replay from the
// player's seat) and the download of them all. profile.html?player=<id>.

import { listGames } from "./api.js";
import { h, queryParam, replaceChildren, s } from "./dom.js";
import { language, t, translatePage } from "./i18n.js";
import { block, currentPlayer, follow, invite, report, unblock, unfollow } from "./players.js";
import { buildPrefs } from "./prefs.js";

const $ = (id) => document.getElementById(id);
const dates = new Intl.DateTimeFormat(language, { dateStyle: "medium" });
const when = (seconds) => dates.format(new Date(seconds * 1000));

/** A small line chart of a game's shown rating after each rated match. */
function chart(title, points) {
  const width = 240;
  const height = 60;
  const values = points.map((p) => p.rating);
  const low = Math.min(...values);
  const span = Math.max(...values) - low || 1;
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  const line = points.map((p, i) => `${(i * step).toFixed(1)},${(height - ((p.rating - low) / span) * height).toFixed(1)}`);
  const label = t("profile.chart", { game: title });
  return h(
    "figure",
    { class: "rating-chart" },
    s("svg", { viewBox: `-2 -2 ${width + 4} ${height + 4}`, width, height, role: "img", "aria-label": label },
      s("polyline", { points: line.join(" "), fill: "none", stroke: "currentColor", "stroke-width": 2 })),
    h("figcaption", { text: label }),
  );
}

function gamesTable(profile, titles) {
  const rated = Object.fromEntries(profile.ratings.map((r) => [r.game, r]));
  const names = [...new Set([...Object.keys(profile.games), ...Object.keys(rated)])].sort();
  const head = h("tr", {}, ...[t("profile.game"), t("profile.rating"), t("profile.played"), t("profile.won")].map((text) => h("th", { text })));
  const rows = names.map((game) => {
    const rating = rated[game];
    const shown = rating ? `${rating.rating}${rating.provisional ? ` (${t("profile.provisional")})` : ""}` : "–";
    const counts = profile.games[game] ?? { played: 0, won: 0 };
    return h("tr", { "data-game": game }, h("td", { text: titles[game] ?? game }), h("td", { text: shown }),
      h("td", { text: counts.played }), h("td", { text: counts.won }));
  });
  return [head, ...rows];
}

function recentRows(profile, titles) {
  if (!profile.recent.length) return [h("tr", {}, h("td", { text: t("profile.none") }))];
  return profile.recent.map((m) =>
    h("tr", { "data-match": `${m.code}/${m.match}` },
      h("td", { text: when(m.finished) }),
      h("td", { text: titles[m.game] ?? m.game }),
      h("td", { text: m.won ? t("profile.matchWon") : t("profile.matchLost") }),
      h("td", {}, h("a", { href: `replay.html?code=${m.code}&match=${m.match}&seat=${m.seat}`, text: t("profile.replay") })),
      h("td", {}, h("a", { href: `/api/tables/${m.code}/matches/${m.match}`, download: `${m.code}-${m.match}.json`, text: t("profile.download") })),
    ));
}

/** Follow or unfollow the player, and invite them to one's table once followed. */
function friendControls(profile, me) {
  if (!me || me.id === profile.id) return;
  let followed = profile.followed;
  const update = () => {
    $("follow").textContent = followed ? t("friends.unfollow") : t("friends.follow");
    $("follow").hidden = false;
    $("invite").hidden = !followed || !me.tables.length;
  };
  $("follow").addEventListener("click", async () => {
    await (followed ? unfollow(profile.id) : follow(profile.id));
    followed = !followed;
    update();
  });
  $("invite").addEventListener("click", async () => {
    try {
      await invite(profile.id, me.tables[0]);
      $("friend-notice").textContent = t("friends.inviteSent", { name: profile.name });
    } catch (error) {
      $("friend-notice").textContent = error.message;
    }
  });
  update();
  blockControls(profile);
}

/** Block or unblock the player, and report them to an operator. */
function blockControls(profile) {
  let blocked = profile.blocked;
  const update = () => {
    $("block").textContent = blocked ? t("fairplay.unblock") : t("fairplay.block");
    $("block").hidden = false;
    $("report").hidden = false;
  };
  $("block").addEventListener("click", async () => {
    await (blocked ? unblock(profile.id) : block(profile.id));
    blocked = !blocked;
    $("friend-notice").textContent = blocked ? t("fairplay.blocked") : "";
    update();
  });
  $("report").addEventListener("click", async () => {
    const reason = window.prompt(t("fairplay.reportReason"));
    if (!reason) return;
    await report(profile.id, reason);
    $("friend-notice").textContent = t("fairplay.reported");
  });
  update();
}

async function main() {
  translatePage();
  buildPrefs($("prefs"));
  const id = queryParam("player") ?? "";
  const response = await fetch(`/api/players/${encodeURIComponent(id)}`);
  if (!response.ok) {
    $("profile-error").textContent = t("error.no_player");
    return;
  }
  const profile = await response.json();
  const titles = Object.fromEntries((await listGames()).map((g) => [g.name, g.title]));
  $("profile-name").textContent = profile.name;
  document.title = t("profile.title", { name: profile.name });
  $("profile-since").textContent = t("profile.since", { date: when(profile.created) });
  $("profile-favourite").textContent = profile.favourite ? t("profile.favourite", { game: titles[profile.favourite] ?? profile.favourite }) : "";
  replaceChildren($("profile-games"), gamesTable(profile, titles));
  replaceChildren($("profile-charts"), Object.entries(profile.rating_history).map(([game, points]) => chart(titles[game] ?? game, points)));
  $("profile-export").href = `/api/players/${encodeURIComponent(id)}/export`;
  replaceChildren($("profile-recent"), recentRows(profile, titles));
  $("profile-left").textContent = profile.left ? t("fairplay.left", { n: profile.left }) : "";
  friendControls(profile, await currentPlayer());
}

main();
