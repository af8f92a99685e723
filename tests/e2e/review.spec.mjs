// Game review: the computer goes through every move of a game (in its own
// worker: the page stays live), with a progress bar and Cancel; then each move's loss,
// the mistakes and blunders marked in the move list, each player's total, the worst move,
// and the evaluation graph, whose points are the review's values and show their position
// when clicked. Checked for consistency end to end: the losses recomputed here from the
// graph's points are the marks, the totals and the worst move the page shows. (That the
// values are the exact solver's from 20 empties is ui/src/review.rs's native test.)
import { test, expect } from "@playwright/test";
import { FULL_GAME, guardConsole, newGame, openViewer, pageScreenshot } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

test("review a whole game: progress and cancel, marks, totals, worst move, graph", async ({ page }) => {
  test.setTimeout(240_000);
  await openViewer(page);
  await expect(page.getByTestId("review")).toBeDisabled();
  await newGame(page, { names: ["Ann", "Bo"], record: FULL_GAME });
  const moves = FULL_GAME.length / 2;

  // Start, then cancel part-way: what was valued stays on the graph.
  await page.getByTestId("review").click();
  await expect(page.getByTestId("review-progress")).toBeVisible();
  const points = page.getByTestId("graph-point");
  await expect.poll(() => points.count()).toBeGreaterThan(3);
  await page.getByTestId("review-cancel").click();
  await expect(page.getByTestId("review-progress")).toHaveCount(0);
  const partial = await points.count();
  expect(partial).toBeLessThan(moves + 1);
  await expect(page.getByTestId("review-summary")).toHaveCount(0);

  // Go on to the end.
  await page.getByTestId("review").click();
  await expect(page.getByTestId("review-summary")).toBeVisible({ timeout: 200_000 });
  await expect(points).toHaveCount(moves + 1);

  // The graph's values (Dark's, hundredths) and each move's player, from the move list.
  const values = await points.evaluateAll((cs) =>
    cs.map((c) => ({ ply: Number(c.dataset.ply), value: Number(c.dataset.value), exact: c.dataset.exact === "true" })),
  );
  values.sort((a, b) => a.ply - b.ply);
  const rows = await page
    .locator('[data-testid="move-list"] li')
    .evaluateAll((lis) =>
      lis
        .filter((li) => li.querySelector("button").textContent !== "pass")
        .map((li) => ({ player: li.classList.contains("p0") ? 0 : 1, mark: li.dataset.mark ?? null, ply: Number(li.querySelector("button").dataset.ply) })),
    );
  expect(rows.length).toBe(moves);
  // From 20 empty squares on, every value is exact.
  for (const v of values.filter((v) => v.ply >= moves - 20)) expect(v.exact, `position ${v.ply}`).toBe(true);

  const totals = [0, 0];
  let worst = { loss: 0, ply: 0 };
  for (const row of rows) {
    const sign = row.player === 0 ? 1 : -1;
    const loss = Math.max(0, sign * (values[row.ply - 1].value - values[row.ply].value));
    totals[row.player] += loss;
    const mark = loss >= 800 ? "blunder" : loss >= 300 ? "mistake" : null;
    expect(row.mark, `move ${row.ply} lost ${loss}`).toBe(mark);
    if (loss > worst.loss) worst = { loss, ply: row.ply };
  }
  const discs = (h) => {
    const tenths = Math.floor((Math.abs(h) + 5) / 10);
    return `${Math.floor(tenths / 10)}.${tenths % 10}`;
  };
  const summary = page.getByTestId("review-summary");
  await expect(summary).toContainText(`Ann (Dark) lost ${discs(totals[0])} discs in all, Bo (Light) lost ${discs(totals[1])}.`);
  if (worst.loss > 0) await expect(summary).toContainText(`Worst move: ${worst.ply}. `);
  await pageScreenshot(page, "review.png");

  // A click on a point shows that position.
  await points.nth(10).click();
  await expect(page.getByTestId("status")).toHaveText(`Historical view: move 10 of ${moves}`);
  await expect(points.nth(10)).toHaveClass(/here/);
  // A change of the game drops the review.
  await page.keyboard.press("End");
  await page.getByTestId("undo").click();
  await expect(page.getByTestId("review-summary")).toHaveCount(0);
  await expect(points).toHaveCount(0);
});
