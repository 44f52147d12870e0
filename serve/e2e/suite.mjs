// What the browser test suites share: their frame (the server, Chromium,
// pages that collect console errors) and the chess board's helpers. The
// screenshot scripts use lib.mjs alone.
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { fromMissingRoute, launchBrowser, missingRoutes, startServer } from "./lib.mjs";

/** The frame every browser suite shares, set up from inside its `describe`:
 * `daba serve` and Chromium started before its tests and stopped after
 * them, and pages whose console errors (a Content-Security-Policy violation,
 * a script error; not the 404s of routes the server lacks yet, see
 * `missingRoutes`) fail the test that caused them at its `noErrors()`.
 * `viewport` is the pages' default size; with `acceptDialogs` the browser's
 * own dialogs (confirm, alert) are accepted, otherwise Playwright dismisses
 * them. */
export function browserSuite({ viewport, acceptDialogs = false }) {
  let server = null;
  let browser = null;
  let notYet = [];
  let errors = [];
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    notYet = await missingRoutes(server.url);
  });
  after(async () => {
    if (browser) await browser.close();
    if (server) server.stop();
  });
  return {
    /** The server's address, ending in a slash. */
    get url() {
      return server.url;
    },
    /** A page in a browser context of its own (its own storage: its own
     * seat tokens and session), of the suite's size unless `viewport` is
     * given, in the browser's default language unless `locale` is. */
    async newPage({ viewport: size = viewport, locale } = {}) {
      const context = await browser.newContext(locale ? { viewport: size, locale } : { viewport: size });
      const page = await context.newPage();
      page.on("console", (m) => {
        if (m.type() === "error" && !fromMissingRoute(m, notYet)) {
          errors.push((m.location().url || page.url()) + ": " + m.text());
        }
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      if (acceptDialogs) page.on("dialog", (d) => d.accept());
      return page;
    },
    /** Forgets the console errors so far that match `pattern`: ones the
     * test caused on purpose (Chromium logs a refused request as one). */
    forgetErrors(pattern) {
      errors = errors.filter((e) => !pattern.test(e));
    },
    /** Fails the test on the console errors since the last call, except
     * requests refused with one of the `allowed` statuses. */
    noErrors(allowed = []) {
      const seen = errors.filter((e) => !allowed.some((status) => e.includes("status of " + status)));
      errors = [];
      assert.deepEqual(seen, []);
    },
  };
}

/** The selector of a square of the chess board (`e4`). */
export const square = (name) => `#board [data-square="${name}"]`;

/** A move by two clicks: the piece, then its target. A click made while
 * the last move is still on its way is judged against the position before
 * it: wait for the move list first (`waitMoves`). */
export async function clickMove(page, from, to) {
  await page.click(square(from));
  await page.click(square(to));
}

/** The moves of the game's move list, as written there. */
export const moveTexts = (page) => page.$$eval("#moves .move", (els) => els.map((e) => e.textContent));

/** Waits until the move list holds `n` moves. */
export const waitMoves = (page, n) =>
  page.waitForFunction((n) => document.querySelectorAll("#moves .move").length === n, n);

/** The game `id` as the API gives it (`GET /api/games/{id}`) on the server
 * at `base`. */
export async function gameState(base, id) {
  return (await fetch(base + "api/games/" + id)).json();
}

/** A table for four made through the API on the server at `base` (it must
 * answer 201): its id and the creator's token. */
export async function createTable(base, body) {
  const response = await fetch(new URL("/api/tables", base), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 201);
  return response.json();
}

/** Opens the site at `url` and starts a game from the setup form; resolves
 * to the game's id. `tc` is the form's time control, `fen` a start position. */
export async function startGame(page, url, { mode = "computer", level = "0", color = "white", tc = null, fen = "" } = {}) {
  await page.goto(url);
  await page.check(`input[name="mode"][value="${mode}"]`);
  if (mode === "computer") await page.selectOption("#level", level);
  if (mode !== "local") await page.selectOption("#color", color);
  if (tc) await page.selectOption("#setup-tc", tc);
  if (fen) {
    await page.click("#fen-box summary");
    await page.fill("#fen", fen);
  }
  await page.click("#start");
  await page.waitForSelector("#play:not([hidden]) #board .square");
  return /game=([0-9a-f]+)/.exec(page.url())[1];
}
