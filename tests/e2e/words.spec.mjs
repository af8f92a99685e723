// No English on the French and Japanese pages: the words a person can see (text, a ::before
// or ::after's content, a tooltip, a placeholder) and hear (aria-label) at the start (while
// the parts the build painted in English wait for their code, and once they are live), with
// the preferences open, after a whole game (the result and the statistics), and in the
// dialogs one click opens (New game, the leader board, a player's name). English here means a
// word of the English locale (ui/locales/en.json) that the page's language does not use too,
// so words the languages share (names, notation) pass; a few proper names are allowed, and the
// openings' names (the names the world's lists give them, marked data-opening on the page).
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FULL_GAME, guardConsole, holdLaterParts, newGame, openViewer, REPO } from "./helpers.mjs";

/** Names, not English: the product, the games, the language's own name in the list. */
const ALLOWED = new Set(["outflank", "reversi", "othello", "gomoku", "tic", "tac", "toe", "english", "ada", "grace"]);

const locale = (lang) => JSON.parse(readFileSync(join(REPO, "ui", "locales", `${lang}.json`), "utf8"));
/** The Latin words (three letters or more) of every string in a locale, lower-cased. */
function vocabulary(strings) {
  const words = new Set();
  for (const text of Object.values(strings)) {
    const plain = String(text).replace(/\{\{[^}]*\}\}/g, " ");
    for (const w of plain.toLowerCase().match(/[a-z]{3,}/g) ?? []) words.add(w);
  }
  return words;
}
const ENGLISH = vocabulary(locale("en"));

/** What the page shows and says now: each piece of text with where it is. */
function shown(page) {
  return page.evaluate(() => {
    const out = [];
    const visible = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent.trim() || ["SCRIPT", "STYLE", "NOSCRIPT"].includes(el.tagName)) continue;
      if (visible(el)) out.push({ where: el.outerHTML.slice(0, 80), text: node.textContent });
    }
    for (const el of document.body.querySelectorAll("*")) {
      if (!visible(el)) continue;
      for (const attr of ["title", "aria-label", "placeholder", "alt"]) {
        const value = el.getAttribute(attr);
        if (value) out.push({ where: `${attr} of ${el.outerHTML.slice(0, 60)}`, text: value });
      }
      for (const pseudo of ["::before", "::after"]) {
        const content = getComputedStyle(el, pseudo).content;
        if (!content || content === "none" || content === "normal") continue;
        // Literal strings, attr(name) read from the element; counters are numbers.
        const text = content
          .replace(/attr\(([\w-]+)\)/g, (_, name) => JSON.stringify(el.getAttribute(name) ?? ""))
          .replace(/counters?\([^)]*\)/g, "")
          .replace(/"([^"]*)"/g, "$1");
        out.push({ where: `${pseudo} of ${el.outerHTML.slice(0, 60)}`, text });
      }
    }
    return out;
  });
}

const LANGUAGES = { fr: "fr-FR", ja: "ja-JP" };

for (const [lang, browser] of Object.entries(LANGUAGES)) {
  test.describe(`a ${browser} browser`, () => {
    test.use({ locale: browser });

    test(`no English words on the ${lang} page, its dialogs and a finished game`, async ({ page }) => {
      const guard = guardConsole(page);
      const own = vocabulary(locale(lang));
      const english = new Set([...ENGLISH].filter((w) => !own.has(w) && !ALLOWED.has(w)));
      const found = [];
      const scan = async (state) => {
        const openings = await page.$$eval("[data-opening]", (els) => els.map((e) => e.dataset.opening));
        for (const { where, text: said } of await shown(page)) {
          const text = openings.reduce((t, name) => t.replaceAll(name, " "), said);
          const words = (text.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => english.has(w));
          if (words.length) found.push(`${state}: "${text.trim()}" (${words.join(", ")}) in ${where}`);
        }
      };

      // The toolbar's and the side's code is held at first: the parts the build painted (in
      // English) wait in their place until it comes, and must not be seen meanwhile.
      const { release } = await holdLaterParts(page);
      await openViewer(page, { live: false });
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.locator("[data-painted]")).not.toHaveCount(0);
      await scan("start, the painted parts waiting");
      release();
      await expect(page.locator("[data-painted]")).toHaveCount(0);
      await scan("start");
      await page.getByTestId("preferences").click();
      await expect(page.getByTestId("pref-language")).toBeVisible();
      await scan("preferences");
      await page.getByTestId("new-game").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await scan("New game");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.getByTestId("name-0").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await scan("a player's name");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.locator('button[data-square="f5"]').click();
      await expect(page.locator("button[data-square] [data-disc]")).toHaveCount(5);
      await scan("a move played");
      await newGame(page, { names: ["Ada", "Grace"], record: FULL_GAME });
      await expect(page.getByTestId("stats")).toBeVisible();
      await scan("a finished game");
      await page.getByTestId("leaderboard").click();
      await expect(page.getByTestId("leaderboard-dialog")).toBeVisible();
      await scan("the leader board");
      expect(found, "English words on the page").toEqual([]);
      guard.check();
    });
  });
}
