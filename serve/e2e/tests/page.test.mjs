// The page's help beside the board, keyboard and screen-reader use (with an
// axe-core audit), settings, sounds, premove and the resign dialog, in
// headless Chromium against the real binary. Run: node --test
// tests/page.test.mjs (in serve/e2e), after `cargo build --release`.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { skipBrowserTests } from "../lib.mjs";
import { browserSuite, clickMove, gameState, square, startGame, waitMoves } from "../suite.mjs";

const axeSource = createRequire(import.meta.url)("axe-core").source;

const skip = skipBrowserTests();

describe("the page: help, keyboard, accessibility, settings, premove", { skip }, () => {
  const suite = browserSuite({ viewport: { width: 1280, height: 900 } });
  const { noErrors } = suite;
  const newPage = (viewport) => suite.newPage({ viewport });
  const start = (page, options) => startGame(page, suite.url, options);
  const moveCount = (page) => page.$$eval("#moves .move", (e) => e.length);

  /** axe-core on the page as it is: no serious or critical violation. */
  async function audit(page, what) {
    // Evaluated through the DevTools protocol, which the page's CSP
    // (script-src 'self') does not cover, unlike an injected script tag.
    if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(axeSource);
    const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
    const bad = result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => v.id + " (" + v.impact + "): " + v.help + " at " + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; "));
    assert.deepEqual(bad, [], what);
  }

  // ---------------------------------------------------------------- keyboard helpers

  /** Presses Tab until the focus is on `selector` (keyboard only). */
  async function tabTo(page, selector, { back = false, max = 120 } = {}) {
    for (let i = 0; i < max; i++) {
      if (await page.evaluate((sel) => !!document.activeElement && document.activeElement.matches(sel), selector)) return;
      await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    }
    throw new Error("Tab never reached " + selector);
  }

  /** With the focus on a square of `board`, the arrow keys to `name`. */
  async function arrowTo(page, name, board = "#board") {
    const where = (n) =>
      page.evaluate(
        ([board, n]) => {
          const all = [...document.querySelectorAll(board + " [data-square]")];
          const at = n ? all.findIndex((s) => s.dataset.square === n) : all.indexOf(document.activeElement);
          return [Math.floor(at / 8), at % 8];
        },
        [board, n],
      );
    const [tr, tc] = await where(name);
    for (let i = 0; i < 16; i++) {
      const [r, c] = await where(null);
      if (r === tr && c === tc) return;
      await page.keyboard.press(r < tr ? "ArrowDown" : r > tr ? "ArrowUp" : c < tc ? "ArrowRight" : "ArrowLeft");
    }
    throw new Error("the arrows never reached " + name);
  }

  async function keyMove(page, from, to) {
    await arrowTo(page, from);
    await page.keyboard.press("Enter");
    await arrowTo(page, to);
    await page.keyboard.press("Space");
  }

  const announced = (page, pattern) =>
    page.waitForFunction((source) => new RegExp(source).test(document.getElementById("announce").textContent), pattern.source);

  // ---------------------------------------------------------------- tests

  test("the help opens beside the board, follows the piece picked up, and the game goes on", async () => {
    const page = await newPage();
    await start(page, { mode: "local" });
    await page.click("#help-toggle");
    await page.waitForSelector("#play #help.beside:not([hidden]) .mini .board [data-square]");
    assert.equal(await page.getAttribute("#help-toggle", "aria-expanded"), "true");
    const board = await page.locator("#board").boundingBox();
    const help = await page.locator("#help").boundingBox();
    assert.ok(help.x >= board.x + board.width, "the help is beside the board, not over it");
    assert.ok(await page.isVisible("#board"));
    // Picking up a knight shows the knight's lessons.
    await page.click(square("g1"));
    await page.waitForSelector("#help-following:not([hidden])");
    assert.match(await page.textContent("#help-following"), /knight/);
    const shown = await page.$$eval("#help article:not([hidden]) h3", (h) => h.map((e) => e.textContent));
    assert.ok(shown.includes("The knight") && !shown.includes("The rook"), shown.join(", "));
    await page.click(square("f3"));
    await waitMoves(page, 1);
    // A pawn: its lessons, en passant and promotion among them.
    await page.click(square("e7"));
    await page.waitForFunction(() => /pawn/.test(document.getElementById("help-following").textContent));
    const pawn = await page.$$eval("#help article:not([hidden]) h3", (h) => h.map((e) => e.textContent));
    for (const title of ["The pawn", "En passant", "Promotion"]) assert.ok(pawn.includes(title), title);
    await page.click(square("e5"));
    await waitMoves(page, 2);
    await page.click("#help-all");
    assert.equal(await page.locator("#help article[hidden]").count(), 0);
    // The header's link opens it too; Close closes it, the game still there.
    await page.click("#help-close");
    assert.ok(await page.isHidden("#help"));
    assert.equal(await page.getAttribute("#help-toggle", "aria-expanded"), "false");
    await page.click("#nav-help");
    await page.waitForSelector("#help.beside:not([hidden])");
    assert.match(page.url(), /#game=/, "the game stays on screen");
    noErrors();
    await page.context().close();
  });

  test("lesson boards are played: en passant, castling, promotion with a choice, and Reset", async () => {
    const page = await newPage();
    await page.goto(suite.url + "#help");
    await page.waitForFunction(() => [...document.querySelectorAll(".mini-caption")].every((c) => c.textContent));
    const lesson = (title) => page.locator("article", { has: page.locator(`h3:text-is("${title}")`) }).locator(".mini");
    const at = (title, name) => lesson(title).locator(`[data-square="${name}"]`);
    const piece = (title, name) => at(title, name).getAttribute("data-piece");

    // En passant: the pawn goes diagonally behind and the black pawn goes.
    await at("En passant", "e5").click();
    await at("En passant", "d6").click();
    await page.waitForFunction(() => /played exd6/.test(document.querySelectorAll(".mini-caption")[7].textContent));
    assert.equal(await piece("En passant", "d6"), "wP");
    assert.equal(await piece("En passant", "d5"), null);
    assert.equal(await piece("En passant", "e5"), null);
    await lesson("En passant").locator(".mini-reset").click();
    assert.equal(await piece("En passant", "e5"), "wP");
    assert.equal(await piece("En passant", "d5"), "bP");
    assert.equal(await lesson("En passant").locator(".mini-caption").textContent(), "White to move. Click a piece.");

    // Castling: the rook jumps over the king; then Black castles by king takes rook.
    await at("Castling", "e1").click();
    await at("Castling", "g1").click();
    await page.waitForFunction(() => /played O-O\./.test(document.querySelectorAll(".mini-caption")[6].textContent));
    assert.equal(await piece("Castling", "g1"), "wK");
    assert.equal(await piece("Castling", "f1"), "wR");
    assert.equal(await piece("Castling", "h1"), null);
    await at("Castling", "e8").click();
    await at("Castling", "a8").click();
    await page.waitForFunction(() => /played O-O-O\./.test(document.querySelectorAll(".mini-caption")[6].textContent));
    assert.equal(await piece("Castling", "c8"), "bK");
    assert.equal(await piece("Castling", "d8"), "bR");

    // Promotion: four choices; a knight it is.
    await at("Promotion", "e7").click();
    await at("Promotion", "e8").click();
    const choices = lesson("Promotion").locator(".mini-promotion:not([hidden]) [data-promotion]");
    assert.equal(await choices.count(), 4);
    await lesson("Promotion").locator('[data-promotion="n"]').click();
    await page.waitForFunction(() => /played e8=N/.test(document.querySelectorAll(".mini-caption")[8].textContent));
    assert.equal(await piece("Promotion", "e8"), "wN");
    // The king against a king plays on (a lesson, not a game's end).
    await at("The king", "d4").click();
    await at("The king", "e5").click();
    await page.waitForFunction(() => /played Ke5\. Black to move/.test(document.querySelectorAll(".mini-caption")[0].textContent));
    noErrors();
    await page.context().close();
  });

  test("on a phone the help is a drawer over the bottom of the screen", async () => {
    const page = await newPage({ width: 390, height: 844 });
    await start(page, { mode: "local" });
    await page.click("#help-toggle");
    await page.waitForSelector("#help.beside:not([hidden]) .mini .board [data-square]");
    const box = await page.locator("#help").boundingBox();
    assert.ok(Math.abs(box.x) <= 1 && Math.abs(box.width - 390) <= 1, `the drawer spans the width: ${JSON.stringify(box)}`);
    assert.ok(Math.abs(box.y + box.height - 844) <= 1, "it sits at the bottom");
    assert.ok(box.height <= 844 * 0.61, "it leaves the board room");
    assert.equal(await page.evaluate(() => document.activeElement.id), "help-close", "the focus goes to the drawer");
    await page.keyboard.press("Enter");
    assert.ok(await page.isHidden("#help"));
    assert.equal(await page.evaluate(() => document.activeElement.id), "help-toggle");
    noErrors();
    await page.context().close();
  });

  test("on one screen a draw is agreed in the page's own dialog, not the browser's", async () => {
    const page = await newPage();
    await start(page, { mode: "local" });
    await page.click(square("e2"));
    await page.click(square("e4"));
    await waitMoves(page, 1);
    // Escape keeps playing.
    await page.click("#offer-draw");
    await page.waitForSelector("#ask-dialog[open]");
    assert.match(await page.textContent("#ask-question"), /agree to a draw/);
    await audit(page, "the question dialog");
    await page.keyboard.press("Escape");
    assert.ok(!(await page.$eval("#ask-dialog", (d) => d.open)));
    assert.ok(!(await page.$eval("#status", (e) => e.classList.contains("over"))));
    // Yes ends the game in a draw.
    await page.click("#offer-draw");
    await page.waitForSelector("#ask-dialog[open]");
    await page.click("#ask-yes");
    await page.waitForSelector("#status.over");
    assert.match(await page.textContent("#status"), /[Dd]raw/);
    noErrors();
    await page.context().close();
  });

  test("a whole game by keyboard only: started from the lobby, every move by arrows and Enter, to mate", async () => {
    const page = await newPage();
    await page.goto(suite.url);
    await page.waitForSelector("#lobby:not([hidden])");
    // The first Tab offers to skip the header; it moves the focus, not the page.
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement.id), "skip");
    await page.keyboard.press("Enter");
    assert.equal(await page.evaluate(() => document.activeElement.id), "main");
    assert.ok(await page.isVisible("#lobby"), "still the lobby");
    await tabTo(page, 'input[name="mode"]:checked');
    await page.keyboard.press("ArrowDown"); // a friend on this screen
    assert.equal(await page.$eval('input[name="mode"]:checked', (e) => e.value), "local");
    await tabTo(page, "#start");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#play:not([hidden]) #board .square");
    await tabTo(page, '#board [tabindex="0"]');
    assert.equal(await page.locator('#board [tabindex="0"]').count(), 1, "one square in the tab order");
    assert.equal(await page.getAttribute(square("e1"), "aria-label"), "e1, white king");
    assert.equal(await page.getAttribute(square("e4"), "aria-label"), "e4, empty");
    // Picked up by keyboard: the square says so, and where it can go.
    await arrowTo(page, "g1");
    await page.keyboard.press("Enter");
    assert.match(await page.getAttribute(square("g1"), "aria-label"), /white knight, picked up/);
    assert.match(await page.getAttribute(square("f3"), "aria-label"), /can go here/);
    await page.keyboard.press("Escape");
    assert.doesNotMatch(await page.getAttribute(square("g1"), "aria-label"), /picked up/);
    // The fool's mate.
    await keyMove(page, "f2", "f3");
    await waitMoves(page, 1);
    await announced(page, /^White: f3$/);
    await keyMove(page, "e7", "e5");
    await waitMoves(page, 2);
    await announced(page, /^Black: e5$/);
    await keyMove(page, "g2", "g4");
    await waitMoves(page, 3);
    await keyMove(page, "d8", "h4");
    await page.waitForSelector("#status.over");
    await announced(page, /^Black: queen h4, checkmate$/);
    assert.match(await page.textContent("#status"), /^Checkmate/);
    assert.ok(await page.evaluate(() => !!document.activeElement.closest("#board")), "the focus stays on the board");
    noErrors();
    await page.context().close();
  });

  test("against Daba by keyboard: both sides' moves are said; resigning asks in a dialog", async () => {
    const page = await newPage();
    await start(page, { mode: "computer", level: "0" });
    await tabTo(page, '#board [tabindex="0"]');
    await keyMove(page, "e2", "e4");
    await announced(page, /Daba: /);
    await waitMoves(page, 2);
    // A promotion by keyboard would move the focus to the choice; here, the
    // resign dialog: Escape keeps playing, the confirm button resigns.
    await tabTo(page, "#resign");
    await page.keyboard.press("Enter");
    assert.ok(await page.$eval("#resign-dialog", (d) => d.open));
    assert.equal(await page.evaluate(() => document.activeElement.id), "resign-keep");
    await page.keyboard.press("Escape");
    assert.ok(!(await page.$eval("#resign-dialog", (d) => d.open)));
    assert.ok(!(await page.textContent("#status")).includes("resign"));
    await page.keyboard.press("Enter"); // the focus is back on Resign
    assert.ok(await page.$eval("#resign-dialog", (d) => d.open));
    await page.keyboard.press("Enter"); // Keep playing
    assert.ok(!(await page.$eval("#resign-dialog", (d) => d.open)));
    await page.keyboard.press("Enter");
    await tabTo(page, "#resign-confirm", { back: true });
    await page.keyboard.press("Enter");
    await page.waitForSelector("#status.over");
    assert.match(await page.textContent("#status"), /resign/);
    noErrors();
    await page.context().close();
  });

  test("axe-core finds no serious or critical violation: lobby, game, help panel, review", async () => {
    const page = await newPage();
    await page.goto(suite.url);
    await page.waitForFunction(() => document.querySelectorAll("#lobby:not([hidden]) #level option").length > 0);
    await audit(page, "the lobby");
    await start(page, { mode: "local" });
    await clickMove(page, "e2", "e4");
    await waitMoves(page, 1);
    await page.click(square("e7"));
    await audit(page, "a game, a piece picked up");
    await page.click("#help-toggle");
    await page.waitForFunction(() => [...document.querySelectorAll("#help .mini-caption")].every((c) => c.textContent));
    await audit(page, "the help beside the board");
    await page.click("#settings summary");
    await audit(page, "the settings menu");
    for (const theme of ["blue", "green", "contrast"]) {
      await page.selectOption("#board-theme", theme);
      await audit(page, "the board theme " + theme);
    }
    await page.keyboard.press("Escape"); // closes the menu
    await page.click("#help-close");
    await page.click("#resign");
    await audit(page, "the resign dialog");
    await page.click("#resign-keep");
    await page.click(square("a5")); // puts the e7 pawn down
    // Each move waits for the last one's answer: a click while a move is on
    // its way is judged against the position before it (a loaded machine
    // made the next click pick up a piece of the side not to move).
    const moves = [["e7", "e5"], ["d1", "h5"], ["b8", "c6"], ["f1", "c4"], ["g8", "f6"], ["h5", "f7"]];
    for (const [i, [from, to]] of moves.entries()) {
      await clickMove(page, from, to);
      await waitMoves(page, i + 2);
    }
    await page.waitForSelector("#status.over");
    await page.click("#review-ask");
    await page.waitForSelector("#review-figures:not([hidden])", { timeout: 120000 });
    await page.click("#step-back");
    await page.waitForFunction(() => /Move 6 of 7/.test(document.getElementById("step-where").textContent));
    await audit(page, "the review");
    noErrors();
    await page.context().close();
  });

  test("settings: board themes and piece sets are chosen and remembered; sounds are off until switched on", async () => {
    const page = await newPage();
    await start(page, { mode: "local" });
    const light = () => page.$eval(square("e4"), (e) => getComputedStyle(e).backgroundColor);
    const wood = await light();
    assert.equal(await page.locator("#board-theme option").count() >= 3, true);
    await page.click("#settings summary");
    await page.selectOption("#board-theme", "blue");
    assert.notEqual(await light(), wood);
    assert.equal(await page.locator("#piece-set option").count() >= 2, true);
    await page.selectOption("#piece-set", "shapes");
    assert.match(await page.getAttribute(square("e1") + " img", "src"), /^\/pieces\/shapes\/wK\.svg$/);
    // The set's pictures load (an unknown path would leave them broken).
    await page.waitForFunction((sel) => {
      const img = document.querySelector(sel);
      return img.complete && img.naturalWidth > 0;
    }, square("e1") + " img");
    // Sounds: off by default; a move plays none.
    assert.equal(await page.isChecked("#sound-on"), false);
    await clickMove(page, "e2", "e4");
    await waitMoves(page, 1);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.lastSound), undefined);
    await page.click("#settings summary");
    await page.check("#sound-on");
    await page.keyboard.press("Escape"); // the menu closes
    assert.equal(await page.$eval("#settings", (d) => d.open), false);
    await clickMove(page, "d7", "d5");
    await waitMoves(page, 2);
    await clickMove(page, "e4", "d5");
    await waitMoves(page, 3);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.lastSound), "capture");
    // All three remembered after a reload.
    await page.reload();
    await page.waitForSelector("#board .square img");
    assert.equal(await page.inputValue("#board-theme"), "blue");
    assert.equal(await page.inputValue("#piece-set"), "shapes");
    assert.equal(await page.isChecked("#sound-on"), true);
    assert.notEqual(await light(), wood);
    assert.match(await page.getAttribute(square("e1") + " img", "src"), /shapes/);
    noErrors();
    await page.context().close();
  });

  test("premove in a real-time game: played when legal, cancelled by Escape or a right-click, dropped when illegal", async () => {
    const alice = await newPage();
    await start(alice, { mode: "friend", color: "white", tc: "5+3" });
    const bob = await newPage();
    await bob.goto(await alice.inputValue("#invite-link"));
    await alice.waitForSelector("#invite", { state: "hidden" });
    await bob.waitForSelector("#board .square");

    await clickMove(alice, "e2", "e4");
    await waitMoves(alice, 1);
    await waitMoves(bob, 1);
    // Bob's turn: Alice queues d2-d4, marked on her board.
    await clickMove(alice, "d2", "d4");
    assert.equal(await alice.locator("#board .premove").count(), 2);
    assert.equal(await moveCount(alice), 1, "a premove waits");
    await clickMove(bob, "e7", "e5");
    await waitMoves(alice, 3);
    assert.deepEqual(await alice.$$eval("#moves .move", (e) => e.map((m) => m.textContent)), ["e4", "e5", "d4"]);
    assert.equal(await alice.locator("#board .premove").count(), 0);

    // Escape cancels one; so does a right-click.
    await waitMoves(bob, 3);
    await clickMove(alice, "g1", "f3");
    assert.equal(await alice.locator("#board .premove").count(), 2);
    await alice.keyboard.press("Escape");
    assert.equal(await alice.locator("#board .premove").count(), 0);
    await clickMove(alice, "g1", "f3");
    await alice.click(square("a8"), { button: "right" });
    assert.equal(await alice.locator("#board .premove").count(), 0);
    await clickMove(bob, "b8", "c6");
    await waitMoves(alice, 4);
    await alice.waitForTimeout(500);
    assert.equal(await moveCount(alice), 4, "a cancelled premove is not played");

    // One that became illegal is dropped, never sent.
    await clickMove(alice, "g1", "f3");
    await waitMoves(bob, 5);
    await clickMove(alice, "d4", "d5");
    await clickMove(bob, "e5", "d4");
    await waitMoves(alice, 6);
    await alice.waitForFunction(() => /not legal any more/.test(document.getElementById("move-error").textContent));
    await alice.waitForTimeout(500);
    const s = await gameState(suite.url, /game=([0-9a-f]+)/.exec(alice.url())[1]);
    assert.equal(s.moves.length, 6);
    assert.equal(s.turn, "white");
    noErrors();
    await alice.context().close();
    await bob.context().close();
  });
});
