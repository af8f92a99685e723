// The offline site: the service worker precaches the build, so the game loads and plays with
// the network off, from a sub-path; a new deploy is offered ("new version: reload") and taken
// in one piece, and the saved game survives it.
import { test, expect } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { guardConsole, playSquare, REPO } from "./helpers.mjs";
import { serve } from "../serve.mjs";

const PREFIX = "/games/outflank/";

/** Waits until the service worker controls the page (the first visit included). */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}

async function board(page) {
  const root = page.locator("[data-outflank-viewer]");
  await expect(root).toHaveAttribute("data-busy", "false");
  await expect(page.locator("button[data-square]")).toHaveCount(64);
  return root;
}

const build = (page) => page.locator('meta[name="outflank-build"]').getAttribute("content");

test("with the network off, the game reloads from the cache and plays on", async ({ page, context }) => {
  const guard = guardConsole(page);
  await page.goto("./");
  await board(page);
  await controlled(page);
  await playSquare(page, "f5");

  await context.setOffline(true);
  const fromNetwork = [];
  page.on("response", (r) => {
    if (!r.fromServiceWorker() && !r.url().startsWith("data:")) fromNetwork.push(r.url());
  });
  await page.reload();
  await board(page);
  // The game saved before going offline is there, and goes on.
  await expect(page.locator('button[data-square="f5"] [data-disc="0"]')).toHaveCount(1);
  await playSquare(page, "f6");
  await expect(page.locator("button[data-square] [data-disc]")).toHaveCount(6);
  // A new game works too (everything it needs is in the page).
  await page.getByTestId("new-game").click();
  // The dialog's code comes from the cache too (it loads when the dialog first opens).
  await page.getByTestId("new-game-start").click();
  await expect(page.locator("button[data-square] [data-disc]")).toHaveCount(4);
  // And a game against the computer: its Web Worker loads from the cache and moves first.
  await page.getByTestId("new-game").click();
  await page.getByTestId("opponent-select").selectOption("computer");
  await page.getByTestId("side-select").selectOption("second");
  await page.getByTestId("level-select").selectOption("3");
  await page.getByTestId("new-game-start").click();
  await expect(page.locator("button[data-square] [data-disc]")).toHaveCount(5);
  await expect(page.getByTestId("thinking")).toHaveText("");
  await expect(page.locator('button[data-square][data-legal="true"]').first()).toBeVisible();
  // The demo host page too: its engine, the embeddable viewer and the iframes.
  await page.goto("./host.html");
  for (const seat of ["0", "1", "spectator"]) {
    await expect(page.frameLocator(`iframe[data-seat="${seat}"]`).locator("button[data-square]")).toHaveCount(64);
  }
  await expect(page.frameLocator('iframe[data-seat="0"]').locator('button[data-square][data-legal="true"]')).toHaveCount(4);
  expect(fromNetwork, "every request answered by the service worker").toEqual([]);
  await context.setOffline(false);
  guard.check();
});

test("a new deploy is offered, taken in one piece, and the saved game stays", async ({ browser }) => {
  // Our own server over a copy of the build, so the test can deploy over it.
  const dir = mkdtempSync(join(tmpdir(), "outflank-deploy-"));
  cpSync(join(REPO, "dist"), dir, { recursive: true });
  const server = await serve({ dir, port: 0, host: "127.0.0.1", prefix: PREFIX });
  const url = `http://127.0.0.1:${server.address().port}${PREFIX}`;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const guard = guardConsole(page);
    await page.goto(url);
    await board(page);
    await controlled(page);
    const first = await build(page);
    await playSquare(page, "d3");

    // Deploy: a changed file (the icon: scripts and styles carry integrity hashes that a
    // real build would update), and the build's precache list and id made anew.
    appendFileSync(join(dir, "icon.svg"), "\n<!-- the next build -->\n");
    execFileSync("node", [join(REPO, "web", "precache.mjs"), dir]);

    // Another visit (a second tab) makes the browser look for the new service worker; the
    // page already open is told, and offers the new version.
    const second = await context.newPage();
    await second.goto(url);
    const banner = page.getByTestId("update-banner");
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("new version");
    // Until accepted, the open page still runs the old build.
    expect(await build(page)).toBe(first);

    await page.getByTestId("update-reload").click();
    await expect.poll(() => build(page)).not.toBe(first);
    await board(page);
    await expect(page.getByTestId("update-banner")).toHaveCount(0);
    await expect(page.locator('button[data-square="d3"] [data-disc="0"]')).toHaveCount(1);
    await expect(page.locator("button[data-square] [data-disc]")).toHaveCount(5);
    // The old build's cache is gone: only the new one is left.
    const caches = await page.evaluate(() => caches.keys());
    expect(caches).toEqual([`outflank-${await build(page)}`]);
    guard.check();
  } finally {
    await context.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
