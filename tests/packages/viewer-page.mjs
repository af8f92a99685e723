#!/usr/bin/env node
// The installed outflank-viewer in a platform's page, in headless Chromium: the consumer
// folder (tests/packages/viewer/ with the packed viewer installed into it by `cargo xtask
// test`) is served over HTTP; its page includes the script and the stylesheet in the head
// and calls `outflank.launch('#app')`. A state makes the board appear, `ready` comes back, a
// click on a legal square is a `move`, and the console has no error (nor a warning of the
// viewer's, which says it ignored an event).
//
//   node tests/packages/viewer-page.mjs CONSUMER_DIR
//
// Run from here, not from the consumer folder, for Playwright (tests/node_modules).
import assert from "node:assert/strict";
import { createReadStream, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { extname, join, normalize, resolve, sep } from "node:path";
import { chromium } from "@playwright/test";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node tests/packages/viewer-page.mjs CONSUMER_DIR");
  process.exit(2);
}
const root = resolve(dir);

// What the tarball holds, and what resolving the package by name gives.
const installed = join(root, "node_modules", "outflank-viewer");
const FILES = ["README.md", "outflank-viewer.css", "outflank-viewer.d.ts", "outflank-viewer.js", "package.json"];
assert.deepEqual(readdirSync(installed).sort(), FILES, "the package holds the script, the stylesheet, the types, the README and package.json");
const require = createRequire(join(root, "package.json"));
const manifest = require("outflank-viewer/package.json");
for (const field of ["name", "version", "description", "license", "main", "types", "exports", "files"]) {
  assert.ok(manifest[field], `package.json has ${field}`);
}
assert.equal(require.resolve("outflank-viewer"), join(installed, "outflank-viewer.js"));
assert.equal(require.resolve("outflank-viewer/outflank-viewer.css"), join(installed, "outflank-viewer.css"));
for (const name of FILES) assert.ok(statSync(join(installed, name)).size > 0, `${name} is not empty`);

const MIME = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };
const server = createServer((req, res) => {
  const path = normalize(join(root, decodeURIComponent(new URL(req.url, "http://x").pathname)));
  if (!path.startsWith(root + sep) || !statSync(path, { throwIfNoEntry: false })?.isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": MIME[extname(path)] ?? "application/octet-stream" });
  createReadStream(path).pipe(res);
});
await new Promise((done) => server.listen(0, "127.0.0.1", done));
const url = `http://127.0.0.1:${server.address().port}/index.html`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
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
const problems = [];
try {
  const page = await browser.newPage({ locale: "en-US" });
  page.setDefaultTimeout(15_000);
  // A warning of the viewer's own means it ignored an event: this script sent it wrong.
  page.on("console", (m) => {
    if (m.type() === "error" || (m.type() === "warning" && m.text().startsWith("outflank:"))) {
      problems.push(`console ${m.type()}: ${m.text()}`);
    }
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  page.on("response", (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  await page.goto(url);

  assert.equal(await page.evaluate(() => typeof window.outflank?.launch), "function", "window.outflank.launch exists");
  // The host's events, sent as a platform sends them: who this viewer plays, then the game.
  await page.evaluate(() => {
    window.emitter.emit("player", { index: 1 });
    // The engine's JSON of a Reversi game after f5 (outflank-engine's `GameData.state`).
    window.emitter.emit("state", {
      game: "reversi",
      options: { size: 8, variant: "standard" },
      turns: ["f5"],
      board: ["--------", "--------", "--------", "---OX---", "---XXX--", "--------", "--------", "--------"],
      toMove: 1,
      players: [{ name: "Ada" }, { name: "Bo" }],
    });
  });
  const d4 = page.locator('[data-outflank-viewer] [data-square="d4"]');
  await d4.waitFor();
  assert.equal(await page.locator("[data-square]").count(), 64, "an 8x8 board");
  assert.equal(await page.locator("[data-square] [data-disc]").count(), 5, "the start and f5's disc");
  const box = await d4.boundingBox();
  assert.ok(box && box.width > 10 && Math.abs(box.width - box.height) < 1, `the stylesheet draws square cells (${JSON.stringify(box)})`);
  await page.waitForFunction(() => window.events.some(([name]) => name === "ready"));

  // The viewer's player moves: a legal square clicked is a `move` to the host.
  const legal = page.locator('[data-square][data-legal="true"]');
  await legal.first().waitFor();
  const square = await legal.first().getAttribute("data-square");
  await page.locator('[data-outflank-viewer]:not([data-busy="true"])').waitFor();
  await legal.first().click();
  await page.waitForFunction(() => window.events.some(([name]) => name === "move"));
  const moves = await page.evaluate(() => window.events.filter(([name]) => name === "move").map(([, move]) => move));
  assert.deepEqual(moves, [square], "the click is sent as the move in notation");
} finally {
  await browser.close();
  server.close();
}
assert.deepEqual(problems, [], "no console error, page error or failed request");
console.log(`outflank-viewer@${manifest.version}: installed, included in a page, launched, a state shown, a move sent: ok`);
