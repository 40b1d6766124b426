// Rule presets: named sets of options for each game, so a player picks "Quick game"
// instead of reading every option. A preset names only the options it changes; the
// others keep their defaults. Shown in the lobby and named on the table.

import { has, t } from "./i18n.js";

export const PRESETS = {
  skyjo: [
    { id: "standard", options: {} },
    { id: "quick", options: { target_score: 50 } },
    { id: "rows", options: { clear_rows: true } },
    { id: "gentle", options: { finisher_multiplier: 1 } },
    { id: "nocolumns", options: { clear_columns: false } },
  ],
  cactus: [
    { id: "standard", options: {} },
    { id: "quick", options: { rounds: 3 } },
    { id: "memory", options: { memory_aid: true } },
    { id: "cutthroat", options: { self_snap: true, caller_penalty: 10, lock_caller: false } },
    { id: "snap", options: { snap_opponent: true, self_snap: true, wrong_throw_penalty: 2 } },
  ],
  lastcard: [
    { id: "standard", options: {} },
    { id: "quick", options: { target_score: 150 } },
    { id: "nostack", options: { stack_plus_two: false, stack_plus_four: false } },
    { id: "anything", options: { voluntary_draw: true, plus_four_on_plus_two: true, missed_call_penalty: 4 } },
    { id: "classic", options: { draw_until_playable: true, catch_missed_call: true } },
    { id: "party", options: { jump_in: true, seven_zero: true } },
    { id: "strict", options: { stack_plus_two: false, stack_plus_four: false, challenge_plus_four: true, catch_missed_call: true } },
  ],
};

/** The game's presets (always at least "standard"). A preset's `id` names it in the
 * page (data-preset) and in the catalogue; people read its title and text. */
export function presetsOf(game) {
  return PRESETS[game] ?? [{ id: "standard", options: {} }];
}

/** A preset's title in the page's language ("Quick game"). */
export function presetTitle(preset) {
  return t(`preset.${preset.id}`);
}

/** What a preset of `game` changes, in the page's language ("to 50 points"), or "". */
export function presetText(game, preset) {
  return game in PRESETS ? t(`preset.${game}.${preset.id}`) : "";
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
