// The waiting room before a match: the invite (code and link, each with a copy
// button), who is still expected, and the ways to begin: start when everyone is
// here, or at once with bots in the free seats; a quick match counts down to its bots.

import { groupedCode, tableLink } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

export const TEXT = {
  title: t("waiting.title"),
  invite: t("waiting.invite"),
  code: t("waiting.code"),
  link: t("waiting.link"),
  copy: t("waiting.copy"),
  copyCode: t("waiting.copyCode"),
  copyLink: t("waiting.copyLink"),
  copied: t("waiting.copied"),
  more: (n) => t("waiting.more", { n }),
  everyone: t("waiting.everyone"),
  start: t("waiting.start"),
  fill: t("waiting.fill"),
  botsIn: (s) => t("waiting.botsIn", { s }),
  quick: t("waiting.quick"),
};

function copyButton(text, label) {
  const button = h("button", { type: "button", class: "action-button copy", "aria-label": label, text: TEXT.copy });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = TEXT.copied;
    } catch {
      // No clipboard permission (an insecure origin): select the text instead.
      const field = button.previousElementSibling;
      field?.select?.();
    }
  });
  return button;
}

/** A read-only field with its copy button; a `code` field is as wide as its text, so
 * the whole code is seen (a link may scroll in its field). */
function copyField(id, value, caption, label, code = false) {
  const field = code
    ? h("input", { id, value, readonly: true, class: "code", size: value.length, style: `width: ${value.length}ch` })
    : h("input", { id, value, readonly: true, class: "share" });
  return h("div", { class: "copy-field" }, h("label", { for: id, text: caption }), field, copyButton(value, label));
}

/** The invite: code (grouped, as people read it out) and link, each ready to copy. */
export function inviteBox(code) {
  return h(
    "div",
    { class: "share-box" },
    h("p", { text: TEXT.invite }),
    copyField("invite-code", groupedCode(code), TEXT.code, TEXT.copyCode, true),
    copyField("invite-link", tableLink(code), TEXT.link, TEXT.copyLink),
  );
}

/** The waiting room; `send(message)` talks to the server. */
export function waitingRoom(table, code, seated, send) {
  const free = table.seats.filter((s) => s.kind === "human" && !s.taken).length;
  const start = h("button", {
    type: "button",
    class: `action-button ${free ? "" : "playable"}`,
    "data-start": "",
    text: TEXT.start,
    disabled: !seated || free > 0,
    onclick: () => send({ type: "start" }),
  });
  const fill = h("button", {
    type: "button",
    class: "action-button",
    "data-fill": "",
    text: TEXT.fill,
    onclick: () => send({ type: "fill" }),
  });
  const seconds = table.bots_join_in_ms === null || table.bots_join_in_ms === undefined ? null : Math.ceil(table.bots_join_in_ms / 1000);
  return h(
    "div",
    { class: "waiting panel" },
    h("h2", { text: table.quick_match ? TEXT.quick : TEXT.title }),
    table.quick_match ? null : inviteBox(code),
    h("p", { text: free ? TEXT.more(free) : TEXT.everyone }),
    seconds !== null && free ? h("p", { class: "bots-in", "data-bots-in": seconds, text: TEXT.botsIn(seconds) }) : null,
    seated ? h("div", { class: "controls" }, start, free ? fill : null) : null,
  );
}
