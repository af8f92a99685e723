// The move animation (Board Game Arena's playDisc -> turnOverDiscs -> newScores): the disc lands,
// the outflanked discs turn over, then the scores change; the viewer is busy meanwhile and
// refuses clicks visibly; speed is a preference; prefers-reduced-motion turns it off.
import { test, expect } from "@playwright/test";
import { guardConsole, newGame, openViewer, shownScores } from "./helpers.mjs";

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

/** Records, in order, the DOM changes a person would see during the next move. */
async function watch(page) {
  await page.evaluate(() => {
    const root = document.querySelector("[data-outflank-viewer]");
    window.__seen = [];
    const note = (what) => window.__seen.push(what);
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        if (r.type === "attributes" && el === root && r.attributeName === "data-busy") note(`busy=${root.dataset.busy}`);
        if (r.type === "attributes" && r.attributeName === "data-disc") note(`${el.closest("[data-square]").dataset.square}=${el.dataset.disc}`);
        if (r.type === "childList") {
          for (const n of r.addedNodes) {
            if (n.nodeType === 1 && n.dataset?.disc !== undefined) note(`${n.closest("[data-square]").dataset.square}+${n.dataset.disc}`);
          }
        }
        if (el?.closest?.('[data-testid="score-0"]')) note(`score0=${document.querySelector('[data-testid="score-0"]').textContent}`);
        if (r.type === "childList" && [...r.addedNodes].some((n) => n.nodeType === 1 && n.matches('[data-testid="stats"]'))) note("stats");
      }
    }).observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

test("a move lands, flips, then scores, while the viewer is busy; clicks meanwhile are refused", async ({ page }) => {
  await openViewer(page, { speed: "normal" });
  const root = page.locator("[data-outflank-viewer]");
  await expect(root).toHaveAttribute("style", /--flip-ms: 650ms/);
  await watch(page);
  await page.locator('[data-square="f5"]').click();
  await expect(root).toHaveAttribute("data-busy", "true");
  // While busy: no square is offered, and a click is refused with a visible cue.
  await expect(page.locator('[data-legal="true"]')).toHaveCount(0);
  await page.locator('[data-square="d6"]').click();
  await expect(page.getByTestId("refusal")).toHaveText("Wait: the last move is still being shown.");
  await expect(root).toHaveAttribute("data-busy", "false");
  const seen = (await page.evaluate(() => window.__seen)).filter((s, i, all) => all.indexOf(s) === i);
  console.log(`seen: ${seen.join(", ")}`);
  const at = (what) => {
    const i = seen.indexOf(what);
    expect(i, `${what} in ${seen.join(", ")}`).toBeGreaterThanOrEqual(0);
    return i;
  };
  // (The disc and the busy flag appear in the same render.)
  expect(at("busy=true")).toBeLessThan(at("e5=0"));
  expect(at("f5+0")).toBeLessThan(at("e5=0"));
  // The scores change after the flip, as the animation ends.
  expect(at("e5=0")).toBeLessThan(at("score0=4"));
  expect(at("e5=0")).toBeLessThan(at("busy=false"));
  // The refused click made no move: Light is to move, with the usual choices.
  expect(await shownScores(page)).toEqual([4, 1]);
  await expect(page.getByTestId("record")).toHaveValue("f5");
  await expect(page.locator('[data-legal="true"]')).toHaveCount(3);
});

test("speed preference: fast and off", async ({ page }) => {
  await openViewer(page, { speed: "fast" });
  const root = page.locator("[data-outflank-viewer]");
  await expect(root).toHaveAttribute("style", /--flip-ms: 300ms/);
  await page.getByTestId("preferences").click();
  await page.getByTestId("pref-speed").selectOption("off");
  await expect(root).toHaveAttribute("style", /--flip-ms: 0ms/);
  await watch(page);
  await page.locator('[data-square="f5"]').click();
  await expect(page.locator('[data-square="e5"] [data-disc]')).toHaveAttribute("data-disc", "0");
  expect(await page.evaluate(() => window.__seen)).not.toContain("busy=true");
});

test("prefers-reduced-motion turns the animation off", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openViewer(page, { speed: "normal" });
  const root = page.locator("[data-outflank-viewer]");
  await expect(root).toHaveAttribute("style", /--flip-ms: 0ms/);
  await page.getByTestId("preferences").click();
  await expect(page.getByText("Animations are off: your system asks for reduced motion.")).toBeVisible();
  await watch(page);
  await page.locator('[data-square="f5"]').click();
  await expect(page.locator('[data-square="e5"] [data-disc]')).toHaveAttribute("data-disc", "0");
  expect(await page.evaluate(() => window.__seen)).not.toContain("busy=true");
});

test("the end-of-game statistics wait for the last move's animation", async ({ page }) => {
  await openViewer(page, { speed: "normal" });
  await newGame(page, { game: "tictactoe", record: "a1b1b2c1" });
  const root = page.locator("[data-outflank-viewer]");
  await watch(page);
  await page.locator('[data-square="c3"]').click();
  await expect(root).toHaveAttribute("data-busy", "false");
  await expect(page.getByTestId("stats")).toBeVisible();
  const seen = await page.evaluate(() => window.__seen);
  expect(seen).toContain("busy=true");
  expect(seen.indexOf("c3+0")).toBeGreaterThanOrEqual(0);
  // The panel comes with the end of the animation, not before.
  expect(seen.indexOf("stats")).toBeGreaterThan(seen.indexOf("busy=true"));
  expect(seen.indexOf("stats")).toBeGreaterThanOrEqual(seen.indexOf("busy=false") - 1);
  await expect(page.getByTestId("status")).toHaveText("X wins with three in a row");
});
