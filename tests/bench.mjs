// The viewer's figures, measured (a benchmark script, not a test): gzipped size of the
// release build, time from navigation to an interactive board (a first visit, and a returning
// player's reload of a saved game), click-to-disc latency over a whole game, and long frames
// during the flip animations.
//
//   trunk build --release && node tests/bench.mjs [--runs 5] [--dist DIR]
//
// Uses the same static server and Debian Chromium as the browser tests.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const HERE = dirname(fileURLToPath(import.meta.url));
// `--dist DIR` measures another build (e.g. an older commit's, side by side).
const DIST = process.argv.includes("--dist") ? process.argv[process.argv.indexOf("--dist") + 1] : join(HERE, "..", "dist");
const PORT = 8283;
const URL = `http://127.0.0.1:${PORT}/games/outflank/`;
const runs = Number(process.argv[process.argv.indexOf("--runs") + 1] || 5) || 5;
// A whole 8x8 game (the browser tests' FULL_GAME): 60 discs.
const GAME = "d3c3b3b2b1c5e6e3c2d2c4c1b5a6d1a3a2a1f3e1e2f4f5f1f2f6g1e7f7g3a5g8d7g7g2b4h3b6a4h1h7h4g5d8b7f8c6h6h2g6g4h5d6a8a7c7b8c8e8h8";

/** Gzipped (-9) size of every file of the build, by its path in the build ("app-…/x.wasm"). */
function sizes(dir = DIST, prefix = "") {
  const out = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(out, sizes(path, `${prefix}${name}/`));
    else out[prefix + name] = gzipSync(readFileSync(path), { level: 9 }).length;
  }
  return out;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x.toFixed(1)} ms`;

/**
 * Squares of a 19x19 Gomoku game with no five in a row: black on the squares where
 * (column + 2 * row) mod 4 < 2 and white on the others (runs of at most two in every
 * direction), taken row by row, black and white in turn.
 */
function gobanStones(count) {
  const black = [];
  const white = [];
  for (let row = 0; row < 19; row++) {
    for (let col = 0; col < 19; col++) {
      const square = String.fromCharCode(97 + col) + (row + 1);
      ((col + 2 * row) % 4 < 2 ? black : white).push(square);
    }
  }
  return Array.from({ length: count }, (_, i) => (i % 2 ? white : black)[i >> 1]);
}

/** Click to piece in the DOM for each square in turn, each once the viewer is idle. */
async function clickLatency(page, squares) {
  const latency = [];
  for (const square of squares) {
    await page.waitForSelector(`[data-outflank-viewer][data-busy="false"] [data-square="${square}"][data-legal="true"]`);
    latency.push(
      await page.evaluate(
        (square) =>
          new Promise((resolve) => {
            const cell = document.querySelector(`[data-square="${square}"]`);
            const t0 = performance.now();
            new MutationObserver((_, obs) => {
              if (cell.querySelector("[data-disc]")) {
                obs.disconnect();
                resolve(performance.now() - t0);
              }
            }).observe(cell, { subtree: true, childList: true });
            cell.click();
          }),
        square,
      ),
    );
  }
  return latency;
}

/**
 * Every move's value in the positions after each of `plies` moves of GAME: ms from the click
 * on Move values to the values and the best line on the page (the hint worker warmed up
 * first by a hint, so that loading it is not counted).
 */
async function valuesTimes(page, plies) {
  const moves = GAME.match(/[a-z]\d+/g);
  const times = [];
  for (const ply of plies) {
    await page.getByTestId("new-game").click();
    await page.getByTestId("record-input").fill(moves.slice(0, ply).join(""));
    await page.getByTestId("new-game-start").click();
    await page.waitForSelector('[data-outflank-viewer][data-busy="false"] [data-legal="true"]');
    if (times.length === 0) {
      await page.getByTestId("hint").click();
      await page.waitForSelector('[data-hint="best"]', { timeout: 60_000 });
    }
    const empties = 64 - (await page.locator("[data-square] [data-disc]").count());
    // In the page: ms from the click to the first value on a cell (near the end each move's
    // exact value shows as soon as it is solved) and to the whole answer (the best line).
    await page.evaluate(() => {
      window.__values = { t0: performance.now() };
      new MutationObserver((_, obs) => {
        if (document.querySelector("button[data-square][data-exact], button[data-square][data-value]")) {
          obs.disconnect();
          window.__values.first = performance.now() - window.__values.t0;
        }
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
      document.querySelector('[data-testid="move-values"]').click();
    });
    await page.waitForSelector('[data-testid="best-line"]', { timeout: 120_000 });
    const { t0, first } = await page.evaluate(() => window.__values);
    const t1 = await page.evaluate(() => performance.now());
    const said = await page.getByTestId("hint-text").textContent();
    times.push({ empties, ms: t1 - t0, firstMs: first, what: said.split(":")[0] });
  }
  return times;
}

/**
 * The computer at `level` in the browser: ms from "… is thinking" appearing to its going, for
 * each of its replies to `turns` moves of ours (the first legal square each time), with the
 * first reply (which also loads the worker and the evaluation) apart.
 */
async function computerTimes(page, level, turns) {
  await page.getByTestId("new-game").click();
  await page.getByTestId("opponent-select").selectOption("computer");
  await page.getByTestId("side-select").selectOption("first");
  await page.getByTestId("level-select").selectOption(String(level));
  await page.getByTestId("new-game-start").click();
  await page.evaluate(() => {
    window.__thinking = [];
    const el = document.querySelector('[data-testid="thinking"]');
    let since = null;
    new MutationObserver(() => {
      const on = el.textContent.trim() !== "";
      if (on && since === null) since = performance.now();
      if (!on && since !== null) {
        window.__thinking.push(performance.now() - since);
        since = null;
      }
    }).observe(el, { subtree: true, childList: true, characterData: true });
  });
  for (let turn = 0; turn < turns; turn++) {
    const mine = '[data-outflank-viewer][data-busy="false"] button[data-square][data-legal="true"]';
    await page.waitForSelector(mine, { timeout: 120_000 });
    await page.waitForFunction((n) => window.__thinking.length === n, turn, { timeout: 120_000 });
    await page.locator(mine).first().click();
  }
  await page.waitForFunction((n) => window.__thinking.length === n, turns, { timeout: 120_000 });
  return page.evaluate(() => window.__thinking);
}

async function main() {
  const size = sizes();
  const server = spawn("node", [join(HERE, "serve.mjs"), "--dir", DIST, "--port", String(PORT), "--prefix", "/games/outflank/"], {
    stdio: "ignore",
  });
  await new Promise((r) => setTimeout(r, 500));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  try {
    // Time to interactive: navigation start to the first legal square in the DOM.
    const tti = [];
    const firstLoad = [];
    const whenInteractive = () => {
      new MutationObserver((_, obs) => {
        if (document.querySelector('[data-legal="true"]')) {
          window.__interactive = performance.now();
          obs.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    };
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(whenInteractive);
      await page.goto(URL);
      await page.waitForFunction(() => window.__interactive !== undefined);
      tti.push(await page.evaluate(() => window.__interactive));
      // The first load: what the page asked for before its first legal square, by the page's
      // own clock (the lazily loaded parts and the computer's worker come later, when used).
      if (i === 0) {
        const fetched = await page.evaluate(() =>
          performance.getEntriesByType("resource").filter((e) => e.startTime <= window.__interactive).map((e) => e.name),
        );
        firstLoad.push(...new Set(fetched.filter((u) => u.startsWith(URL)).map((u) => u.slice(URL.length).split(/[?#]/)[0])));
      }
      await context.close();
    }

    // A returning player: a game in progress is saved, and each reload reads it before the
    // page mounts, with code of its own (a split module) that a first visit never fetches.
    // The offline service worker is ready first, so the reloads are served as a returning
    // player's are: from its cache.
    const back = [];
    const backFetched = new Set();
    {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(whenInteractive);
      await page.goto(URL);
      await page.waitForFunction(() => window.__interactive !== undefined);
      await page.evaluate(() => navigator.serviceWorker.ready);
      const saved = () => page.evaluate(() => localStorage.getItem("outflank:hotseat"));
      const before = await saved();
      await page.locator('[data-legal="true"]').first().click();
      await page.waitForFunction((was) => {
        const now = localStorage.getItem("outflank:hotseat");
        return now !== null && now !== was;
      }, before);
      page.on("request", (r) => backFetched.add(r.url().slice(URL.length).split(/[?#]/)[0]));
      for (let i = 0; i < runs; i++) {
        await page.reload();
        await page.waitForFunction(() => window.__interactive !== undefined);
        back.push(await page.evaluate(() => window.__interactive));
      }
      // The reload shows the saved move: five discs on the board.
      const discs = await page.locator("[data-square] [data-disc]").count();
      if (discs !== 5) throw new Error(`after a reload the board has ${discs} discs, not the saved game's 5`);
      await context.close();
    }

    // Click to disc, over a whole game at the default (normal) animation speed, and the
    // long frames meanwhile.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(URL);
    await page.waitForSelector('[data-legal="true"]');
    await page.evaluate(() => {
      window.__long = [];
      for (const type of ["long-animation-frame", "longtask"]) {
        try {
          new PerformanceObserver((list) => {
            // For a long frame, also its longest script: a frame that is long with no long
            // script in it was held up outside the page's code (rendering, or a busy machine).
            // Where that script came from (its invoker: an event handler, a promise, a
            // module's evaluation, ...), so a long one can be traced to the code.
            for (const e of list.getEntries()) {
              const longest = [...(e.scripts || [])].sort((a, b) => b.duration - a.duration)[0];
              window.__long.push({
                type,
                duration: e.duration,
                script: longest ? longest.duration : 0,
                from: longest ? `${longest.invokerType} ${longest.invoker} (${longest.sourceURL.split("/").pop()}${longest.sourceFunctionName ? ` ${longest.sourceFunctionName}` : ""})` : "",
              });
            }
          }).observe({ type, buffered: false });
        } catch {
          // Not supported by this browser.
        }
      }
    });
    const latency = await clickLatency(page, GAME.match(/[a-z]\d+/g));
    await page.waitForSelector('[data-outflank-viewer][data-busy="false"]');
    const status = await page.locator('[data-testid="status"]').textContent();
    const long = await page.evaluate(() => window.__long);
    const frames = long.filter((e) => e.type === "long-animation-frame");
    const tasks = long.filter((e) => e.type === "longtask");
    await context.close();

    // The same on the 19x19 goban once 120 stones are on it (a new game from a record), over
    // the next 20 moves.
    const goban = await browser.newContext();
    const gobanPage = await goban.newPage();
    await gobanPage.goto(URL);
    await gobanPage.waitForSelector('[data-legal="true"]');
    const stones = gobanStones(140);
    await gobanPage.getByTestId("new-game").click();
    await gobanPage.getByTestId("game-select").selectOption("gomoku");
    await gobanPage.getByTestId("size-select").selectOption("19");
    await gobanPage.getByTestId("record-input").fill(stones.slice(0, 120).join(""));
    await gobanPage.getByTestId("new-game-start").click();
    await gobanPage.waitForSelector('[data-outflank-viewer][data-busy="false"] [data-square="k10"]');
    const placed = await gobanPage.locator("[data-square] [data-disc]").count();
    const gobanLatency = await clickLatency(gobanPage, stones.slice(120));
    await goban.close();

    // Every move's value: exact from 20 empty squares, a search before.
    const study = await browser.newContext();
    const studyPage = await study.newPage();
    await studyPage.goto(URL);
    await studyPage.waitForSelector('[data-legal="true"]');
    const values = await valuesTimes(studyPage, [10, 20, 30, 40, 41, 42, 43, 44]);
    await study.close();

    // The computer at level 10, a move at a time.
    const versus = await browser.newContext();
    const versusPage = await versus.newPage();
    await versusPage.goto(URL);
    await versusPage.waitForSelector('[data-legal="true"]');
    const level10 = await computerTimes(versusPage, 10, 12);
    await versus.close();

    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    const sum = (test) => Object.entries(size).filter(([name]) => test(name)).reduce((a, [, n]) => a + n, 0);
    const all = sum((n) => /\.(wasm|js|css)$/.test(n));
    console.log(`gzip -9 per wasm, js and css file: ${Object.entries(size).filter(([n]) => /\.(wasm|js|css)$/.test(n)).map(([n, b]) => `${n} ${kb(b)}`).join(", ")}`);
    const loaded = firstLoad.filter((f) => /\.(wasm|js|css)$/.test(f)).map((f) => [f, size[f]]);
    const first = loaded.reduce((a, [, n]) => a + n, 0);
    console.log(`first load (the wasm, js and css fetched before the first legal square): ${kb(first)} = ${loaded.map(([f, n]) => `${f} ${kb(n)}`).join(" + ")}`);
    console.log(`every wasm + js + css file of the build: ${kb(all)}`);
    // The one-thread worker (the threaded one, outflank-worker-mt_*, is the same code on
    // shared memory) and the files it fetches before its first answer.
    const worker = Object.keys(size).filter((n) => /^outflank-worker(_bg\.wasm|\.js|_loader\.js)$/.test(n) || n === "reversi8.bin");
    const threaded = Object.keys(size).filter((n) => n === "outflank-worker-mt_bg.wasm");
    console.log(
      `the computer's worker, first reply (its wasm and js, the weights): ${kb(sum((n) => worker.includes(n)))} = ${worker.map((f) => `${f} ${kb(size[f])}`).join(" + ")} (budget 400 KB);` +
        ` the opening book it fetches beside them: ${kb(size["reversi8.book"] ?? 0)}; the threaded worker's wasm: ${kb(sum((n) => threaded.includes(n)))}`,
    );
    const extra = [...backFetched].filter((f) => /\.(wasm|js|css)$/.test(f) && !firstLoad.includes(f));
    console.log(`a returning player's load (a saved game, from the service worker's cache) also fetches: ${extra.map((f) => `${f} ${kb(size[f] ?? 0)}`).join(" + ") || "nothing"}`);
    const embed = ["outflank-viewer.js", "outflank-viewer.css"].map((f) => [f, gzipSync(readFileSync(join(DIST, "embed", f)), { level: 9 }).length]);
    console.log(`the embeddable viewer (dist/embed/, its wasm inside the script): ${embed.map(([f, b]) => `${f} ${kb(b)}`).join(", ")}; ${kb(embed[0][1] + embed[1][1])} in all`);
    console.log(`time to interactive over ${runs} loads: median ${ms(median(tti))}, worst ${ms(Math.max(...tti))}`);
    console.log(`time to interactive of a returning player (a saved game, ${runs} reloads): median ${ms(median(back))}, worst ${ms(Math.max(...back))}`);
    console.log(
      `click to disc over ${latency.length} moves (${status}): median ${ms(median(latency))}, worst ${ms(Math.max(...latency))}`,
    );
    console.log(
      `click to stone on the 19x19 goban with ${placed} stones, over ${gobanLatency.length} moves: median ${ms(median(gobanLatency))}, worst ${ms(Math.max(...gobanLatency))}`,
    );
    const over = (xs) => xs.filter((e) => e.duration > 50);
    console.log(
      `frames over 50 ms during the game's animations: ${over(frames).length} long animation frames` +
        ` (worst ${ms(Math.max(0, ...frames.map((e) => e.duration)))}; ${over(frames).filter((e) => e.script > 50).length} of them with a script over 50 ms,` +
        ` longest script ${ms(Math.max(0, ...frames.map((e) => e.script)))}), ${over(tasks).length} long tasks`,
    );
    for (const e of over(frames).filter((e) => e.script > 50))
      console.log(`  a frame of ${ms(e.duration)}: its longest script ${ms(e.script)}, ${e.from}`);
    console.log(`move values (click to the first value on the board / to all values and the best line, ms): ${values.map((v) => `${v.empties} empties ${ms(v.firstMs)} / ${ms(v.ms)} (${v.what})`).join("; ")}`);
    const replies = level10.slice(1);
    console.log(
      `the computer at level 10, its first ${level10.length} replies: the first (loading its worker and evaluation) ${ms(level10[0])}, then median ${ms(median(replies))}, worst ${ms(Math.max(...replies))}`,
    );
    console.log(JSON.stringify({ size, firstLoad, tti, back, values, level10, latency, gobanLatency, longFrames: frames.map((e) => e.duration), longTasks: tasks.map((e) => e.duration) }));
  } finally {
    await browser.close();
    server.kill();
  }
}

await main();
