// Board themes and piece sets, chosen in the settings menu and remembered
// in localStorage. A theme is a set of colours in style.css
// (html[data-board-theme]); a set is a folder of SVG pieces drawn for Daba.
import { $, el } from "./net.js";

// Every word this module shows, in one place for translation.
const WORDS = {
  themes: { wood: "Wood", blue: "Blue", green: "Green", contrast: "High contrast" },
  sets: { daba: "Daba", shapes: "Shapes" },
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
  for (const [key, text] of Object.entries(words)) {
    const option = el("option", "", text);
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
