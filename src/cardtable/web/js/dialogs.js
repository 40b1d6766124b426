// Modal dialogs: the chooser (several legal actions behind one click) and notices
// such as a round's result. A modal <dialog> makes the rest of the page inert.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Show a dialog holding `content` and a close button. A modal one makes the rest of
 * the page inert until closed; one with `closeAfterMs` is not modal (play goes on
 * under it, as in a quick-discard window) and closes by itself after that long.
 */
export function notice(title, content, { closeText = t("dialog.close"), buttons = [], kind = "notice", closeAfterMs = null } = {}) {
  const dialog = h(
    "dialog",
    { class: `notice ${kind}`, "aria-label": title },
    h("h2", { text: title }),
    content,
    h(
      "div",
      { class: "choices" },
      buttons,
      h("button", { type: "button", class: "close", text: closeText, onclick: () => dialog.close() }),
    ),
  );
  document.body.append(dialog);
  dialog.addEventListener("close", () => dialog.remove());
  if (closeAfterMs === null) {
    dialog.showModal();
  } else {
    dialog.show();
    setTimeout(() => dialog.close(), closeAfterMs);
  }
  return dialog;
}

/**
 * Ask which of several actions to take. `options` are {action, label, face?}; the
 * chosen action goes to `act`. Each option carries data-action like any other move.
 */
export function choose(title, options, act) {
  const buttons = options.map((option) =>
    h(
      "button",
      {
        type: "button",
        class: "choice",
        "data-action": JSON.stringify(option.action),
        onclick: () => {
          dialog.close();
          act(option.action);
        },
      },
      option.face ?? null,
      option.label,
    ),
  );
  const dialog = notice(title, h("div", { class: "choices picker" }, buttons), {
    closeText: t("dialog.cancel"),
    kind: "chooser",
  });
  return dialog;
}

/** Close open choosers: a new view may have made their choices stale. */
export function closeChoosers() {
  for (const dialog of document.querySelectorAll("dialog.chooser")) dialog.close();
}
