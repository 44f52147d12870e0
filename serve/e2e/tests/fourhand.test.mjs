// The page of a table for four (fourhand.js) in headless Chromium against
// the real binary: four players sit by their seats' links and see their own
// army at the bottom, move by drag and by click, free a frozen army, talk
// and object (§12); two people and two computers play a game to its end;
// the lobby opens a table and a signed-in player sits down from its list;
// axe-core audits the table page. Run: node --test tests/fourhand.test.mjs
// (in serve/e2e), after `cargo build --release`.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { skipBrowserTests } from "../lib.mjs";
import { browserSuite, createTable } from "../suite.mjs";

const axeSource = createRequire(import.meta.url)("axe-core").source;

// The positions of serve/tests/tables.rs. RELEASE: West frozen by South's
// Qc10, East to move frees it with Be8xc10. MATE: West frozen, South mates
// East with Ql6-l7.
const RELEASE =
  "___3nK4___/___8___/___8___/14/2sQ11/14/wK3eB9/13eK/14/7wR6/14/___8___/___8___/___4sK3___ E W 0 1";
const MATE =
  "___3nK4___/___8___/___8___/13sR/2sQ11/14/wK13/13eK/11sQ2/14/14/___8___/___8___/___4sK3___ S W 0 1";

// T20 one move before: South's pawn on b9, with two captures, takes West's
// knight on a10 and promotes.
const PROMOTE =
  "___3nK4___/___8___/___8___/14/wN13/1sP*212/wK13/13eK/14/14/14/___8___/___8___/___4sK3___ S - 0 1";

const skip = skipBrowserTests();

describe("tables for four", { skip }, () => {
  // Each player in a browser context of their own (their own session
  // storage, so their own seat token).
  const suite = browserSuite({ viewport: { width: 1400, height: 950 } });
  const { noErrors } = suite;
  const newPage = () => suite.newPage();

  /** The creator's page: its token where fourhand.js keeps it, then the table. */
  async function openAsCreator(page, given) {
    await page.goto(suite.url);
    await page.evaluate(([id, token]) => sessionStorage.setItem("daba-table-" + id, token), [given.id, given.token]);
    await page.goto(suite.url + "#table=" + given.id);
    await page.waitForSelector("#table:not([hidden]) #fh-board .square");
  }

  async function sitByLink(page, id, seat) {
    await page.goto(suite.url + "#table=" + id + "&seat=" + seat);
    await page.waitForFunction(
      (seat) => document.querySelector("#fh-seat-bottom")?.dataset.seat === seat && !!document.querySelector("#fh-chat:not([hidden])"),
      seat,
    );
    // The seat's link leaves the address once used.
    assert.ok(!page.url().includes("&seat="), page.url());
  }

  const sq = (name) => `#fh-board [data-square="${name}"]`;
  const logText = (page) => page.textContent("#fh-log");
  const waitLog = (page, pattern) =>
    page.waitForFunction((source) => new RegExp(source).test(document.getElementById("fh-log").textContent), pattern.source);

  async function drag(page, from, to) {
    const a = await page.locator(sq(from)).boundingBox();
    const b = await page.locator(sq(to)).boundingBox();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
    await page.mouse.up();
  }

  /** axe-core on the page as it is: no serious or critical violation. */
  async function audit(page, what) {
    if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(axeSource);
    const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
    const bad = result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => v.id + " (" + v.impact + "): " + v.help + " at " + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; "));
    assert.deepEqual(bad, [], what);
  }

  test("four players sit by link, see their own army at the bottom, free a frozen army, talk and object", async () => {
    const given = await createTable(suite.url, {
      seats: [{ kind: "person" }, { kind: "person" }, { kind: "person" }, { kind: "person" }],
      seat: "E",
      position: RELEASE,
    });
    const east = await newPage();
    await openAsCreator(east, given);
    // Until the others come: a link for each free seat, nobody moves.
    await east.waitForSelector("#fh-invite:not([hidden])");
    const links = await east.$$eval("#fh-invite-links input", (inputs) => inputs.map((i) => i.value));
    assert.deepEqual(
      links.map((l) => l.replace(/^.*#/, "")),
      ["S", "W", "N"].map((s) => "table=" + given.id + "&seat=" + s),
    );
    assert.match(await east.textContent("#fh-status"), /Waiting for 3 more players/);

    const pages = { E: east };
    for (const seat of ["S", "W", "N"]) {
      pages[seat] = await newPage();
      await sitByLink(pages[seat], given.id, seat);
    }
    await east.waitForSelector("#fh-invite", { state: "hidden" });
    await east.waitForFunction(() => /Your move/.test(document.getElementById("fh-status").textContent));

    // Each sees their own seat at the bottom: West's king (a8) on West's
    // bottom row, on East's top row; the seats around in the order of play.
    const rowOf = (page, square) =>
      page.$eval(sq(square), (cell) => [...cell.closest("#fh-board").querySelectorAll('[role="row"]')].indexOf(cell.parentElement));
    assert.equal(await rowOf(pages.W, "a8"), 13);
    assert.equal(await rowOf(east, "a8"), 0);
    assert.equal(await rowOf(pages.S, "h1"), 13);
    assert.equal(await rowOf(pages.N, "g14"), 13);
    assert.equal(await pages.W.getAttribute("#fh-seat-left", "data-seat"), "N");
    assert.equal(await pages.W.getAttribute("#fh-seat-top", "data-seat"), "E");
    assert.equal(await pages.W.getAttribute("#fh-board", "aria-label"), "Board for four, West at the bottom");

    // West is frozen: greyed, labelled, said.
    for (const page of Object.values(pages)) {
      await page.waitForSelector('.fh-seat[data-seat="W"].frozen');
      assert.match(await page.textContent('.fh-seat[data-seat="W"]'), /frozen/);
      assert.ok(await page.$(sq("a8") + " img.fh-piece.seat-W.frozen"));
      assert.match(await page.getAttribute(sq("a8"), "aria-label"), /^a8, West's king, frozen/);
    }
    assert.match(await east.textContent('.fh-seat[data-seat="E"]'), /to move/);

    // The legal squares are marked; a drag plays: Be8xc10 frees West.
    await east.click(sq("e8"));
    assert.ok(await east.$(sq("c10") + ".target-capture"));
    assert.match(await east.getAttribute(sq("c10"), "aria-label"), /can go here/);
    await east.click(sq("e8")); // puts it down again
    assert.equal(await east.$(sq("c10") + ".target-capture"), null);
    await drag(east, "e8", "c10");
    for (const page of Object.values(pages)) await waitLog(page, /West is released/);
    await pages.W.waitForFunction(() => /West is released/.test(document.getElementById("announce").textContent));
    for (const page of Object.values(pages)) {
      await page.waitForSelector('.fh-seat[data-seat="W"]:not(.frozen)');
      assert.equal(await page.$("#fh-board img.frozen"), null);
      assert.match(await page.getAttribute(sq("c10"), "aria-label"), /East's bishop/);
    }

    // The table chat: North suggests a move to South; West, an opponent,
    // objects, and South may not play it; South's own side cannot object.
    await pages.N.fill("#fh-chat-text", "South: try h1-i1");
    await pages.N.click("#fh-chat-form button[type=submit]");
    for (const page of Object.values(pages)) await page.waitForSelector('#fh-chat-lines [data-line="1"]');
    assert.equal(await pages.S.$('#fh-chat-lines [data-line="1"] button.object'), null);
    assert.equal(await pages.N.$('#fh-chat-lines [data-line="1"] button.object'), null);
    await pages.W.click('#fh-chat-lines [data-line="1"] button.object');
    await pages.W.waitForFunction(() => /West objects/.test(document.getElementById("fh-notice").textContent));
    await pages.S.waitForSelector("#fh-objections-box:not([hidden])");
    assert.match(await pages.S.textContent("#fh-objections"), /South may not play h1-i1 \(objection by West\)/);
    await pages.S.click(sq("h1"));
    assert.equal(await pages.S.$(sq("i1") + ".target"), null, "the objected move is not offered");
    assert.ok(await pages.S.$(sq("g1") + ".target"));
    // A click on a marked square plays.
    await pages.S.click(sq("g1"));
    for (const page of Object.values(pages)) await waitLog(page, /South plays Kh1-g1/);
    assert.match(await pages.W.textContent("#fh-status"), /Your move/);

    // By keyboard: the arrows walk West's turned view (left of h5 on
    // screen is h6), Enter picks West's rook up and plays it.
    const w = pages.W;
    await w.evaluate(() => document.querySelector('#fh-board [data-square="h5"]').focus());
    await w.keyboard.press("ArrowLeft");
    assert.equal(await w.evaluate(() => document.activeElement.dataset.square), "h6");
    await w.keyboard.press("ArrowRight");
    assert.equal(await w.evaluate(() => document.activeElement.dataset.square), "h5");
    await w.keyboard.press("Enter");
    await w.waitForSelector(sq("h5") + ".selected");
    const target = await w.$eval("#fh-board .target, #fh-board .target-capture", (cell) => cell.dataset.square);
    await w.evaluate((name) => document.querySelector(`#fh-board [data-square="${name}"]`).focus(), target);
    await w.keyboard.press("Enter");
    await waitLog(w, new RegExp("West plays Rh5"));
    assert.match(await logText(east), /East plays Be8xc10/);

    const record = await (await fetch(new URL("/api/tables/" + given.id + "/record", suite.url))).text();
    assert.match(record, /E: Be8xc10/);
    assert.equal(await east.getAttribute("#fh-record", "href"), "/api/tables/" + given.id + "/record");
    noErrors();
    for (const page of Object.values(pages)) await page.context().close();
  });

  test("two people and two computers play a game to its end", async () => {
    const given = await createTable(suite.url, {
      seats: [{ kind: "person" }, { kind: "computer", level: 0 }, { kind: "person" }, { kind: "computer", level: 0 }],
      position: MATE,
    });
    const south = await newPage();
    await openAsCreator(south, given);
    const north = await newPage();
    await sitByLink(north, given.id, "N");
    await south.waitForFunction(() => /Your move/.test(document.getElementById("fh-status").textContent));
    assert.match(await south.textContent('.fh-seat[data-seat="W"]'), /Daba, level 0/);
    await drag(south, "l6", "l7");
    // West, frozen, passes by itself; then North moves.
    await waitLog(north, /West is frozen and passes/);
    await north.waitForFunction(() => /Your move/.test(document.getElementById("fh-status").textContent));
    await north.click(sq("g14"));
    const to = await north.$eval("#fh-board .target, #fh-board .target-capture", (cell) => cell.dataset.square);
    await north.click(sq(to));
    for (const page of [south, north]) {
      await waitLog(page, /East is checkmated/);
      await page.waitForFunction(() => /South and North win/.test(document.getElementById("fh-status").textContent));
      assert.ok(await page.isHidden("#fh-resign"));
    }
    const record = await (await fetch(new URL(await south.getAttribute("#fh-record", "href"), suite.url))).text();
    assert.match(record, /\[Result "SN win"\]/);
    // Someone who does not sit there watches: the board and the plies, not
    // the players' chat, no seat to take.
    const watcher = await newPage();
    await watcher.goto(suite.url + "#table=" + given.id);
    await watcher.waitForFunction(() => /You watch this table/.test(document.getElementById("fh-status").textContent));
    assert.ok(await watcher.isHidden("#fh-chat"));
    assert.equal(await watcher.$(".fh-seat button.sit"), null);
    assert.match(await logText(watcher), /East is checkmated/);
    await watcher.context().close();
    noErrors();
    await south.context().close();
    await north.context().close();
  });

  test("the lobby opens a table; a signed-in player sits down from its list; resigning ends it", async () => {
    const host = await newPage();
    await host.goto(suite.url);
    await host.waitForSelector("#lobby:not([hidden]) #table-form");
    // One seat must be one's own.
    await host.selectOption("#table-seat-S", "person");
    await host.click("#table-create");
    await host.waitForFunction(() => /exactly one seat/.test(document.getElementById("table-form-error").textContent));
    await host.selectOption("#table-seat-S", "you");
    await host.selectOption("#table-seat-W", "person");
    await host.selectOption("#table-seat-N", "computer-0");
    await host.selectOption("#table-seat-E", "computer-1");
    await host.click("#table-create");
    await host.waitForSelector("#table:not([hidden]) #fh-invite:not([hidden])");
    const id = /table=([0-9a-f]+)/.exec(host.url())[1];
    assert.match(await host.textContent('.fh-seat[data-seat="W"]'), /Free seat/);

    const guest = await newPage();
    await guest.goto(suite.url + "#signup");
    await guest.fill("#signup-username", "fourhander");
    await guest.fill("#signup-password", "correct horse battery");
    await guest.click("#signup-submit");
    await guest.waitForSelector("#signed-in:not([hidden])");
    await guest.goto(suite.url + "#");
    const row = `#tables-body tr[data-table="${id}"]`;
    await guest.waitForSelector(row);
    assert.match(await guest.textContent(row), /guest/);
    assert.equal(await guest.getAttribute(row + " a.look", "href"), "#table=" + id);
    await guest.click(row + ' button[data-seat="W"]');
    await guest.waitForSelector("#table:not([hidden]) #fh-seat-bottom[data-seat='W']");
    assert.match(await guest.textContent("#fh-seat-bottom"), /You \(fourhander\)/);
    // The host's page hears of it by its long poll; the table leaves the list.
    await host.waitForFunction(() => /fourhander/.test(document.querySelector('.fh-seat[data-seat="W"]').textContent));
    await host.waitForSelector("#fh-invite", { state: "hidden" });
    await host.waitForFunction(() => /Your move/.test(document.getElementById("fh-status").textContent));
    await guest.goto(suite.url + "#");
    await guest.waitForSelector("#lobby:not([hidden])");
    await guest.waitForFunction((id) => !document.querySelector(`#tables-body tr[data-table="${id}"]`), id);

    await host.click("#fh-resign");
    await host.click("#fh-resign-confirm");
    await host.waitForFunction(() => /West and East win/.test(document.getElementById("fh-status").textContent));
    noErrors();
    await host.context().close();
    await guest.context().close();
  });

  test("the lobby's form sets the rules; a free promotion asks for the piece; the table chat counts characters", async () => {
    const host = await newPage();
    await host.goto(suite.url);
    await host.waitForSelector("#lobby:not([hidden]) #table-form");
    for (const seat of ["W", "N", "E"]) await host.selectOption("#table-seat-" + seat, "computer-0");
    await host.click("#table-rules summary");
    await host.fill("#table-rules-more", "castling=on");
    await host.click("#table-create");
    await host.waitForFunction(() => /no setting is called/.test(document.getElementById("table-form-error").textContent));
    // The browser logs the refusal (a 400) as an error of its own.
    suite.forgetErrors(/status of 400/);
    await host.selectOption("#table-rule-promotion", "choice");
    await host.selectOption("#table-rule-objection", "own-turns");
    await host.fill("#table-rules-more", "leap=any");
    await host.click("#table-create");
    await host.waitForSelector("#table:not([hidden]) #fh-board .square");
    await host.waitForFunction(() => /promotion=choice/.test(document.getElementById("fh-rules").textContent));
    const rules = await host.textContent("#fh-rules");
    assert.match(rules, /objection=own-turns/);
    assert.match(rules, /leap=any/);

    const given = await createTable(suite.url, {
      seats: [{ kind: "person" }, { kind: "computer", level: 0 }, { kind: "computer", level: 0 }, { kind: "computer", level: 0 }],
      position: PROMOTE,
      rules: "promotion=choice",
    });
    const south = await newPage();
    await openAsCreator(south, given);
    await south.waitForFunction(() => /Your move/.test(document.getElementById("fh-status").textContent));
    await south.click(sq("b9"));
    await south.click(sq("a10"));
    await south.waitForSelector("#fh-promotion:not([hidden])");
    const offered = await south.$$eval("#fh-promotion-choices [data-promotion]", (b) => b.map((x) => x.dataset.promotion));
    assert.deepEqual(offered, ["q", "r", "b", "n"]);
    await south.click('#fh-promotion-choices [data-promotion="n"]');
    // West's knight stood on a10 before: wait for South's.
    await south.waitForFunction(() => {
      const a10 = document.querySelector('#fh-board [data-square="a10"]');
      return a10.dataset.seat === "S" && /knight/i.test(a10.getAttribute("aria-label") || "");
    });
    assert.ok(await south.isHidden("#fh-promotion"));
    await waitLog(south, /b9xa10=N/);

    // Near the server's limit the chat box says how many characters are left.
    await south.fill("#fh-chat-text", "x".repeat(190));
    await south.waitForSelector("#fh-chat-left:not([hidden])");
    assert.match(await south.textContent("#fh-chat-left"), /10/);
    noErrors();
    await host.context().close();
    await south.context().close();
  });

  test("on a phone-sized screen the lobby's panel and a table fit the width", async () => {
    const given = await createTable(suite.url, {
      seats: [{ kind: "person" }, { kind: "person" }, { kind: "computer", level: 0 }, { kind: "computer", level: 0 }],
      listed: true,
    });
    const page = await suite.newPage({ viewport: { width: 390, height: 844 } });
    const fits = async (what) => {
      const f = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      assert.ok(f.scroll <= f.inner, `${what}: ${f.scroll} > ${f.inner}`);
    };
    await page.goto(suite.url);
    await page.waitForSelector(`#tables-body tr[data-table="${given.id}"]`);
    await fits("the lobby with a table listed");
    await page.goto(suite.url + "#table=" + given.id + "&seat=W");
    await page.waitForSelector("#fh-seat-bottom[data-seat='W']");
    await fits("the table");
    const board = await page.$eval("#fh-board", (b) => b.getBoundingClientRect().toJSON());
    assert.ok(board.left >= 0 && board.right <= 390 && board.width >= 300, JSON.stringify(board));
    noErrors();
    await page.context().close();
  });

  test("axe-core finds no serious or critical violation on a table page", async () => {
    const given = await createTable(suite.url, {
      seats: [{ kind: "person" }, { kind: "computer", level: 0 }, { kind: "person" }, { kind: "computer", level: 0 }],
      seat: "S",
      position: RELEASE,
    });
    const page = await newPage();
    await openAsCreator(page, given);
    await audit(page, "a table waiting for a player");
    const north = await newPage();
    await sitByLink(north, given.id, "N");
    await north.fill("#fh-chat-text", "hello South");
    await north.click("#fh-chat-form button[type=submit]");
    await page.waitForSelector('#fh-chat-lines [data-line="1"]');
    await audit(page, "a table in play, frozen West, a chat line");
    await page.goto(suite.url + "#");
    await page.waitForSelector("#lobby:not([hidden]) #table-form");
    await audit(page, "the lobby with its tables panel");
    noErrors();
    await page.context().close();
    await north.context().close();
  });
});
