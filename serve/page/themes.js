// Board themes and piece sets, chosen in the settings menu and remembered
// in localStorage. A theme is a set of colours in style.css
// (html[data-board-theme]); a set is a folder of SVG pieces drawn for Daba.
import { $, el } from "./net.js";
import { t } from "./l10n.js";

// The messages (l10n.js) of the board themes and piece sets.
const WORDS = {
  themes: { wood: "theme-wood", blue: "theme-blue", green: "theme-green", contrast: "theme-contrast" },
  sets: { daba: "set-daba", shapes: "set-shapes" },
};

const THEMES = Object.keys(WORDS.themes);
const SETS = { daba: "/pieces/", shapes: "/pieces/shapes/" };

const chosen = {
  theme: remembered("daba-board-theme", THEMES, "wood"),
  set: remembered("daba-piece-set", Object.keys(SETS), "daba"),
};

function remembered(key, allowed, fallback) {
  try {
    const value = localStorage.getItem(key);
    return allowed.includes(value) ? value : fallback;
  } catch (e) {
    return fallback; // storage off: the default
  }
}

function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch (e) {
    /* storage off: the choice lasts until the page is left */
  }
}

/** The picture of a piece code ("wN") in the chosen set. */
export function pieceSrc(code) {
  return SETS[chosen.set] + code + ".svg";
}

function apply() {
  document.documentElement.dataset.boardTheme = chosen.theme;
  // Every piece on the page, boards and promotion choices, in the new set.
  for (const img of document.querySelectorAll("img.piece[data-code]")) img.src = pieceSrc(img.dataset.code);
}

function fill(select, words, value) {
  for (const [key, id] of Object.entries(words)) {
    const option = el("option", "", t(id));
    option.value = key;
    select.appendChild(option);
  }
  select.value = value;
}

/** Fills and wires the settings menu's theme and piece set. */
export function initThemes() {
  fill($("board-theme"), WORDS.themes, chosen.theme);
  fill($("piece-set"), WORDS.sets, chosen.set);
  $("board-theme").addEventListener("change", () => {
    chosen.theme = $("board-theme").value;
    remember("daba-board-theme", chosen.theme);
    apply();
  });
  $("piece-set").addEventListener("change", () => {
    chosen.set = $("piece-set").value;
    remember("daba-piece-set", chosen.set);
    apply();
  });
  // The menu closes on a click elsewhere or Escape, as menus do.
  document.addEventListener("click", (event) => {
    if (!$("settings").contains(event.target)) $("settings").open = false;
  });
  $("settings").addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !$("settings").open) return;
    $("settings").open = false;
    $("settings").querySelector("summary").focus();
    event.stopPropagation();
  });
  apply();
}
