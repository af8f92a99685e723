// Sound: a cue when a piece lands, when discs turn over (with how many), for a
// pass and at the end; none before the person's first gesture; a preference turns it off
// and is kept. Observed through the page's test hook (window.__outflankSounds), not by
// listening.
import { test, expect } from "@playwright/test";
import { guardConsole, newGame, openViewer, playSquare } from "./helpers.mjs";

let guard;
test.beforeEach(async ({ page }) => {
  guard = guardConsole(page);
  await page.addInitScript(() => {
    window.__outflankSounds = [];
  });
});
test.afterEach(() => guard.check());

const sounds = (page) => page.evaluate(() => window.__outflankSounds.slice());
const clearSounds = (page) => page.evaluate(() => (window.__outflankSounds.length = 0));

test("no sound before the first gesture; then place and flips, a pass, the end", async ({ page }) => {
  await openViewer(page);
  // A click made by a script is no gesture: the move is played, silently.
  await page.evaluate(() => document.querySelector('[data-square="f5"]').click());
  await expect(page.getByTestId("record")).toHaveValue("f5");
  expect(await sounds(page)).toEqual([]);

  await playSquare(page, "f6");
  await expect.poll(() => sounds(page)).toEqual(["place", "flip:1"]);

  // Dark cannot move after the 16th disc: the last move sounds, then the pass.
  await newGame(page, { record: "d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5" });
  await clearSounds(page);
  await playSquare(page, "a4");
  await expect.poll(() => sounds(page)).toContain("pass");
  expect((await sounds(page))[0]).toBe("place");

  // The shortest game's last move wipes Light out: the end sounds.
  await newGame(page, { record: "c4c3c2c5c6d6e6f6" });
  await clearSounds(page);
  await playSquare(page, "g7");
  await expect.poll(() => sounds(page)).toContain("end");
});

test("the sound preference turns it off, and is kept", async ({ page }) => {
  await openViewer(page);
  await page.getByRole("button", { name: "Preferences" }).click();
  const sound = page.getByTestId("pref-sound");
  await expect(sound).toBeChecked();
  await expect(page.getByTestId("pref-volume")).toBeEnabled();
  await sound.uncheck();
  await expect(page.getByTestId("pref-volume")).toBeDisabled();
  await playSquare(page, "f5");
  await playSquare(page, "f6");
  expect(await sounds(page)).toEqual([]);
  await page.reload();
  await page.getByRole("button", { name: "Preferences" }).click();
  await expect(page.getByTestId("pref-sound")).not.toBeChecked();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("outflank:prefs")).sound)).toBe(false);
});
