// Opening names: the named Othello opening a game follows is shown under the
// status and marked in the move list where it was reached, for the position on show
// (history included), from any of the four symmetric first moves; other boards have none.
import { test, expect } from "@playwright/test";
import { guardConsole, newGame, openViewer, playSquare } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

test("the opening is named as the game follows it, in the status and the move list", async ({ page }) => {
  await openViewer(page);
  const opening = page.getByTestId("opening");
  await expect(opening).toHaveText("");
  // The Tiger, played from c4 (a symmetry of f5 d6 c3 d3 c4), move by move.
  for (const sq of ["c4", "e3", "f6", "e6"]) await playSquare(page, sq);
  await expect(opening).not.toContainText("Tiger");
  await playSquare(page, "f5");
  await expect(opening).toHaveText("Opening: Tiger");
  const fifth = page.locator('[data-testid="move-list"] button[data-ply="5"]');
  await expect(fifth).toHaveAttribute("data-opening", "Tiger");
  await expect(fifth).toHaveAttribute("aria-label", /Tiger/);

  // Back in history, the name is the one of that position; a game that leaves the book
  // keeps the last name it followed.
  await page.locator('[data-testid="move-list"] button[data-ply="2"]').click();
  await expect(opening).not.toContainText("Tiger");
  await page.keyboard.press("End");
  await expect(opening).toHaveText("Opening: Tiger");

  // A record of the Rose grows through its named stages to the longest.
  await newGame(page, { record: "f5d6c5f4e3c6d3f6e6d7g3c4b4" });
  await expect(opening).toHaveText("Opening: Rose-Birdie / Rose-Tamenori");
  const named = await page
    .locator('[data-testid="move-list"] button[data-opening]')
    .evaluateAll((bs) => bs.map((b) => b.dataset.opening));
  expect(named.slice(-3)).toEqual(["Rose", "Rose-Birth", "Rose-Birdie / Rose-Tamenori"]);

  // Other boards have no opening names.
  await newGame(page, { size: 6 });
  await expect(page.getByTestId("opening")).toHaveCount(0);
});
