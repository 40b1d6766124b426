// Every game the browser can draw, by the engine's game name.

import * as cactus from "./cactus.js";
import * as lastcard from "./lastcard.js";
import * as skyjo from "./skyjo.js";

export const GAMES = { cactus, lastcard, skyjo };
