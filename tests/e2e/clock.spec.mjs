// Clocks: a time per player and an increment, kept by the host; the running
// clock lit, low time shown and sounded, a fallen flag ends the game on time; a reload
// neither gains nor loses time; pausing while the page is hidden is the players' choice.
// The page's clock is Playwright's fake one, advanced by the test: no test sleeps.
import { test, expect } from "@playwright/test";
import { guardConsole, newGame, openViewer, pageScreenshot, playSquare } from "./helpers.mjs";

let guard;
test.beforeEach(async ({ page }) => {
  guard = guardConsole(page);
  await page.clock.install();
  await page.addInitScript(() => {
    window.__outflankSounds = [];
  });
});
test.afterEach(() => guard.check());

/** A clock face ("4:59", "0:09.4") in seconds. */
function seconds(face) {
  const [m, s] = face.split(":");
  return Number(m) * 60 + Number(s);
}
const face = async (page, i) => seconds(await page.getByTestId(`clock-face-${i}`).textContent());

test("the running clock is lit, low time sounds, and a fallen flag ends the game on time", async ({ page }) => {
  await openViewer(page);
  await expect(page.getByTestId("clocks")).toHaveCount(0);
  await newGame(page, { names: ["Ann", "Bo"], clock: "1" });
  const [dark, light] = [page.getByTestId("clock-0"), page.getByTestId("clock-1")];
  await expect(dark).toHaveAttribute("data-running", "true");
  await expect(light).toHaveAttribute("data-running", "false");
  await expect(page.getByTestId("clock-face-1")).toHaveText("1:00");
  await expect(dark).toContainText("Ann (Dark)");

  await playSquare(page, "f5");
  await expect(light).toHaveAttribute("data-running", "true");
  await expect(dark).toHaveAttribute("data-running", "false");
  const darkLeft = await page.getByTestId("clock-face-0").textContent();

  await page.clock.fastForward(20_000);
  await expect.poll(() => face(page, 1)).toBeLessThanOrEqual(40);
  expect(await face(page, 1)).toBeGreaterThan(37);
  await expect(page.getByTestId("clock-face-0")).toHaveText(darkLeft);
  await expect(light).toHaveAttribute("data-low", "false");

  // Under ten seconds: low time, shown and sounded once.
  await page.clock.fastForward(31_000);
  await expect(light).toHaveAttribute("data-low", "true");
  await expect.poll(() => page.evaluate(() => window.__outflankSounds.filter((s) => s === "low-time").length)).toBe(1);
  await expect(page.getByTestId("clock-face-1")).toHaveText(/^0:0\d\.\d$/);

  await page.clock.fastForward(10_000);
  await expect(page.getByTestId("status")).toContainText("Bo lost on time. Ann wins");
  await expect(light).toHaveAttribute("data-flag", "true");
  await expect(light).toContainText("Time is up");
  await expect(page.getByTestId("clock-face-1")).toHaveText("0:00.0");
  await expect(light).toHaveAttribute("data-running", "false");
  await expect(page.locator('button[data-square][data-legal="true"]')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.__outflankSounds.includes("end"))).toBe(true);
  await pageScreenshot(page, "clock-flag.png");

  // The result stays through a reload, and the leader board has it.
  await page.reload();
  await expect(page.getByTestId("status")).toContainText("Bo lost on time. Ann wins");
  await expect(page.getByTestId("clock-1")).toHaveAttribute("data-flag", "true");
  await page.getByTestId("leaderboard").click();
  // The dialog's code loads on its first opening: wait for its rows, not just the click.
  const rows = page.getByTestId("leaderboard-row");
  await expect
    .poll(() => rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(1, 5).map((c) => c.textContent))))
    .toEqual([
      ["Ann", "1", "1", "0"],
      ["Bo", "1", "0", "0"],
    ]);
});

test("a reload mid-game keeps both clocks: no time gained or lost", async ({ page }) => {
  await openViewer(page);
  await newGame(page, { clock: "5+3" });
  await page.clock.fastForward(10_000);
  await playSquare(page, "f5");
  // Dark spent about 10 s and gained 3: stopped at 4:53 or so.
  const dark = await page.getByTestId("clock-face-0").textContent();
  expect(seconds(dark)).toBeGreaterThanOrEqual(292);
  expect(seconds(dark)).toBeLessThanOrEqual(293);
  await page.clock.fastForward(60_000);
  await expect.poll(() => face(page, 1)).toBeLessThanOrEqual(240);
  const before = await face(page, 1);

  await page.reload();
  await expect(page.getByTestId("clock-1")).toHaveAttribute("data-running", "true");
  // The stopped clock shows exactly what it did; the running one went on through the reload.
  await expect(page.getByTestId("clock-face-0")).toHaveText(dark);
  const after = await face(page, 1);
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThanOrEqual(before - 3);
  await page.clock.fastForward(30_000);
  await expect.poll(() => face(page, 1)).toBeLessThanOrEqual(after - 30);
  await expect(page.getByTestId("record")).toHaveValue("f5");
});

test("the clocks stop while the page is hidden only if the players chose so", async ({ page }) => {
  const hide = (hidden) =>
    page.evaluate((hidden) => {
      Object.defineProperty(document, "hidden", { value: hidden, configurable: true });
      // As the browser fires it: at the document, bubbling.
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
    }, hidden);
  await openViewer(page);
  await newGame(page, { clock: "3", pauseHidden: true });
  await expect(page.getByTestId("clock-face-0")).toHaveText("3:00");
  await hide(true);
  await expect(page.getByTestId("clock-0")).toContainText("Paused");
  await page.clock.fastForward(60_000);
  await hide(false);
  await expect(page.getByTestId("clock-0")).not.toContainText("Paused");
  expect(await face(page, 0)).toBeGreaterThanOrEqual(178);

  // Without that choice the clock runs on while the page is hidden. (The form repeats the
  // last game's choices: this one unticks it.)
  await newGame(page, { clock: "3", pauseHidden: false });
  await hide(true);
  await page.clock.fastForward(60_000);
  await hide(false);
  await expect.poll(() => face(page, 0)).toBeLessThanOrEqual(120);
  await expect(page.getByTestId("clock-0")).not.toContainText("Paused");
});
