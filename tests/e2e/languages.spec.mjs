// The viewer in French and Japanese: picked from the browser's languages, switched in
// Preferences (at once, and kept after a reload), set by a host's `preferences` event;
// screenshots of each language on a phone and a desktop, and axe clean in each.
import { test, expect } from "@playwright/test";
import { createRequire } from "node:module";
import { join } from "node:path";
import { axeViolations, FULL_GAME, guardConsole, newGame, openViewer, pageScreenshot, REPO } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const engine = require(join(REPO, "engine", "bgs", "pkg", "node", "outflank_engine.js"));

let guard;
test.beforeEach(({ page }) => {
  guard = guardConsole(page);
});
test.afterEach(() => guard.check());

const viewports = { phone: [390, 844], desktop: [1280, 800] };

const LANGUAGES = {
  fr: {
    browser: "fr-FR",
    start: "Noir doit jouer un pion",
    newGame: "Nouvelle partie",
    played: "Noir joue f5 et retourne 1 pion.",
    end: "Grace gagne 35 à 29",
    stats: "Statistiques",
    cell: "f5, vide, coup possible",
  },
  ja: {
    browser: "ja-JP",
    start: "黒の番です",
    newGame: "新しい対局",
    played: "黒がf5に打ち、石を1個返しました。",
    end: "Graceの勝ち 35対29",
    stats: "統計",
    cell: "f5、空き、着手可能",
  },
};

for (const [lang, words] of Object.entries(LANGUAGES)) {
  test.describe(`a ${words.browser} browser`, () => {
    test.use({ locale: words.browser });

    test(`picks ${lang}: moves are announced in it`, async ({ page }) => {
      await openViewer(page);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByTestId("status")).toHaveText(words.start);
      await expect(page.getByTestId("new-game")).toHaveText(words.newGame);
      await expect(page.locator('button[data-square="f5"]')).toHaveAttribute("aria-label", words.cell);
      await page.locator('button[data-square="f5"]').click();
      await expect(page.getByTestId("announcer")).toHaveText(words.played);
    });

    for (const [device, [width, height]] of Object.entries(viewports)) {
      test(`${lang} on a ${device}: screenshots, axe clean`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        await openViewer(page);
        await expect(page.getByTestId("status")).toHaveText(words.start);
        await page.getByTestId("preferences").click();
        // The choices' code loads on first opening: scan and picture them once they are there.
        await expect(page.getByTestId("pref-language")).toBeVisible();
        expect(await axeViolations(page), "axe on the start screen").toEqual([]);
        await pageScreenshot(page, `lang-${lang}-${device}-start.png`);
        await page.getByTestId("new-game").click();
        await expect(page.locator("#new-game-title")).toHaveText(words.newGame);
        expect(await axeViolations(page), "axe on the New game dialog").toEqual([]);
        await pageScreenshot(page, `lang-${lang}-${device}-new-game.png`);
        await page.keyboard.press("Escape");
        await newGame(page, { names: ["Ada", "Grace"], record: FULL_GAME });
        await expect(page.getByTestId("status")).toHaveText(words.end);
        await expect(page.getByTestId("stats")).toContainText(words.stats);
        expect(await axeViolations(page), "axe on the end screen").toEqual([]);
        await pageScreenshot(page, `lang-${lang}-${device}-end.png`);
        await page.getByTestId("leaderboard").click();
        await expect(page.getByTestId("leaderboard-dialog")).toBeVisible();
        expect(await axeViolations(page), "axe on the leader board").toEqual([]);
        await pageScreenshot(page, `lang-${lang}-${device}-leaderboard.png`);
      });
    }
  });
}

test("switching in Preferences changes every word at once and is kept after a reload", async ({ page }) => {
  await openViewer(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("status")).toHaveText("Dark must play a disc");
  await page.getByTestId("preferences").click();
  await page.getByTestId("pref-language").selectOption("fr");
  await expect(page.getByTestId("status")).toHaveText("Noir doit jouer un pion");
  await expect(page.getByTestId("concede")).toHaveText("Abandonner");
  await expect(page.getByTestId("preferences")).toHaveText("Préférences");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator('button[data-square="d4"]')).toHaveAttribute("aria-label", "d4, pion blanc");
  await expect(page.getByTestId("pref-language").locator("option")).toHaveText(["English", "Français", "日本語"]);
  await page.getByTestId("new-game").click();
  await expect(page.locator("#new-game-title")).toHaveText("Nouvelle partie");
  await page.keyboard.press("Escape");

  await page.getByTestId("pref-language").selectOption("ja");
  await expect(page.getByTestId("status")).toHaveText("黒の番です");
  await page.reload();
  await expect(page.getByTestId("status")).toHaveText("黒の番です");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByTestId("undo")).toHaveText("待った");
});

test("a host sets the embedded viewer's language with the preferences event", async ({ page }) => {
  await page.goto("./embed/example.html");
  const emit = (name, payload) => page.evaluate(([n, p]) => window.emitter.emit(n, p), [name, payload]);
  let data = engine.init(2, [], { game: "reversi" }, "harness");
  await emit("preferences", { speed: "off", language: "fr" });
  await emit("player", { index: 0 });
  await emit("state", data);
  const root = page.locator("[data-outflank-viewer]");
  await expect(page.getByTestId("status")).toHaveText("Vous devez jouer un pion");
  await expect(root).toHaveAttribute("lang", "fr");
  await emit("preferences", { language: "ja" });
  await expect(page.getByTestId("status")).toHaveText("あなたの番です");
  await expect(root).toHaveAttribute("lang", "ja");
  expect(await axeViolations(page), "axe on the embedded viewer in Japanese").toEqual([]);
});
