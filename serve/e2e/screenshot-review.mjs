// Takes the README's screenshot of a game review (docs/site-review.png):
// Légal's mate played on one screen, reviewed by Daba, stepped back to the
// blunder. Run: node screenshot-review.mjs (in serve/e2e), after
// `cargo build --release`.
import { resolve } from "node:path";
import { launchBrowser, repo, startServer } from "./lib.mjs";

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
  await page.goto(server.url);
  await page.check('input[name="mode"][value="local"]');
  await page.click("#start");
  await page.waitForSelector("#play:not([hidden]) #board .square");
  const moves = "e2e4 e7e5 g1f3 d7d6 f1c4 c8g4 b1c3 g7g6 f3e5 g4d1 c4f7 e8e7 c3d5".split(" ");
  for (const [i, uci] of moves.entries()) {
    await page.click(`#board [data-square="${uci.slice(0, 2)}"]`);
    await page.click(`#board [data-square="${uci.slice(2, 4)}"]`);
    await page.waitForFunction((n) => document.querySelectorAll("#moves .move").length === n, i + 1);
  }
  await page.waitForSelector("#status.over");
  await page.click("#review-ask");
  await page.waitForSelector("#review-figures:not([hidden])", { timeout: 120000 });
  await page.click('#review-marks button[data-ply="10"]');
  await page.waitForFunction(() => document.getElementById("step-where").textContent === "Move 10 of 13");
  await page.screenshot({ path: resolve(repo, "docs/site-review.png"), fullPage: true });
  console.log("docs/site-review.png");
} finally {
  await browser.close();
  server.stop();
}
