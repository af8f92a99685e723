// The online views in English, French and Japanese against the real server
// (online-helpers.mjs): the lobby, a game with its clocks, the leader board and a player's
// page, each pictured into tests/output/ (online-LANG-VIEW.png) and checked with axe.
import { test, expect } from "@playwright/test";
import { axeViolations, pageScreenshot } from "./helpers.mjs";
import { create, game, join, legalSquares, open, play, register, Server, settled } from "./online-helpers.mjs";

const LANGUAGES = {
  en: { browser: "en-US", lobby: "Lobby", title: "Online play", board: "Leader board" },
  fr: { browser: "fr-FR", lobby: "Salon", title: "Jeu en ligne", board: "Classement" },
  ja: { browser: "ja-JP", lobby: "ロビー", title: "オンライン対戦", board: "ランキング" },
};

const server = new Server();
let base;

test.beforeAll(async () => {
  base = await server.start();
});

test.afterAll(async () => {
  await server.remove();
});

for (const [lang, words] of Object.entries(LANGUAGES)) {
  test(`the online views in ${lang}: screenshots, axe clean`, async ({ browser }) => {
    // A host in English creates a Reversi game with a clock; the player in `lang` joins it.
    const host = await open(browser, base);
    const guest = await open(browser, base, { locale: words.browser });
    const page = guest.page;
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.locator("#online-title")).toHaveText(words.title);
    await register(host.page, `host-${lang}`);
    await register(page, `guest-${lang}`);
    const id = await create(host.page, { choice: "0", clock: "2" });
    // The guest's own game waits in the lobby beside the host's.
    await create(page, { choice: "4" });
    await page.getByTestId("online-lobby").click();
    await expect(page.getByTestId("online-lobby")).toHaveText(words.lobby);
    await expect(page.getByTestId("lobby-waiting").locator(`[data-game-id="${id}"]`)).toBeVisible();
    await expect(page.getByTestId("lobby-mine").getByTestId("lobby-game")).toHaveCount(1);
    expect(await axeViolations(page), "axe on the lobby").toEqual([]);
    await pageScreenshot(page, `online-${lang}-lobby.png`);

    // The game, after the host's first move: clocks, board, moves.
    await join(page, id);
    const [first] = await legalSquares(host.page);
    await play(host.page, first, [page]);
    await settled([host.page, page], 5);
    await expect(game(page).getByTestId("clock-1")).toHaveAttribute("data-running", "true");
    expect(await axeViolations(page), "axe on a game").toEqual([]);
    await pageScreenshot(page, `online-${lang}-game.png`);

    // The guest concedes (behind, to move): the leader board and the player's page count it.
    await game(page).getByTestId("concede").click();
    await expect(game(page)).toHaveAttribute("data-status", "finished");
    await page.getByTestId("online-board").click();
    await expect(page.getByTestId("online-board")).toHaveText(words.board);
    await expect(page.getByTestId("online-leaderboard").locator(`tr[data-player="guest-${lang}"]`)).toHaveCount(1);
    expect(await axeViolations(page), "axe on the leader board").toEqual([]);
    await pageScreenshot(page, `online-${lang}-leaderboard.png`);

    await page.getByTestId("online-leaderboard").getByRole("link", { name: `guest-${lang}` }).click();
    await expect(page.getByTestId("online-player")).toHaveAttribute("data-player", `guest-${lang}`);
    await expect(page.getByTestId("player-game")).toHaveCount(2);
    expect(await axeViolations(page), "axe on a player's page").toEqual([]);
    await pageScreenshot(page, `online-${lang}-player.png`);

    for (const { context, guard } of [host, guest]) {
      guard.check();
      await context.close();
    }
  });
}
