// Takes the README's screenshot of a table for four (docs/site-fourhand.png):
// opened from the lobby's form with South for oneself and the computer in
// the three other seats, a few plies played, a knight picked up with its
// squares marked. Run: node screenshot-fourhand.mjs (in serve/e2e), after
// `cargo build --release`.
import { resolve } from "node:path";
import { launchBrowser, repo, startServer } from "./lib.mjs";

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(server.url);
  await page.waitForSelector("#lobby:not([hidden]) #table-form");
  for (const seat of ["W", "N", "E"]) await page.selectOption("#table-seat-" + seat, "computer-1");
  await page.click("#table-create");
  await page.waitForSelector("#table:not([hidden]) #fh-board .square");
  const log = (n) => page.waitForFunction((n) => document.querySelectorAll("#fh-log li").length >= n, n);
  await page.waitForFunction(() => /Your move/.test(document.getElementById("fh-status").textContent));
  await page.click('#fh-board [data-square="g2"]');
  await page.click('#fh-board [data-square="g3"]');
  await log(4);
  await page.waitForFunction(() => /Your move/.test(document.getElementById("fh-status").textContent));
  await page.click('#fh-board [data-square="i2"]');
  await page.click('#fh-board [data-square="i3"]');
  await log(8);
  await page.waitForFunction(() => /Your move/.test(document.getElementById("fh-status").textContent));
  await page.fill("#fh-chat-text", "Good luck, all!");
  await page.click("#fh-chat-form button[type=submit]");
  await page.waitForSelector('#fh-chat-lines [data-line="1"]');
  await page.click('#fh-board [data-square="j1"]');
  await page.waitForSelector("#fh-board .square.selected");
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: resolve(repo, "docs/site-fourhand.png") });
  console.log("docs/site-fourhand.png");
} finally {
  await browser.close();
  server.stop();
}
