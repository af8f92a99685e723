// The hot-seat game and the preferences live in localStorage: a reload resumes the same
// game at the same move; a corrupt or old entry starts a fresh game with a notice.
import { test, expect } from "@playwright/test";
import { guardConsole, newGame, openViewer, playSquare } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

test("a reload resumes the game, names, preferences and all", async ({ page }) => {
  await openViewer(page);
  await newGame(page, { game: "gomoku", size: 15, names: ["Ann", "Bo"] });
  for (const sq of ["h8", "h9", "i8"]) await playSquare(page, sq);
  await page.getByTestId("preferences").click();
  await page.getByTestId("pref-skin").selectOption("wooden");
  await page.getByTestId("pref-highlights").uncheck();
  await expect(page.getByTestId("status")).toHaveText("Bo must play a stone");

  await page.reload();
  await expect(page.locator("button[data-square]")).toHaveCount(225);
  await expect(page.getByTestId("status")).toHaveText("Bo must play a stone");
  await expect(page.getByTestId("record")).toHaveValue("h8h9i8");
  await expect(page.getByTestId("name-0")).toHaveText("Ann");
  await expect(page.getByTestId("stones-1")).toHaveText("111 stones left");
  const root = page.locator("[data-outflank-viewer]");
  await expect(root).toHaveClass(/skin-wooden/);
  await expect(root).toHaveClass(/no-highlights/);
  await expect(page.getByTestId("notice")).toHaveCount(0);
  // And it goes on from there.
  await playSquare(page, "j9");
  await expect(page.getByTestId("status")).toHaveText("Ann must play a stone");
});

const corrupt = {
  "not JSON": "{not json",
  "an entry without a version": '{"options":{"size":8},"record":"f5"}',
  "a future version": '{"version":3,"data":{}}',
  "an impossible game": '{"version":2,"data":{"game":"tictactoe","options":{},"moves":["b2","b2"]}}',
  "a board that does not follow the moves":
    '{"version":2,"data":{"game":"reversi","options":{"size":8,"variant":"standard"},"turns":["f5"],"board":["--------","--------","--------","---OX---","---XX---","--------","--------","--------"],"toMove":1}}',
};

for (const [what, text] of Object.entries(corrupt)) {
  test(`corrupt storage (${what}): a fresh game with a notice, no console error`, async ({ page }) => {
    await page.addInitScript((text) => {
      if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("outflank:hotseat", text);
        localStorage.setItem("outflank:prefs", "[1,2");
      }
    }, text);
    await openViewer(page, { speed: null });
    await expect(page.getByTestId("notice")).toContainText("could not be read: a new game was started");
    await expect(page.getByTestId("status")).toHaveText("Dark must play a disc");
    await expect(page.getByTestId("record")).toHaveValue("");
    // The fresh game is playable and saved over the bad entry.
    await playSquare(page, "f5");
    await page.reload();
    await expect(page.getByTestId("record")).toHaveValue("f5");
    await expect(page.getByTestId("notice")).toHaveCount(0);
  });
}
