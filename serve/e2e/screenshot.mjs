// Takes the README's screenshot (docs/serve.png): a game against Daba at the
// random level after a few moves, with a piece picked up to show its moves.
// Run: node screenshot.mjs (in serve/e2e), after `cargo build --release`.
import { resolve } from "node:path";
import { launchBrowser, repo, startServer } from "./lib.mjs";

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  await page.goto(server.url);
  await page.selectOption("#level", "0");
  await page.click("#start");
  await page.waitForSelector("#board .square");
  for (const [from, to] of [["e2", "e4"], ["g1", "f3"], ["f1", "c4"]]) {
    const count = await page.$$eval("#moves .move", (e) => e.length);
    await page.click(`#board [data-square="${from}"]`);
    await page.click(`#board [data-square="${to}"]`);
    await page.waitForFunction((n) => document.querySelectorAll("#moves .move").length >= n + 2, count);
  }
  await page.click('#board [data-square="b1"]');
  const out = resolve(repo, "docs", "serve.png");
  await page.screenshot({ path: out });
  console.log("wrote " + out);
} finally {
  await browser.close();
  server.stop();
}
