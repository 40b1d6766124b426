// Gives this browser a player (a guest, under the name it remembers) once it has a
// name, so that the tables it sits at are linked to it: its history, and what it
// keeps when it registers a passkey (docs/players.md); then shows its notices.

import { watchNotices } from "./notices.js";
import { ensurePlayer } from "./players.js";
import { playerName } from "./session.js";

const name = playerName();
if (name) {
  ensurePlayer(name)
    .then(watchNotices)
    .catch((error) => console.warn("no player for this browser:", error.message));
}
