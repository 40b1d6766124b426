// Legal actions -> clickable elements. Only what the server says is legal can be
// clicked: an element bound to no action stays inert. Every clickable element
// carries its action's JSON in data-action (or data-choice when it opens a chooser),
// which is also how the browser tests find the moves on offer.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** A canonical string for an action, so actions can be compared and looked up. */
export function actionKey(action) {
  return JSON.stringify(Object.keys(action).sort().map((k) => [k, action[k]]));
}

/** The legal actions of one type, optionally also matching `fields`. */
export function ofType(legal, type, fields = {}) {
  return legal.filter(
    (a) => a.type === type && Object.entries(fields).every(([k, v]) => a[k] === v),
  );
}

/**
 * Make `node` perform `actions` when clicked, or with Enter/Space when focused.
 * One action is sent at once; several open the chooser, labelled by `describe`.
 * No action leaves the node inert.
 */
export function bind(node, actions, ctx, describe = (a) => a.type, title = t("dialog.choose")) {
  if (!actions.length) return node;
  node.classList.add("playable");
  if (!(node instanceof HTMLButtonElement)) {
    node.setAttribute("role", "button");
    node.tabIndex = 0;
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        node.click();
      }
    });
  }
  if (actions.length === 1) {
    node.dataset.action = JSON.stringify(actions[0]);
    node.addEventListener("click", () => ctx.act(actions[0]));
  } else {
    node.dataset.choice = title;
    node.dataset.offers = JSON.stringify(actions);
    node.addEventListener("click", () =>
      ctx.choose(title, actions.map((a) => ({ action: a, label: describe(a) }))),
    );
  }
  return node;
}

/** A text button for `actions` (disabled and without data-action when none is legal). */
export function actionButton(text, actions, ctx, describe, title) {
  const button = h("button", { type: "button", class: "action-button", text });
  if (!actions.length) button.disabled = true;
  return bind(button, actions, ctx, describe, title);
}
