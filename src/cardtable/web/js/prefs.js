// The player's page settings, remembered in localStorage: the theme (auto, light,
// dark), colour-blind cards, the card theme (classic or pixel art) and the language
// (which js/i18n.js reads). js/theme.js applies the looks before the page is drawn;
// this module builds the controls into the page's `#prefs` element.

import { h, replaceChildren } from "./dom.js";
import { LANGUAGE_KEY, LANGUAGES, language, t } from "./i18n.js";

export const TEXT = {
  theme: t("prefs.theme"),
  themes: { auto: t("prefs.theme.auto"), light: t("prefs.theme.light"), dark: t("prefs.theme.dark") },
  colorBlind: t("prefs.colorBlind"),
  language: t("prefs.language"),
  settings: t("prefs.settings"),
  cards: t("prefs.cards"),
  cardThemes: { classic: t("prefs.cards.classic"), pixel: t("prefs.cards.pixel") },
};

const THEME_KEY = "cardtable:theme";
const COLORBLIND_KEY = "cardtable:colorblind";
const CARDS_KEY = "cardtable:cards";

/** Whether cards are drawn for colour-blind players (set before any card is drawn). */
export function colorBlind() {
  return document.documentElement.dataset.colorblind === "on";
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

function colorBlindSwitch() {
  const box = h("input", {
    type: "checkbox",
    id: "colorblind-switch",
    checked: colorBlind(),
    // The cards on the page were drawn in the old mode: draw the page again.
    onchange: () => {
      localStorage.setItem(COLORBLIND_KEY, box.checked ? "on" : "off");
      window.location.reload();
    },
  });
  return h("label", {}, box, TEXT.colorBlind);
}

/**
 * A choice among `options` (<option> elements) kept in localStorage under `key`. The
 * page was drawn in the old setting, so a change draws it again: it reloads.
 */
function reloadingSelect(id, key, options) {
  const select = h("select", {
    id,
    onchange: () => {
      localStorage.setItem(key, select.value);
      window.location.reload();
    },
  }, options);
  return select;
}

function cardThemeSwitch() {
  const options = Object.entries(TEXT.cardThemes).map(([value, text]) => h("option", { value, text, selected: value === cardTheme() }));
  return h("label", {}, TEXT.cards, reloadingSelect("cards-switch", CARDS_KEY, options));
}

/** The page's language: short codes keep the header short, each option is named in
 * its own language, and the label is for screen readers (the codes say what it is). */
function languageSwitch() {
  const options = Object.entries(LANGUAGES).map(([value, name]) =>
    h("option", { value, text: value.toUpperCase(), "aria-label": name, title: name, lang: value, selected: value === language }),
  );
  return h("label", {}, h("span", { class: "visually-hidden", text: TEXT.language }), reloadingSelect("language-switch", LANGUAGE_KEY, options));
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
    h("div", { class: "prefs-list" }, themeSwitch(), colorBlindSwitch(), cardThemeSwitch(), languageSwitch(), ...extra),
  );
  wide.addEventListener("change", () => {
    box.open = wide.matches;
  });
  replaceChildren(root, box);
}
