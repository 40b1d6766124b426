// Applied before the page is drawn (a classic script in <head>, not a module), so a
// page never flashes in the wrong theme: sets data-theme ("light" or "dark"),
// data-colorblind ("on" or "off") and data-cards ("classic" or "pixel", the card
// theme) on <html> from what the player chose, kept in localStorage. The theme "auto" follows the system's prefers-color-scheme, live.
(() => {
  const root = document.documentElement;
  const dark = window.matchMedia("(prefers-color-scheme: dark)");
  // The colour-blind setting was once kept under another key: a returning player's
  // choice moves to the present key once (a choice already made there wins).
  const legacy = localStorage.getItem("cardtable:colourblind");
  if (legacy !== null) {
    if (localStorage.getItem("cardtable:colorblind") === null) localStorage.setItem("cardtable:colorblind", legacy);
    localStorage.removeItem("cardtable:colourblind");
  }
  const apply = () => {
    const chosen = localStorage.getItem("cardtable:theme") ?? "auto";
    root.dataset.theme = chosen === "auto" ? (dark.matches ? "dark" : "light") : chosen;
    root.dataset.colorblind = localStorage.getItem("cardtable:colorblind") === "on" ? "on" : "off";
    root.dataset.cards = localStorage.getItem("cardtable:cards") === "pixel" ? "pixel" : "classic";
  };
  apply();
  dark.addEventListener("change", apply);
  window.addEventListener("storage", apply);
  window.cardtableApplyTheme = apply;
})();
