// The player's page settings, remembered in localStorage: the theme (auto, light,
// dark), colour-blind cards and the card theme (classic or pixel art). js/theme.js
// applies them before the page is drawn; this module builds their controls into the
// page's `#prefs` element.

import { h, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";

export const TEXT = {
  theme: t("prefs.theme"),
  themes: { auto: t("prefs.theme.auto"), light: t("prefs.theme.light"), dark: t("prefs.theme.dark") },
  colourBlind: t("prefs.colourBlind"),
  settings: t("prefs.settings"),
  cards: t("prefs.cards"),
  cardThemes: { classic: t("prefs.cards.classic"), pixel: t("prefs.cards.pixel") },
};

const THEME_KEY = "cardtable:theme";
const COLOURBLIND_KEY = "cardtable:colourblind";
const CARDS_KEY = "cardtable:cards";

/** Whether cards are drawn for colour-blind players (set before any card is drawn). */
export function colourBlind() {
  return document.documentElement.dataset.colourblind === "on";
}

/** The card theme this person chose: "classic" or "pixel" (set before any card is drawn). */
export function cardTheme() {
  return document.documentElement.dataset.cards === "pixel" ? "pixel" : "classic";
}

function themeSwitch() {
  const chosen = localStorage.getItem(THEME_KEY) ?? "auto";
  const select = h(
    "select",
    {
      id: "theme-switch",
      onchange: () => {
        localStorage.setItem(THEME_KEY, select.value);
        window.cardtableApplyTheme();
      },
    },
    Object.entries(TEXT.themes).map(([value, text]) => h("option", { value, text, selected: value === chosen })),
  );
  return h("label", {}, TEXT.theme, select);
}

function colourBlindSwitch() {
  const box = h("input", {
    type: "checkbox",
    id: "colourblind-switch",
    checked: colourBlind(),
    // The cards on the page were drawn in the old mode: draw the page again.
    onchange: () => {
      localStorage.setItem(COLOURBLIND_KEY, box.checked ? "on" : "off");
      window.location.reload();
    },
  });
  return h("label", {}, box, TEXT.colourBlind);
}

function cardThemeSwitch() {
  const select = h(
    "select",
    {
      id: "cards-switch",
      // The cards on the page were drawn in the old theme: draw the page again.
      onchange: () => {
        localStorage.setItem(CARDS_KEY, select.value);
        window.location.reload();
      },
    },
    Object.entries(TEXT.cardThemes).map(([value, text]) => h("option", { value, text, selected: value === cardTheme() })),
  );
  return h("label", {}, TEXT.cards, select);
}

/** Screens wide enough to show the settings in the header beside the table's title,
 * code and rules on one line (themes.css says the same); narrower, they fold away. */
const WIDE = "(min-width: 1600px)";

/**
 * Build the settings controls into `root`; `extra` are more controls to put beside
 * them. They sit in a "Settings" disclosure, open on wide screens (its summary then
 * hidden) and folded on smaller ones, so that the header keeps to one line and does
 * not push the table down.
 */
export function buildPrefs(root, ...extra) {
  const wide = window.matchMedia(WIDE);
  const box = h(
    "details",
    { class: "prefs-box", open: wide.matches },
    h("summary", { text: TEXT.settings }),
    h("div", { class: "prefs-list" }, themeSwitch(), colourBlindSwitch(), cardThemeSwitch(), ...extra),
  );
  wide.addEventListener("change", () => {
    box.open = wide.matches;
  });
  replaceChildren(root, box);
}
