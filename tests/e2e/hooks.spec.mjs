// SPEC's test hooks on every board: button cells with data-square, pieces with data-disc,
// data-legal on the viewer's legal moves only, the data-testid list, and the root's
// data-outflank-viewer / data-busy.
import { test, expect } from "@playwright/test";
import { guardConsole, newGame, openViewer } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

const TESTIDS = [
  "status",
  "score-0",
  "score-1",
  "player-0",
  "player-1",
  "history-init",
  "history-prev",
  "history-next",
  "history-now",
  "move-list",
  "new-game",
  "concede",
  "undo",
  "preferences",
];

for (const [game, size, record] of [
  ["reversi", 6, "b3"],
  ["reversi", 8, "f5d6"],
  ["reversi", 10, "g6"],
  ["gomoku", 15, "h8h9"],
  ["gomoku", 19, "k10"],
  ["tictactoe", 3, "b2a1"],
]) {
  test(`test hooks on a ${game} ${size}x${size} board`, async ({ page }) => {
    await openViewer(page);
    await newGame(page, { game, size: game === "tictactoe" ? undefined : size, record });
    const root = page.locator("[data-outflank-viewer]");
    await expect(root).toHaveCount(1);
    await expect(root).toHaveAttribute("data-busy", "false");
    for (const id of TESTIDS) await expect(page.getByTestId(id), id).toHaveCount(1);
    const cells = await page.$$eval("[data-square]", (els) =>
      els.map((e) => ({
        tag: e.tagName,
        square: e.dataset.square,
        legal: e.dataset.legal ?? null,
        discs: [...e.querySelectorAll("[data-disc]")].map((d) => d.dataset.disc),
        label: e.getAttribute("aria-label"),
      })),
    );
    expect(cells.length).toBe(size * size);
    const names = [];
    for (let row = 1; row <= size; row++) for (let col = 0; col < size; col++) names.push(`${String.fromCharCode(97 + col)}${row}`);
    expect(cells.map((c) => c.square)).toEqual(names);
    for (const c of cells) {
      expect(c.tag).toBe("BUTTON");
      expect(c.label.startsWith(`${c.square}, `)).toBe(true);
      expect(c.discs.length).toBeLessThanOrEqual(1);
      for (const d of c.discs) expect(["0", "1"]).toContain(d);
      if (c.legal !== null) {
        expect(c.legal).toBe("true");
        expect(c.discs).toEqual([]);
        expect(c.label).toBe(`${c.square}, empty, legal move`);
      }
    }
    const moves = record.match(/[a-z]\d+/g);
    const last = cells.find((c) => c.square === moves[moves.length - 1]);
    expect(last.discs).toEqual([String((moves.length - 1) % 2)]);
    expect(cells.some((c) => c.legal === "true")).toBe(true);
    await expect(page.getByTestId("score-0")).toHaveText(/^\d+$/);
  });
}
