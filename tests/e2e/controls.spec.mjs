// Concede (own turn, behind), undo and redo, renaming players, the New game dialog (game, variant,
// size, names, who starts), the end-of-game statistics, the highlights preference.
import { test, expect } from "@playwright/test";
import { guardConsole, legalSquares, newGame, openViewer, playSquare, shownScores } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

const status = (page) => page.getByTestId("status");

test("concede only on your turn while behind; undo takes it back, then moves; redo puts them back", async ({ page }) => {
  await openViewer(page);
  await expect(page.getByTestId("concede")).toBeDisabled();
  await expect(page.getByTestId("undo")).toBeDisabled();
  await playSquare(page, "f5");
  // Light, to move, is behind 1-4: may concede.
  await expect(page.getByTestId("concede")).toBeEnabled();
  await page.getByTestId("concede").click();
  await expect(status(page)).toHaveText("Light concedes. Dark wins 4-1");
  await expect(page.getByTestId("stats")).toBeVisible();
  await expect(page.getByTestId("result")).toHaveText("Light concedes. Dark wins 4-1");
  await expect(page.getByTestId("move-list").locator("button").last()).toHaveText("concedes");
  expect(await legalSquares(page)).toEqual([]);

  await page.getByTestId("undo").click();
  await expect(status(page)).toHaveText("Light must play a disc");
  await expect(page.getByTestId("stats")).toHaveCount(0);
  await page.getByTestId("undo").click();
  await expect(status(page)).toHaveText("Dark must play a disc");
  expect(await shownScores(page)).toEqual([2, 2]);
  await expect(page.getByTestId("undo")).toBeDisabled();

  // Redo puts back what undo took, one step at a time; a new move forgets it, and the game
  // is saved as played.
  await page.getByTestId("redo").click();
  await expect(status(page)).toHaveText("Light must play a disc");
  await page.getByTestId("redo").click();
  await expect(status(page)).toHaveText("Light concedes. Dark wins 4-1");
  await expect(page.getByTestId("redo")).toBeDisabled();
  await page.getByTestId("undo").click();
  await expect(status(page)).toHaveText("Light must play a disc");
  await expect(page.getByTestId("redo")).toBeEnabled();
  await playSquare(page, "d6");
  await expect(page.getByTestId("redo")).toBeDisabled();
  await page.reload();
  await expect(page.locator('button[data-square="d6"] [data-disc="1"]')).toHaveCount(1);
});

test("players are renamed from their panel; names show in the status line", async ({ page }) => {
  await openViewer(page);
  await page.getByTestId("name-0").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByTestId("rename-input").fill("  Ada   Lovelace ");
  await page.getByTestId("rename-save").click();
  await expect(page.getByTestId("name-0")).toHaveText("Ada Lovelace");
  await expect(page.getByTestId("player-0")).toContainText("Dark");
  await expect(status(page)).toHaveText("Ada Lovelace must play a disc");
  // Escape cancels.
  await page.getByTestId("name-1").click();
  await page.getByTestId("rename-input").fill("Nobody");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("name-1")).toHaveText("Light");
  // The focus goes back to the name that opened the dialog.
  await expect(page.getByTestId("name-1")).toBeFocused();
});

test("new game dialog: defaults repeat the current game; who starts swaps the names", async ({ page }) => {
  await openViewer(page);
  await newGame(page, { game: "gomoku", size: 15, names: ["Ann", "Bo"], second: true });
  await expect(page.locator("button[data-square]")).toHaveCount(225);
  await expect(page.getByTestId("name-0")).toHaveText("Bo");
  await expect(page.getByTestId("name-1")).toHaveText("Ann");
  await expect(status(page)).toHaveText("Bo must play a stone");
  await expect(page.getByTestId("player-0")).toHaveClass(/active/);
  // Opening the dialog again offers the same game.
  await page.getByTestId("new-game").click();
  await expect(page.getByTestId("game-select")).toHaveValue("gomoku");
  await expect(page.getByTestId("size-select")).toHaveValue("15");
  await expect(page.getByTestId("name-input-0")).toHaveValue("Bo");
  await page.getByTestId("new-game-start").click();
  await expect(page.locator("button[data-square]")).toHaveCount(225);
  await expect(page.getByTestId("record")).toHaveValue("");

  await newGame(page, { game: "reversi", size: 10, variant: "standard", names: ["", ""] });
  await expect(page.locator("button[data-square]")).toHaveCount(100);
  await expect(page.locator('[data-square="e6"] [data-disc]')).toHaveAttribute("data-disc", "0");
  await expect(page.locator('[data-square="f5"] [data-disc]')).toHaveAttribute("data-disc", "0");
  await expect(page.locator('[data-square="e5"] [data-disc]')).toHaveAttribute("data-disc", "1");
  await expect(status(page)).toHaveText("Dark must play a disc");
  expect(await legalSquares(page)).toHaveLength(4);
});

test("the highlights preference hides the dots but keeps the squares playable", async ({ page }) => {
  await openViewer(page);
  const dot = () => page.locator('[data-square="f5"]').evaluate((el) => getComputedStyle(el, "::before").backgroundColor);
  const shown = await dot();
  expect(shown).not.toBe("rgba(0, 0, 0, 0)");
  await page.getByTestId("preferences").click();
  await page.getByTestId("pref-highlights").uncheck();
  await expect(page.locator("[data-outflank-viewer]")).toHaveClass(/no-highlights/);
  expect(await dot()).toBe("rgba(0, 0, 0, 0)");
  await expect(page.locator('[data-square="f5"]')).toHaveAttribute("data-legal", "true");
  await playSquare(page, "f5");
});

test("a legal square shows a ghost disc with a shadow under the pointer, and a tooltip", async ({ page }) => {
  await openViewer(page);
  const f5 = page.locator('[data-square="f5"]');
  await expect(f5).toHaveAttribute("title", "Place a disc here");
  await expect(page.locator('[data-square="a1"]')).not.toHaveAttribute("title", /.+/);
  const ghost = () =>
    f5.evaluate((el) => {
      const s = getComputedStyle(el, "::before");
      return { width: parseFloat(s.width) / el.getBoundingClientRect().width, shadow: s.boxShadow };
    });
  const before = await ghost();
  expect(before.width).toBeLessThan(0.3);
  await f5.hover();
  await expect.poll(async () => (await ghost()).width).toBeGreaterThan(0.75);
  expect((await ghost()).shadow).toContain("rgba(0, 0, 0");
});

test("the system's dark colour scheme gives the dark theme; the preference overrides it", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await openViewer(page);
  const root = page.locator("[data-outflank-viewer]");
  await expect(root).toHaveClass(/theme-dark/);
  await page.getByTestId("preferences").click();
  await page.getByTestId("pref-theme").selectOption("light");
  await expect(root).not.toHaveClass(/theme-dark/);
  await page.getByTestId("pref-theme").selectOption("auto");
  await expect(root).toHaveClass(/theme-dark/);
});
