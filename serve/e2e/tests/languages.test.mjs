// The page in its five languages (issue 35), in headless Chromium against
// the real binary: the language comes from the browser's Accept-Language
// (Playwright's `locale`), every page of the site (the lobby, a game, the
// help beside it and on its own, a finished game's review, the sign-in
// form) is in that language at phone size, shows no raw message id and
// does not overflow the screen; the language menu changes the language by
// keyboard and the choice outlives a reload. Run: node --test
// tests/languages.test.mjs (in serve/e2e), after `cargo build --release`.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repo, skipBrowserTests } from "../lib.mjs";
import { browserSuite, createTable } from "../suite.mjs";

const skip = skipBrowserTests();

// Each language, with the browser locale that asks for it: Hindi stands
// for Bhojpuri, as the server maps it (serve/src/locale.rs).
const LANGUAGES = [
  { tag: "en", locale: "en-US", name: "English" },
  { tag: "ne", locale: "ne-NP", name: "नेपाली" },
  { tag: "bn", locale: "bn-IN", name: "বাংলা" },
  { tag: "te", locale: "te-IN", name: "తెలుగు" },
  { tag: "bho", locale: "hi-IN", name: "भोजपुरी" },
];

const PHONE = { width: 375, height: 667 };

/** The single-line messages of a language's file: id -> text. */
function messages(tag) {
  const text = readFileSync(join(repo, "serve", "page", "locales", tag, "page.ftl"), "utf8");
  const out = {};
  for (const line of text.split("\n")) {
    const m = /^([a-z][a-z0-9-]*) = (.+)$/.exec(line);
    if (m && !m[2].includes("{")) out[m[1]] = m[2].trim();
  }
  return out;
}

const ENGLISH = messages("en");

/** The seats' names in a language: fh-seat's variants, by letter. */
function seatNames(tag) {
  const text = readFileSync(join(repo, "serve", "page", "locales", tag, "page.ftl"), "utf8");
  const block = /^fh-seat = \{ \$seat ->\n((?:\s+\*?\[[SWNE]\] .+\n)+)/m.exec(text);
  assert.ok(block, `${tag}: fh-seat names the seats`);
  return Object.fromEntries([...block[1].matchAll(/\[([SWNE])\] (.+)/g)].map((m) => [m[1], m[2].trim()]));
}
// The ids a raw one would show as: those with a hyphen, which no sentence
// of any language writes ("new-game", "lesson-king-text").
const IDS = Object.keys(readFileSync(join(repo, "serve", "page", "locales", "en", "page.ftl"), "utf8")
  .split("\n")
  .reduce((ids, line) => {
    const m = /^([a-z][a-z0-9-]*) =/.exec(line);
    if (m && m[1].includes("-")) ids[m[1]] = true;
    return ids;
  }, {}));

// The messages with attributes only (an aria-label, a title): their
// elements keep their own text, if any.
const NO_VALUE = readFileSync(join(repo, "serve", "page", "locales", "en", "page.ftl"), "utf8")
  .split("\n")
  .map((line) => /^([a-z][a-z0-9-]*) =\s*$/.exec(line))
  .filter(Boolean)
  .map((m) => m[1]);

describe("the page in every language", { skip }, () => {
  const suite = browserSuite({ viewport: PHONE, acceptDialogs: true });
  const { noErrors } = suite;
  const newPage = (locale, viewport = PHONE) => suite.newPage({ locale, viewport });
  let reviewed = null; // a finished game, reviewed once, that every language looks at

  /** The page as it is: in `tag` (html lang and a known text), no raw
   * message id, nothing unformatted, no empty translated element, nothing
   * wider than the screen, and the `controls` on screen inside it. */
  async function check(page, tag, where, known, controls = []) {
    await page.waitForFunction(() => document.documentElement.classList.contains("l10n-ready"));
    assert.equal(await page.getAttribute("html", "lang"), tag, where);
    const words = messages(tag);
    for (const [selector, id] of known) {
      assert.ok(words[id], `${tag}: ${id} is a single-line message`);
      await page.waitForFunction(
        ([selector, text]) => {
          const node = document.querySelector(selector);
          return !!node && node.textContent.trim().includes(text);
        },
        [selector, words[id]],
        { timeout: 10000 },
      ).catch(async () => {
        const seen = await page.$eval(selector, (n) => n.textContent).catch(() => "(none)");
        assert.fail(`${tag} ${where}: ${selector} shows "${seen}", not "${words[id]}"`);
      });
      if (tag !== "en") assert.notEqual(words[id], ENGLISH[id], `${tag}: ${id} is translated`);
    }
    const shown = await page.evaluate(() => {
      const attributes = [...document.querySelectorAll("[aria-label], [title], [placeholder]")]
        .map((n) => [n.getAttribute("aria-label"), n.getAttribute("title"), n.getAttribute("placeholder")].join(" "));
      return document.body.innerText + " " + attributes.join(" ") + " " + document.title;
    });
    const raw = IDS.filter((id) => new RegExp("(^|[^a-z-])" + id + "($|[^a-z-])").test(shown));
    assert.deepEqual(raw, [], `${tag} ${where}: raw message ids`);
    assert.ok(!/\{ ?\$|undefined|NaN|\[object /.test(shown), `${tag} ${where}: unformatted text`);
    const empty = await page.$$eval(
      "[data-l10n-id]",
      (nodes, noValue) =>
        nodes
          .filter((n) => !noValue.includes(n.dataset.l10nId) && n.tagName !== "TITLE")
          .filter((n) => !n.closest("[hidden]") && n.getClientRects().length > 0 && !n.textContent.trim())
          .map((n) => n.dataset.l10nId),
      NO_VALUE,
    );
    assert.deepEqual(empty, [], `${tag} ${where}: empty translated elements`);
    const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(width[0] <= width[1], `${tag} ${where}: the page is ${width[0]} px wide on a ${width[1]} px screen`);
    for (const selector of ["#language-menu summary", "#settings summary", ...controls]) {
      const box = await page.locator(selector).first().boundingBox();
      assert.ok(box, `${tag} ${where}: ${selector} is on screen`);
      assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width + 0.5, `${tag} ${where}: ${selector} at x ${box.x}..${box.x + box.width}`);
    }
  }

  test("a finished game to review (English, once)", async () => {
    const page = await newPage("en-US", { width: 1100, height: 800 });
    await page.goto(suite.url);
    await page.check('input[name="mode"][value="local"]');
    await page.click("#start");
    await page.waitForSelector("#play:not([hidden]) #board .square");
    // 1. f3 e5 2. g4?? Qh4#
    for (const [from, to, n] of [["f2", "f3", 1], ["e7", "e5", 2], ["g2", "g4", 3], ["d8", "h4", 4]]) {
      await page.click(`#board [data-square="${from}"]`);
      await page.click(`#board [data-square="${to}"]`);
      await page.waitForFunction((n) => document.querySelectorAll("#moves .move").length === n, n);
    }
    await page.waitForSelector("#status.over");
    await page.click("#review-ask");
    await page.waitForSelector("#review-figures:not([hidden])", { timeout: 90000 });
    reviewed = /game=([0-9a-f]+)/.exec(page.url())[1];
    noErrors();
    await page.context().close();
  });

  for (const { tag, locale } of LANGUAGES) {
    test(`${tag} (${locale}) at phone size: the lobby, a game, the help, the review, the sign-in form`, async () => {
      const page = await newPage(locale);
      await page.goto(suite.url);
      await page.waitForSelector("#lobby:not([hidden])");
      await page.waitForFunction(() => document.querySelectorAll("#level option").length > 0);
      await check(page, tag, "the lobby", [["#setup h2", "setup-title"], ["#start", "setup-start"], ["#nav-play", "nav-play"]], ["#start", "#level", "#seek-panel h2"]);
      // The language menu opens inside the screen, its current language marked.
      await page.click("#language-menu summary");
      const menu = await page.locator("#languages").boundingBox();
      assert.ok(menu.x >= 0 && menu.x + menu.width <= PHONE.width + 0.5, `${tag}: the language menu at ${menu.x}..${menu.x + menu.width}`);
      assert.equal(await page.getAttribute(`#languages button[data-lang="${tag}"]`, "aria-current"), "true");
      await page.keyboard.press("Escape");
      // So does the settings menu.
      await page.click("#settings summary");
      const settings = await page.locator("#settings .settings-body").boundingBox();
      assert.ok(settings.x >= 0 && settings.x + settings.width <= PHONE.width + 0.5, `${tag}: the settings at ${settings.x}..${settings.x + settings.width}`);
      await page.keyboard.press("Escape");

      // A game against the computer.
      await page.selectOption("#level", "0");
      await page.selectOption("#color", "white");
      await page.click("#start");
      await page.waitForSelector("#play:not([hidden]) #board .square");
      await page.waitForFunction(() => document.getElementById("status").textContent.length > 0);
      await check(page, tag, "a game", [["#new-game", "new-game"], ["#flip", "flip"], ["label[for=san]", "san-label"]], ["#board", "#new-game", "#resign", "#san"]);
      const status = await page.textContent("#status");
      if (tag !== "en") assert.ok(!/move|White|Black/.test(status), `${tag}: the status "${status}" is translated`);
      // A draw offered at the start is declined (judged by the position):
      // the notice is in the language too.
      await page.click("#offer-draw");
      await page.waitForFunction(() => document.getElementById("notice").textContent.length > 0);
      const notice = await page.textContent("#notice");
      if (tag !== "en") assert.ok(!/declines/.test(notice), `${tag}: the notice "${notice}" is translated`);
      // The board's squares are said in the language too.
      const label = await page.getAttribute('#board [data-square="e1"]', "aria-label");
      assert.ok(label.startsWith("e1, "), label);
      if (tag !== "en") assert.ok(!/king|white/.test(label), `${tag}: "${label}"`);

      // The help beside the board (a drawer on a phone), then on its own.
      await page.click("#help-toggle");
      await page.waitForSelector("#play #help.beside:not([hidden]) .mini .board [data-square]");
      await check(page, tag, "the help beside the game", [["#help article h3", "lesson-king"], ["#help-close", "help-close"]], ["#help-close"]);
      const caption = await page.locator("#help .mini-caption").first().textContent();
      if (tag !== "en") assert.ok(!/move|White|Click/.test(caption), `${tag}: the caption "${caption}" is translated`);
      await page.click("#help-close");
      await page.goto(suite.url + "#help");
      await page.waitForSelector("#help:not([hidden]) .mini .board [data-square]");
      await check(page, tag, "the help", [["#help-title", "nav-help"], ['#help article[data-pieces="KR"] h3', "lesson-castling"]], ["#help .mini-reset"]);

      // The review of a finished game.
      await page.goto(suite.url + "#game=" + reviewed);
      await page.waitForSelector("#review:not([hidden])");
      await page.click("#review-ask");
      await page.waitForSelector("#review-figures:not([hidden])", { timeout: 90000 });
      await check(page, tag, "the review", [["#review h3", "review-title"], ["#pgn", "pgn"]], ["#review-graph", "#review-marks button", "#step-first"]);
      const counts = await page.textContent("#review-white-counts");
      if (tag !== "en") assert.ok(!/blunder|mistake/.test(counts), `${tag}: "${counts}"`);
      const end = await page.textContent("#status");
      if (tag !== "en") assert.ok(!/Checkmate|wins/.test(end), `${tag}: the end "${end}" is translated`);

      // The sign-in form.
      await page.goto(suite.url + "#signin");
      await page.waitForSelector("#signin-form:not([hidden])");
      await check(page, tag, "the sign-in form", [["label[for=signin-username]", "username"], ["#signin-submit", "nav-signin"]], ["#signin-submit", "#signin-password"]);
      // A refused sign-in is said in the language (the refusal's code).
      await page.fill("#signin-username", "nobody" + tag);
      await page.fill("#signin-password", "not the password");
      await page.click("#signin-submit");
      await page.waitForFunction(() => document.getElementById("signin-error").textContent.length > 0);
      const refused = await page.textContent("#signin-error");
      if (tag !== "en") assert.ok(!/wrong|password/i.test(refused), `${tag}: the refusal "${refused}" is translated`);
      suite.forgetErrors(/401/); // the browser logs the refused request
      noErrors();
      await page.context().close();
    });
  }

  // A table for four (fourhand.js) in each language but English: the
  // lobby's list and form, then the table itself at phone size, its seats,
  // status, board and chat in the language's words.
  for (const { tag, locale } of LANGUAGES.filter((l) => l.tag !== "en")) {
    test(`${tag} (${locale}) at phone size: a table for four, in the lobby and on its own page`, async () => {
      // South is held by the API's creator, West is free, North and East
      // are the computer's: listed in the lobby until West sits down.
      const given = await createTable(suite.url, {
        seats: [{ kind: "person" }, { kind: "person" }, { kind: "computer", level: 0 }, { kind: "computer", level: 0 }],
        seat: "S",
        listed: true,
      });
      const names = seatNames(tag);
      const page = await newPage(locale);
      await page.goto(suite.url);
      const row = `#tables-body tr[data-table="${given.id}"]`;
      await page.waitForSelector(row);
      await check(page, tag, "the lobby's tables for four", [["#tables-panel h2", "fh-lobby-title"], ["#table-create", "fh-lobby-create"], [row, "fh-sit"], [row, "fh-list-guest"]], ["#table-create", "#table-seat-S"]);
      const listed = await page.textContent(row);
      assert.ok(!/Sit here|guest|Daba level|Look at/.test(listed), `${tag}: the listed table "${listed}"`);
      const heads = await page.$$eval("#tables thead th", (t) => t.slice(0, 4).map((e) => e.textContent));
      assert.deepEqual(heads, [names.S, names.W, names.N, names.E]);
      const options = await page.$$eval("#table-seat-W option", (o) => o.map((e) => e.textContent).join(" | "));
      assert.ok(!/You|A person|level|random/.test(options), `${tag}: the seat choices "${options}"`);
      assert.ok((await page.textContent("label[for=table-seat-N]")).startsWith(names.N));

      // West sits down by the seat's link: every seat is taken, South to move.
      await page.goto(suite.url + "#table=" + given.id + "&seat=W");
      await page.waitForSelector("#fh-seat-bottom[data-seat='W']");
      await page.waitForSelector("#fh-chat:not([hidden])");
      // South, an opponent of West, writes a line: West may object to it.
      const said = await fetch(new URL("/api/tables/" + given.id + "/chat", suite.url), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: given.token, text: "hello" }),
      });
      assert.equal(said.status, 200);
      await page.waitForSelector('#fh-chat-lines [data-line="1"] button.object');
      await check(
        page,
        tag,
        "a table for four",
        [["#fh-resign", "fh-resign"], ["#fh-record", "fh-record"], ["#fh-chat h3", "fh-chat-title"], ["#fh-chat .hint", "fh-chat-hint"], ["#fh-chat-lines", "fh-object"]],
        ["#fh-board", "#fh-resign", "#fh-chat-text", "#fh-seat-bottom", "#fh-seat-top", "#fh-chat-lines button.object"],
      );
      // Each seat's bar starts with its name in the language, and the
      // chat's line is South's.
      for (const [seat, name] of Object.entries(names)) {
        const bar = await page.textContent(`.fh-seat[data-seat="${seat}"] strong`);
        assert.ok(bar.startsWith(name), `${tag}: the seat ${seat} reads "${bar}", not "${name}"`);
      }
      assert.ok((await page.textContent('#fh-chat-lines [data-line="1"] strong')).startsWith(names.S));
      // No English word where a player reads or hears the table: the seats,
      // the status, the chat, the board's and its squares' labels, the
      // buttons' labels, the title.
      const shown = await page.evaluate(() =>
        [
          ...[...document.querySelectorAll(".fh-seat, #fh-status, #fh-chat-lines")].map((n) => n.textContent),
          ...[...document.querySelectorAll("#fh-board, #fh-board [aria-label], #table button[aria-label]")].map((n) => n.getAttribute("aria-label")),
          document.title,
        ].join(" | "),
      );
      for (const word of ["South", "West", "North", "East", "Your move", "to move", "play together", "Board for four", "Row ", "king", "pawn", "empty", "Object", "Sit", "Daba chess"]) {
        assert.ok(!shown.includes(word), `${tag}: "${word}" in ${shown.slice(0, 600)}`);
      }
      const status = await page.textContent("#fh-status");
      assert.ok(status.includes(names.S), `${tag}: the status "${status}" names South, to move`);
      // South moves and then resigns for the team: the ply in the log and
      // the end in the status are in the language too.
      const api = (path, body) =>
        fetch(new URL("/api/tables/" + given.id + path, suite.url), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(Object.assign({ token: given.token }, body)),
        });
      const view = await (await fetch(new URL("/api/tables/" + given.id, suite.url), { headers: { "X-Daba-Token": given.token } })).json();
      assert.equal((await api("/move", { move: view.legal[0].uci })).status, 200);
      await page.waitForSelector("#fh-log li");
      const log = await page.textContent("#fh-log");
      assert.ok(log.includes(names.S) && !/plays|South/.test(log), `${tag}: the log "${log}"`);
      assert.equal((await api("/resign", {})).status, 200);
      await page.waitForFunction(() => document.getElementById("fh-resign").hidden);
      const end = await page.textContent("#fh-status");
      assert.ok(!/resigned|win|South|West/.test(end), `${tag}: the end "${end}"`);
      noErrors();
      await page.context().close();
    });
  }

  test("the language menu works by keyboard, and the choice outlives a reload", async () => {
    const page = await newPage("en-US", { width: 1100, height: 800 });
    await page.goto(suite.url);
    await page.waitForFunction(() => document.documentElement.classList.contains("l10n-ready"));
    assert.equal(await page.getAttribute("html", "lang"), "en");
    assert.equal(await page.textContent("#language-current"), "English");
    // The menu's name says what it is.
    assert.match(await page.locator("#language-menu summary").textContent(), /Language/);
    await page.focus("#language-menu summary");
    await page.keyboard.press("Enter");
    assert.ok(await page.locator("#language-menu").evaluate((d) => d.open));
    // Every language is named in its own script.
    const names = await page.$$eval("#languages button", (b) => b.map((e) => [e.dataset.lang, e.textContent, e.lang]));
    assert.deepEqual(names, LANGUAGES.map((l) => [l.tag, l.name, l.tag]));
    let pressed = 0;
    while (!(await page.evaluate(() => document.activeElement && document.activeElement.dataset.lang === "te"))) {
      await page.keyboard.press("Tab");
      assert.ok(++pressed < 10, "Tab reaches తెలుగు");
    }
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
    await page.waitForFunction(() => document.documentElement.classList.contains("l10n-ready"));
    const te = messages("te");
    assert.equal(await page.getAttribute("html", "lang"), "te");
    assert.equal((await page.textContent("#setup h2")).trim(), te["setup-title"]);
    assert.equal(await page.textContent("#language-current"), "తెలుగు");
    // A reload (the server reads the cookie, whatever the browser asks for).
    await page.reload();
    await page.waitForFunction(() => document.documentElement.classList.contains("l10n-ready"));
    assert.equal(await page.getAttribute("html", "lang"), "te");
    assert.equal((await page.textContent("#setup h2")).trim(), te["setup-title"]);
    // Back to English by the mouse; Escape closes the menu before that.
    await page.click("#language-menu summary");
    await page.keyboard.press("Escape");
    assert.ok(!(await page.locator("#language-menu").evaluate((d) => d.open)));
    await page.click("#language-menu summary");
    await Promise.all([page.waitForEvent("load"), page.click('#languages button[data-lang="en"]')]);
    await page.waitForFunction(() => document.documentElement.classList.contains("l10n-ready"));
    assert.equal(await page.getAttribute("html", "lang"), "en");
    assert.equal((await page.textContent("#setup h2")).trim(), ENGLISH["setup-title"]);
    noErrors();
    await page.context().close();
  });
});
