// The first second on a phone: over a slow 4G network with a four times slower CPU (the
// throttling of Lighthouse's mobile preset, through the DevTools protocol), the page shows the
// board in its start position, the panels and the toolbar one second after navigating, painted
// from its HTML before its code has run (tests/output/phone-first-second.png); the live page
// then takes its place and plays. A returning player's saved game replaces the start once the
// code has run.
import { test, expect } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { guardConsole, holdLaterParts, OUTPUT, playSquare } from "./helpers.mjs";

/** Lighthouse's mobile preset: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, CPU / 4. */
async function throttle(page, context) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

test("a phone on slow 4G sees the board one second after navigating", async ({ page, context }) => {
  const guard = guardConsole(page);
  await throttle(page, context);
  await page.goto("./", { waitUntil: "commit" });
  // One second after the navigation started, by the page's own clock.
  await page.waitForFunction(() => performance.now() >= 1000, null, { polling: 20 });
  mkdirSync(OUTPUT, { recursive: true });
  await page.screenshot({ path: join(OUTPUT, "phone-first-second.png") });
  await expect(page.locator("button[data-square]")).toHaveCount(64);
  await expect(page.locator("button[data-square] [data-disc]")).toHaveCount(4);
  for (const id of ["status", "player-0", "player-1", "new-game"]) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.locator(".board")).toBeInViewport();
  // The painted page is the live one's double: once the code runs it plays.
  await expect(page.locator("[data-outflank-viewer]")).toHaveAttribute("data-busy", "false", { timeout: 30_000 });
  await expect(page.locator("[data-outflank-viewer]")).toHaveCount(1);
  await expect(page.locator("body > main")).toHaveCount(1);
  await playSquare(page, "f5");
  guard.check();
});

test("the painted start waits for the code: no square is offered, and a saved game replaces it", async ({ page }) => {
  const guard = guardConsole(page);
  await page.goto("./");
  await expect(page.locator("[data-outflank-viewer]")).toHaveAttribute("data-busy", "false");
  await playSquare(page, "f5");
  // The page's HTML alone (no code run): the start position, locked.
  const html = await (await page.request.get("./")).text();
  expect(html).toContain('data-busy="true"');
  expect(html).not.toContain("data-legal");
  expect(html.match(/data-square=/g)).toHaveLength(64);
  // A reload paints the start, then the code shows the saved game.
  await page.reload();
  await expect(page.locator("[data-outflank-viewer]")).toHaveAttribute("data-busy", "false");
  await expect(page.locator("button[data-square] [data-disc]")).toHaveCount(5);
  await expect(page.locator('button[data-square="f5"] [data-disc="0"]')).toHaveCount(1);
  guard.check();
});

test("the painted toolbar and side wait for their code while the board already plays, and a button pressed meanwhile is pressed when it comes", async ({ page }) => {
  const guard = guardConsole(page);
  // Hold the toolbar's and the side's code until the test lets it through.
  const { release, asked } = await holdLaterParts(page);
  await page.goto("./");
  const root = page.locator("[data-outflank-viewer]");
  await expect(root).toHaveAttribute("data-busy", "false");
  // The board is live and plays before the toolbar's code has come.
  await playSquare(page, "f5");
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  const painted = page.locator("[data-painted]");
  await expect(painted).not.toHaveCount(0);
  await expect(page.locator('.part[data-part="toolbar"]')).toHaveCount(2);
  await expect(page.getByTestId("new-game")).toHaveCount(1);
  await expect(page.getByTestId("new-game")).toBeVisible();
  // A press on the painted button does nothing yet: the part shows it is on its way.
  await page.getByTestId("new-game").click();
  await expect(page.locator('.part[data-part="toolbar"][data-painted]')).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  release();
  // Each live part takes its painted twin's place, and the press reaches the live button.
  await expect(painted).toHaveCount(0);
  await expect(page.locator('.part[data-part="toolbar"]')).toHaveCount(1);
  await expect(page.locator('.part[data-part="side"]')).toHaveCount(1);
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("move-list")).toContainText("f5");
  await expect(page.getByTestId("undo")).toBeEnabled();
  guard.check();
});
