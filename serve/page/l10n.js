// The page's languages: its words are Project Fluent messages, one file
// per language in /locales/<tag>/page.ftl (English, the source, in en/),
// formatted here by the official @fluent/bundle runtime (vendored, see
// vendor/fluent-bundle/README.md). The server chose the language (the
// language menu's cookie, else the browser's Accept-Language) and wrote it
// into <html lang>; this module loads that language's messages with
// English behind them, so a message a translation lacks is said in English
// and never as its id.
import { FluentBundle, FluentResource } from "./vendor/fluent-bundle/index.js";

/** The page's languages, each named in its own script (as serve/src/locale.rs). */
export const LANGUAGES = [
  ["en", "English"],
  ["ne", "नेपाली"],
  ["bn", "বাংলা"],
  ["te", "తెలుగు"],
  ["bho", "भोजपुरी"],
];

/** The cookie the language menu sets (serve/src/locale.rs reads it). */
const COOKIE = "daba-lang";

// The locales handed to Intl (plural rules, numbers) for each language:
// Latin digits everywhere, so that clocks, scores and counts read the same
// in every language (u-nu-latn); Bhojpuri falls back on Hindi's rules,
// which are the same, where the browser's ICU lacks Bhojpuri.
const INTL = {
  en: ["en-u-nu-latn"],
  ne: ["ne-u-nu-latn"],
  bn: ["bn-u-nu-latn"],
  te: ["te-u-nu-latn"],
  bho: ["bho-u-nu-latn", "hi-u-nu-latn"],
};

// The attributes a message may set on an element (data-l10n-id).
const ATTRIBUTES = ["aria-label", "title", "placeholder", "label", "alt"];

let bundles = [];
let current = "en";

/** The language of the page ("en", "ne", ...). */
export function language() {
  return current;
}

/** The Intl locales of the page's language (dates, numbers). */
export function intlLocales() {
  return INTL[current];
}

async function load(tag) {
  const response = await fetch("/locales/" + tag + "/page.ftl");
  if (!response.ok) throw new Error("no messages for " + tag + ": " + response.status);
  // No Unicode isolation marks around placeables: all five languages run
  // left to right, and the marks would ride along into copied text.
  const bundle = new FluentBundle(INTL[tag], { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(await response.text()));
  for (const error of errors) console.warn("locales/" + tag + ":", error.message);
  return bundle;
}

function find(id) {
  for (const bundle of bundles) {
    const message = bundle.getMessage(id);
    if (message) return { bundle, message };
  }
  console.warn("no message " + id);
  return null;
}

/** The message `id` with `args` in the page's language (English where the
 * language lacks it; empty, never the id, where English does too). */
export function t(id, args) {
  const found = find(id);
  if (!found || !found.message.value) return "";
  return found.bundle.formatPattern(found.message.value, args, []);
}

/** The end of a game in words, in the page's language, from the rule or
 * decision that ended it (the server's `reason`) and the winner ("white",
 * "black" or null); empty for a reason the messages do not know. The
 * server's own `end_text` is English. */
export function endWords(reason, winner) {
  if (!reason) return "";
  const loser = winner === "white" ? "black" : winner === "black" ? "white" : "none";
  return t("end-" + reason, { winner: winner || "none", loser });
}

/** Puts the messages into the elements of `root` that name one
 * (data-l10n-id, with data-l10n-args as JSON): the value as the text, the
 * attributes (aria-label, title, placeholder...) as attributes. */
export function translate(root) {
  for (const node of root.querySelectorAll("[data-l10n-id]")) {
    const found = find(node.dataset.l10nId);
    if (!found) continue;
    const { bundle, message } = found;
    const args = node.dataset.l10nArgs ? JSON.parse(node.dataset.l10nArgs) : undefined;
    if (message.value) node.textContent = bundle.formatPattern(message.value, args, []);
    for (const [name, pattern] of Object.entries(message.attributes)) {
      if (ATTRIBUTES.includes(name)) node.setAttribute(name, bundle.formatPattern(pattern, args, []));
    }
  }
}

/** Loads the messages of the page's language and English, translates the
 * page and fills the language menu. Called once, before anything draws. */
export async function initL10n() {
  const asked = document.documentElement.lang;
  current = LANGUAGES.some(([tag]) => tag === asked) ? asked : "en";
  const tags = current === "en" ? ["en"] : [current, "en"];
  const loaded = await Promise.all(tags.map((tag) => load(tag).catch((e) => (console.error(e.message), null))));
  bundles = loaded.filter(Boolean);
  translate(document);
  initMenu();
  // The page was hidden until now in a language other than English (style.css).
  document.documentElement.classList.add("l10n-ready");
}

// The language menu (a disclosure, as the settings menu: Enter or Space
// opens it, Tab walks its buttons, Escape closes it): a choice sets the
// cookie the server reads and loads the page again in that language (every
// word of it, the ones drawn by script included); the address, and so the
// game on screen, stays.
function initMenu() {
  const menu = document.getElementById("language-menu");
  if (!menu) return;
  const list = document.getElementById("languages");
  const name = LANGUAGES.find(([tag]) => tag === current)[1];
  document.getElementById("language-current").textContent = name;
  document.getElementById("language-current").lang = current;
  list.replaceChildren();
  for (const [tag, name] of LANGUAGES) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.lang = tag;
    button.dataset.lang = tag;
    button.textContent = name;
    if (tag === current) button.setAttribute("aria-current", "true");
    button.addEventListener("click", () => choose(tag));
    item.appendChild(button);
    list.appendChild(item);
  }
  document.addEventListener("click", (event) => {
    if (!menu.contains(event.target)) menu.open = false;
  });
  menu.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !menu.open) return;
    menu.open = false;
    menu.querySelector("summary").focus();
    event.stopPropagation();
  });
}

function choose(tag) {
  document.cookie = COOKIE + "=" + tag + "; Path=/; Max-Age=31536000; SameSite=Lax";
  location.reload();
}
