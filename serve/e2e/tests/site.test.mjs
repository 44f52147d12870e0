// The site in a real browser (issue 34): accounts, the lobby, games between
// people with clocks, take-backs, draws, chat, watchers, "my games" and
// profiles. Run: npm test (in serve/e2e), after `cargo build --release`.
//
// Tests that need an endpoint the server does not have yet are skipped
// with a printed reason, and only when that endpoint answers 404 (or, for
// the clock, when POST /api/games refuses the `time_control` field as
// unknown): see `waitsFor`.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { required, skipBrowserTests, startServer } from "../lib.mjs";
import { browserSuite, clickMove, gameState, moveTexts, square, waitMoves } from "../suite.mjs";

const skip = skipBrowserTests();

describe("the site in Chromium", { skip }, () => {
  const suite = browserSuite({ viewport: { width: 1200, height: 900 }, acceptDialogs: true });
  const { noErrors } = suite;
  const newPage = (viewport) => suite.newPage({ viewport });
  let users = 0;

  /** The reason a test waits, when `method path` answers 404 (the
   * endpoint is not on this server yet); null when it is there. */
  async function waitsFor(method, path) {
    const response = await fetch(suite.url + path.replace(/^\//, ""), {
      method,
      headers: method === "GET" ? {} : { "Content-Type": "application/json" },
      body: method === "GET" ? undefined : "{}",
    });
    if (response.status !== 404) return null;
    const text = await response.text();
    // /api/users/{name} answers 404 for a user that does not exist: that is
    // not a missing route.
    if (/no such user/.test(text)) return null;
    return `waits for ${method} ${path} (the server answers 404)`;
  }

  async function skipUnless(t, checks) {
    for (const [method, path] of checks) {
      const reason = await waitsFor(method, path);
      if (reason) {
        if (required()) assert.fail(t.name + ": " + reason);
        console.log("# SKIPPED " + t.name + ": " + reason);
        t.skip(reason);
        return true;
      }
    }
    return false;
  }

  function uniqueName(base) {
    users += 1;
    return base + users;
  }

  /** Signs up a new player through the page's form; the page lands in the lobby. */
  async function signUp(page, name, password = "correct horse battery", base = suite.url) {
    await page.goto(base + "#signup");
    await page.fill("#signup-username", name);
    await page.fill("#signup-password", password);
    await page.click("#signup-submit");
    await page.waitForSelector("#signed-in:not([hidden])");
    await page.waitForSelector("#lobby:not([hidden])");
    return name;
  }


  /** A friend game between two guests: Alice (White) sends the link, Bob
   * opens it. `control` is the setup form's time control value. */
  async function friendGame({ control, minutes, increment } = {}) {
    const alice = await newPage();
    await alice.goto(suite.url);
    await alice.check('input[name="mode"][value="friend"]');
    await alice.selectOption("#color", "white");
    if (control) {
      await alice.selectOption("#setup-tc", control);
      if (control === "custom") {
        await alice.selectOption("#setup-minutes", minutes);
        await alice.selectOption("#setup-increment", increment);
      }
    }
    await alice.click("#start");
    await alice.waitForSelector("#invite:not([hidden])");
    const link = await alice.inputValue("#invite-link");
    const id = /#join=([0-9a-f]+)$/.exec(link)[1];
    const bob = await newPage();
    await bob.goto(link);
    await bob.waitForFunction(() => /friend's turn/.test(document.getElementById("status").textContent));
    await alice.waitForSelector("#invite", { state: "hidden" });
    return { alice, bob, id, link };
  }

  async function close(...pages) {
    for (const page of pages) await page.context().close();
  }

  test("the lobby is the landing page; the computer's first level is the random one", async () => {
    const page = await newPage();
    await page.goto(suite.url);
    await page.waitForSelector("#lobby:not([hidden]) #setup-form");
    const first = await page.$eval("#level option", (o) => ({ value: o.value, text: o.textContent }));
    assert.equal(first.value, "0");
    assert.match(first.text, /random/i);
    // A guest is asked to sign in before challenging people.
    assert.ok(await page.isVisible("#seek-guest"));
    assert.ok(await page.isHidden("#seek-form"));
    assert.ok(await page.isVisible("#nav-signin"));
    noErrors();
    await close(page);
  });

  test("sign up, sign out, sign in; a wrong password and too many attempts are explained", async () => {
    const page = await newPage();
    const name = uniqueName("ann");
    await page.goto(suite.url);
    await page.click("#nav-signup");
    await page.waitForSelector("#signup-form:not([hidden])");
    assert.equal(await page.getAttribute("#signup-password", "type"), "password");
    assert.equal(await page.getAttribute("#signup-password", "autocomplete"), "new-password");
    // The server's rules, in its words.
    await page.fill("#signup-username", name);
    await page.fill("#signup-password", "short");
    await page.click("#signup-submit");
    await page.waitForFunction(() => document.getElementById("signup-error").textContent.length > 0);
    assert.match(await page.textContent("#signup-error"), /password/i);
    await page.fill("#signup-password", "a good long password");
    await page.click("#signup-submit");
    await page.waitForSelector("#signed-in:not([hidden])");
    assert.match(await page.textContent("#nav-me"), new RegExp("^" + name + " \\(1500\\?\\)$"));
    assert.ok(await page.isVisible("#seek-form"));

    await page.click("#signout");
    await page.waitForSelector("#signed-out:not([hidden])");
    assert.ok(await page.isHidden("#nav-games"));
    const me = await page.evaluate(() => fetch("/api/me").then((r) => r.json()));
    assert.equal(me.user, null);

    await page.click("#nav-signin");
    await page.waitForSelector("#signin-form:not([hidden])");
    assert.equal(await page.getAttribute("#signin-password", "type"), "password");
    await page.fill("#signin-username", name);
    await page.fill("#signin-password", "not my password");
    await page.click("#signin-submit");
    await page.waitForFunction(() => document.getElementById("signin-error").textContent.length > 0);
    assert.equal(await page.textContent("#signin-error"), "Wrong username or password.");
    assert.ok(await page.isVisible("#signed-out"));

    await page.fill("#signin-password", "a good long password");
    await page.click("#signin-submit");
    await page.waitForSelector("#signed-in:not([hidden])");
    assert.equal(await page.textContent("#signin-error"), "");
    await page.waitForSelector("#lobby:not([hidden])");

    // Too many wrong passwords for one name: the wait is shown.
    await page.click("#signout");
    await page.waitForSelector("#signed-out:not([hidden])");
    await page.goto(suite.url + "#signin");
    let text = "";
    for (let i = 0; i < 12 && !/try again in/.test(text); i++) {
      await page.fill("#signin-username", name);
      await page.fill("#signin-password", "wrong " + i);
      await page.evaluate(() => (document.getElementById("signin-error").textContent = ""));
      await page.click("#signin-submit");
      await page.waitForFunction(() => document.getElementById("signin-error").textContent.length > 0);
      text = await page.textContent("#signin-error");
    }
    assert.match(text, /try again in \d+ (seconds|minutes)/);
    noErrors([400, 401, 429]);
    await close(page);
  });

  test("a player changes their password and closes their account from their profile", async (t) => {
    if (await skipUnless(t, [["POST", "/api/account/password"], ["POST", "/api/account/close"]])) return;
    const page = await newPage();
    const name = await signUp(page, uniqueName("cleo"));
    await page.click("#nav-me");
    await page.waitForSelector("#account-settings:not([hidden])");
    await page.click("#account-settings summary");
    await page.fill("#password-current", "not my password");
    await page.fill("#password-new", "a brand new secret");
    await page.click("#password-submit");
    await page.waitForFunction(() => /not your password/.test(document.getElementById("password-error").textContent));
    await page.fill("#password-current", "correct horse battery");
    await page.fill("#password-new", "a brand new secret");
    await page.click("#password-submit");
    await page.waitForFunction(() => /password is changed/.test(document.getElementById("password-status").textContent));
    assert.ok(await page.isVisible("#signed-in"), "still signed in here");
    const signIn = (password) =>
      fetch(suite.url + "api/signin", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: name, password }),
      });
    assert.equal((await signIn("correct horse battery")).status, 401);
    assert.equal((await signIn("a brand new secret")).status, 200);
    // Another player's profile has no settings.
    await page.goto(suite.url + "#user=nobody-" + name);
    await page.goto(suite.url + "#user=" + name);
    await page.waitForSelector("#account-settings:not([hidden])");
    // Closing asks first, in the page's own dialog: "keep" keeps it.
    await page.click("#account-settings summary");
    await page.fill("#close-password", "a brand new secret");
    await page.click("#close-submit");
    await page.waitForSelector("#ask-dialog[open]");
    await page.click("#ask-no");
    assert.ok(!(await page.$eval("#ask-dialog", (d) => d.open)));
    assert.equal((await fetch(suite.url + "api/users/" + name)).status, 200);
    await page.click("#close-submit");
    await page.waitForSelector("#ask-dialog[open]");
    await page.click("#ask-yes");
    await page.waitForSelector("#signed-out:not([hidden])");
    await page.waitForSelector("#lobby:not([hidden])");
    assert.equal((await fetch(suite.url + "api/users/" + name)).status, 404);
    noErrors([401, 403, 404]);
    await close(page);
  });

  test("take-back requests and draw offers between two players", async () => {
    const { alice, bob, id } = await friendGame();
    await clickMove(alice, "e2", "e4");
    await waitMoves(bob, 1);
    await clickMove(bob, "e7", "e5");
    await waitMoves(alice, 2);
    await clickMove(alice, "g1", "f3");
    await waitMoves(bob, 3);

    // Alice asks to take back Nf3; Bob declines, she asks again, he accepts.
    assert.ok(await alice.isHidden("#undo"));
    await alice.click("#takeback-ask");
    await alice.waitForSelector("#takeback-cancel:not([hidden])");
    await bob.waitForSelector("#takeback-accept:not([hidden])");
    await bob.click("#takeback-decline");
    await alice.waitForSelector("#takeback-ask:not([hidden])");
    assert.match(await alice.textContent("#notice"), /declines/);
    await alice.click("#takeback-ask");
    await bob.waitForSelector("#takeback-accept:not([hidden])");
    await bob.click("#takeback-accept");
    await waitMoves(alice, 2);
    await waitMoves(bob, 2);
    assert.deepEqual(await moveTexts(alice), ["e4", "e5"]);
    assert.equal(await alice.getAttribute(square("g1"), "data-piece"), "wN");

    // A draw offer declined, then one accepted.
    await clickMove(alice, "g1", "f3");
    await waitMoves(bob, 3);
    await alice.click("#offer-draw");
    await bob.waitForSelector("#accept-draw:not([hidden])");
    assert.ok(await bob.isVisible("#decline-draw"));
    await bob.click("#decline-draw");
    await alice.waitForFunction(() => /declines the draw/.test(document.getElementById("notice").textContent));
    await bob.click("#offer-draw");
    await alice.waitForSelector("#accept-draw:not([hidden])");
    await alice.click("#accept-draw");
    await alice.waitForSelector("#status.over");
    await bob.waitForSelector("#status.over");
    const s = await gameState(suite.url, id);
    assert.equal(s.reason, "agreement");
    assert.equal(await bob.textContent("#status"), s.end_text);
    noErrors();
    await close(alice, bob);
  });

  test("a game is aborted before both players have moved", async () => {
    const { alice, bob, id } = await friendGame();
    assert.ok(await alice.isVisible("#abort"));
    assert.ok(await alice.isHidden("#resign"));
    await clickMove(alice, "d2", "d4");
    await waitMoves(bob, 1);
    await bob.waitForSelector("#abort:not([hidden])");
    await bob.click("#abort");
    await alice.waitForSelector("#status.over");
    assert.equal((await gameState(suite.url, id)).reason, "aborted");
    assert.ok(await alice.isHidden("#abort"));
    noErrors();
    await close(alice, bob);
  });

  test("the invitation link opened after both seats are taken shows the game to watch", async () => {
    const { alice, bob, link } = await friendGame();
    await clickMove(alice, "e2", "e4");
    await waitMoves(bob, 1);
    const carol = await newPage();
    await carol.goto(link);
    await carol.waitForFunction(() => document.getElementById("info").textContent === "You are watching this game.");
    assert.ok(/#game=/.test(carol.url()));
    await waitMoves(carol, 1);
    assert.ok(await carol.isHidden("#san-form"));
    assert.ok(await carol.isHidden("#resign"));
    assert.ok(await carol.isHidden("#chat"));
    // The watchers' chat asks a guest to sign in.
    assert.ok(await carol.isVisible("#watchers-chat"));
    assert.ok(await carol.isVisible("#watchers-signin"));
    // A watcher's click moves nothing.
    await clickMove(carol, "e7", "e5");
    assert.equal(await carol.$$eval("#board .target, #board .selected", (e) => e.length), 0);
    assert.equal((await moveTexts(carol)).length, 1);
    noErrors([409]);
    await close(alice, bob, carol);
  });

  test("a real-time clock: the side to move's clock runs once both have moved", async (t) => {
    // Waits for the clock: POST /api/games with time_control, the view's `clock`.
    const probe = await fetch(suite.url + "api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ mode: "friend", time_control: "3+2" }),
    });
    const answer = await probe.json();
    if (!probe.ok && /unknown field `time_control`/.test(answer.error || "")) {
      const reason = "waits for `time_control` on POST /api/games (refused as an unknown field)";
      if (required()) assert.fail(t.name + ": " + reason);
      console.log("# SKIPPED " + t.name + ": " + reason);
      t.skip(reason);
      return;
    }
    const { alice, bob, id } = await friendGame({ control: "3+2" });
    await alice.waitForSelector("#clock-white:not([hidden])");
    assert.equal(await alice.textContent("#clock-white"), "3:00");
    assert.equal(await bob.textContent("#clock-black"), "3:00");
    assert.match(await alice.textContent("#info"), /3\+2/);
    await clickMove(alice, "e2", "e4");
    await waitMoves(bob, 1);
    await clickMove(bob, "e7", "e5");
    await waitMoves(alice, 2);
    // Both have moved: White's clock runs, on both screens.
    await alice.waitForSelector("#clock-white.running");
    await bob.waitForSelector("#clock-white.running");
    assert.ok(!(await alice.$eval("#clock-black", (e) => e.classList.contains("running"))));
    const first = Number(await bob.getAttribute("#clock-white", "data-ms"));
    await bob.waitForTimeout(1500);
    const later = Number(await bob.getAttribute("#clock-white", "data-ms"));
    assert.ok(later < first - 1000, `the clock ran: ${first} then ${later}`);
    assert.match(await bob.textContent("#clock-white"), /^2:5\d$/);
    await clickMove(alice, "g1", "f3");
    await bob.waitForSelector("#clock-black.running");
    await alice.waitForSelector("#clock-black.running");
    const s = await gameState(suite.url, id);
    assert.equal(s.clock.kind, "real_time");
    assert.equal(s.clock.control, "3+2");
    noErrors();
    await close(alice, bob);
  });

  test("a flag falls: 0+1 starts with 3 seconds, shown low, and the game ends on time", async (t) => {
    const probe = await fetch(suite.url + "api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ mode: "friend", time_control: "0+1" }),
    });
    const answer = await probe.json();
    if (!probe.ok && /unknown field `time_control`/.test(answer.error || "")) {
      const reason = "waits for `time_control` on POST /api/games (refused as an unknown field)";
      if (required()) assert.fail(t.name + ": " + reason);
      console.log("# SKIPPED " + t.name + ": " + reason);
      t.skip(reason);
      return;
    }
    const { alice, bob, id } = await friendGame({ control: "custom", minutes: "0", increment: "1" });
    await clickMove(alice, "e2", "e4");
    await waitMoves(bob, 1);
    await clickMove(bob, "e7", "e5");
    await waitMoves(alice, 2);
    await alice.waitForSelector("#clock-white.running.low");
    await alice.waitForSelector("#status.over", { timeout: 15000 });
    await bob.waitForSelector("#status.over", { timeout: 15000 });
    const s = await gameState(suite.url, id);
    assert.equal(s.reason, "timeout");
    assert.equal(s.winner, "black");
    assert.equal(await alice.textContent("#clock-white"), "0:00.0");
    noErrors();
    await close(alice, bob);
  });

  test("signed-in friends: names, my games with the badge, the watchers' chat, history and PGN", async () => {
    const alice = await newPage();
    const bob = await newPage();
    const aliceName = await signUp(alice, uniqueName("amy"));
    const bobName = await signUp(bob, uniqueName("ben"));
    await alice.check('input[name="mode"][value="friend"]');
    await alice.selectOption("#color", "white");
    await alice.selectOption("#setup-tc", "2d");
    await alice.click("#start");
    await alice.waitForSelector("#invite:not([hidden])");
    const link = await alice.inputValue("#invite-link");
    const id = /#join=([0-9a-f]+)$/.exec(link)[1];
    await bob.goto(link);
    await bob.waitForSelector("#play:not([hidden]) #board .square");
    for (const page of [alice, bob]) {
      await page.waitForFunction(
        ([w, b]) =>
          document.getElementById("name-white").textContent.includes(w) &&
          document.getElementById("name-black").textContent.includes(b),
        [aliceName, bobName],
      );
    }
    // A correspondence clock, in days.
    assert.equal(await alice.textContent("#clock-white"), "2 days 0 h");
    assert.match(await alice.textContent("#info"), new RegExp("2 days: you play White against " + bobName));
    assert.match(await bob.textContent("#status"), new RegExp(aliceName + "'s turn"));

    await clickMove(alice, "e2", "e4");
    await waitMoves(bob, 1);
    // Bob's move: his badge and his list say so, this game first.
    await bob.waitForSelector("#games-badge:not([hidden])");
    assert.equal(await bob.textContent("#games-badge"), "1");
    await bob.click("#nav-games");
    await bob.waitForSelector(`#games-body tr[data-game="${id}"]`);
    const row = await bob.$eval("#games-body tr", (tr) => ({ id: tr.dataset.game, text: tr.textContent }));
    assert.equal(row.id, id);
    assert.match(row.text, /your move/);
    assert.match(row.text, new RegExp("vs " + aliceName));
    // Back to the game from the list: the account holds the seat.
    await bob.click(`#games-body tr[data-game="${id}"] a`);
    await bob.waitForSelector("#play:not([hidden]) #board .square");
    await bob.waitForFunction(() => /Your move/.test(document.getElementById("status").textContent));
    await clickMove(bob, "c7", "c5");
    await waitMoves(alice, 2);
    await bob.waitForSelector("#games-badge", { state: "hidden" });

    // A signed-in watcher writes in the watchers' chat; the players do not see it yet.
    const carol = await newPage();
    const carolName = await signUp(carol, uniqueName("cat"));
    await carol.goto(link);
    await carol.waitForFunction(() => document.getElementById("info").textContent === "You are watching this game.");
    assert.ok(await carol.isHidden("#watchers-signin"));
    await carol.fill("#watchers-text", "Sicilian!");
    await carol.press("#watchers-text", "Enter");
    await carol.waitForFunction(() => document.querySelectorAll("#watchers-lines li").length === 1);
    assert.equal(await carol.textContent("#watchers-lines li"), carolName + ": Sicilian!");
    assert.ok(await alice.isHidden("#watchers-chat"));
    await clickMove(carol, "g1", "f3");
    assert.equal((await moveTexts(carol)).length, 2);

    // Bob resigns; now the players see the watchers' chat too.
    await bob.click("#resign");
    await bob.click("#resign-confirm");
    await alice.waitForSelector("#status.over");
    await alice.waitForSelector("#watchers-chat:not([hidden])");
    await alice.waitForFunction(() => document.querySelectorAll("#watchers-lines li").length === 1);
    assert.ok(await alice.isHidden("#watchers-form"));

    // Alice's profile: the game in her history (casual: no rating change), her PGN.
    await alice.click("#nav-me");
    await alice.waitForSelector("#profile-body:not([hidden])");
    assert.equal(await alice.textContent("#profile-name"), aliceName);
    assert.equal(await alice.textContent("#profile-rating"), "1500?");
    assert.ok(await alice.isVisible("#profile-provisional"));
    await alice.waitForSelector(`#history-body tr[data-game="${id}"]`);
    assert.match(await alice.textContent(`#history-body tr[data-game="${id}"]`), /Won 1-0/);
    const href = await alice.getAttribute("#profile-pgn", "href");
    const pgn = await alice.evaluate((url) => fetch(url).then((r) => r.text()), href);
    assert.ok(pgn.includes(`[White "${aliceName}"]`) && pgn.includes(`[Black "${bobName}"]`), pgn);
    noErrors([409]);
    await close(alice, bob, carol);
  });

  test("the lobby: a blitz challenge appears live, is accepted, both play and chat, others watch, a flag falls", async (t) => {
    if (
      await skipUnless(t, [
        ["GET", "/api/lobby"],
        ["POST", "/api/seeks"],
        ["GET", "/api/my/games"],
      ])
    ) {
      return;
    }
    const alice = await newPage();
    const bob = await newPage();
    const aliceName = await signUp(alice, uniqueName("alice"));
    const bobName = await signUp(bob, uniqueName("bob"));
    // Both are online.
    await bob.waitForFunction((n) => [...document.querySelectorAll("#online a")].some((a) => a.textContent === n), aliceName);

    // A blitz game short enough to wait for a flag: ½+4 is blitz as lichess
    // counts it (30 s + 40 x 4 s = 190 s, from 180 s up).
    await alice.selectOption("#seek-tc", "custom");
    await alice.selectOption("#seek-minutes", "0.5");
    await alice.selectOption("#seek-increment", "4");
    await alice.check('input[name="seek-color"][value="white"]');
    await alice.check('input[name="seek-rated"][value="rated"]');
    await alice.click("#seek-create");
    await alice.waitForSelector("#seeks-body tr.mine button.cancel");
    // Bob's lobby shows it without a reload.
    const row = await bob.waitForSelector("#seeks-body tr[data-seek]:not(.mine)");
    assert.match(await row.textContent(), new RegExp(aliceName));
    assert.match(await row.textContent(), /½\+4/);
    assert.match(await row.textContent(), /blitz/);
    assert.match(await row.textContent(), /Rated/);
    await bob.click("#seeks-body tr[data-seek]:not(.mine) button.accept");

    // Both land in the game: Alice through the lobby's `started` event.
    await bob.waitForSelector("#play:not([hidden]) #board .square");
    await alice.waitForSelector("#play:not([hidden]) #board .square");
    const id = /game=([0-9a-f]+)/.exec(bob.url())[1];
    assert.equal(/game=([0-9a-f]+)/.exec(alice.url())[1], id);
    for (const page of [alice, bob]) {
      await page.waitForFunction(
        ([w, b]) =>
          document.getElementById("name-white").textContent.includes(w) &&
          document.getElementById("name-black").textContent.includes(b),
        [aliceName, bobName],
      );
      assert.ok(await page.isVisible("#clock-white"));
    }
    assert.match(await alice.textContent("#info"), new RegExp("Rated game, ½\\+4: you play White against " + bobName));
    assert.match(await alice.textContent("#status"), /Your move/);
    // The seek left the lobby.
    await alice.goto(suite.url + "#");
    await alice.waitForSelector("#lobby:not([hidden])");
    assert.equal(await alice.$$eval("#seeks-body tr.mine", (e) => e.length), 0);
    await alice.goto(suite.url + "#game=" + id);
    await alice.waitForSelector("#play:not([hidden]) #board .square");

    await clickMove(alice, "e2", "e4");
    await waitMoves(bob, 1);
    await clickMove(bob, "e7", "e5");
    await waitMoves(alice, 2);
    assert.deepEqual(await moveTexts(bob), ["e4", "e5"]);

    // The players' chat.
    await alice.fill("#chat-text", "Good luck!");
    await alice.press("#chat-text", "Enter");
    await bob.waitForFunction(() => document.querySelectorAll("#chat-lines li").length === 1);
    assert.equal(await bob.textContent("#chat-lines li"), aliceName + ": Good luck!");
    assert.equal(await alice.textContent("#chat-lines li"), "You: Good luck!");

    // A signed-in watcher: "watching", no moves, the watchers' chat.
    const carol = await newPage();
    const carolName = await signUp(carol, uniqueName("carol"));
    await carol.goto(suite.url + "#game=" + id);
    await carol.waitForFunction(() => document.getElementById("info").textContent === "You are watching this game.");
    await waitMoves(carol, 2);
    assert.ok(await carol.isHidden("#chat"));
    assert.ok(await carol.isHidden("#san-form"));
    await clickMove(carol, "g1", "f3");
    assert.equal((await moveTexts(carol)).length, 2);
    await carol.fill("#watchers-text", "Nice opening");
    await carol.press("#watchers-text", "Enter");
    await carol.waitForFunction(() => document.querySelectorAll("#watchers-lines li").length === 1);
    assert.equal(await carol.textContent("#watchers-lines li"), carolName + ": Nice opening");
    assert.ok(await alice.isHidden("#watchers-chat"));

    // "My games": Alice's move, first, with the badge.
    await alice.waitForSelector("#games-badge:not([hidden])");
    assert.equal(await alice.textContent("#games-badge"), "1");
    await alice.click("#nav-games");
    await alice.waitForSelector(`#games-body tr[data-game="${id}"]`);
    const first = await alice.$eval("#games-body tr", (tr) => ({ id: tr.dataset.game, text: tr.textContent }));
    assert.equal(first.id, id);
    assert.match(first.text, /your move/);
    assert.match(first.text, new RegExp("vs " + bobName));
    await alice.click(`#games-body tr[data-game="${id}"] a`);
    await alice.waitForSelector("#play:not([hidden]) #board .square");
    await waitMoves(alice, 2);

    // Alice moves; Bob does not, and his flag falls: the rated game is
    // Alice's, and her profile shows the win. (Alice's own ½ minute ran
    // during the chat and the watching: those take a few seconds.)
    await clickMove(alice, "g1", "f3");
    await waitMoves(bob, 3);
    await bob.waitForSelector("#clock-black.running");
    await alice.waitForSelector("#status.over", { timeout: 60000 });
    await bob.waitForSelector("#status.over", { timeout: 15000 });
    const ended = await gameState(suite.url, id);
    assert.equal(ended.reason, "timeout");
    assert.equal(ended.winner, "white");
    assert.equal(await bob.textContent("#clock-black"), "0:00.0");
    // After the end everyone sees the watchers' chat.
    await alice.waitForSelector("#watchers-chat:not([hidden])");
    await alice.goto(suite.url + "#user=" + aliceName);
    await alice.waitForSelector("#profile-body:not([hidden])");
    assert.equal(await alice.textContent("#profile-games"), "1");
    assert.equal(await alice.textContent("#profile-wins"), "1");
    assert.equal(await alice.textContent("#profile-losses"), "0");
    const rating = await alice.textContent("#profile-rating");
    assert.match(rating, /^\d+\??$/);
    assert.ok(parseInt(rating, 10) > 1500, "a win raises the rating: " + rating);
    assert.equal(await alice.getAttribute("#profile-pgn", "href"), "/api/users/" + aliceName + "/pgn");
    const games = await waitsFor("GET", "/api/users/" + aliceName + "/games");
    if (!games) {
      await alice.waitForSelector(`#history-body tr[data-game="${id}"]`);
      assert.match(await alice.textContent(`#history-body tr[data-game="${id}"]`), /Won/);
      const pgn = await alice.evaluate((url) => fetch(url).then((r) => r.text()), "/api/users/" + aliceName + "/pgn");
      assert.ok(pgn.includes(`[White "${aliceName}"]`), pgn);
    } else {
      console.log("# the profile's game history " + games);
    }
    const bobProfile = await (await fetch(suite.url + "api/users/" + bobName)).json();
    assert.equal(bobProfile.losses, 1);
    noErrors([409]);
    await close(alice, bob, carol);
  });

  test("a challenge can be cancelled, and a guest is sent to sign in to accept one", async (t) => {
    if (await skipUnless(t, [["GET", "/api/lobby"], ["POST", "/api/seeks"]])) return;
    const dave = await newPage();
    await signUp(dave, uniqueName("dave"));
    await dave.selectOption("#seek-tc", "3d");
    assert.ok(await dave.isVisible("#seek-fifty"));
    await dave.check('input[name="seek-rated"][value="casual"]');
    await dave.click("#seek-create");
    await dave.waitForSelector("#seeks-body tr.mine");
    assert.match(await dave.textContent("#seeks-body tr.mine"), /3 days/);
    assert.match(await dave.textContent("#seeks-body tr.mine"), /Casual/);

    const guest = await newPage();
    await guest.goto(suite.url);
    await guest.waitForSelector("#seeks-body tr[data-seek] button.accept");
    await guest.click("#seeks-body tr[data-seek] button.accept");
    await guest.waitForSelector("#signin-form:not([hidden])");

    await dave.click("#seeks-body tr.mine button.cancel");
    await dave.waitForSelector("#seeks-body tr.mine", { state: "detached" });
    await guest.goto(suite.url);
    await guest.waitForSelector("#lobby:not([hidden])");
    await guest.waitForFunction(() => document.querySelectorAll("#seeks-body tr").length === 0);
    noErrors();
    await close(dave, guest);
  });

  test("a correspondence game from the lobby continues across a server restart, and from a fresh browser", async (t) => {
    if (await skipUnless(t, [["GET", "/api/lobby"], ["POST", "/api/seeks"], ["GET", "/api/my/games"]])) return;
    // A server of its own: it is killed and started again on the same data and port.
    let own = await startServer();
    const { dataDir, port } = own;
    const base = own.url;
    const pages = [];
    try {
      const alice = await newPage();
      const bob = await newPage();
      pages.push(alice, bob);
      const password = "correct horse battery";
      const aliceName = await signUp(alice, uniqueName("ada"), password, base);
      const bobName = await signUp(bob, uniqueName("bert"), password, base);
      await alice.selectOption("#seek-tc", "3d");
      await alice.check('input[name="seek-color"][value="white"]');
      await alice.click("#seek-create");
      await alice.waitForSelector("#seeks-body tr.mine");
      await bob.click("#seeks-body tr[data-seek]:not(.mine) button.accept");
      await bob.waitForSelector("#play:not([hidden]) #board .square");
      await alice.waitForSelector("#play:not([hidden]) #board .square");
      const id = /game=([0-9a-f]+)/.exec(bob.url())[1];
      assert.equal(await alice.textContent("#clock-white"), "3 days 0 h");
      await clickMove(alice, "e2", "e4");
      await waitMoves(bob, 1);
      await clickMove(bob, "e7", "e5");
      await waitMoves(alice, 2);
      await bob.fill("#chat-text", "See you tomorrow");
      await bob.press("#chat-text", "Enter");
      await alice.waitForFunction(() => document.querySelectorAll("#chat-lines li").length === 1);
      const before = await gameState(base, id);
      assert.equal(before.clock.kind, "correspondence");

      // A crash: SIGKILL, then the same binary on the same data and port.
      await own.kill();
      own = await startServer({ dataDir, port });
      assert.equal(own.url, base);
      for (const page of [alice, bob]) {
        await page.reload();
        await page.waitForSelector("#play:not([hidden]) #board .square");
        await waitMoves(page, 2);
        assert.deepEqual(await moveTexts(page), ["e4", "e5"]);
        await page.waitForFunction(() => document.querySelectorAll("#chat-lines li").length === 1);
        assert.ok(await page.isVisible("#clock-white"));
        assert.match(await page.textContent("#clock-white"), /^(3 days 0 h|2 days 23 h)$/);
        assert.match(await page.textContent("#clock-black"), /^(3 days 0 h|2 days 23 h)$/);
        await page.waitForFunction(
          ([w, b]) =>
            document.getElementById("name-white").textContent.includes(w) &&
            document.getElementById("name-black").textContent.includes(b),
          [aliceName, bobName],
        );
      }
      // While the server was down the pages' long polls were refused.
      suite.forgetErrors(/net::ERR_CONNECTION_(REFUSED|RESET)/);
      assert.equal(await alice.textContent("#chat-lines li"), bobName + ": See you tomorrow");
      assert.equal(await bob.textContent("#chat-lines li"), "You: See you tomorrow");
      const afterRestart = await gameState(base, id);
      assert.equal(before.moves.length, 2);
      assert.deepEqual(afterRestart.moves, before.moves);
      assert.equal(afterRestart.fen, before.fen);
      assert.equal(afterRestart.clock.kind, "correspondence");
      await clickMove(alice, "g1", "f3");
      await waitMoves(bob, 3);

      // Bob on another browser: signs in, finds the game in "My games", moves.
      const fresh = await newPage();
      pages.push(fresh);
      await fresh.goto(base + "#signin");
      await fresh.fill("#signin-username", bobName);
      await fresh.fill("#signin-password", password);
      await fresh.click("#signin-submit");
      await fresh.waitForSelector("#signed-in:not([hidden])");
      await fresh.waitForSelector("#games-badge:not([hidden])");
      await fresh.click("#nav-games");
      await fresh.waitForSelector(`#games-body tr[data-game="${id}"]`);
      const row = await fresh.textContent(`#games-body tr[data-game="${id}"]`);
      assert.match(row, /your move/);
      assert.match(row, new RegExp("vs " + aliceName));
      await fresh.click(`#games-body tr[data-game="${id}"] a`);
      await fresh.waitForSelector("#play:not([hidden]) #board .square");
      await waitMoves(fresh, 3);
      await fresh.waitForFunction(() => /Your move/.test(document.getElementById("status").textContent));
      await fresh.waitForFunction(() => document.querySelectorAll("#chat-lines li").length === 1);
      await clickMove(fresh, "b8", "c6");
      await waitMoves(alice, 4);
      await waitMoves(bob, 4);
      assert.deepEqual(await moveTexts(alice), ["e4", "e5", "Nf3", "Nc6"]);
      noErrors();
    } finally {
      await close(...pages);
      await own.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("a server that is down is retried less and less often; a game it no longer has is said, its buttons off, its polling stopped", async () => {
    // A server of its own: killed, then a fresh one (another database) on its port.
    let own = await startServer();
    const { dataDir, port } = own;
    const pages = [];
    try {
      const alice = await newPage();
      const bob = await newPage();
      pages.push(alice, bob);
      await alice.goto(own.url);
      await alice.check('input[name="mode"][value="friend"]');
      await alice.selectOption("#color", "white");
      await alice.click("#start");
      await alice.waitForSelector("#invite:not([hidden])");
      await bob.goto(await alice.inputValue("#invite-link"));
      await alice.waitForSelector("#invite", { state: "hidden" });
      await clickMove(alice, "e2", "e4");
      await alice.waitForFunction(() => /friend's turn/.test(document.getElementById("status").textContent));
      await close(pages.pop());
      // The long polls of the game, each with the time it ended.
      const polls = [];
      const ended = (request) => {
        if (/\/wait\?/.test(request.url())) polls.push({ at: Date.now(), failed: !!request.failure() });
      };
      alice.on("requestfinished", ended);
      alice.on("requestfailed", ended);

      // Down: each retry waits longer than the one before.
      await own.kill();
      const failedPolls = () => polls.filter((p) => p.failed);
      const deadline = Date.now() + 30000;
      while (failedPolls().length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const [a, b, c] = failedPolls();
      assert.ok(c, "three failed polls");
      assert.ok(c.at - b.at >= 1.5 * (b.at - a.at), `waits ${b.at - a.at} ms then ${c.at - b.at} ms`);
      assert.match(await alice.textContent("#notice"), /cannot be reached\. Trying again in \d+ s/);

      // Back, without the game: the page says so once and stops asking.
      own = await startServer({ port });
      await alice.waitForSelector("#gone:not([hidden])", { timeout: 60000 });
      assert.match(await alice.textContent("#status"), /no longer exists/);
      assert.doesNotMatch(await alice.textContent("#status"), /turn/);
      assert.doesNotMatch(await alice.textContent("#notice"), /cannot be reached/);
      const usable = await alice.$$eval("#play .buttons button", (buttons) =>
        buttons.filter((b) => !b.hidden && !b.disabled).map((b) => b.id),
      );
      assert.deepEqual(usable.sort(), ["flip", "new-game"]);
      assert.ok(await alice.isHidden("#chat-form"));
      const seen = polls.length;
      await new Promise((r) => setTimeout(r, 5000));
      assert.equal(polls.length, seen, "no polling after the 404");
      await alice.click("#gone-lobby");
      await alice.waitForSelector("#lobby:not([hidden])");
      // The refused polls and the 404 were logged by Chromium.
      suite.forgetErrors(/net::ERR_(CONNECTION_(REFUSED|RESET)|EMPTY_RESPONSE)|status of 404/);
      noErrors();
    } finally {
      await close(...pages);
      own.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("a phone-sized screen: the lobby, the sign-in form and a game fit its width", async () => {
    const phone = { width: 390, height: 844 };
    const page = await newPage(phone);
    const fits = () =>
      page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
    await page.goto(suite.url);
    await page.waitForSelector("#lobby:not([hidden]) #setup-form");
    let f = await fits();
    assert.ok(f.scroll <= f.inner, `the lobby: ${f.scroll} > ${f.inner}`);
    await page.goto(suite.url + "#signin");
    await page.waitForSelector("#signin-form:not([hidden])");
    f = await fits();
    assert.ok(f.scroll <= f.inner, `the sign-in form: ${f.scroll} > ${f.inner}`);
    const name = await signUp(page, uniqueName("pia"));
    assert.ok(name);
    // A challenge of one's own in the list, with its cancel button.
    await page.selectOption("#seek-tc", "3d");
    await page.click("#seek-create");
    await page.waitForSelector("#seeks-body tr.mine button.cancel");
    f = await fits();
    assert.ok(f.scroll <= f.inner, `the signed-in lobby: ${f.scroll} > ${f.inner}`);
    await page.click("#seeks-body tr.mine button.cancel");
    await page.waitForSelector("#seeks-body tr.mine", { state: "detached" });
    await page.goto(suite.url);
    await page.selectOption("#level", "0");
    await page.click("#start");
    await page.waitForSelector("#play:not([hidden]) #board .square");
    f = await fits();
    assert.ok(f.scroll <= f.inner, `the game: ${f.scroll} > ${f.inner}`);
    const board = await page.$eval("#board", (b) => {
      const r = b.getBoundingClientRect();
      return { left: r.left, right: r.right, width: r.width, height: r.height };
    });
    assert.ok(board.left >= 0 && board.right <= phone.width, "the board is inside the width: " + JSON.stringify(board));
    assert.ok(board.height <= phone.height, "the board fits the height: " + JSON.stringify(board));
    assert.ok(board.width >= 300, "the board is not shrunk to nothing: " + JSON.stringify(board));
    await page.$eval("#board", (b) => b.scrollIntoView());
    for (const sq of ["a8", "h8", "a1", "h1"]) {
      const r = await page.$eval(square(sq), (e) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      });
      assert.ok(r.left >= 0 && r.right <= phone.width + 0.5 && r.top >= 0 && r.bottom <= phone.height + 0.5, sq + " " + JSON.stringify(r));
    }
    await clickMove(page, "e2", "e4");
    await waitMoves(page, 2);
    noErrors();
    await close(page);
  });
});
