// History: init / prev / next / now, the keys, the historical-view marker, no
// moves there; the move list; copying and pasting a record.
import { test, expect } from "@playwright/test";
import { discCounts, guardConsole, legalSquares, newGame, openViewer, playSquare } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

const status = (page) => page.getByTestId("status");
const record = (page) => page.getByTestId("record");

test("history buttons and keys show earlier positions; no move is made there", async ({ page }) => {
  await openViewer(page);
  for (const sq of ["f5", "d6", "c3", "d3"]) await playSquare(page, sq);
  await expect(record(page)).toHaveValue("f5d6c3d3");
  await expect(page.getByTestId("historical")).toHaveCount(0);
  await expect(page.getByTestId("history-now")).toBeDisabled();

  await page.getByTestId("history-prev").click();
  await expect(status(page)).toHaveText("Historical view: move 3 of 4");
  await expect(page.getByTestId("historical")).toBeVisible();
  await expect(page.locator('[data-square="d3"] [data-disc]')).toHaveCount(0);
  expect(await legalSquares(page)).toEqual([]);
  // A click on the square that was played next is refused, visibly, and changes nothing.
  await page.locator('[data-square="d3"]').click();
  await expect(page.getByTestId("refusal")).toContainText("Historical view");
  await expect(record(page)).toHaveValue("f5d6c3d3");
  await expect(page.locator('[data-square="d3"] [data-disc]')).toHaveCount(0);

  await page.getByTestId("history-init").click();
  await expect(status(page)).toHaveText("Historical view: move 0 of 4");
  expect(await discCounts(page)).toEqual([2, 2]);
  await expect(page.getByTestId("history-init")).toBeDisabled();
  await page.getByTestId("history-next").click();
  await expect(status(page)).toHaveText("Historical view: move 1 of 4");
  expect(await discCounts(page)).toEqual([4, 1]);
  await page.getByTestId("history-now").click();
  await expect(status(page)).toHaveText("Dark must play a disc");
  await expect(page.getByTestId("historical")).toHaveCount(0);

  // The keys, with the focus outside the board.
  await page.getByTestId("history-position").click();
  await page.keyboard.press("Home");
  await expect(status(page)).toHaveText("Historical view: move 0 of 4");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(status(page)).toHaveText("Historical view: move 2 of 4");
  await page.keyboard.press("ArrowLeft");
  await expect(status(page)).toHaveText("Historical view: move 1 of 4");
  await page.keyboard.press("End");
  await expect(status(page)).toHaveText("Dark must play a disc");

  // Back at the live position a move is allowed again.
  await playSquare(page, (await legalSquares(page))[0]);
  await expect(record(page)).toHaveValue(/^f5d6c3d3[a-h][1-8]$/);
});

test("the move list shows each move in notation; a click shows that position", async ({ page }) => {
  await openViewer(page);
  await newGame(page, { record: "f5d6c3d3c4" });
  const list = page.getByTestId("move-list");
  await expect(list.locator("button")).toHaveText(["f5", "d6", "c3", "d3", "c4"]);
  await expect(list.locator('button[aria-current="step"]')).toHaveText("c4");
  await list.locator("button", { hasText: "d6" }).click();
  await expect(status(page)).toHaveText("Historical view: move 2 of 5");
  await expect(list.locator('button[aria-current="step"]')).toHaveText("d6");
  await expect(page.locator('[data-square="c3"] [data-disc]')).toHaveCount(0);
  await expect(page.locator('[data-square="d6"] [data-disc]')).toHaveAttribute("data-disc", "1");
  await list.locator("button", { hasText: "c4" }).click();
  await expect(status(page)).toHaveText("Light must play a disc");
});

test("copy the record, paste it into a new game, a bad record is refused", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openViewer(page);
  for (const sq of ["f5", "f6", "e6", "f4"]) await playSquare(page, sq);
  await page.getByTestId("copy-record").click();
  await expect(page.getByText("Record copied")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe("f5f6e6f4");

  await newGame(page, { game: "tictactoe" });
  await expect(page.locator("button[data-square]")).toHaveCount(9);
  await newGame(page, { game: "reversi", size: 8, record: copied });
  await expect(record(page)).toHaveValue("f5f6e6f4");
  await expect(status(page)).toHaveText("Dark must play a disc");

  // A record with an illegal move: a clear error, the dialog stays, the game is unchanged.
  await page.getByTestId("new-game").click();
  await page.getByTestId("record-input").fill("f5f5");
  await page.getByTestId("new-game-start").click();
  await expect(page.getByTestId("new-game-error")).toHaveText("move 2 (f5) of the record: f5 is already occupied");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(record(page)).toHaveValue("f5f6e6f4");
});
