// Set-up positions: a person sets up a Reversi position in the New
// game dialog's board editor, as from a book diagram, and plays from it; the position is
// kept across a reload and carried by the game's link. A position where neither side can
// move opens as a finished game; one the rules refuse says why and starts nothing.
import { readFileSync } from "node:fs";
import { test, expect } from "@playwright/test";
import {
  axeViolations,
  discCounts,
  guardConsole,
  legalSquares,
  openViewer,
  pageScreenshot,
  playSquare,
  resultText,
} from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

/** FFO endgame #1 (8x8, a1..h8 row by row), dark to move: 14 empty squares. */
const FFO_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--";
/** Dark's legal moves there, in reading order (the engine's, checked natively). */
const FFO_1_MOVES = ["b1", "h1", "a2", "g2", "a3", "a4", "h7", "g8"];

const record = (page) => page.getByTestId("record");
const editor = (page) => page.getByTestId("editor");
const editorSquare = (page, sq) => editor(page).locator(`[data-testid="editor-square"][data-square="${sq}"]`);

/** The squares of a 64-character diagram holding `ch`, as names. */
function squaresOf(diagram, ch) {
  return [...diagram].flatMap((c, i) => (c === ch ? [`${"abcdefgh"[i % 8]}${Math.floor(i / 8) + 1}`] : []));
}

/** Opens the New game dialog with the board editor showing. */
async function openEditor(page) {
  await page.getByTestId("new-game").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByTestId("setup-position").check();
  await expect(editor(page).locator('[data-testid="editor-square"]')).toHaveCount(64);
}

async function paint(page, brush, squares) {
  await page.getByTestId(`editor-brush-${brush}`).check();
  for (const sq of squares) await editorSquare(page, sq).click();
}

test("a position set up from a diagram is played, kept across a reload and carried by the link", async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openViewer(page);
  await openEditor(page);
  // The editor opens on the standard start; clicks cycle empty -> dark -> light -> empty.
  await expect(page.getByTestId("editor-counts")).toHaveText("Discs: dark 2, light 2");
  await editorSquare(page, "a1").click();
  await expect(editorSquare(page, "a1")).toHaveAttribute("data-owner", "0");
  await editorSquare(page, "a1").click();
  await expect(editorSquare(page, "a1")).toHaveAttribute("data-owner", "1");
  await expect(editorSquare(page, "a1")).toHaveAccessibleName("a1, light disc");
  await editorSquare(page, "a1").click();
  await expect(editorSquare(page, "a1")).toHaveAttribute("data-owner", "");

  // The diagram, painted disc by disc on a cleared board.
  await page.getByTestId("editor-clear").click();
  await expect(page.getByTestId("editor-counts")).toHaveText("Discs: dark 0, light 0");
  await paint(page, "dark", squaresOf(FFO_1, "X"));
  await paint(page, "light", squaresOf(FFO_1, "O"));
  await expect(page.getByTestId("editor-counts")).toHaveText("Discs: dark 27, light 23");
  await page.getByTestId("editor-to-move").selectOption("0");
  // Every control of the editor is named and reachable (axe), in both themes' dialog.
  expect(await axeViolations(page), "axe with the board editor open").toEqual([]);
  await pageScreenshot(page, "positions-editor.png");
  await page.getByTestId("name-input-0").fill("Ann");
  await page.getByTestId("editor-start").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const root = page.locator("[data-outflank-viewer]");
  await expect(root).toHaveAttribute("data-busy", "false");

  expect(await discCounts(page)).toEqual([27, 23]);
  for (const sq of squaresOf(FFO_1, "O").slice(0, 5)) {
    await expect(page.locator(`button[data-square="${sq}"] [data-disc="1"]`)).toHaveCount(1);
  }
  // The dialog's names apply: dark is Ann.
  await expect(page.getByTestId("name-0")).toHaveText("Ann");
  await expect(page.getByTestId("status")).toHaveText("Ann must play a disc");
  expect(await legalSquares(page)).toEqual(FFO_1_MOVES);
  await expect(record(page)).toHaveValue("");

  await playSquare(page, "g8");
  await expect(record(page)).toHaveValue("g8");
  await expect(page.getByTestId("status")).toHaveText("Light must play a disc");
  const afterG8 = await discCounts(page);
  // The history's first position is the set-up, not the standard start.
  await page.getByTestId("history-init").click();
  await expect.poll(() => discCounts(page)).toEqual([27, 23]);
  await page.getByTestId("history-now").click();
  await expect.poll(() => discCounts(page)).toEqual(afterG8);

  // A reload resumes the game from its set-up.
  await page.reload();
  await expect(root).toHaveAttribute("data-busy", "false");
  await expect(record(page)).toHaveValue("g8");
  expect(await discCounts(page)).toEqual(afterG8);
  // Undo goes back to the set-up and no further.
  await page.getByTestId("undo").click();
  await expect(record(page)).toHaveValue("");
  await expect.poll(() => discCounts(page)).toEqual([27, 23]);
  await expect(page.getByTestId("undo")).toBeDisabled();
  await page.getByTestId("redo").click();
  await expect(record(page)).toHaveValue("g8");

  // The picture shows the set-up's discs.
  const download = page.waitForEvent("download");
  await page.getByTestId("export-svg").click();
  const svg = readFileSync(await (await download).path(), "utf8");
  expect(svg.match(/class="piece first"/g)?.length).toBe(afterG8[0]);
  expect(svg.match(/class="piece second"/g)?.length).toBe(afterG8[1]);

  // The New game dialog repeats the set-up.
  await page.getByTestId("new-game").click();
  await expect(page.getByTestId("setup-position")).toBeChecked();
  await expect(page.getByTestId("editor-counts")).toHaveText("Discs: dark 27, light 23");
  await page.getByRole("button", { name: "Cancel" }).click();

  // The link carries the position; a fresh browser opens the same game.
  await page.getByTestId("share").click();
  await expect(page.getByTestId("notice")).toContainText("Link copied");
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toContain(`#game=reversi&start=${FFO_1}X&moves=g8`);
  const other = await browser.newContext();
  const fresh = await other.newPage();
  const freshGuard = guardConsole(fresh);
  await fresh.goto(url);
  await expect(record(fresh)).toHaveValue("g8");
  await expect(fresh.locator("[data-outflank-viewer]")).toHaveAttribute("data-busy", "false");
  expect(await discCounts(fresh)).toEqual(afterG8);
  await expect(fresh.getByTestId("status")).toHaveText("Light must play a disc");
  freshGuard.check();
  await other.close();
});

test("a position where neither side can move opens as a finished game", async ({ page }) => {
  await openViewer(page);
  await openEditor(page);
  // Four dark discs in the centre, light to move: no move for either side.
  await paint(page, "dark", ["d4", "e5"]);
  await page.getByTestId("editor-to-move").selectOption("1");
  await page.getByTestId("new-game-start").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("[data-outflank-viewer]")).toHaveAttribute("data-busy", "false");
  expect(await discCounts(page)).toEqual([4, 0]);
  await expect(page.getByTestId("status")).toContainText(resultText([4, 0]));
  await expect(page.locator('button[data-square][data-legal="true"]')).toHaveCount(0);
  await expect(page.getByTestId("score-0")).toHaveText("4");
  await page.reload();
  await expect(page.getByTestId("status")).toContainText(resultText([4, 0]));
});

test("a set-up the rules refuse says why and starts nothing", async ({ page }) => {
  await openViewer(page);
  await playSquare(page, "f5");
  await openEditor(page);
  // An empty centre square can never happen in Othello.
  await paint(page, "erase", ["e4"]);
  await page.getByTestId("editor-start").click();
  const error = page.getByTestId("new-game-error");
  await expect(error).toHaveText("The centre squares must hold discs (in Othello they are never empty): e4.");
  await expect(page.getByRole("dialog")).toBeVisible();
  // So can a cleared board; a size change starts that board's standard start.
  await page.getByTestId("editor-clear").click();
  await page.getByTestId("new-game-start").click();
  await expect(error).toContainText("d4, e4, d5, e5");
  await page.getByTestId("size-select").selectOption("6");
  await expect(editor(page).locator('[data-testid="editor-square"]')).toHaveCount(36);
  await expect(page.getByTestId("editor-counts")).toHaveText("Discs: dark 2, light 2");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(record(page)).toHaveValue("f5");
  expect(await discCounts(page)).toEqual([4, 1]);
});

test("the editor by keyboard: one tab stop, arrows move it, Enter paints", async ({ page }) => {
  await openViewer(page);
  await openEditor(page);
  const squares = editor(page).locator('[data-testid="editor-square"]');
  await expect(squares.locator("xpath=self::*[@tabindex='0']")).toHaveCount(1);
  await editorSquare(page, "a1").focus();
  for (const key of ["ArrowRight", "ArrowRight", "ArrowDown"]) await page.keyboard.press(key);
  await expect(editorSquare(page, "c2")).toBeFocused();
  await expect(editorSquare(page, "c2")).toHaveAttribute("tabindex", "0");
  await expect(editorSquare(page, "a1")).toHaveAttribute("tabindex", "-1");
  // The cycle brush: empty, dark, light.
  await page.keyboard.press("Enter");
  await expect(editorSquare(page, "c2")).toHaveAttribute("data-owner", "0");
  await page.keyboard.press("Space");
  await expect(editorSquare(page, "c2")).toHaveAttribute("data-owner", "1");
  // The arrows stop at the edges.
  for (let k = 0; k < 9; k++) await page.keyboard.press("ArrowLeft");
  await expect(editorSquare(page, "a2")).toBeFocused();
});

test("the computer plays from a set-up position when it is to move", async ({ page }) => {
  await openViewer(page);
  await openEditor(page);
  // The standard start with light to move, against the computer playing light.
  await page.getByTestId("editor-to-move").selectOption("1");
  await page.getByTestId("opponent-select").selectOption("computer");
  await page.getByTestId("level-select").selectOption("1");
  await page.getByTestId("editor-start").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Light's four first moves are c5, d6, e3 and f4.
  await expect(record(page)).toHaveValue(/^(c5|d6|e3|f4)$/);
  await expect(page.locator("[data-outflank-viewer]")).toHaveAttribute("data-busy", "false");
  await expect(page.getByTestId("status")).toHaveText("Dark must play a disc");
  expect(await discCounts(page)).toEqual([1, 4]);
});
