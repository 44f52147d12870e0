// Shared by the browser tests and the screenshot script: starts the real
// `daba serve` binary on a free port and Debian's Chromium through
// playwright-core (no browser download: CHROMIUM or /usr/bin/chromium).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, "..", "..");

export function dabaBinary() {
  if (process.env.DABA_BIN) return process.env.DABA_BIN;
  const target = process.env.CARGO_TARGET_DIR || resolve(repo, "target");
  return resolve(target, "release", "daba");
}

export function chromiumPath() {
  return process.env.CHROMIUM || "/usr/bin/chromium";
}

/** What the tests need and cannot find: the binary, Chromium. */
export function missing() {
  const out = [];
  if (!existsSync(dabaBinary())) out.push(dabaBinary() + " (cargo build --release)");
  if (!existsSync(chromiumPath())) out.push(chromiumPath() + " (apt-get install chromium)");
  return out;
}

/** Starts `daba serve`, by default on a free port (`--port 0`) with its
 * database in a fresh temporary directory (never the user's own); resolves
 * to {url, port, dataDir, stop, kill}. `stop` also removes that temporary
 * directory. Pass `dataDir` (and `port`) to start a server again on the
 * data of one that was killed: such a directory is the caller's to
 * remove (`stop({ keepData: true })` or `kill()` leave it). */
export function startServer({ dataDir, port = 0 } = {}) {
  const own = !dataDir;
  if (own) dataDir = mkdtempSync(join(tmpdir(), "daba-e2e-"));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  return new Promise((resolvePromise, reject) => {
    const child = spawn(dabaBinary(), ["serve", "--port", String(port), "--data-dir", dataDir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error("daba serve printed no address: " + output));
    }, 20000);
    child.on("error", reject);
    const exited = new Promise((done) => child.once("exit", done));
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = /http:\/\/[^\s]+\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise({
          url: match[0],
          port: Number(new URL(match[0]).port),
          dataDir,
          stop: ({ keepData = false } = {}) => {
            if (own && !keepData) child.once("exit", removeData);
            child.kill();
          },
          /** SIGKILL, as a crash; resolves once the process is gone. The
           * data directory stays. */
          kill: () => {
            child.kill("SIGKILL");
            return exited;
          },
        });
      }
    });
    child.on("exit", (code) => reject(new Error("daba serve exited with " + code + ": " + output)));
  });
}

/** Launches headless Chromium with a fresh profile (Playwright makes a new
 * temporary user data directory for every launch). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Routes of the API contract that the page already calls but the server
 * may not have yet (issue 34), each probed by one request and matched by
 * the URL of a failed load. */
const COMING = [
  ["/api/lobby", /\/api\/lobby$/],
  ["/api/lobby/events", /\/api\/lobby\/events$/],
  ["/api/my/games", /\/api\/my\/games$/],
  ["/api/users/nobody/games", /\/api\/users\/[^/]+\/games$/],
];

/** The patterns of those routes this server lacks: a GET answered 404 with
 * the router's own "not found" (a missing user says "no such user"). The
 * browser logs a page's 404 from them as a console error; the tests pass
 * those over (and print which), so that they run against a server that is
 * still growing the API. */
export async function missingRoutes(base) {
  const missing = [];
  for (const [path, pattern] of COMING) {
    const controller = new AbortController();
    try {
      const response = await fetch(new URL(path, base), { signal: controller.signal });
      if (response.status === 404) {
        const body = await response.json().catch(() => ({}));
        if (body.error === "not found") missing.push(pattern);
      }
    } finally {
      controller.abort(); // an event stream would never end
    }
  }
  if (missing.length) {
    console.log("# the server lacks " + missing.map(String).join(", ") + ": their 404s in the page are expected");
  }
  return missing;
}

/** Whether a console message is a 404 from a route in `missing`. */
export function fromMissingRoute(message, missing) {
  return (
    message.text().includes("status of 404") && missing.some((pattern) => pattern.test(message.location().url || ""))
  );
}

/** Whether a skip is a failure: in CI (DABA_E2E_REQUIRED, or
 * DABA_REQUIRE_ALL, which every suite of the repository honours). */
export function required() {
  const on = (name) => !!process.env[name] && process.env[name] !== "0";
  return on("DABA_E2E_REQUIRED") || on("DABA_REQUIRE_ALL");
}

/** Whether a suite skips: true when the binary or Chromium is missing (said
 * on the console), an error instead where a skip is a failure (`required`). */
export function skipBrowserTests() {
  const absent = missing();
  if (!absent.length) return false;
  if (required()) throw new Error("the browser tests need " + absent.join(", "));
  console.log("# skipping the browser tests, missing: " + absent.join(", "));
  return true;
}
