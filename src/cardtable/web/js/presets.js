// Rule presets: named sets of options for each game, so a player picks "Quick game"
// instead of reading every option. A preset names only the options it changes; the
// others keep their defaults. Shown in the lobby and named on the table.

export const PRESETS = {
  skyjo: [
    { name: "Standard", text: "the rules in the box: to 100 points", options: {} },
    { name: "Quick game", text: "to 50 points", options: { target_score: 50 } },
    { name: "Rows clear too", text: "four equal cards in a row also leave", options: { clear_rows: true } },
    { name: "Gentle finish", text: "no doubled score for the finisher", options: { finisher_multiplier: 1 } },
  ],
  cactus: [
    { name: "Standard", text: "to 100 points", options: {} },
    { name: "Quick game", text: "three rounds", options: { rounds: 3 } },
    { name: "Memory aid", text: "cards you saw stay shown", options: { memory_aid: true } },
    {
      name: "Cutthroat",
      text: "snap your own discard, 10 points for a failed call",
      options: { self_snap: true, caller_penalty: 10, lock_caller: false },
    },
  ],
  lastcard: [
    { name: "Standard", text: "to 500 points, stacking allowed", options: {} },
    { name: "Quick game", text: "to 150 points", options: { target_score: 150 } },
    { name: "No stacking", text: "a +2 or +4 is never passed on", options: { stack_plus_two: false, stack_plus_four: false } },
    {
      name: "Anything goes",
      text: "draw when you like, +4 on +2, 4 cards for a missed call",
      options: { voluntary_draw: true, plus_four_on_plus_two: true, missed_call_penalty: 4 },
    },
  ],
};

/** The game's presets (always at least "Standard"). */
export function presetsOf(game) {
  return PRESETS[game] ?? [{ name: "Standard", text: "", options: {} }];
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
