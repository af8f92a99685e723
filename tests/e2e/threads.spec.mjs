// The computer's search on several cores: the page is cross-origin isolated once the service
// worker controls it (a static host such as serve.mjs sends no such headers; web/sw.js adds
// them), which shared memory between threads needs; a page that is not isolated searches on
// one thread, without an error.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FULL_GAME, guardConsole, REPO } from "./helpers.mjs";

/** Waits until the service worker controls the page (the first visit included). */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}

async function board(page) {
  const root = page.locator("[data-outflank-viewer]");
  await expect(root).toHaveAttribute("data-busy", "false");
  await expect(page.locator("button[data-square]")).toHaveCount(64);
}

test("the page is cross-origin isolated once the service worker controls it, from a sub-path", async ({ page }) => {
  const guard = guardConsole(page);
  await page.goto("./");
  await board(page);
  await controlled(page);
  // The first load came from the static host, without the headers.
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
  const response = await page.reload();
  await board(page);
  expect(response.headers()["cross-origin-embedder-policy"]).toBe("require-corp");
  expect(response.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  expect(await page.evaluate(() => typeof SharedArrayBuffer)).toBe("function");
  guard.check();
});

/** The requests' paths (after the prefix) of the page and its workers. */
function requested(page) {
  const paths = [];
  page.context().on("request", (r) => paths.push(new URL(r.url()).pathname.split("/").pop()));
  return paths;
}

/** Plays Dark's part against the computer (Light) from the first 40 moves of a full game:
 * 20 squares empty, so every reply of level 10 is an exact solve. */
async function endgameAgainstLevel10(page) {
  await page.getByTestId("new-game").click();
  await page.getByTestId("opponent-select").selectOption("computer");
  await page.getByTestId("side-select").selectOption("first");
  await page.getByTestId("level-select").selectOption("10");
  await page.getByTestId("record-input").fill(FULL_GAME.slice(0, 80));
  await page.getByTestId("new-game-start").click();
  const status = page.getByTestId("status");
  for (let turn = 0; turn < 40; turn++) {
    await expect
      .poll(
        async () => {
          if (/wins|draw/i.test(await status.textContent())) return "over";
          const busy = await page.locator("[data-outflank-viewer]").getAttribute("data-busy");
          const think = (await page.getByTestId("thinking").textContent()).trim();
          const legal = await page.locator('button[data-square][data-legal="true"]').count();
          return busy === "false" && think === "" && legal > 0 ? "mine" : "waiting";
        },
        { timeout: 60_000 },
      )
      .not.toBe("waiting");
    if (/wins|draw/i.test(await status.textContent())) break;
    const legal = await page.$$eval('button[data-square][data-legal="true"]', (els) => els.map((e) => e.dataset.square));
    // A click, not `playSquare`: the computer's reply may already be on the board when it is
    // counted.
    await page.locator(`button[data-square="${legal[0]}"]`).click();
  }
  await expect(status).toHaveText(/wins|draw/i);
}

test("on an isolated page the computer searches on several threads, and plays a game to its end", async ({ page }) => {
  const guard = guardConsole(page);
  await page.goto("./");
  await board(page);
  await controlled(page);
  await page.reload();
  await board(page);
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  const paths = requested(page);
  await endgameAgainstLevel10(page);
  expect(paths).toContain("outflank-worker-mt_bg.wasm");
  expect(paths).toContain("outflank-helper.js");
  expect(paths).not.toContain("outflank-worker_bg.wasm");
  guard.check();
});

test("a page that is not isolated plays with the single-thread worker, without an error", async ({ browser, baseURL }) => {
  // No service worker: the static host's files come without the isolation headers.
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  const guard = guardConsole(page);
  await page.goto("./");
  await board(page);
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
  const paths = requested(page);
  await endgameAgainstLevel10(page);
  expect(paths).toContain("outflank-worker_bg.wasm");
  expect(paths).not.toContain("outflank-worker-mt_bg.wasm");
  guard.check();
  await context.close();
});

/** The FFO problems with `from`..`to` empty squares: board, side to move, exact score (the
 * file the engine's tests read, beside the repository). */
function ffo(from, to) {
  return readFileSync(join(REPO, "..", "shared", "data", "ffo-01-39.txt"), "utf8")
    .split("\n")
    .filter((l) => /^\d/.test(l))
    .map((l) => l.trim().split(/\s+/))
    .map(([id, board, side, , score, empties]) => ({ id: Number(id), board, side, score: Number(score), empties: Number(empties) }))
    .filter((p) => p.empties >= from && p.empties <= to);
}

test("the threaded solver's scores are exact: FFO positions on 1, 2 and 4 threads", async ({ page }) => {
  const guard = guardConsole(page);
  await page.goto("./");
  await board(page);
  await controlled(page);
  await page.reload();
  await board(page);
  const problems = ffo(15, 19);
  const scores = await page.evaluate(async (problems) => {
    const game = (p) => ({
      game: "reversi",
      options: { size: 8, variant: "standard", start: p.board + p.side },
      turns: [],
      board: Array.from({ length: 8 }, (_, r) => p.board.slice(8 * r, 8 * r + 8)),
      toMove: p.side === "X" ? 0 : 1,
    });
    const out = {};
    for (const threads of [1, 2, 4]) {
      const worker = new Worker(`./outflank-worker-mt_loader.js?threads=${threads}`);
      const answers = [];
      let heard = () => {};
      worker.onmessage = (e) => (answers.push(e.data), heard());
      const next = () => new Promise((ok) => (answers.length ? ok(answers.shift()) : (heard = () => ok(answers.shift()))));
      await next(); // ready
      out[threads] = [];
      for (const [i, p] of problems.entries()) {
        worker.postMessage({ evaluate: { id: i + 1, game: game(p) } });
        const answer = await next();
        out[threads].push(answer.move ? answer.move.score / 100 : JSON.stringify(answer));
      }
      worker.terminate();
    }
    return out;
  }, problems);
  const expected = problems.map((p) => p.score);
  expect(scores[1]).toEqual(expected);
  expect(scores[2]).toEqual(expected);
  expect(scores[4]).toEqual(expected);
  guard.check();
});
