// `daba serve` in a real browser: headless Chromium driven by playwright-core
// against the real binary. Run: npm test (in serve/e2e), after
// `cargo build --release`.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { skipBrowserTests } from "../lib.mjs";
import { browserSuite, clickMove, gameState, moveTexts, square, startGame, waitMoves } from "../suite.mjs";

// Without Chromium or the binary the tests are skipped with a note, except
// where DABA_E2E_REQUIRED is set (CI), where that is a failure.
const skip = skipBrowserTests();

describe("daba serve in Chromium", { skip }, () => {
  const suite = browserSuite({ viewport: { width: 1100, height: 800 }, acceptDialogs: true });
  const { noErrors } = suite;
  const newPage = (viewport) => suite.newPage({ viewport });
  const start = (page, options) => startGame(page, suite.url, options);


  const status = (page) => page.textContent("#status");

  // The page redraws the whole board on every state it receives (the move's
  // answer, then the event stream's copy), so a square found a moment ago
  // may have left the page: ask again until one answers.
  async function box(page, name) {
    for (let tries = 0; tries < 50; tries++) {
      const found = await page.locator(square(name)).boundingBox();
      if (found) return found;
      await page.waitForTimeout(20);
    }
    throw new Error("square " + name + " never showed");
  }

  async function drag(page, from, to) {
    const a = await box(page, from);
    const b = await box(page, to);
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 - 10, { steps: 2 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
  }

  // A simple player: mate if it can, then promote, capture, check, else any move.
  function pick(legal) {
    const prefer = [(m) => m.san.endsWith("#"), (m) => m.promotion === "q", (m) => m.san.includes("x"), (m) => m.san.includes("+")];
    for (const test of prefer) {
      const found = legal.filter(test);
      if (found.length) return found[Math.floor(Math.random() * found.length)];
    }
    return legal[Math.floor(Math.random() * legal.length)];
  }

  test("the level picker shows each level's approximate Elo, from the server's list", async () => {
    const levels = await (await fetch(suite.url + "api/levels")).json();
    const page = await newPage();
    await page.goto(suite.url);
    await page.waitForFunction((n) => document.querySelectorAll("#level option").length === n, levels.length);
    const options = await page.$$eval("#level option", (els) => els.map((e) => [Number(e.value), e.textContent]));
    let last = 0;
    for (const level of levels.filter((l) => l.level > 0)) {
      assert.ok(Number.isInteger(level.elo) && level.elo > last, `level ${level.level}: elo ${level.elo} after ${last}`);
      last = level.elo;
      const [, text] = options.find(([value]) => value === level.level);
      assert.match(text, new RegExp("^Level " + level.level + "\\b.*about " + level.elo + " Elo"), text);
    }
    assert.match(options[0][1], /random/);
    noErrors();
    await page.context().close();
  });

  test("a whole game against the random level, played by clicks", async () => {
    const page = await newPage();
    const id = await start(page, { mode: "computer", level: "0", color: "white" });
    let s = await gameState(suite.url, id);
    for (let i = 0; i < 300 && !s.over; i++) {
      const move = pick(s.legal);
      const before = s.moves.length;
      await clickMove(page, move.from, move.to);
      if (move.promotion) await page.click(`#promotion [data-promotion="${move.promotion}"]`);
      await page.waitForFunction(
        (n) => document.querySelectorAll("#moves .move").length >= n + 2 || document.querySelector("#status.over"),
        before,
      );
      s = await gameState(suite.url, id);
      assert.equal((await moveTexts(page)).length, s.moves.length);
    }
    assert.ok(s.over, "the game ended");
    await page.waitForSelector("#status.over");
    assert.equal(await status(page), s.end_text);
    assert.match(s.end_text, /^(Checkmate|Draw by)/);
    // The PGN of the game is there to download.
    const pgn = await (await fetch(suite.url + "api/games/" + id + "/pgn")).text();
    assert.ok(pgn.includes(`[Result "${s.result}"]`));
    noErrors();
    await page.context().close();
  });

  test("a drag plays a move; an illegal drop snaps back", async () => {
    const page = await newPage();
    await start(page, { mode: "local" });
    await drag(page, "e2", "e5");
    assert.deepEqual(await moveTexts(page), []);
    assert.equal(await page.getAttribute(square("e2"), "data-piece"), "wP");
    assert.equal(await page.getAttribute(square("e5"), "data-piece"), null);
    assert.equal(await page.$$eval(".piece.dragging", (e) => e.length), 0);
    await drag(page, "e2", "e4");
    await page.waitForFunction(() => document.querySelectorAll("#moves .move").length === 1);
    assert.deepEqual(await moveTexts(page), ["e4"]);
    assert.equal(await page.getAttribute(square("e4"), "data-piece"), "wP");
    assert.ok(await page.$eval(square("e4"), (e) => e.classList.contains("last")));
    noErrors();
    await page.context().close();
  });

  test("a finished game is stepped through by buttons and arrow keys and reviewed by Daba", async () => {
    const page = await newPage();
    await start(page, { mode: "local" });
    // 1. f3 e5 2. g4?? Qh4#
    for (const [from, to, n] of [["f2", "f3", 1], ["e7", "e5", 2], ["g2", "g4", 3], ["d8", "h4", 4]]) {
      await clickMove(page, from, to);
      await waitMoves(page, n);
    }
    await page.waitForSelector("#status.over");
    await page.waitForSelector("#step:not([hidden])");
    assert.ok(await page.isDisabled("#step-forward"), "the game as it stands");
    await page.click("#step-first");
    await page.waitForFunction(() => document.getElementById("step-where").textContent === "Move 0 of 4");
    assert.equal(await page.getAttribute(square("f2"), "data-piece"), "wP", "the start position");
    assert.equal(await page.getAttribute(square("h4"), "data-piece"), null);
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.getElementById("step-where").textContent === "Move 1 of 4");
    assert.equal(await page.getAttribute(square("f3"), "data-piece"), "wP");
    assert.equal(await page.getAttribute(square("e7"), "data-piece"), "bP", "before Black's reply");
    assert.ok(await page.$eval(square("f3"), (e) => e.classList.contains("last")));
    await page.keyboard.press("End");
    await page.waitForFunction(() => document.getElementById("step-where").textContent === "");
    assert.equal(await page.getAttribute(square("h4"), "data-piece"), "bQ");
    // A move in the list is a link to its position.
    await page.click('#moves .move[data-ply="2"]');
    await page.waitForFunction(() => document.getElementById("step-where").textContent === "Move 2 of 4");
    assert.equal(await page.getAttribute(square("e5"), "data-piece"), "bP");
    assert.equal(await page.getAttribute(square("g4"), "data-piece"), null);

    // The review: accuracy, the graph, the blunder with the better move.
    await page.waitForSelector("#review:not([hidden])");
    await page.click("#review-ask");
    await page.waitForSelector("#review-figures:not([hidden])", { timeout: 90000 });
    assert.match(await page.textContent("#review-white-accuracy"), /^\d+\.\d%$/);
    assert.match(await page.textContent("#review-white-counts"), /[1-9]\d* blunders?$/);
    assert.ok((await page.$$eval("#review-graph polyline", (e) => e.length)) === 1);
    const blunder = page.locator('#review-marks button[data-ply="3"]');
    assert.match(await blunder.textContent(), /^2\. g4\?\? Blunder .*Better: /);
    await blunder.click();
    await page.waitForFunction(() => document.getElementById("step-where").textContent === "Move 3 of 4");
    assert.equal(await page.getAttribute(square("g4"), "data-piece"), "wP");
    assert.equal(await page.getAttribute('#moves .move[data-ply="3"]', "data-mark"), "??");
    noErrors();
    await page.context().close();
  });

  test("king takes rook castles, by click and by drag, in standard chess and Chess960", async () => {
    const piece = (page, name) => page.getAttribute(square(name), "data-piece");
    // Standard chess: the king clicks onto its rook (O-O), then the other
    // king is dragged onto its rook (O-O-O).
    let page = await newPage();
    await start(page, { mode: "local", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" });
    await clickMove(page, "e1", "h1");
    await page.waitForFunction(() => document.querySelectorAll("#moves .move").length === 1);
    await drag(page, "e8", "a8");
    await page.waitForFunction(() => document.querySelectorAll("#moves .move").length === 2);
    assert.deepEqual(await moveTexts(page), ["O-O", "O-O-O"]);
    assert.deepEqual(
      await Promise.all(["g1", "f1", "c8", "d8", "h1", "a8"].map((n) => piece(page, n))),
      ["wK", "wR", "bK", "bR", null, null],
    );
    await page.context().close();
    // Chess960 (king on c1, rooks on b1 and g1): the same by click and drag.
    page = await newPage();
    await start(page, { mode: "local", fen: "1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w GBgb - 0 1" });
    await clickMove(page, "c1", "g1");
    await page.waitForFunction(() => document.querySelectorAll("#moves .move").length === 1);
    await drag(page, "c8", "b8");
    await page.waitForFunction(() => document.querySelectorAll("#moves .move").length === 2);
    assert.deepEqual(await moveTexts(page), ["O-O", "O-O-O"]);
    assert.deepEqual(
      await Promise.all(["g1", "f1", "c8", "d8", "b8"].map((n) => piece(page, n))),
      ["wK", "wR", "bK", "bR", null],
    );
    noErrors();
    await page.context().close();
  });

  test("a promotion asks for the piece", async () => {
    const page = await newPage();
    await start(page, { mode: "local", fen: "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1" });
    await page.click(square("b7"));
    assert.ok(await page.$eval(square("b8"), (e) => e.classList.contains("target")));
    await page.click(square("b8"));
    await page.waitForSelector("#promotion:not([hidden])");
    await page.click('#promotion [data-promotion="n"]');
    await page.waitForFunction(() => document.querySelectorAll("#moves .move").length === 1);
    assert.deepEqual(await moveTexts(page), ["b8=N"]);
    assert.equal(await page.getAttribute(square("b8"), "data-piece"), "wN");
    noErrors();
    await page.context().close();
  });

  test("stalemate set up from a FEN is shown in words", async () => {
    const page = await newPage();
    await start(page, { mode: "local", fen: "7k/8/6K1/5Q2/8/8/8/8 w - - 0 1" });
    await clickMove(page, "f5", "f7");
    await page.waitForSelector("#status.over");
    assert.match(await status(page), /^Draw by stalemate/);
    noErrors();
    await page.context().close();
  });

  test("threefold repetition, moves typed in SAN, and a claim", async () => {
    const page = await newPage();
    await start(page, { mode: "local", fen: "4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1" });
    const moves = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8".split(" ");
    for (let i = 0; i < moves.length; i++) {
      await page.fill("#san", moves[i]);
      await page.press("#san", "Enter");
      await waitMoves(page, i + 1);
    }
    // A typo is refused with the rules' words.
    await page.fill("#san", "Nf5");
    await page.press("#san", "Enter");
    await page.waitForFunction(() => document.getElementById("move-error").textContent.includes("not a legal move"));
    // (Chromium logs the refused request, a 400, as a console error.)
    suite.forgetErrors(/status of 400/);
    await page.waitForSelector("#claim-draw:not([hidden])");
    assert.equal(await page.textContent("#claim-draw"), "Claim a draw (threefold repetition)");
    await page.click("#claim-draw");
    await page.waitForSelector("#status.over");
    assert.match(await status(page), /^Draw by threefold repetition/);
    noErrors();
    await page.context().close();
  });

  test("a friend in another browser joins by link, plays and chats; chat is plain text", async () => {
    const alice = await newPage();
    await start(alice, { mode: "friend", color: "white" });
    await alice.waitForSelector("#invite:not([hidden])");
    const link = await alice.inputValue("#invite-link");
    assert.match(link, /#join=[0-9a-f]{32}$/);

    const bob = await newPage({ width: 390, height: 844 }); // a phone-sized screen
    await bob.goto(link);
    await bob.waitForFunction(() => /friend's turn/.test(document.getElementById("status").textContent));
    await alice.waitForSelector("#invite", { state: "hidden" });

    await clickMove(alice, "e2", "e4");
    await bob.waitForFunction(() => document.querySelectorAll("#moves .move").length === 1);
    assert.deepEqual(await moveTexts(bob), ["e4"]);
    // Black sees the board from its side: h1 is the top-left square.
    assert.equal(await bob.$eval("#board .square", (e) => e.dataset.square), "h1");
    await clickMove(bob, "e7", "e5");
    await alice.waitForFunction(() => document.querySelectorAll("#moves .move").length === 2);

    await bob.fill("#chat-text", "Hello from Black");
    await bob.press("#chat-text", "Enter");
    await alice.waitForFunction(() => document.querySelectorAll("#chat-lines li").length === 1);
    assert.equal(await alice.textContent("#chat-lines li"), "Black: Hello from Black");

    const evil = '<script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2"><b>bold</b>';
    await alice.fill("#chat-text", evil);
    await alice.click("#chat button");
    await bob.waitForFunction(() => document.querySelectorAll("#chat-lines li").length === 2);
    assert.equal(await bob.textContent("#chat-lines li:nth-child(2) .chat-text"), evil);
    for (const page of [alice, bob]) {
      assert.equal(await page.$$eval("#chat-lines script, #chat-lines img, #chat-lines b", (e) => e.length), 0);
      assert.equal(await page.evaluate(() => window.pwned), undefined);
    }
    noErrors();
    await alice.context().close();
    await bob.context().close();
  });

  test("the creator of a friend game cannot move before the friend has joined", async () => {
    const alice = await newPage();
    const id = await start(alice, { mode: "friend", color: "white" });
    await alice.waitForSelector("#invite:not([hidden])");
    assert.match(await status(alice), /Waiting for your friend/);
    // The board does not take a move: no selection, no targets, a message.
    await alice.click(square("e2"));
    assert.equal(await alice.$$eval("#board .selected, #board .target, #board .target-capture", (e) => e.length), 0);
    assert.match(await alice.textContent("#move-error"), /friend has not opened the link/);
    await drag(alice, "e2", "e4");
    assert.equal(await alice.getAttribute(square("e2"), "data-piece"), "wP");
    assert.ok(await alice.$eval("#san", (e) => e.disabled));
    assert.equal((await gameState(suite.url, id)).moves.length, 0);
    // The server refuses the move too, with a clear 409.
    const seat = await alice.evaluate((id) => JSON.parse(sessionStorage.getItem("daba-seat-" + id)), id);
    const refused = await fetch(suite.url + "api/games/" + id + "/move", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: seat.token, uci: "e2e4" }),
    });
    assert.equal(refused.status, 409);
    assert.match((await refused.json()).error, /wait for your opponent to join/);
    // Once the friend is there, the game starts.
    const bob = await newPage();
    await bob.goto(await alice.inputValue("#invite-link"));
    await alice.waitForSelector("#invite", { state: "hidden" });
    assert.equal(await alice.textContent("#move-error"), "");
    await clickMove(alice, "e2", "e4");
    await bob.waitForFunction(() => document.querySelectorAll("#moves .move").length === 1);
    noErrors();
    await alice.context().close();
    await bob.context().close();
  });

  test("the chat box takes at most the server's limit and says how many characters are left", async () => {
    const alice = await newPage();
    await start(alice, { mode: "friend", color: "white" });
    const bob = await newPage();
    await bob.goto(await alice.inputValue("#invite-link"));
    await alice.waitForSelector("#chat:not([hidden])");
    const limit = await alice.$eval("#chat-text", (e) => e.maxLength);
    assert.ok(limit > 20, "a maxlength on the chat box: " + limit);
    // Far from the limit nothing is said.
    await alice.fill("#chat-text", "Hello");
    assert.ok(await alice.isHidden("#chat-left"));
    // Near it, the count of what is left.
    await alice.fill("#chat-text", "x".repeat(limit - 10));
    await alice.waitForSelector("#chat-left:not([hidden])");
    assert.match(await alice.textContent("#chat-left"), /^10 characters left/);
    // Typing past it adds nothing, and the box says it is full.
    await alice.focus("#chat-text");
    await alice.keyboard.type("y".repeat(15));
    assert.equal((await alice.inputValue("#chat-text")).length, limit);
    assert.match(await alice.textContent("#chat-left"), /^0 characters left/);
    // A longer paste is cut to the limit, and the box says so.
    await alice.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await alice.evaluate((n) => navigator.clipboard.writeText("z".repeat(n)), limit + 50);
    await alice.fill("#chat-text", "");
    await alice.focus("#chat-text");
    await alice.keyboard.press("Control+V");
    await alice.waitForFunction(() => /cut/.test(document.getElementById("chat-left").textContent));
    assert.equal((await alice.inputValue("#chat-text")).length, limit);
    // What fits is sent whole; the count goes with it.
    await alice.press("#chat-text", "Enter");
    await bob.waitForFunction(() => document.querySelectorAll("#chat-lines li").length === 1);
    assert.equal((await bob.textContent("#chat-lines li .chat-text")).length, limit);
    assert.ok(await alice.isHidden("#chat-left"));
    // The server refuses a longer message with a clear 400 instead of cutting it.
    const id = /game=([0-9a-f]+)/.exec(alice.url())[1];
    const seat = await alice.evaluate((id) => JSON.parse(sessionStorage.getItem("daba-seat-" + id)), id);
    const refused = await fetch(suite.url + "api/games/" + id + "/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: seat.token, text: "w".repeat(limit + 1) }),
    });
    assert.equal(refused.status, 400);
    assert.match((await refused.json()).error, new RegExp("at most " + limit + " characters"));
    noErrors();
    await alice.context().close();
    await bob.context().close();
  });

  test("on a phone the board is centred and its coordinates are clear of the pieces", async () => {
    const page = await newPage({ width: 390, height: 844 });
    await start(page, { mode: "local" });
    const measure = () =>
      page.evaluate(() => {
        const box = (e) => e.getBoundingClientRect();
        const board = box(document.getElementById("board"));
        return {
          left: board.left,
          right: document.documentElement.clientWidth - board.right,
          coords: [...document.querySelectorAll("#board .coord")].map((e) => [e.dataset.coord || e.textContent, box(e).toJSON()]),
          pieces: [...document.querySelectorAll("#board img.piece")].map((e) => [e.alt, box(e).toJSON()]),
        };
      });
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    for (const flip of [false, true]) {
      if (flip) await page.click("#flip");
      const m = await measure();
      assert.ok(Math.abs(m.left - m.right) <= 2, `margins ${m.left} and ${m.right}`);
      assert.equal(m.coords.length, 16);
      assert.equal(m.pieces.length, 32);
      for (const [label, c] of m.coords) {
        assert.ok(c.width > 0 && c.left >= 0, label + " is on the screen");
        for (const [piece, p] of m.pieces) assert.ok(!meets(c, p), `${label} overlaps the ${piece}`);
      }
    }
    noErrors();
    await page.context().close();
  });

  test("a rematch after a game between two people: offered, accepted, colours swapped", async () => {
    const alice = await newPage();
    const first = await start(alice, { mode: "friend", color: "white" });
    const bob = await newPage();
    await bob.goto(await alice.inputValue("#invite-link"));
    await alice.waitForSelector("#invite", { state: "hidden" });
    await clickMove(alice, "e2", "e4");
    await bob.waitForFunction(() => document.querySelectorAll("#moves .move").length === 1);
    await clickMove(bob, "e7", "e5");
    await alice.waitForFunction(() => document.querySelectorAll("#moves .move").length === 2);
    assert.ok(await alice.isHidden("#rematch-offer"), "no rematch while the game goes on");
    await bob.click("#resign");
    await bob.click("#resign-confirm"); // the confirmation dialog
    await alice.waitForSelector("#status.over");
    await alice.click("#rematch-offer");
    await alice.waitForSelector("#rematch-cancel:not([hidden])");
    await bob.waitForSelector("#rematch-accept:not([hidden])");
    assert.match(await bob.textContent("#notice"), /offers a rematch/);
    await bob.click("#rematch-accept");
    // Both pages go to the new game; Bob has White now and moves first.
    for (const page of [alice, bob]) {
      await page.waitForFunction((old) => {
        const m = /game=([0-9a-f]+)/.exec(location.hash);
        return m && m[1] !== old && document.querySelector("#play:not([hidden]) #board .square");
      }, first);
    }
    const second = /game=([0-9a-f]+)/.exec(bob.url())[1];
    assert.equal(/game=([0-9a-f]+)/.exec(alice.url())[1], second);
    await bob.waitForFunction(() => /Your move \(white\)/.test(document.getElementById("status").textContent));
    await alice.waitForFunction(() => /friend's turn/.test(document.getElementById("status").textContent));
    assert.equal(await alice.$eval("#board .square", (e) => e.dataset.square), "h1", "Alice sees the board from Black's side");
    await clickMove(bob, "d2", "d4");
    await alice.waitForFunction(() => document.querySelectorAll("#moves .move").length === 1);
    assert.deepEqual(await moveTexts(alice), ["d4"]);
    const s = await gameState(suite.url, second);
    assert.equal(s.over, false);
    assert.deepEqual(s.seats, { white: true, black: true });
    noErrors();
    await alice.context().close();
    await bob.context().close();
  });

  test("the help page shows a piece's moves from the server", async () => {
    const page = await newPage();
    await page.goto(suite.url + "#help");
    await page.waitForSelector('.mini [data-square="d5"] img');
    const knight = page.locator(".mini").nth(4);
    await knight.locator('[data-square="d5"]').click();
    assert.equal(await knight.locator(".target, .target-capture").count(), 8);
    assert.match(await knight.locator(".mini-caption").textContent(), /8 squares/);
    noErrors();
    await page.context().close();
  });

  test("the help's captions: no game end on a lesson board, one square for a promotion, whose turn it is", async () => {
    const page = await newPage();
    await page.goto(suite.url + "#help");
    const lesson = (title) => page.locator("article", { has: page.locator(`h3:text-is("${title}")`) }).locator(".mini");
    const caption = (title) => lesson(title).locator(".mini-caption").textContent();
    // Waits for the lessons to be drawn: every() of no caption yet is true.
    await page.waitForFunction(() => {
      const captions = [...document.querySelectorAll(".mini-caption")];
      return captions.length > 0 && captions.every((c) => c.textContent);
    });
    // A king (or a king and a bishop) against a king is a dead position for
    // the rules, but a lesson board is there to show the moves.
    for (const title of ["The king", "The bishop"]) {
      assert.equal(await caption(title), "White to move. Click a piece.", title);
    }
    // The boards that show an end still say it.
    assert.match(await caption("Checkmate"), /^Checkmate/);
    assert.match(await caption("Draws"), /^Draw by stalemate/);
    // The promoting pawn has one square and four pieces to choose from.
    const promotion = await (await fetch(suite.url + "api/position", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ fen: await lesson("Promotion").getAttribute("data-fen") }),
    })).json();
    const pawn = promotion.legal.find((m) => m.promotion);
    await lesson("Promotion").locator(`[data-square="${pawn.from}"]`).click();
    const text = await caption("Promotion");
    assert.match(text, /can go to 1 square\./);
    assert.match(text, /four choices/);
    assert.doesNotMatch(text, /4 squares/);
    // A piece of the side not to move: whose turn it is, not "no legal move".
    await lesson("The king").locator('[data-square="b8"]').click();
    const other = await caption("The king");
    assert.match(other, /White's turn/);
    assert.doesNotMatch(other, /no legal move/);
    noErrors();
    await page.context().close();
  });
});
