// What waits for this browser's player: invitations to a friend's table, shown as a
// bar with a link to join. Asking (every NOTICE_SECONDS) also keeps the player shown
// online to those who follow them.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const NOTICE_SECONDS = 20;

function show(invite) {
  const bar = h(
    "div",
    { class: "notice-bar", role: "status", "data-invite": invite.code },
    h("span", { text: t("friends.invited", { name: invite.from.name }) }),
    " ",
    h("a", { href: `table.html?code=${encodeURIComponent(invite.code)}&join=1`, text: t("friends.join") }),
    " ",
    h("button", { type: "button", text: t("friends.dismiss"), onclick: () => bar.remove() }),
  );
  document.body.prepend(bar);
}

async function ask() {
  const response = await fetch("/api/players/me/notices");
  if (!response.ok) return;
  for (const invite of (await response.json()).invites) show(invite);
}

/** Show this browser's notices now and as they come. */
export function watchNotices() {
  const poll = () => ask().catch((error) => console.warn("no notices:", error.message));
  poll();
  setInterval(poll, NOTICE_SECONDS * 1000);
}
