// Rule presets: named sets of options for each game, so a player picks "Quick game"
// instead of reading every option. A preset names only the options it changes; the
// others keep their defaults. Shown in the lobby and named on the table. Each game
// lists its own (games/<name>.js, `presets`).

import { has, t } from "./i18n.js";

const STANDARD = [{ id: "standard", options: {} }];

/** The presets of `game`, a game module (games/index.js), or of a game this client has
 * none for (null): always at least "standard". A preset's `id` names it in the page
 * (data-preset) and in the catalogue; people read its title and text. */
export function presetsOf(game) {
  return game?.presets ?? STANDARD;
}

/** A preset's title in the page's language ("Quick game"). */
export function presetTitle(preset) {
  return t(`preset.${preset.id}`);
}

/** What a preset of `game` changes, in the page's language ("to 50 points"), or "". */
export function presetText(game, preset) {
  return game?.presets ? t(`preset.${game.name}.${preset.id}`) : "";
}

/** An option's name as people read it ("Initial reveals"); an option this client does
 * not know (a newer server) is named from its identifier. */
export function optionTitle(name) {
  if (has(`option.${name}`)) return t(`option.${name}`);
  const words = name.replaceAll("_", " ");
  return words[0].toUpperCase() + words.slice(1);
}

/** The options of `table` that differ from the game's defaults, as {name: value}. */
export function changedOptions(options, described) {
  const out = {};
  for (const option of described) {
    if (option.name in options && options[option.name] !== option.default) out[option.name] = options[option.name];
  }
  return out;
}

/** The preset whose options are exactly the changed ones, or null (a custom mix). */
export function presetOf(game, changed) {
  const same = (a, b) => Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);
  return presetsOf(game).find((preset) => same(preset.options, changed)) ?? null;
}
