// Online play through the Outflank server: the real server binary (cargo build -p
// outflank-server) on a free port of 127.0.0.1 with a temporary database, serving dist/
// (online-helpers.mjs). Players in browser contexts of their own and a spectator in another:
// a whole Reversi game played to the end from the moves the viewer marks, watched live, a
// player reloading mid-game, and the leader board counting it; the clocks ticking and a
// concession; players' pages and the Back button; preferences changed in an online game
// kept as the hot-seat game keeps them; and the page riding out a restart of the server
// without a console error every second. No other console error anywhere.
import { test, expect } from "@playwright/test";
import { seededRandom, testSeed } from "./helpers.mjs";
import {
  boardRating,
  cell,
  create,
  game,
  join,
  legalSquares,
  open,
  pieces,
  play,
  register,
  Server,
  settled,
  watch,
} from "./online-helpers.mjs";

const server = new Server();
let base;

test.beforeAll(async () => {
  base = await server.start();
});

test.afterAll(async () => {
  await server.remove();
});

test("two players play a whole Reversi game live with a spectator and the leader board counts it", async ({
  browser,
}, info) => {
  const random = seededRandom(testSeed(info.title));
  const ann = await open(browser, base);
  const bob = await open(browser, base);
  const eve = await open(browser, base);
  eve.guard.allow(409, "/api/accounts");

  // The leader board before any game.
  await eve.page.getByTestId("online-board").click();
  await expect(eve.page.getByTestId("online-leaderboard")).toBeVisible();
  await expect(eve.page.getByTestId("online-rule")).toContainText("1500");
  await expect(eve.page).toHaveURL(/#online-board$/);

  await register(ann.page, "ann");
  await register(bob.page, "bob");
  // A taken name is refused with the server's words.
  await eve.page.getByTestId("online-lobby").click();
  await eve.page.getByTestId("online-name").fill("Ann");
  await eve.page.getByTestId("online-password").fill("whatever-123");
  await eve.page.getByTestId("online-register").click();
  await expect(eve.page.getByTestId("online-error")).toContainText("That name is taken");
  await expect(eve.page.getByTestId("online-user")).toHaveCount(0);

  // Ann creates a Reversi game; it waits for an opponent, live in Bob's lobby.
  await ann.page.getByTestId("online-lobby").click();
  await ann.page.getByTestId("online-game-choice").selectOption("0");
  await ann.page.getByTestId("online-create").click();
  await expect(game(ann.page)).toBeVisible();
  await expect(ann.page.getByTestId("online-game-note")).toContainText("Waiting for someone");
  const id = await game(ann.page).getAttribute("data-game-id");
  await expect(ann.page).toHaveURL(new RegExp(`#online=${id}$`));
  const waiting = bob.page.getByTestId("lobby-waiting").locator(`[data-game-id="${id}"]`);
  await expect(waiting).toContainText("Reversi 8×8");
  await expect(waiting.getByTestId("player-link")).toHaveText("ann");
  await waiting.getByTestId("online-join").click();
  await expect(game(bob.page)).toHaveAttribute("data-status", "playing");
  await expect(bob.page.getByTestId("online-game-title")).toContainText("ann against bob");
  await expect(game(ann.page)).toHaveAttribute("data-status", "playing");

  // Eve watches.
  await watch(eve.page, id);
  await expect(eve.page.getByTestId("online-game-note")).toContainText("watching");

  // Each move is one the mover's viewer marks legal, picked by the seeded generator; the
  // spectator never has one. A player with no move passes by the rules (the other moves
  // again), and the game ends when neither has one.
  const players = [ann, bob];
  const everyone = [ann.page, bob.page, eve.page];
  let count = 4;
  let moves = 0;
  for (;;) {
    await settled(everyone, count);
    const legal = [await legalSquares(ann.page), await legalSquares(bob.page)];
    expect(await legalSquares(eve.page)).toEqual([]);
    if (legal[0].length === 0 && legal[1].length === 0) break;
    // Only the player to move has moves.
    expect(legal.filter((l) => l.length > 0)).toHaveLength(1);
    const seat = legal[0].length > 0 ? 0 : 1;
    const square = legal[seat][Math.floor(random() * legal[seat].length)];
    const mover = players[seat].page;
    await play(
      mover,
      square,
      everyone.filter((p) => p !== mover),
    );
    count++;
    moves++;
    if (moves === 9) {
      // Bob reloads mid-game: the same game, as it is.
      await bob.page.reload();
      await expect(game(bob.page)).toHaveAttribute("data-game-id", id);
    }
  }
  expect(moves).toBeGreaterThan(20);
  const dark = await game(eve.page).locator('[data-disc="0"]').count();
  const light = await game(eve.page).locator('[data-disc="1"]').count();
  const ended = dark === light ? /Draw/ : /wins/;
  for (const page of everyone) {
    await expect(game(page).getByTestId("status")).toContainText(ended);
    await expect(game(page)).toHaveAttribute("data-status", "finished");
  }

  // The leader board counts the game.
  const [winner, loser] = dark >= light ? ["ann", "bob"] : ["bob", "ann"];
  const [up, down] = dark === light ? [1500, 1500] : [1516, 1484];
  expect(await boardRating(eve.page, winner)).toBe(up);
  expect(await boardRating(eve.page, loser)).toBe(down);
  const row = eve.page.locator(`tr[data-player="${winner}"]`);
  await expect(row.locator("td").nth(2)).toHaveText("1");

  // Back to the hot-seat game, intact; the browser's Back button returns to the online part.
  await ann.page.getByTestId("online-close").click();
  await expect(ann.page.getByTestId("online-panel")).toHaveCount(0);
  await expect(ann.page).not.toHaveURL(/#/);
  await expect(ann.page.locator(".hot-seat [data-outflank-viewer] button[data-square]")).toHaveCount(64);
  await ann.page.goBack();
  await expect(game(ann.page)).toHaveAttribute("data-game-id", id);

  for (const { context, guard } of [ann, bob, eve]) {
    guard.check();
    await context.close();
  }
});

test("the clocks tick, a player behind concedes, and players' pages list the game", async ({ browser }) => {
  const cat = await open(browser, base);
  const dan = await open(browser, base);
  const eve = await open(browser, base);
  await register(cat.page, "cat");
  await register(dan.page, "dan");

  // A Reversi game with a clock of a minute each.
  const id = await create(cat.page, { choice: "0", clock: "1" });
  await expect(cat.page.getByTestId("online-game-note")).toContainText("Waiting for someone");
  await join(dan.page, id);
  await watch(eve.page, id);

  // Dark's clock runs from the join, on every page; light's waits.
  for (const page of [cat.page, dan.page, eve.page]) {
    await expect(game(page).getByTestId("clocks")).toBeVisible();
    await expect(game(page).getByTestId("clock-0")).toHaveAttribute("data-running", "true");
    await expect(game(page).getByTestId("clock-1")).toHaveAttribute("data-running", "false");
    await expect(game(page).getByTestId("clock-face-1")).toHaveText("1:00");
    await expect(game(page).getByTestId("clock-0")).toContainText("cat");
  }
  // It ticks down.
  await expect(game(dan.page).getByTestId("clock-face-0")).toHaveText(/^0:5\d$/);

  // At 2-2 nobody may concede: dark is not behind, light is not to move.
  const concede = (page) => game(page).getByTestId("concede");
  await expect(concede(cat.page)).toBeDisabled();
  await expect(concede(dan.page)).toBeDisabled();
  await expect(concede(eve.page)).toBeDisabled();

  const [first] = await legalSquares(cat.page);
  await play(cat.page, first, [dan.page, eve.page]);
  await settled([cat.page, dan.page, eve.page], 5);
  // Light's clock runs now; dark's stopped where it was.
  await expect(game(eve.page).getByTestId("clock-1")).toHaveAttribute("data-running", "true");
  await expect(game(eve.page).getByTestId("clock-0")).toHaveAttribute("data-running", "false");
  await expect(game(eve.page).getByTestId("clock-face-1")).toHaveText(/^0:5\d$/);
  // Light is behind (1-4) and to move: light may concede; dark and the spectator may not.
  await expect(concede(dan.page)).toBeEnabled();
  await expect(concede(cat.page)).toBeDisabled();
  await expect(concede(eve.page)).toBeDisabled();
  await concede(dan.page).click();
  for (const page of [cat.page, dan.page, eve.page]) {
    await expect(game(page)).toHaveAttribute("data-status", "finished");
    await expect(game(page).getByTestId("status")).toContainText("concedes");
    await expect(game(page).getByTestId("clock-0")).toHaveAttribute("data-running", "false");
    await expect(game(page).getByTestId("clock-1")).toHaveAttribute("data-running", "false");
  }

  // The players' own lines follow their ratings.
  await expect(dan.page.getByTestId("online-user")).toContainText("rating 1484");
  await expect(cat.page.getByTestId("online-user")).toContainText("rating 1516");

  // The loser's name in the game's title opens their page: the record, the rating, the game.
  await game(eve.page).getByTestId("online-game-title").getByTestId("player-link").filter({ hasText: "dan" }).click();
  await expect(eve.page).toHaveURL(/#player=dan$/);
  const page = eve.page.getByTestId("online-player");
  await expect(page).toHaveAttribute("data-player", "dan");
  await expect(eve.page.getByTestId("player-record")).toHaveText("0 won, 0 drawn, 1 lost; disc differential -3");
  await expect(eve.page.getByTestId("player-rating")).toHaveText("Rating: 1484");
  const row = page.locator(`[data-testid="player-game"][data-game-id="${id}"]`);
  await expect(row.getByTestId("player-game-standing")).toHaveText("Lost (by concession) 4-1 · -16");
  // The game opens from there, finished, with its moves.
  await row.getByTestId("player-game-open").click();
  await expect(eve.page).toHaveURL(new RegExp(`#online=${id}$`));
  await expect(game(eve.page)).toHaveAttribute("data-status", "finished");
  await expect(pieces(eve.page)).toHaveCount(5);
  // Back: the player's page; Back again: the game as it was watched; Forward: the page.
  await eve.page.goBack();
  await expect(eve.page.getByTestId("online-player")).toHaveAttribute("data-player", "dan");
  await eve.page.goBack();
  await expect(game(eve.page)).toHaveAttribute("data-game-id", id);
  await eve.page.goForward();
  await expect(eve.page.getByTestId("online-player")).toHaveAttribute("data-player", "dan");
  // A reload keeps the page; the winner's page is one click away on the leader board.
  await eve.page.reload();
  await expect(eve.page.getByTestId("online-player")).toHaveAttribute("data-player", "dan");
  await eve.page.getByTestId("online-board").click();
  await eve.page.getByTestId("online-leaderboard").getByRole("link", { name: "cat" }).click();
  await expect(eve.page.getByTestId("online-player")).toHaveAttribute("data-player", "cat");
  await expect(eve.page.getByTestId("player-record")).toContainText("1 won, 0 drawn, 0 lost");
  await expect(
    eve.page.locator(`[data-testid="player-game"][data-game-id="${id}"]`).getByTestId("player-game-standing"),
  ).toHaveText("Won (by concession) 4-1 · +16");

  for (const { context, guard } of [cat, dan, eve]) {
    guard.check();
    await context.close();
  }
});

test("preferences changed in an online game are the page's: saved, and the hot-seat game's too", async ({
  browser,
}) => {
  const fay = await open(browser, base);
  await register(fay.page, "fay");
  await create(fay.page, { choice: "7" });
  const viewer = game(fay.page);
  await viewer.getByTestId("preferences").click();
  await viewer.getByTestId("pref-theme").selectOption("dark");
  await expect(viewer.locator("[data-outflank-viewer]")).toHaveClass(/theme-dark/);
  await viewer.getByTestId("pref-language").selectOption("fr");
  // The page around the game speaks French at once.
  await expect(fay.page.getByTestId("online-lobby")).toHaveText("Salon");
  const saved = await fay.page.evaluate(() => JSON.parse(localStorage.getItem("outflank:prefs")));
  expect(saved).toMatchObject({ theme: "dark", language: "fr", speed: "off" });
  // The hot-seat game has them too.
  await fay.page.getByTestId("online-close").click();
  const hotSeat = fay.page.locator(".hot-seat [data-outflank-viewer]");
  await expect(hotSeat).toHaveClass(/theme-dark/);
  await expect(hotSeat).toHaveAttribute("lang", "fr");
  // And after a reload.
  await fay.page.reload();
  await expect(hotSeat).toHaveClass(/theme-dark/);
  await expect(fay.page.getByTestId("new-game")).toHaveText("Nouvelle partie");
  fay.guard.check();
  await fay.context.close();
});

test("while the server is down the page says it is reconnecting, backs off, and the game goes on after a restart", async ({
  browser,
}) => {
  const gus = await open(browser, base);
  const hal = await open(browser, base);
  await register(gus.page, "gus");
  await register(hal.page, "hal");
  const id = await create(gus.page, { choice: "7" });
  await join(hal.page, id);
  await play(gus.page, "a1", [hal.page]);

  // The server stops: both pages say so, and try again after 1 s, 2 s, 4 s, 8 s...
  for (const { guard } of [gus, hal]) guard.state.socketsMayFail = true;
  await server.stop();
  for (const { page } of [gus, hal]) {
    await expect(page.getByTestId("online-reconnecting")).toBeVisible();
  }
  // Once the next try waits 8 s, three have failed, over 7 s: a console line each, not one
  // a second.
  await expect(gus.page.getByTestId("online-reconnecting")).toHaveAttribute("data-retry-ms", "8000", {
    timeout: 20_000,
  });
  await expect(hal.page.getByTestId("online-reconnecting")).toHaveAttribute("data-retry-ms", "8000", {
    timeout: 5_000,
  });
  for (const { guard } of [gus, hal]) {
    expect(guard.state.socketErrors).toBeGreaterThanOrEqual(1);
    expect(guard.state.socketErrors).toBeLessThanOrEqual(4);
  }

  // The server comes back on the same port with the same data. The browser says it is
  // online again (gus) or the page is shown again (hal): each page reconnects at once,
  // well before its 8 s are up.
  await server.start();
  await gus.page.evaluate(() => window.dispatchEvent(new Event("online")));
  await hal.page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  for (const { page } of [gus, hal]) {
    await expect(page.getByTestId("online-reconnecting")).toHaveCount(0, { timeout: 4_000 });
  }
  for (const { guard } of [gus, hal]) {
    expect(guard.state.socketErrors).toBeLessThanOrEqual(4);
    guard.state.socketsMayFail = false;
  }

  // The game goes on where it was.
  await expect(cell(hal.page, "a1").locator("[data-disc]")).toHaveCount(1);
  await play(hal.page, "b1", [gus.page]);
  await play(gus.page, "a2", [hal.page]);
  await play(hal.page, "b2", [gus.page]);
  await play(gus.page, "a3", [hal.page]);
  for (const { page } of [gus, hal]) {
    await expect(game(page)).toHaveAttribute("data-status", "finished");
    await expect(game(page).getByTestId("status")).toContainText(/wins|won/i);
  }

  for (const { context, guard } of [gus, hal]) {
    guard.check();
    await context.close();
  }
});
