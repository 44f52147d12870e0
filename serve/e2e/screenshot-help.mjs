// Takes the README's screenshot of the help beside the board
// (docs/site-help.png): a game against Daba, a knight picked up, the help
// panel open on the knight's lessons. Run: node screenshot-help.mjs (in
// serve/e2e), after `cargo build --release`.
import { resolve } from "node:path";
import { launchBrowser, repo, startServer } from "./lib.mjs";

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 820 } })).newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => document.querySelectorAll("#level option").length > 0);
  await page.selectOption("#level", "1");
  await page.click("#start");
  await page.waitForSelector("#play:not([hidden]) #board .square");
  await page.click('#board [data-square="e2"]');
  await page.click('#board [data-square="e4"]');
  await page.waitForFunction(() => document.querySelectorAll("#moves .move").length === 2);
  await page.click("#help-toggle");
  await page.waitForFunction(() => [...document.querySelectorAll("#help .mini-caption")].every((c) => c.textContent));
  await page.click('#board [data-square="g1"]');
  await page.waitForSelector("#help-following:not([hidden])");
  // The knight's lesson board with the knight picked up too.
  const knight = page.locator("article", { has: page.locator('h3:text-is("The knight")') });
  await knight.locator('[data-square="d5"]').click();
  await page.click('#board [data-square="g1"]');
  await page.click('#board [data-square="g1"]');
  await page.waitForSelector("#board .square.selected");
  await page.screenshot({ path: resolve(repo, "docs/site-help.png") });
  console.log("docs/site-help.png");
} finally {
  await browser.close();
  server.stop();
}
