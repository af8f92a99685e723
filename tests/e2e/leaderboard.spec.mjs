// The local leader board: every finished hot-seat game and game against the
// computer, by player name, ranked by the rule the page states; kept across reloads; each
// game counted once as it stands (undo takes it off, a rename moves it); clearable.
import { test, expect } from "@playwright/test";
import { guardConsole, newGame, openViewer, pageScreenshot } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

/** The table's rows as [name, games, won, drawn, lost, discs]. */
async function table(page) {
  await page.getByTestId("leaderboard").click();
  const dialog = page.getByTestId("leaderboard-dialog");
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("leaderboard-close")).toBeFocused();
  const rows = await dialog.getByTestId("leaderboard-row").evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].slice(1).map((c) => c.textContent)),
  );
  return rows;
}

async function close(page) {
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("leaderboard-dialog")).toHaveCount(0);
}

test("finished games go on the board, ranked by the stated rule, and stay after a reload", async ({ page }) => {
  await openViewer(page);
  await page.getByTestId("leaderboard").click();
  await expect(page.getByTestId("leaderboard-empty")).toBeVisible();
  await expect(page.getByTestId("leaderboard-dialog")).toContainText("Ranked by victories, then by disc differential");
  await close(page);

  // Reversi's shortest game (engine/tests/game.rs): Dark wipes Light out, 13 discs to none.
  await newGame(page, { names: ["Ann", "Bo"], record: "c4c3c2c5c6d6e6f6g7" });
  await expect(page.getByTestId("status")).toContainText("Ann wins");
  expect(await table(page)).toEqual([
    ["Ann", "1", "1", "0", "0", "+13"],
    ["Bo", "1", "0", "0", "1", "-13"],
  ]);
  await close(page);

  // Undo takes the game off the board (it has not ended any more); Redo puts it back.
  await page.getByTestId("undo").click();
  expect(await table(page)).toEqual([]);
  await close(page);
  await page.getByTestId("redo").click();
  expect((await table(page)).length).toBe(2);
  await close(page);

  // A rename after the end moves the game to the new name.
  await page.getByTestId("name-1").click();
  await page.getByTestId("rename-input").fill("Bob");
  await page.getByTestId("rename-save").click();
  await page.reload();
  expect(await table(page)).toEqual([
    ["Ann", "1", "1", "0", "0", "+13"],
    ["Bob", "1", "0", "0", "1", "-13"],
  ]);
  await pageScreenshot(page, "leaderboard.png");
  await close(page);

  // Tic-Tac-Toe has a table of its own.
  await newGame(page, { game: "tictactoe", names: ["Ann", "Cy"], record: "a1b1a2b2a3" });
  expect(await table(page)).toEqual([
    ["Ann", "1", "1", "0", "0", "0"],
    ["Cy", "1", "0", "0", "1", "0"],
  ]);
  // Clearing asks once more, then empties every table.
  await page.getByTestId("leaderboard-clear").click();
  await expect(page.getByTestId("leaderboard-clear")).toHaveText("Really clear every game?");
  await page.getByTestId("leaderboard-clear").click();
  await expect(page.getByTestId("leaderboard-empty")).toBeVisible();
  await page.reload();
  expect(await table(page)).toEqual([]);
});

test("a corrupt leader board starts empty with a notice, no console error", async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("corrupted")) {
      sessionStorage.setItem("corrupted", "1");
      localStorage.setItem("outflank:leaderboard", '{"version":1,"games":[{"id":"x"}]}');
    }
  });
  await openViewer(page);
  await expect(page.getByTestId("notice")).toContainText("The leader board could not be read");
  expect(await table(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("outflank:leaderboard"))).toBeNull();
});
