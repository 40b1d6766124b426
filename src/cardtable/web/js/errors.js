// The server's refusals in the player's language. Every refusal has a stable code
// (docs/protocol.md); the catalogue has a message for each code (error.<code>), filled
// from the refusal's `params`. The server's English `message` is for API users, and is
// shown only for a code this client does not know (a newer server).

import { has, t } from "./i18n.js";

/** The text to show for the refusal `code` (with its English `message` and `params`). */
export function refusalText(code, message, params = {}) {
  return has(`error.${code}`) ? t(`error.${code}`, params) : message;
}
