// Games end to end: the release build in headless Chromium, checked
// against the native engine (engine/examples/replay.rs) as the oracle.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test, expect } from "@playwright/test";
import {
  discCounts,
  engineReplay,
  guardConsole,
  legalSquares,
  openViewer,
  passesBeforeSteps,
  passText,
  playSquare,
  REPO,
  resultText,
  screenshot,
  shownScores,
  statusToMove,
} from "./helpers.mjs";

// A game in which Dark has no legal move after the 16th disc and passes (found with the
// engine; the test re-checks that with the engine's replay).
const PASS_RECORD = "d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5a4";

function readPassRecord() {
  const text = readFileSync(join(REPO, "engine", "tests", "data", "pass-record.txt"), "utf8");
  const line = text.split("\n").find((l) => l.trim() && !l.startsWith("#"));
  const [record, turn] = line.trim().split(/\s+/);
  return { record, passTurn: Number(turn) };
}

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => {
  guard.check();
});

test("the start position", async ({ page }) => {
  await openViewer(page);
  await expect(page.getByTestId("status")).toHaveText("Dark must play a disc");
  expect(await legalSquares(page)).toEqual(["d3", "c4", "f5", "e6"]);
  expect(await shownScores(page)).toEqual([2, 2]);
  await expect(page.locator('[data-square="d5"] [data-disc]')).toHaveAttribute("data-disc", "0");
  await expect(page.locator('[data-square="e4"] [data-disc]')).toHaveAttribute("data-disc", "0");
  await expect(page.locator('[data-square="d4"] [data-disc]')).toHaveAttribute("data-disc", "1");
  await expect(page.locator('[data-square="e5"] [data-disc]')).toHaveAttribute("data-disc", "1");
  await expect(page.locator('[data-square="f5"]')).toHaveAttribute("aria-label", "f5, empty, legal move");
  await expect(page.locator('[data-square="d4"]')).toHaveAttribute("aria-label", "d4, light disc");
  await expect(page.getByTestId("player-0")).toHaveClass(/active/);
  await expect(page.getByTestId("player-1")).not.toHaveClass(/active/);
  // A click on a square that is not a legal move changes nothing.
  await page.locator('[data-square="a1"]').click();
  await expect(page.getByTestId("status")).toHaveText("Dark must play a disc");
  expect(await legalSquares(page)).toEqual(["d3", "c4", "f5", "e6"]);
});

test("a whole hot-seat game by clicks matches the engine", async ({ page }) => {
  await openViewer(page);
  const seen = []; // per placed disc: {legal, toMove, status}
  let record = "";
  for (let ply = 0; ply < 200; ply++) {
    const legal = await legalSquares(page);
    if (legal.length === 0) break;
    const status = await page.getByTestId("status").textContent();
    seen.push({ legal, toMove: statusToMove(status), status });
    // Scores shown always equal the discs on the board.
    expect(await shownScores(page)).toEqual(await discCounts(page));
    await playSquare(page, legal[0]);
    record += legal[0];
  }
  const status = await page.getByTestId("status").textContent();
  const shown = await shownScores(page);
  await screenshot(page, "final.png");

  const engine = engineReplay(record);
  expect(engine.ended, `the engine says ${record} has ended`).toBe(true);
  expect(seen.length).toBe(engine.steps.length);
  const passes = passesBeforeSteps(engine);
  for (let i = 0; i < seen.length; i++) {
    const step = engine.steps[i];
    expect(seen[i].legal, `highlighted squares before move ${i + 1} of ${record}`).toEqual(step.legal);
    expect(seen[i].toMove, `player to move before move ${i + 1}: "${seen[i].status}"`).toBe(step.toMove);
    if (passes.before[i] !== null) expect(seen[i].status).toBe(passText(passes.before[i]));
    else expect(seen[i].status).toBe(`${["Dark", "Light"][step.toMove]} must play a disc`);
  }
  expect(shown).toEqual(engine.scores);
  expect(await discCounts(page)).toEqual(engine.scores);
  expect(status).toBe(resultText(engine.scores));
  await expect(page.locator('button[data-square][data-legal="true"]')).toHaveCount(0);
  await expect(page.getByTestId("player-0")).not.toHaveClass(/active/);
  await expect(page.getByTestId("player-1")).not.toHaveClass(/active/);

  // New game (the dialog repeats the current settings) starts over.
  await page.getByTestId("new-game").click();
  await page.getByTestId("new-game-start").click();
  await expect(page.getByTestId("status")).toHaveText("Dark must play a disc");
  expect(await shownScores(page)).toEqual([2, 2]);
  expect(await legalSquares(page)).toEqual(["d3", "c4", "f5", "e6"]);
});

// Records with a forced pass: the engine's (engine/tests/data/pass-record.txt: "<record>
// <turn index of the pass>") and one found with the engine where Dark passes mid-game.
const passRecords = [{ name: "engine's pass record", ...readPassRecord() }, { name: "dark passes", record: PASS_RECORD }];

for (const { name, record, passTurn } of passRecords) {
  test(`a pass is announced in the status line (${name})`, async ({ page }) => {
    const engine = engineReplay(record);
    expect(engine.passes.length, `the engine has a pass in ${record}`).toBeGreaterThan(0);
    if (passTurn !== undefined) expect(engine.passes.map((p) => p.turn)).toContain(passTurn);
    const passes = passesBeforeSteps(engine);
    await openViewer(page);
    const moves = record.match(/[a-z]\d+/g);
    for (let i = 0; i < moves.length; i++) {
      expect(await legalSquares(page), `highlighted squares before move ${i + 1}`).toEqual(engine.steps[i].legal);
      const expected = passes.before[i] !== null ? passText(passes.before[i]) : `${["Dark", "Light"][engine.steps[i].toMove]} must play a disc`;
      await expect(page.getByTestId("status"), `status before move ${i + 1}`).toHaveText(expected);
      await playSquare(page, moves[i]);
    }
    const last = passes.after !== null ? passText(passes.after) : `${["Dark", "Light"][engine.final.toMove]} must play a disc`;
    await expect(page.getByTestId("status")).toHaveText(last);
    expect(await legalSquares(page)).toEqual(engine.final.legal);
    expect(await shownScores(page)).toEqual(engine.scores);
    await expect(page.getByTestId(`player-${engine.final.toMove}`)).toHaveClass(/active/);
    if (passTurn === undefined) {
      await screenshot(page, "pass.png");
      // The game is autosaved: a reload resumes it, pass notice and all.
      await page.reload();
      await expect(page.locator("button[data-square]")).toHaveCount(64);
      await expect(page.getByTestId("status")).toHaveText(last);
      expect(await shownScores(page)).toEqual(engine.scores);
    }
  });
}

test("corrupt saved game: a fresh game with a notice", async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("outflank:hotseat", '{"options":{"size":8},"record":"f5f5"}');
    }
  });
  await openViewer(page);
  await expect(page.getByTestId("notice")).toContainText("could not be read");
  await expect(page.getByTestId("status")).toHaveText("Dark must play a disc");
  expect(await shownScores(page)).toEqual([2, 2]);
});

for (const [width, height] of [
  [360, 740],
  [1280, 800],
]) {
  test(`square cells that fit a ${width}x${height} viewport`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openViewer(page);
    const board = await page.locator(".board").boundingBox();
    expect(board.x).toBeGreaterThanOrEqual(0);
    expect(board.x + board.width).toBeLessThanOrEqual(width);
    expect(board.y + board.height).toBeLessThanOrEqual(height);
    expect(Math.abs(board.width - board.height)).toBeLessThan(1.5);
    for (const sq of ["a1", "h8", "d5"]) {
      const cell = await page.locator(`[data-square="${sq}"]`).boundingBox();
      expect(Math.abs(cell.width - cell.height), `${sq} is square`).toBeLessThan(1.5);
      expect(cell.width).toBeGreaterThan(width < 500 ? 30 : 60);
    }
    if (width === 360) await screenshot(page, "phone.png");
  });
}
