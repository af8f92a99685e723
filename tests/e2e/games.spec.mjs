// Whole games of every game and board, played by clicks with seeded random choices (the
// seed is printed; OUTFLANK_SEED=<n> replays it), checked against what a person sees.
import { test, expect } from "@playwright/test";
import {
  discCounts,
  guardConsole,
  legalSquares,
  newGame,
  openViewer,
  resultText,
  seededRandom,
  shownScores,
  testSeed,
} from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

const root = (page) => page.locator("[data-outflank-viewer]");

/** Clicks random legal squares until none is left; returns the squares played. */
async function playRandomly(page, random, { each } = {}) {
  const played = [];
  for (let ply = 0; ply < 400; ply++) {
    const legal = await legalSquares(page);
    if (legal.length === 0) break;
    const square = legal[Math.floor(random() * legal.length)];
    if (each) await each(ply, legal);
    await page.locator(`button[data-square="${square}"]`).click();
    await expect(page.locator(`button[data-square="${square}"] [data-disc]`)).toHaveCount(1);
    await expect(root(page)).toHaveAttribute("data-busy", "false");
    played.push(square);
  }
  return played;
}

for (const [size, variant] of [
  [6, "standard"],
  [10, "standard"],
  [8, "bombs"],
]) {
  test(`Reversi ${size}x${size} ${variant}: a whole random game`, async ({ page }) => {
    const random = seededRandom(testSeed(`reversi ${size} ${variant}`));
    await openViewer(page);
    await newGame(page, { size, variant });
    await expect(page.locator("button[data-square]")).toHaveCount(size * size);
    await expect(page.getByTestId("status")).toHaveText("Dark must play a disc");
    if (variant === "bombs") {
      // Bombs: any empty square next to a disc, 12 around the centre block.
      expect((await legalSquares(page)).length).toBe(12);
    }
    const played = await playRandomly(page, random, {
      each: async () => {
        expect(await shownScores(page)).toEqual(await discCounts(page));
        await expect(page.getByTestId("status")).toHaveText(/(Dark|Light) must play a disc$/);
      },
    });
    const scores = await shownScores(page);
    expect(scores).toEqual(await discCounts(page));
    await expect(page.getByTestId("status")).toHaveText(resultText(scores));
    await expect(page.getByTestId("stats")).toBeVisible();
    // Every disc placed is in the move list (passes come on top).
    expect(await page.getByTestId("move-list").locator("button").count()).toBeGreaterThanOrEqual(played.length);
    expect(await page.getByTestId("record").inputValue()).toBe(played.join(""));
    await expect(page.getByTestId("concede")).toBeDisabled();
  });
}

/** The winner of a Tic-Tac-Toe board read from the page, or null. */
async function tttWinner(page) {
  const cells = await page.$$eval("button[data-square]", (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.square, e.querySelector("[data-disc]")?.dataset.disc ?? null])),
  );
  const lines = ["a1 b1 c1", "a2 b2 c2", "a3 b3 c3", "a1 a2 a3", "b1 b2 b3", "c1 c2 c3", "a1 b2 c3", "c1 b2 a3"];
  for (const line of lines) {
    const [a, b, c] = line.split(" ").map((s) => cells[s]);
    if (a !== null && a === b && b === c) return Number(a);
  }
  return null;
}

test("Tic-Tac-Toe: whole random games to a win or a draw", async ({ page }) => {
  const random = seededRandom(testSeed("tictactoe"));
  await openViewer(page);
  for (let game = 0; game < 3; game++) {
    await newGame(page, { game: "tictactoe" });
    await expect(page.locator("button[data-square]")).toHaveCount(9);
    const played = await playRandomly(page, random, {
      each: async (ply) => {
        await expect(page.getByTestId("status")).toHaveText(`${ply % 2 === 0 ? "X" : "O"} must play a mark`);
      },
    });
    const winner = await tttWinner(page);
    const status = await page.getByTestId("status").textContent();
    if (winner === null) {
      expect(played.length).toBe(9);
      expect(status).toBe("Draw: the board is full");
      expect(await shownScores(page)).toEqual([0, 0]);
    } else {
      expect(status).toBe(`${winner === 0 ? "X" : "O"} wins with three in a row`);
      expect(await shownScores(page)).toEqual(winner === 0 ? [100, 0] : [0, 100]);
      await expect(page.locator("button[data-square].win")).toHaveCount(3);
    }
    await expect(page.getByTestId("stats")).toBeVisible();
  }
});

test("Gomoku 15x15: a whole random game, stones counted down", async ({ page }) => {
  const random = seededRandom(testSeed("gomoku"));
  await openViewer(page);
  await newGame(page, { game: "gomoku", size: 15 });
  await expect(page.locator("button[data-square]")).toHaveCount(225);
  await expect(page.locator(".board.goban")).toBeVisible();
  await expect(page.getByTestId("stones-0")).toHaveText("113 stones left");
  await expect(page.getByTestId("stones-1")).toHaveText("112 stones left");
  const played = await playRandomly(page, random, {
    each: async (ply) => {
      if (ply % 25 === 0) {
        await expect(page.getByTestId("status")).toHaveText(`${ply % 2 === 0 ? "Black" : "White"} must play a stone`);
        await expect(page.getByTestId("stones-0")).toHaveText(`${113 - Math.ceil(ply / 2)} stones left`);
      }
    },
  });
  const status = await page.getByTestId("status").textContent();
  if (status.startsWith("Draw")) {
    expect(played.length).toBe(225);
  } else {
    const winner = played.length % 2 === 1 ? "Black" : "White";
    expect(status).toBe(`${winner} wins with five in a row`);
    expect(await page.locator("button[data-square].win").count()).toBeGreaterThanOrEqual(5);
  }
  await expect(page.getByTestId("stats")).toBeVisible();
});

test("Gomoku 19x19: a scripted five in a row on the edge", async ({ page }) => {
  await openViewer(page);
  await newGame(page, { game: "gomoku", size: 19 });
  await expect(page.locator("button[data-square]")).toHaveCount(361);
  await expect(page.getByTestId("stones-0")).toHaveText("181 stones left");
  await expect(page.getByTestId("stones-1")).toHaveText("180 stones left");
  for (const sq of ["a19", "b1", "b19", "c1", "c19", "d1", "d19", "e1", "e19"]) {
    await page.locator(`button[data-square="${sq}"]`).click();
    await expect(page.locator(`button[data-square="${sq}"] [data-disc]`)).toHaveCount(1);
  }
  await expect(page.getByTestId("status")).toHaveText("Black wins with five in a row");
  expect(await shownScores(page)).toEqual([1, 0]);
  await expect(page.locator("button[data-square].win")).toHaveCount(5);
  await expect(page.locator('button[data-square][data-legal="true"]')).toHaveCount(0);
});

test("Gomoku with exactly five: an overline does not win, five does", async ({ page }) => {
  await openViewer(page);
  const six = "a1a3b1b3c1c3d1d3f1g5e1";
  await newGame(page, { game: "gomoku", size: 15, record: six });
  await expect(page.getByTestId("status")).toHaveText("Black wins with five in a row");
  await expect(page.locator("button[data-square].win")).toHaveCount(6);

  await page.getByTestId("new-game").click();
  await page.getByLabel("Exactly five").check();
  await page.getByTestId("record-input").fill(six);
  await page.getByTestId("new-game-start").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("status")).toHaveText("White must play a stone");
  await expect(page.locator("button[data-square].win")).toHaveCount(0);
  // White's exactly five in row 3 wins.
  await page.locator('button[data-square="e3"]').click();
  await expect(page.getByTestId("status")).toHaveText("White wins with five in a row");
  await expect(page.locator("button[data-square].win")).toHaveCount(5);
});
