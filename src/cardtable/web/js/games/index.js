// Every game's browser part, found by the engine's game name: the module
// games/<name>.js. It exports its table (title, render, status, moves, describe,
// roundDetails, observe), its face-up card (cardFace), its lobby picture (picture),
// its guide's sections (guide), its tips (tips, tipSituation), its rule presets
// (presets), the action types and fields the coach names (actions, actionField) and
// the sounds of its own events (soundOf). The shared modules read a game only through
// it, so a new game's browser part is that one file: no list of games is kept here.
// A game in a package of its own brings the file in its web part
// (cardtable.web_parts), which the server serves at the same address.

const NAME = /^[a-z][a-z0-9_]*$/;
const loaded = new Map();

/**
 * The browser part of game `name`, with `name` added: loaded once, then shared. It
 * rejects for a name that is not a game's (only plain engine names are looked up, so
 * no address of another file can be made from one).
 */
export function gameModule(name) {
  if (!NAME.test(name)) return Promise.reject(new Error(`not a game's name: ${name}`));
  if (!loaded.has(name)) {
    const module = import(`./${name}.js`).then((m) => Object.freeze({ ...m, name }));
    module.catch(() => loaded.delete(name)); // a failed load is tried again next time
    loaded.set(name, module);
  }
  return loaded.get(name);
}
