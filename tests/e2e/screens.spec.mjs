// Start and end screens in both skins on a phone and a desktop: screenshots for people to
// look at (tests/output/), and an axe-core scan of each with no serious or critical
// violation.
import { test, expect } from "@playwright/test";
import { axeViolations, FULL_GAME, guardConsole, newGame, openViewer, pageScreenshot } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

const viewports = { phone: [360, 740], desktop: [1280, 800] };

for (const skin of ["classic", "wooden"]) {
  for (const [device, [width, height]] of Object.entries(viewports)) {
    test(`${skin} skin on a ${device}: start and end screens`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openViewer(page);
      await page.getByTestId("preferences").click();
      await page.getByTestId("pref-skin").selectOption(skin);
      await page.getByTestId("preferences").click();
      await expect(page.locator("[data-outflank-viewer]")).toHaveClass(new RegExp(`skin-${skin}`));
      // The board fits the width of the screen.
      const board = await page.locator(".board").boundingBox();
      expect(board.x).toBeGreaterThanOrEqual(0);
      expect(board.x + board.width).toBeLessThanOrEqual(width);
      expect(await axeViolations(page), "axe on the start screen").toEqual([]);
      await pageScreenshot(page, `${skin}-${device}-start.png`);

      await newGame(page, { names: ["Ada", "Grace"], record: FULL_GAME });
      await expect(page.getByTestId("status")).toHaveText("Grace wins 35-29");
      await expect(page.getByTestId("stats")).toBeVisible();
      expect(await axeViolations(page), "axe on the end screen").toEqual([]);
      await pageScreenshot(page, `${skin}-${device}-end.png`);
    });
  }
}

test("dark theme, Gomoku and Tic-Tac-Toe boards pass axe too", async ({ page }) => {
  await openViewer(page);
  await page.getByTestId("preferences").click();
  await page.getByTestId("pref-theme").selectOption("dark");
  await page.getByTestId("preferences").click();
  await expect(page.locator("[data-outflank-viewer]")).toHaveClass(/theme-dark/);
  expect(await axeViolations(page)).toEqual([]);
  await pageScreenshot(page, "dark-desktop-start.png");
  await newGame(page, { game: "gomoku", size: 15, record: "h8h9i8i9j8j9k8k9l8" });
  await expect(page.getByTestId("status")).toHaveText("Black wins with five in a row");
  expect(await axeViolations(page)).toEqual([]);
  await pageScreenshot(page, "dark-gomoku-end.png");
  await newGame(page, { game: "tictactoe", record: "a1b1b2c1" });
  await expect(page.getByTestId("status")).toHaveText("X must play a mark");
  expect(await axeViolations(page)).toEqual([]);
  await pageScreenshot(page, "dark-tictactoe.png");
});

test("dialogs, preferences and the historical view pass axe", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openViewer(page);
  await page.getByTestId("preferences").click();
  await expect(page.getByTestId("pref-language")).toBeVisible();
  await page.getByTestId("history-position").click();
  expect(await axeViolations(page), "preferences open").toEqual([]);
  await page.getByTestId("new-game").click();
  await page.getByTestId("game-select").selectOption("gomoku");
  expect(await axeViolations(page), "new game dialog").toEqual([]);
  await pageScreenshot(page, "new-game-dialog-phone.png");
  await page.getByTestId("record-input").fill("h8h9i8");
  await page.getByTestId("new-game-start").click();
  await page.getByTestId("history-prev").click();
  await expect(page.getByTestId("historical")).toBeVisible();
  expect(await axeViolations(page), "historical view").toEqual([]);
  await page.getByTestId("name-0").click();
  expect(await axeViolations(page), "rename dialog").toEqual([]);
});

test("the axe scan does catch a serious violation (a planted nameless button)", async ({ page }) => {
  await openViewer(page);
  await page.evaluate(() => document.querySelector(".page").append(document.createElement("button")));
  const ids = (await axeViolations(page)).map((v) => v.id);
  expect(ids).toContain("button-name");
});
