// The server's refusals in the player's language. Every refusal has a stable code
// (docs/protocol.md); the catalogue has a message for each code (error.<code>), filled
// from the refusal's `params`. The server's English `message` is for API users, and is
// shown alone only for a code this client does not know (a newer server), and after
// the translated text for the refusals whose message is the rules' own reason (which
// option is out of range, why a move is not allowed): that detail exists only in
// English.

import { has, t } from "./i18n.js";

/** The refusals whose English message says what exactly was wrong. */
const DETAILED = ["bad_table", "bad_action", "illegal_action", "bad_match", "bad_request"];

/** The text to show for the refusal `code` (with its English `message` and `params`). */
export function refusalText(code, message, params = {}) {
  if (!has(`error.${code}`)) return message;
  const text = t(`error.${code}`, params);
  return DETAILED.includes(code) && message ? `${text} (${message})` : text;
}
