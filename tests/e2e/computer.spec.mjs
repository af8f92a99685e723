// Playing the computer: its moves come from a Web Worker through the same protocol as a
// host's, the page stays live while it thinks, undo and new game cancel its search.
import { gzipSync } from "node:zlib";
import { test, expect } from "@playwright/test";
import { discCounts, FULL_GAME, guardConsole, openViewer, playSquare, seededRandom } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

/** New game against the computer through the dialog (after the moves of `record`, if any). */
async function againstComputer(page, { game = "reversi", level = 1, side = "first", record } = {}) {
  await page.getByTestId("new-game").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await page.getByTestId("game-select").selectOption(game);
  await page.getByTestId("opponent-select").selectOption("computer");
  await page.getByTestId("side-select").selectOption(side);
  await page.getByTestId("level-select").selectOption(String(level));
  if (record !== undefined) await page.getByTestId("record-input").fill(record);
  await page.getByTestId("new-game-start").click();
  await expect(dialog).toHaveCount(0);
}

const root = (page) => page.locator("[data-outflank-viewer]");

/** 14 moves of a random game, Dark to move with 18 discs on the board: out of the opening
 * book, where level 10 plays its first moves at once; from here it searches. */
const OUT_OF_BOOK = FULL_GAME.slice(0, 28);
const thinking = (page) => page.getByTestId("thinking");

/** Waits until it is the person's turn (or the game is over); true if they can move. */
async function myTurn(page) {
  await expect
    .poll(async () => {
      const busy = await root(page).getAttribute("data-busy");
      const think = (await thinking(page).textContent()).trim();
      const legal = await page.locator('button[data-square][data-legal="true"]').count();
      const status = await page.getByTestId("status").textContent();
      if (busy === "false" && think === "" && (legal > 0 || /wins|draw/i.test(status))) return "ready";
      return "waiting";
    }, { timeout: 30_000 })
    .toBe("ready");
  return (await page.locator('button[data-square][data-legal="true"]').count()) > 0;
}

/** Plays random legal moves (seeded) until the game ends; returns the status line. */
async function playOut(page, seed) {
  const random = seededRandom(seed);
  for (let turn = 0; turn < 200 && (await myTurn(page)); turn++) {
    const legal = await page.$$eval('button[data-square][data-legal="true"]', (els) => els.map((e) => e.dataset.square));
    const square = legal[Math.floor(random() * legal.length)];
    await page.locator(`button[data-square="${square}"]`).click();
  }
  return page.getByTestId("status").textContent();
}

test("the computer's worker loads the trained evaluation and the opening book before its first move", async ({ page }) => {
  const warnings = [];
  page.on("console", (msg) => {
    if (msg.type() === "warning") warnings.push(msg.text());
  });
  await openViewer(page);
  // The worker fetches the weights when the computer is first needed (the offline cache may
  // fetch them too, after the page has loaded).
  const weights = page.waitForResponse((r) => r.url().endsWith("/reversi8.bin"));
  const book = page.waitForResponse((r) => r.url().endsWith("/reversi8.book"));
  await againstComputer(page, { level: 10, side: "second" });
  expect((await weights).status()).toBe(200);
  expect((await book).status()).toBe(200);
  await expect(page.locator('button[data-square][data-legal="true"]').first()).toBeVisible({ timeout: 30_000 });
  expect(await discCounts(page)).toEqual([4, 1]);
  expect(warnings.filter((w) => w.includes("trained evaluation") || w.includes("opening book"))).toEqual([]);
});

test("the computer's worker and its evaluation download in 400 KB gzipped, its opening book in 200 KB more", async ({ page }) => {
  // What a phone waits for before the computer's first reply: everything the worker fetches,
  // as gzip -9 would send it (on a first visit the page starts the one-thread worker).
  const fetched = new Map();
  page.on("response", (r) => {
    const name = new URL(r.url()).pathname.split("/").pop();
    if (/^outflank-worker[^/]*\.(js|wasm)$|^reversi8\.(bin|book)$/.test(name)) fetched.set(name, r);
  });
  await openViewer(page);
  await againstComputer(page, { level: 10, side: "second" });
  await expect(page.locator('button[data-square][data-legal="true"]').first()).toBeVisible({ timeout: 30_000 });
  const gzipped = {};
  for (const [name, r] of fetched) gzipped[name] = gzipSync(await r.body(), { level: 9 }).length;
  const { "reversi8.book": book, ...worker } = gzipped;
  expect(Object.keys(worker).sort()).toEqual(["outflank-worker.js", "outflank-worker_bg.wasm", "outflank-worker_loader.js", "reversi8.bin"]);
  const total = Object.values(worker).reduce((a, b) => a + b, 0);
  expect(total, `the worker's files, gzipped: ${JSON.stringify(worker)}`).toBeLessThanOrEqual(400 * 1024);
  expect(book).toBeLessThanOrEqual(200 * 1024);
});

test("a whole Reversi game against the computer, by clicks", async ({ page }) => {
  const seed = 20261122;
  await openViewer(page);
  await againstComputer(page, { level: 1 });
  const status = await playOut(page, seed);
  expect(status, `seed ${seed}`).toMatch(/wins|draw/i);
  const [dark, light] = await discCounts(page);
  expect(dark + light, `seed ${seed}`).toBeGreaterThan(4);
});

test("the computer can move first, and the page answers clicks while it thinks", async ({ page }) => {
  await openViewer(page);
  // Out of its opening book level 10 thinks about a second per move: long enough to use the
  // page meanwhile.
  await againstComputer(page, { level: 10, side: "second", record: OUT_OF_BOOK });
  await expect(thinking(page)).toContainText("is thinking");
  // The history buttons work while it thinks.
  await myTurn(page);
  await expect.poll(async () => (await discCounts(page)).reduce((a, b) => a + b)).toBe(19);
  const legal = await page.$$eval('button[data-square][data-legal="true"]', (els) => els.map((e) => e.dataset.square));
  await page.locator(`button[data-square="${legal[0]}"]`).click();
  await expect(thinking(page)).toContainText("is thinking");
  await page.getByTestId("history-init").click();
  await expect(page.locator("button[data-square] [data-disc]")).toHaveCount(4);
  await expect(page.getByTestId("historical")).toBeVisible();
  await page.getByTestId("history-now").click();
  // Its reply arrives through the protocol like a host's move.
  await myTurn(page);
  await expect.poll(async () => (await discCounts(page)).reduce((a, b) => a + b)).toBe(21);
});

test("undo takes back the computer's reply too; a new game stops its search", async ({ page }) => {
  await openViewer(page);
  await againstComputer(page, { level: 2 });
  await myTurn(page);
  await page.locator('button[data-square="f5"]').click();
  await myTurn(page);
  await expect.poll(async () => (await discCounts(page)).reduce((a, b) => a + b)).toBe(6);
  await page.getByTestId("undo").click();
  await expect(page.locator("button[data-square] [data-disc]")).toHaveCount(4);
  await myTurn(page);
  await expect(page.locator('button[data-square][data-legal="true"]')).toHaveCount(4);

  // A slow search, cancelled by a new game: its move never lands on the new board.
  await againstComputer(page, { level: 10, side: "second", record: OUT_OF_BOOK });
  await expect(thinking(page)).toContainText("is thinking");
  await page.getByTestId("new-game").click();
  await page.getByTestId("opponent-select").selectOption("person");
  await page.getByTestId("new-game-start").click();
  await expect(thinking(page)).toHaveText("");
  await expect(page.locator("button[data-square] [data-disc]")).toHaveCount(4);
  await expect(page.locator('button[data-square][data-legal="true"]')).toHaveCount(4);
});

test("Tic-Tac-Toe against the computer at full strength: the person never wins", async ({ page }) => {
  await openViewer(page, { cells: 64 });
  await againstComputer(page, { game: "tictactoe", level: 10 });
  const status = await playOut(page, 7);
  expect(status).toMatch(/draw|wins/i);
  expect(status).not.toMatch(/^You win/);
});

test("a game against the computer survives a reload, its seat and level too", async ({ page }) => {
  await openViewer(page);
  await againstComputer(page, { level: 3 });
  await myTurn(page);
  await page.locator('button[data-square="f5"]').click();
  await myTurn(page);
  await page.reload();
  await myTurn(page);
  await expect.poll(async () => (await discCounts(page)).reduce((a, b) => a + b)).toBe(6);
  await page.getByTestId("new-game").click();
  await expect(page.getByTestId("opponent-select")).toHaveValue("computer");
  await expect(page.getByTestId("level-select")).toHaveValue("3");
});

test("a hint rings the computer's best move; near the end, every move's exact score", async ({ page }) => {
  // Counts the Web Workers the page starts: exact values are shared out, a worker a core.
  await page.addInitScript(() => {
    window.__workers = 0;
    const Worker = window.Worker;
    window.Worker = class extends Worker {
      constructor(...args) {
        super(...args);
        window.__workers += 1;
      }
    };
  });
  await openViewer(page);
  await page.getByTestId("hint").click();
  const hinted = page.locator('button[data-square][data-hint="best"]');
  await expect(hinted).toHaveCount(1);
  await expect(hinted).toHaveAttribute("data-legal", "true");
  await expect(page.getByTestId("hint-text")).toContainText("Best move: ");
  // Playing moves on clears the hint.
  await hinted.click();
  await expect(page.locator("button[data-square][data-hint]")).toHaveCount(0);
  await expect(page.getByTestId("hint-text")).toHaveText("");

  // 16 empty squares left: the exact final score of each legal move.
  const record = FULL_GAME.slice(0, (60 - 16) * 2);
  await page.getByTestId("new-game").click();
  await page.getByTestId("record-input").fill(record);
  await page.getByTestId("new-game-start").click();
  await expect(page.locator("button[data-square] [data-disc]")).toHaveCount(48);
  // Every text the hint line shows on the way, in order (each solved move arrives in a
  // message of its own, so each shows before the next).
  await page.evaluate(() => {
    window.__hintTexts = [];
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="hint-text"]')?.textContent;
      if (text && text !== window.__hintTexts.at(-1)) window.__hintTexts.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId("move-values").click();
  const legal = page.locator('button[data-square][data-legal="true"]');
  const scored = page.locator("button[data-square][data-exact]");
  await expect(scored).toHaveCount(await legal.count());
  await expect(page.getByTestId("best-line")).toBeVisible();
  // Each move's exact value was shown as soon as it was solved, before all were.
  const moves = await legal.count();
  const progress = (await page.evaluate(() => window.__hintTexts))
    .map((t) => t.match(/^Solving the endgame… (\d+) of (\d+) moves: (.*)$/))
    .filter(Boolean);
  expect(progress.map((m) => [Number(m[1]), Number(m[2]), m[3].split(", ").length])).toEqual(
    Array.from({ length: moves }, (_, k) => [k + 1, moves, k + 1]),
  );
  const values = await scored.evaluateAll((els) => els.map((e) => Number(e.dataset.exact)));
  for (const v of values) expect(Number.isInteger(v) && v % 2 === 0, `${values}`).toBe(true);
  // The ringed move is one with the best score.
  const best = Number(await page.locator('button[data-square][data-hint="best"]').getAttribute("data-exact"));
  expect(best).toBe(Math.max(...values));
  await expect(page.getByTestId("hint-text")).toContainText("Exact final scores:");
  // A worker a core (up to four) for the exact values: the hint's, kept through the new game
  // since it was not searching (no wait for a worker to start), and the others.
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  expect(await page.evaluate(() => window.__workers)).toBe(Math.min(Math.max(cores, 1), 4));

  // The exact best line plays out to the end with the score promised.
  const line = page.getByTestId("best-line");
  await expect(line).toContainText("Best line (exact to the end):");
  const mover = Number(await root(page).locator("[data-board]").getAttribute("data-to-move"));
  const steps = line.locator("button[data-step]");
  await steps.last().click();
  await expect(root(page).locator("[data-board]")).toHaveAttribute("data-preview", "line");
  const counts = await discCounts(page);
  if (counts[0] + counts[1] === 64) expect(counts[mover] - counts[1 - mover]).toBe(best);
  await page.getByTestId("line-live").click();
  await expect(root(page).locator("[data-board]")).not.toHaveAttribute("data-preview", "line");
  await expect(page.locator("button[data-square] [data-disc]")).toHaveCount(48);
});

test("every move's value in the middle game, and the best line stepped through on the board", async ({ page }) => {
  await openViewer(page);
  for (const sq of ["f5", "d6", "c3"]) await playSquare(page, sq);
  const board = root(page).locator("[data-board]");
  const before = await discCounts(page);
  await page.getByTestId("move-values").click();
  const legal = page.locator('button[data-square][data-legal="true"]');
  const valued = page.locator("button[data-square][data-value]");
  await expect(valued).toHaveCount(await legal.count());
  // Discs to one decimal, not exact: no data-exact.
  const values = await valued.evaluateAll((els) => els.map((e) => e.dataset.value));
  for (const v of values) expect(v, `${values}`).toMatch(/^[+-]\d+\.\d$/);
  await expect(page.locator("button[data-square][data-exact]")).toHaveCount(0);
  const ringed = page.locator('button[data-square][data-hint="best"]');
  expect(Number(await ringed.getAttribute("data-value"))).toBe(Math.max(...values.map(Number)));
  const said = await page.getByTestId("hint-text").textContent();
  const depth = said.match(/^Values at depth (\d+): /)?.[1];
  expect(Number(depth), said).toBeGreaterThanOrEqual(6);
  // The opening book has every move of this position: each cell shows its value there
  // (whole discs), and the hint line lists them after the search's.
  await expect(page.locator("button[data-square][data-book]")).toHaveCount(await legal.count());
  const book = await page.locator("button[data-square][data-book]").evaluateAll((els) => els.map((e) => e.dataset.book));
  for (const v of book) expect(v, `${book}`).toMatch(/^([+-]\d+|0)$/);
  expect(said).toMatch(/ · Opening book: [a-h][1-8] /);

  // The line starts with the ringed move and is stepped through, one position at a time.
  const line = page.getByTestId("best-line");
  await expect(line).toContainText(`Best line (depth ${depth}):`);
  const steps = line.locator("button[data-step]");
  expect(await steps.count()).toBeGreaterThanOrEqual(2);
  const first = await steps.first().textContent();
  expect(first).toBe(await ringed.getAttribute("data-square"));
  await page.getByTestId("line-forward").click();
  await expect(board).toHaveAttribute("data-preview", "line");
  await expect(page.getByTestId("line-shown")).toHaveText(`The board shows the position after ${first}`);
  // Light's move is on the board; nothing may be played on a line's position.
  await expect(page.locator(`[data-square="${first}"] [data-disc="1"]`)).toHaveCount(1);
  await expect(legal).toHaveCount(0);
  // The players' counts are the position shown, not the game's.
  const shown = await discCounts(page);
  expect(shown).not.toEqual(before);
  for (const i of [0, 1]) await expect(page.getByTestId(`score-${i}`)).toHaveText(String(shown[i]));
  await expect(page.locator("button[data-square][data-value]")).toHaveCount(0);
  const second = await steps.nth(1).textContent();
  await page.getByTestId("line-forward").click();
  await expect(page.locator(`[data-square="${second}"] [data-disc="0"]`)).toHaveCount(1);
  await expect(steps.nth(1)).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("line-back").click();
  await expect(page.locator(`[data-square="${second}"] [data-disc]`)).toHaveCount(0);
  // A click on the board goes back to the game and plays nothing.
  await page.locator('button[data-square="a1"]').click();
  await expect(board).not.toHaveAttribute("data-preview", "line");
  expect(await discCounts(page)).toEqual(before);
  for (const i of [0, 1]) await expect(page.getByTestId(`score-${i}`)).toHaveText(String(before[i]));
  await expect(page.getByTestId("record")).toHaveValue("f5d6c3");
  await expect(valued).toHaveCount(await legal.count());
  // Playing a move ends the analysis: its values belonged to the position before.
  await playSquare(page, first);
  await expect(line).toHaveCount(0);
  await expect(page.locator("button[data-square][data-value]")).toHaveCount(0);
});

test("the expert, level 11, is offered last and answers out of the opening book", async ({ page }) => {
  await openViewer(page);
  await page.getByTestId("new-game").click();
  await page.getByTestId("opponent-select").selectOption("computer");
  const options = await page.getByTestId("level-select").locator("option").allTextContents();
  expect(options).toHaveLength(11);
  expect(options.at(-1)).toBe("11 (expert)");
  await page.getByTestId("side-select").selectOption("second");
  await page.getByTestId("level-select").selectOption("11");
  await page.getByTestId("record-input").fill(OUT_OF_BOOK);
  await page.getByTestId("new-game-start").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Dark, the expert, to move with 18 discs on the board: it searches, then plays.
  await myTurn(page);
  await expect.poll(async () => (await discCounts(page)).reduce((a, b) => a + b)).toBe(19);
});
