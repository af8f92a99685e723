// Import and export: a game imported as GGF through the New game dialog, and the board
// exported as a picture (SVG) with the header's Picture button.
import { readFileSync } from "node:fs";
import { test, expect } from "@playwright/test";
import { discCounts, guardConsole, newGame, openViewer } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

const record = (page) => page.getByTestId("record");

// As NBoard and GGS write games: the board row by row, moves in both cases with evaluations
// and times, light's pass written (dark has no move after light's c1: see
// engine/tests/data/pass-record.txt).
const GGF = `(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Ann]PW[Bo]RB[2100.00]
RW[1900.10]TI[05:00//02:00]TY[8]RE[+12.000]
BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]
B[d3]W[c3/-2.0/1.5]B[b3]W[B2]B[f5]W[a3]B[A1]W[c1]B[PA]W[e3//0.01];)`;

test("a GGF game pasted in New game is replayed with its players' names", async ({ page }) => {
  await openViewer(page);
  await newGame(page, { names: ["", ""], record: GGF });
  await expect(record(page)).toHaveValue("d3c3b3b2f5a3a1c1e3");
  await expect(page.getByTestId("name-0")).toHaveText("Ann");
  await expect(page.getByTestId("name-1")).toHaveText("Bo");
  await expect(page.locator('[data-square="e3"] [data-disc="1"]')).toHaveCount(1);

  // A name typed in the dialog stays; a bad GGF game says why and starts nothing.
  await newGame(page, { names: ["Cy", ""], record: GGF.replace("W[e3//0.01]", "") });
  await expect(page.getByTestId("name-0")).toHaveText("Cy");
  await expect(page.getByTestId("name-1")).toHaveText("Bo");
  await expect(record(page)).toHaveValue("d3c3b3b2f5a3a1c1");

  await page.getByTestId("new-game").click();
  await page.getByTestId("record-input").fill(GGF.replace("B[f5]", "B[h8]"));
  await page.getByTestId("new-game-start").click();
  await expect(page.getByTestId("new-game-error")).toContainText("The GGF game could not be read");
  await expect(page.getByTestId("new-game-error")).toContainText("h8");
  // A set-up the rules refuse: a centre square is empty.
  const setUp = "(;GM[Othello]BO[8 -------- -------- -------- ---O---- ---*O--- -------- -------- -------- O];)";
  await page.getByTestId("record-input").fill(setUp);
  await page.getByTestId("new-game-start").click();
  await expect(page.getByTestId("new-game-error")).toContainText("The GGF game could not be read");
  await expect(page.getByTestId("new-game-error")).toContainText("empty here: e4");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(record(page)).toHaveValue("d3c3b3b2f5a3a1c1");
});

test("Picture downloads the board as SVG with every disc and the last move", async ({ page }) => {
  await openViewer(page);
  await newGame(page, { names: ["", ""], record: GGF });
  await expect(record(page)).toHaveValue("d3c3b3b2f5a3a1c1e3");
  const [dark, light] = await discCounts(page);

  const download = page.waitForEvent("download");
  await page.getByTestId("export-svg").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("outflank-reversi-d3c3b3b2f5a3a1c1e3.svg");
  const svg = readFileSync(await file.path(), "utf8");
  expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  expect(svg).not.toContain("href");
  expect(svg.match(/class="piece first"/g)?.length ?? 0).toBe(dark);
  expect(svg.match(/class="piece second"/g)?.length ?? 0).toBe(light);
  expect(svg.match(/class="last"/g)?.length).toBe(1);

  // The browser reads it as an SVG document, without a parse error.
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    return {
      error: doc.getElementsByTagName("parsererror").length,
      root: doc.documentElement.localName,
      pieces: doc.querySelectorAll(".piece").length,
    };
  }, svg);
  expect(parsed).toEqual({ error: 0, root: "svg", pieces: dark + light });

  // A game with no move is named after the day.
  await newGame(page, { game: "tictactoe" });
  const empty = page.waitForEvent("download");
  await page.getByTestId("export-svg").click();
  expect((await empty).suggestedFilename()).toMatch(/^outflank-tictactoe-\d{4}-\d{2}-\d{2}\.svg$/);
});
