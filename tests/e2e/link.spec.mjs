// Share by link: the game's options and record in the URL fragment, so a link
// opens the same game on any copy of the site; a bad link says what is wrong and changes
// nothing; a link never replaces a game with moves unasked.
import { test, expect } from "@playwright/test";
import { guardConsole, openViewer, playSquare } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

const record = (page) => page.getByTestId("record");
const notice = (page) => page.getByTestId("notice");

/** Opens the page at `fragment` and waits for the board of `cells` squares, idle. */
async function openLink(page, fragment, cells = 64) {
  // From another page, so that this is a load, not a change of the fragment.
  await page.goto("about:blank");
  await page.goto(`./${fragment}`);
  await expect(page.locator("[data-outflank-viewer]")).toHaveAttribute("data-busy", "false");
  await expect(page.locator("button[data-square]")).toHaveCount(cells);
}

test("Copy link gives a link that opens the same game in a fresh browser", async ({ page, context, browser, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openViewer(page);
  for (const sq of ["f5", "f6", "e6", "f4"]) await playSquare(page, sq);
  await page.getByTestId("share").click();
  await expect(notice(page)).toContainText("Link copied");
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(`${new URL(baseURL).href}#game=reversi&moves=f5f6e6f4`);

  // Another browser profile (nothing saved there) opens the game at once.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  const freshGuard = guardConsole(fresh);
  await fresh.goto(url);
  await expect(record(fresh)).toHaveValue("f5f6e6f4");
  await expect(fresh.getByTestId("status")).toHaveText("Dark must play a disc");
  await expect(notice(fresh)).toHaveText(/Opened the game from the link/);
  // The fragment is gone: the game lives in the autosave now, and a reload resumes it.
  expect(new URL(fresh.url()).hash).toBe("");
  await playSquare(fresh, "f3");
  await fresh.reload();
  await expect(record(fresh)).toHaveValue("f5f6e6f4f3");
  freshGuard.check();
  await other.close();
});

test("links carry the game and its options: Gomoku on 15x15, bombs, Tic-Tac-Toe; passes and capitals read", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openLink(page, "#game=gomoku&size=15&moves=h8h9", 225);
  await expect(record(page)).toHaveValue("h8h9");
  await expect(page.locator('[data-square="h8"] [data-disc="0"]')).toHaveCount(1);

  await page.evaluate(() => localStorage.removeItem("outflank:hotseat"));
  await openLink(page, "#game=reversi&size=10&variant=bombs", 100);
  // Its own link says the same.
  await page.getByTestId("share").click();
  await expect(notice(page)).toContainText("Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/#game=reversi&size=10&variant=bombs&moves=$/);

  await page.evaluate(() => localStorage.removeItem("outflank:hotseat"));
  await openLink(page, "#game=tictactoe&moves=B2A1", 9);
  await expect(record(page)).toHaveValue("b2a1");

  // Dark cannot move after the 16th disc: the link may write the pass.
  await page.evaluate(() => localStorage.removeItem("outflank:hotseat"));
  await openLink(page, "#game=reversi&moves=d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5a4PA");
  await expect(record(page)).toHaveValue("d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5a4");
  await expect(page.getByTestId("status")).toContainText("Light must play a disc");
});

test("a bad link says what is wrong and changes nothing", async ({ page }) => {
  await openViewer(page);
  for (const sq of ["f5", "d6"]) await playSquare(page, sq);
  for (const [fragment, says] of [
    ["#game=reversi&moves=f5f5", "move 2 (f5) of the record: f5 is already occupied"],
    ["#game=reversi&moves=f5pass", "move 2 (pass) of the record: Light has a move, so cannot pass"],
    ["#game=chess", 'game: "chess" is not allowed'],
    ["#game=reversi&size=9", "size"],
  ]) {
    await page.evaluate((f) => (location.hash = f), fragment);
    await expect(notice(page)).toContainText("could not be opened");
    await expect(notice(page)).toContainText(says);
    await expect(record(page)).toHaveValue("f5d6");
  }
  await page.reload();
  await expect(record(page)).toHaveValue("f5d6");
});

test("a link over a game with moves is offered, not forced", async ({ page }) => {
  await openViewer(page);
  for (const sq of ["f5", "d6", "c3"]) await playSquare(page, sq);
  await page.evaluate(() => (location.hash = "#game=gomoku&moves=h8"));
  const offer = page.getByTestId("link-offer");
  await expect(offer).toContainText("Gomoku with 1 move");
  await page.getByTestId("keep-game").click();
  await expect(offer).toHaveCount(0);
  await expect(record(page)).toHaveValue("f5d6c3");

  await page.evaluate(() => (location.hash = "#game=gomoku&moves=h8"));
  await page.getByTestId("open-link").click();
  await expect(offer).toHaveCount(0);
  await expect(page.locator("button[data-square]")).toHaveCount(361);
  await expect(record(page)).toHaveValue("h8");
  await page.reload();
  await expect(record(page)).toHaveValue("h8");
});
