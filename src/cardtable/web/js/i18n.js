// The page's language and its message catalogue (i18n/<language>.json, one file per
// language). The language is the one the visitor chose in the page (remembered in
// localStorage), else the first of the browser's languages we have, else English.
// Every module that shows text imports `t` from here. The catalogues are imported as
// JSON modules, so they are loaded with the page's scripts, before any of them runs
// and before the page's load event: `t` is synchronous, and a page is never seen
// half-translated.
//
// A message is a string with {name} placeholders, or, when it depends on a count, an
// object of plural forms ({"one": ..., "other": ...}) chosen by the browser's
// Intl.PluralRules for the parameter `n`. Lists ("Ann, Bob and Cy") come from
// Intl.ListFormat. Adding a language: add its catalogue, its import and its entry in
// LANGUAGES (docs/browser.md).

import de from "../i18n/de.json" with { type: "json" };
import en from "../i18n/en.json" with { type: "json" };
import es from "../i18n/es.json" with { type: "json" };
import fr from "../i18n/fr.json" with { type: "json" };

const CATALOGUES = { en, fr, de, es };

/** The languages the site speaks, each named in itself (for the switch). */
export const LANGUAGES = { en: "English", fr: "Français", de: "Deutsch", es: "Español" };

const FALLBACK = "en";
/** Where the page remembers the language chosen with its switch (js/prefs.js). */
export const LANGUAGE_KEY = "cardtable:language";

/** The language to use: the stored choice, else the first known browser language. */
function pickLanguage(stored, preferred) {
  if (Object.hasOwn(LANGUAGES, stored ?? "")) return stored;
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (Object.hasOwn(LANGUAGES, base)) return base;
  }
  return FALLBACK;
}

export const language = pickLanguage(localStorage.getItem(LANGUAGE_KEY), navigator.languages ?? [navigator.language]);

const catalogue = CATALOGUES[language];
const plurals = new Intl.PluralRules(language);
const ordinals = new Intl.PluralRules(language, { type: "ordinal" });
const lists = new Intl.ListFormat(language, { style: "long", type: "conjunction" });
document.documentElement.lang = language;

function fill(key, params, rules) {
  let message = has(key) ? catalogue[key] : undefined;
  if (message === undefined) {
    console.error(`no message ${key} in the ${language} catalogue`);
    return key;
  }
  if (typeof message === "object") message = message[rules.select(params.n)] ?? message.other;
  return message.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The message `key` with its {placeholders} filled from `params` (its plural form by `n`). */
export function t(key, params = {}) {
  return fill(key, params, plurals);
}

/** The message `key` for the ordinal `n` ("1st", "2nd"; "1er", "2e"; "1.", "2."). */
export function ordinal(key, n) {
  return fill(key, { n }, ordinals);
}

/**
 * The placeholders' values when `text` is the message `key` (a one-form message) in
 * any of the site's languages, else null: a text the page made in one language (a
 * guest's name) can be told again in another.
 */
export function parse(key, text) {
  for (const messages of Object.values(CATALOGUES)) {
    const names = [];
    const pattern = messages[key].replace(/\{(\w+)\}|[^{]+/g, (part, name) => {
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(name);
      return "(.+)";
    });
    const found = new RegExp(`^${pattern}$`).exec(text);
    if (found) return Object.fromEntries(names.map((name, i) => [name, found[i + 1]]));
  }
  return null;
}

/** Whether the catalogue has a message `key` (for texts that may come from the server). */
export function has(key) {
  return Object.hasOwn(catalogue, key);
}

/** A bot as people read it: its level's title ("Normal"), else its kind's label; a
 * spec's parameters ("slip:rate=0.1") are not read out. */
export function botTitle(spec) {
  const kind = spec.split(":")[0];
  if (has(`level.${kind}.title`)) return t(`level.${kind}.title`);
  return has(`bot.${kind}`) ? t(`bot.${kind}`) : spec;
}

/** The address of `game`'s full rules page in the page's language (web/rules/). */
export function rulesPage(game) {
  return language === FALLBACK ? `rules/${game}.md` : `rules/${language}/${game}.md`;
}

/** "Ann, Bob and Cy" in the page's language. */
export function listOf(items) {
  return lists.format(items.map(String));
}

/** Fill the page's fixed texts: each element with a data-i18n key (its text) and
 * a data-i18n-label key (its aria-label). */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
}
