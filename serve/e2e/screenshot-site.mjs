// Takes the README's screenshots of the site (docs/site-lobby.png and
// docs/site-correspondence.png): the lobby with two open challenges and who
// is online, and a correspondence game with its day clocks and chat.
// Run: node screenshot-site.mjs (in serve/e2e), after `cargo build --release`.
import { resolve } from "node:path";
import { launchBrowser, repo, startServer } from "./lib.mjs";

const server = await startServer();
const browser = await launchBrowser();
const viewport = { width: 1100, height: 750 };

async function signUp(name) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(server.url + "#signup");
  await page.fill("#signup-username", name);
  await page.fill("#signup-password", "correct horse battery");
  await page.click("#signup-submit");
  await page.waitForSelector("#signed-in:not([hidden])");
  await page.waitForSelector("#lobby:not([hidden])");
  return page;
}

async function seek(page, control, rated) {
  await page.goto(server.url + "#");
  await page.waitForSelector("#lobby:not([hidden])");
  await page.selectOption("#seek-tc", control);
  await page.check(`input[name="seek-rated"][value="${rated ? "rated" : "casual"}"]`);
  await page.click("#seek-create");
  await page.waitForSelector("#seeks-body tr.mine");
}

async function shoot(page, name) {
  const out = resolve(repo, "docs", name);
  await page.screenshot({ path: out });
  console.log("wrote " + out);
}

try {
  const alice = await signUp("alice");
  const bob = await signUp("bob");
  const carol = await signUp("carol");

  // A correspondence game between Alice (White) and Bob, from the lobby.
  await alice.selectOption("#seek-tc", "3d");
  await alice.check('input[name="seek-color"][value="white"]');
  await alice.click("#seek-create");
  await bob.waitForSelector("#seeks-body tr[data-seek]:not(.mine) button.accept");
  await bob.click("#seeks-body tr[data-seek]:not(.mine) button.accept");
  await alice.waitForSelector("#play:not([hidden]) #board .square");
  await bob.waitForSelector("#play:not([hidden]) #board .square");
  const moves = [["e2", "e4"], ["c7", "c5"], ["g1", "f3"], ["d7", "d6"], ["d2", "d4"], ["c5", "d4"], ["f3", "d4"], ["g8", "f6"]];
  for (const [i, [from, to]] of moves.entries()) {
    const page = i % 2 === 0 ? alice : bob;
    const other = i % 2 === 0 ? bob : alice;
    await page.click(`#board [data-square="${from}"]`);
    await page.click(`#board [data-square="${to}"]`);
    await other.waitForFunction((n) => document.querySelectorAll("#moves .move").length === n, i + 1);
  }
  const chat = [[alice, "Open Sicilian, then. Good luck!"], [bob, "Thanks, you too. I'll move in the evenings."]];
  for (const [i, [page, text]] of chat.entries()) {
    await page.fill("#chat-text", text);
    await page.press("#chat-text", "Enter");
    await alice.waitForFunction((n) => document.querySelectorAll("#chat-lines li").length === n, i + 1);
  }

  // Two open challenges, seen by Carol, with who is online.
  await seek(bob, "5+3", true);
  await seek(carol, "10+0", false);
  await alice.goto(server.url + "#");
  await alice.waitForSelector("#lobby:not([hidden])");
  await alice.waitForFunction(() => document.querySelectorAll("#seeks-body tr[data-seek]").length === 2);
  await alice.waitForFunction(() => document.querySelectorAll("#online a").length >= 3);
  await shoot(alice, "site-lobby.png");

  await alice.goto(server.url);
  await alice.click("#nav-games");
  await alice.waitForSelector("#games-body tr[data-game] a");
  await alice.click("#games-body tr[data-game] a");
  await alice.waitForSelector("#play:not([hidden]) #board .square");
  await alice.waitForFunction(() => document.querySelectorAll("#chat-lines li").length === 2);
  await alice.waitForSelector("#clock-white:not([hidden])");
  await shoot(alice, "site-correspondence.png");
} finally {
  await browser.close();
  server.stop();
}
