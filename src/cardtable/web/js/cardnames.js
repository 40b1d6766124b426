// Card names as people read them, in the page's language: "queen of hearts" (a card's
// label), "the queen of hearts" (a card in a sentence of the log), "red" (a colour; the
// Last Card deck names its cards in art/lastcard.js).
// A language builds a name from its own patterns (catalogue keys card.*), since word
// order, articles and grammatical case differ: "la dame de cœur", "den Pik-König".

import { t } from "./i18n.js";

const FACES = ["A", "J", "Q", "K"];

/** "10h" -> {rank: "10", suit: "h"}. */
function parseFrench(name) {
  return { rank: name.slice(0, -1), suit: name.slice(-1) };
}

/** The rank class of a French card's patterns: A, J, Q, K, or "number". */
function rankClass(rank) {
  return FACES.includes(rank) ? rank : "number";
}

/** A French card's name: "queen of hearts", "dame de cœur", "Herz-Dame". */
export function frenchName(name) {
  const { rank, suit } = parseFrench(name);
  const face = FACES.includes(rank);
  const parts = { rank: face ? t(`card.rank.${rank}`) : rank, suit: t(`card.suit.${suit}`) };
  return face ? t("card.name.face", parts) : t("card.name.number", parts);
}

/** A French card with its article, as the object of a sentence: "the 7 of spades",
 * "le 7 de pique", "die Pik 7". */
export function theFrench(name) {
  const { rank, suit } = parseFrench(name);
  const cls = rankClass(rank);
  return t(`card.the.${cls}`, { rank: cls === "number" ? rank : t(`card.object.${rank}`), suit: t(`card.suit.${suit}`) });
}

/** A rank with its indefinite article, as the object of a sentence: "a king", "an 8",
 * "un roi", "einen König". */
export function aRank(rank) {
  const key = rank === "8" ? "8" : rankClass(rank);
  return t(`card.a.${key}`, { rank });
}

/** A Last Card colour's name ("red", "rouge", "Rot"). */
export function colorName(color) {
  return t(`color.${color}`);
}
