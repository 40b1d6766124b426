// The player's page settings, remembered in localStorage: the theme (auto, light,
// dark) and colour-blind cards. js/theme.js applies them before the page is drawn;
// this module builds their controls into the page's `#prefs` element.

import { h, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";

export const TEXT = {
  theme: t("prefs.theme"),
  themes: { auto: t("prefs.theme.auto"), light: t("prefs.theme.light"), dark: t("prefs.theme.dark") },
  colourBlind: t("prefs.colourBlind"),
};

const THEME_KEY = "cardtable:theme";
const COLOURBLIND_KEY = "cardtable:colourblind";

/** Whether cards are drawn for colour-blind players (set before any card is drawn). */
export function colourBlind() {
  return document.documentElement.dataset.colourblind === "on";
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

/** Build the settings controls into `root`; `extra` are more controls to put beside them. */
export function buildPrefs(root, ...extra) {
  replaceChildren(root, themeSwitch(), colourBlindSwitch(), ...extra);
}
