// The computer's search on several cores: the page is cross-origin isolated once the service
// worker controls it (a static host such as serve.mjs sends no such headers; web/sw.js adds
// them), which shared memory between threads needs; a page that is not isolated searches on
// one thread, without an error.
import { test, expect } from "@playwright/test";
import { guardConsole } from "./helpers.mjs";

/** Waits until the service worker controls the page (the first visit included). */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}

async function board(page) {
  const root = page.locator("[data-outflank-viewer]");
  await expect(root).toHaveAttribute("data-busy", "false");
  await expect(page.locator("button[data-square]")).toHaveCount(64);
}

test("the page is cross-origin isolated once the service worker controls it, from a sub-path", async ({ page }) => {
  const guard = guardConsole(page);
  await page.goto("./");
  await board(page);
  await controlled(page);
  // The first load came from the static host, without the headers.
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
  const response = await page.reload();
  await board(page);
  expect(response.headers()["cross-origin-embedder-policy"]).toBe("require-corp");
  expect(response.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  expect(await page.evaluate(() => typeof SharedArrayBuffer)).toBe("function");
  guard.check();
});
