// Keyboard play: a visible cursor moved by the arrow keys, Enter or Space plays; every cell
// is a labelled button; each move is announced in an aria-live region.
import { test, expect } from "@playwright/test";
import { guardConsole, newGame, openViewer } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

const focused = (page) => page.evaluate(() => document.activeElement?.dataset?.square ?? null);

/** Tabs into the board (at most 40 presses). */
async function tabToBoard(page) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await focused(page)) return;
  }
  throw new Error("Tab never reached the board");
}

/** Moves the cursor with the arrow keys from where it is to `target`. */
async function moveTo(page, target) {
  const from = await focused(page);
  const dx = target.charCodeAt(0) - from.charCodeAt(0);
  const dy = Number(target.slice(1)) - Number(from.slice(1));
  for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? "ArrowRight" : "ArrowLeft");
  for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? "ArrowDown" : "ArrowUp");
  expect(await focused(page)).toBe(target);
}

test("a whole Tic-Tac-Toe game with the keyboard only", async ({ page }) => {
  await openViewer(page);
  await newGame(page, { game: "tictactoe" });
  await tabToBoard(page);
  expect(await focused(page)).toBe("b2");
  await expect(page.locator('[data-square="b2"]')).toHaveAttribute("aria-label", "b2, empty, legal move");
  const moves = ["b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"];
  const keys = ["Enter", " "];
  for (let k = 0; k < moves.length; k++) {
    await moveTo(page, moves[k]);
    await page.keyboard.press(keys[k % 2]);
    const mark = k % 2 === 0 ? "X" : "O";
    await expect(page.locator(`[data-square="${moves[k]}"]`)).toHaveAttribute("aria-label", `${moves[k]}, ${mark}`);
    await expect(page.getByTestId("announcer")).toContainText(`${mark} plays ${moves[k]}.`);
  }
  await expect(page.getByTestId("status")).toHaveText("Draw: the board is full");
  await expect(page.getByTestId("announcer")).toContainText("Draw: the board is full.");
  await expect(page.getByTestId("stats")).toBeVisible();
});

test("Reversi by keyboard: cursor, labels, announcements; arrows stop at the edges", async ({ page }) => {
  await openViewer(page);
  await tabToBoard(page);
  expect(await focused(page)).toBe("d4");
  await expect(page.locator('[data-square="d4"]')).toHaveAttribute("aria-label", "d4, light disc");
  // Enter on an occupied square does nothing.
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("record")).toHaveValue("");
  await moveTo(page, "f5");
  await expect(page.locator('[data-square="f5"]')).toHaveAttribute("aria-label", "f5, empty, legal move");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("announcer")).toHaveText("Dark plays f5 and turns over 1 disc.");
  await expect(page.locator('[data-square="e5"]')).toHaveAttribute("aria-label", "e5, dark disc");
  await moveTo(page, "f6");
  await page.keyboard.press(" ");
  await expect(page.getByTestId("announcer")).toHaveText("Light plays f6 and turns over 1 disc.");
  await expect(page.getByTestId("record")).toHaveValue("f5f6");
  // The cursor stays on the board at its edges, and the history keys do not fire there.
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowUp");
  expect(await focused(page)).toBe("f1");
  await expect(page.getByTestId("historical")).toHaveCount(0);
});
