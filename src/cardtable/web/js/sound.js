// The table's sounds: one short file per moment (sounds/*.wav, made by
// tests/web/app_sounds.py), chosen from the events of each state. Mute and volume
// are the player's, kept in localStorage.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export const TEXT = {
  sound: t("sound.sound"),
  volume: t("sound.volume"),
};

const MUTED_KEY = "cardtable:muted";
const VOLUME_KEY = "cardtable:volume";
const DEFAULT_VOLUME = 0.6;

/** The sound of one event of every game's, or null (`you` is our seat, null when
 * watching). */
function soundOf(event, you) {
  switch (event.type) {
    case "turn":
      return event.seat === you ? "your_turn" : null;
    case "draw":
    case "take_discard":
      return "draw";
    case "discard":
    case "reveal":
      return "play";
    case "swap":
    case "replace":
      return "swap";
    case "round_end":
      return wonRound(event, you) ? "won" : null;
    default:
      return null;
  }
}

/** Whether we won the round: the event's `winner` or `winners` where the game names
 * them (a game where the highest score wins must), else the lowest score. */
function wonRound(event, you) {
  if (you === null || you === undefined) return false;
  if ("winner" in event) return event.winner === you;
  if (Array.isArray(event.winners)) return event.winners.includes(you);
  return event.scores[you] === Math.min(...event.scores);
}

export function muted() {
  return localStorage.getItem(MUTED_KEY) === "on";
}

export function volume() {
  const kept = Number(localStorage.getItem(VOLUME_KEY));
  return localStorage.getItem(VOLUME_KEY) === null || Number.isNaN(kept) ? DEFAULT_VOLUME : Math.min(1, Math.max(0, kept));
}

const players = new Map();

function play(name) {
  if (!players.has(name)) players.set(name, new Audio(`sounds/${name}.wav`));
  const audio = players.get(name);
  audio.volume = volume();
  audio.currentTime = 0;
  // A browser refuses sound before the first click on the page: that is fine.
  audio.play()?.catch(() => {});
}

/**
 * Play the sounds of a state's events (each sound once, at most three at a time).
 * `game` (a game module, games/index.js) names the sounds of its own events
 * (`soundOf(event)`, null for the others).
 */
export function soundsFor(game, events, you) {
  if (muted() || volume() === 0) return;
  const names = [...new Set(events.map((e) => game.soundOf?.(e) ?? soundOf(e, you)).filter(Boolean))];
  for (const name of names.slice(0, 3)) play(name);
}

/** The mute switch and the volume slider. */
export function soundControls() {
  const mute = h("input", { type: "checkbox", id: "sound-switch", checked: !muted(), onchange: () => localStorage.setItem(MUTED_KEY, mute.checked ? "off" : "on") });
  const slider = h("input", { type: "range", id: "volume", min: 0, max: 1, step: 0.05, value: volume(), "aria-label": TEXT.volume, oninput: () => localStorage.setItem(VOLUME_KEY, slider.value) });
  return [h("label", {}, mute, TEXT.sound), h("label", {}, TEXT.volume, slider)];
}
