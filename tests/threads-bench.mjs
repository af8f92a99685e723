#!/usr/bin/env node
// The computer's search on several threads, side by side in one run, with 1, 2 and 4 threads:
// in Chromium, the exact solver's time on FFO #20-#29, and levels 10 and 11 playing a game
// against themselves from the start (their nodes per second and median time a move over the
// moves they search, the book's first moves left out); in Node, the solver's time on FFO
// #20-#39 (6 to 26 empties), as a wasm32-wasip1-threads build of the `solve` example.
//
//   node tests/threads-bench.mjs [--dist DIR]      (after `trunk build --release`; DIR: ../dist)
//
// It serves the release build (serve.mjs), lets the service worker take the page (which makes
// it cross-origin isolated), and runs the worker built with threads
// (outflank-worker-mt_loader.js?threads=N) from the page, one worker per thread count. In
// Node it builds the `solve` example for wasm32-wasip1-threads (`cargo xtask setup` adds the
// target) and runs it with wasi-run.mjs, whose threads are Node's worker threads. Every
// solve's score is checked against the FFO file's. The whole sweep runs twice, each time in
// fresh workers (no table kept from the first), and each figure is the faster of the two: the
// figures are read on machines that run other things too. Threads need as many cores to show
// a gain: the machine's `nproc` is printed with the figures.
import { chromium } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./serve.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const dist = resolve(args.includes("--dist") ? args[args.indexOf("--dist") + 1] : join(here, "..", "dist"));
// The FFO file the engine's tests read, beside the repository.
const ffoFile = join(here, "..", "..", "shared", "data", "ffo-01-39.txt");

/** The FFO problems: id, board (64 squares from a1), side to move, exact score. */
const problems = readFileSync(ffoFile, "utf8")
  .split("\n")
  .filter((l) => /^\d/.test(l))
  .map((l) => {
    const [id, board, side, , score, empties] = l.trim().split(/\s+/);
    return { id: Number(id), board, side, score: Number(score), empties: Number(empties) };
  });
const solves = problems.filter((p) => p.id >= 20 && p.id <= 29);
const THREADS = [1, 2, 4];
/** The levels timed over a game, and how many plies of it (both sides' moves). */
const LEVELS = [10, 11];
const PLIES = 24;
/** The median time of a game's moves (ms). */
const median = (moves) => [...moves.map((m) => m.ms)].sort((x, y) => x - y)[moves.length >> 1];

/** The Node lane: the solver's seconds on FFO #20-#39 for each thread count, twice over. */
function nodeSolver() {
  const root = join(here, "..");
  const build = spawnSync(
    "cargo",
    ["build", "--release", "-p", "outflank-engine", "--target", "wasm32-wasip1-threads", "--example", "solve"],
    { cwd: root, stdio: ["ignore", "inherit", "inherit"] },
  );
  if (build.status !== 0) throw new Error("could not build the solve example for wasm32-wasip1-threads");
  const targetDir = process.env.CARGO_TARGET_DIR ? resolve(process.env.CARGO_TARGET_DIR) : join(root, "target");
  const wasm = join(targetDir, "wasm32-wasip1-threads", "release", "examples", "solve.wasm");
  const ids = problems.filter((p) => p.id >= 20 && p.id <= 39).map((p) => String(p.id));
  const seconds = new Map(THREADS.map((n) => [n, Infinity]));
  for (const n of [...THREADS, ...THREADS]) {
    const run = spawnSync(process.execPath, [join(here, "wasi-run.mjs"), wasm, ffoFile, ...ids, "--threads", String(n)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    // `solve` exits non-zero when a score or best move disagrees with the file.
    if (run.status !== 0) throw new Error(`the solver on ${n} threads in Node:\n${run.stdout}`);
    const total = run.stdout.split("\n").find((l) => l.startsWith("total "));
    seconds.set(n, Math.min(seconds.get(n), Number(total.split(" ")[2])));
  }
  return { first: ids[0], last: ids.at(-1), seconds };
}

const PREFIX = "/games/outflank/";
const inNode = nodeSolver();
const server = await serve({ dir: dist, port: 0, host: "127.0.0.1", prefix: PREFIX });
const url = `http://127.0.0.1:${server.address().port}${PREFIX}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await page.reload();
  if (!(await page.evaluate(() => self.crossOriginIsolated))) throw new Error("the page is not cross-origin isolated");
  const sweeps = await page.evaluate(
    async ({ solves, threads, levels, plies }) => {
      // The engine package's web build (the site carries it) keeps the games' data.
      const engine = await import(new URL("engine/outflank_engine.js", location.href));
      await engine.default({ module_or_path: new URL("engine/outflank_engine_bg.wasm", location.href) });
      // A game from a set-up position, as the engine reads it (engine/src/reversi/data.rs).
      const game = (p) => ({
        game: "reversi",
        options: { size: 8, variant: "standard", start: p.board + p.side },
        turns: [],
        board: Array.from({ length: 8 }, (_, r) => p.board.slice(8 * r, 8 * r + 8)),
        toMove: p.side === "X" ? 0 : 1,
      });
      const out = [];
      for (const n of [...threads, ...threads]) {
        const worker = new Worker(`./outflank-worker-mt_loader.js?threads=${n}`);
        const answers = [];
        let heard = () => {};
        worker.onmessage = (e) => {
          answers.push(e.data);
          heard();
        };
        const next = () => new Promise((ok) => {
          if (answers.length) return ok(answers.shift());
          heard = () => ok(answers.shift());
        });
        const ready = await next();
        if (ready !== "outflank-worker:ready") throw new Error(`the worker said ${JSON.stringify(ready)}`);
        const ask = async (request) => {
          const t0 = performance.now();
          worker.postMessage(request);
          let answer;
          do answer = await next();
          while (answer.solved);
          const ms = performance.now() - t0;
          if (!answer.move) throw new Error(JSON.stringify(answer));
          return { ...answer.move, ms };
        };
        let id = 0;
        const row = { threads: n, solves: [], levels: {} };
        for (const p of solves) {
          // A review's value: exact from 20 empty squares (level 10's solver).
          const a = await ask({ evaluate: { id: ++id, game: game(p) } });
          row.solves.push({ id: p.id, empties: p.empties, ms: a.ms, nodes: a.nodes, score: a.score / 100, expected: p.score, exact: a.exact });
        }
        for (const level of levels) {
          // The level against itself; its book moves (no nodes) are not timed.
          let data = engine.init(2, [], { game: "reversi" }, "threads-bench");
          const moves = [];
          for (let ply = 0; ply < plies && data.state.toMove != null; ply++) {
            const a = await ask({ move: { id: ++id, game: data.state, level, seed: ply } });
            if (a.nodes > 0) moves.push({ ms: a.ms, nodes: a.nodes });
            data = engine.move(data, a.square, data.state.toMove);
          }
          row.levels[level] = moves;
        }
        worker.terminate();
        out.push(row);
      }
      return out;
    },
    { solves, threads: THREADS, levels: LEVELS, plies: PLIES },
  );
  // The two sweeps of each thread count, the faster figure of each position kept.
  const results = THREADS.map((n) => {
    const [a, b] = sweeps.filter((r) => r.threads === n);
    // Both sweeps' scores must be right: the faster one's stands for both.
    const faster = (x, y) =>
      x.map((s, i) => ({ ...(y[i].ms < s.ms ? y[i] : s), exact: s.exact && y[i].exact && s.score === y[i].score }));
    // A game's moves: the sweep whose median is lower (threads make the two games differ).
    const levels = Object.fromEntries(
      LEVELS.map((l) => [l, median(b.levels[l]) < median(a.levels[l]) ? b.levels[l] : a.levels[l]]),
    );
    return { threads: n, solves: faster(a.solves, b.solves), levels };
  });
  let wrong = 0;
  /** A line of the figures' tables: each cell right-aligned in 8 columns. */
  const row = (...cells) => console.log(cells.map((s) => String(s).padStart(8)).join(""));
  console.log(`Chromium, ${availableParallelism()} cores (nproc); the worker with threads, ${dist}`);
  console.log(`\nthe solver, FFO #${solves[0].id}-#${solves.at(-1).id} (seconds; exact scores checked):`);
  row("#", "empties", ...THREADS.map((n) => `${n} thr`));
  for (let i = 0; i < solves.length; i++) {
    const cells = results.map((r) => {
      const s = r.solves[i];
      if (!s.exact || s.score !== s.expected) {
        wrong++;
        console.error(`FFO #${s.id} on ${r.threads} threads: ${s.score} (exact: ${s.exact}), expected ${s.expected}`);
      }
      return (s.ms / 1000).toFixed(2);
    });
    row(solves[i].id, solves[i].empties, ...cells);
  }
  const total = (r) => r.solves.reduce((t, s) => t + s.ms, 0) / 1000;
  const nodes = (r) => r.solves.reduce((t, s) => t + s.nodes, 0);
  row("total", "", ...results.map((r) => total(r).toFixed(2)));
  row("Mn/s", "", ...results.map((r) => (nodes(r) / total(r) / 1e6).toFixed(2)));
  row("speedup", "", ...results.map((r) => (total(results[0]) / total(r)).toFixed(2) + "x"));
  for (const level of LEVELS) {
    console.log(`\nlevel ${level} against itself, ${PLIES} plies from the start (the moves it searched):`);
    for (const r of results) {
      const moves = r.levels[level];
      const ms = moves.reduce((t, m) => t + m.ms, 0);
      const n = moves.reduce((t, m) => t + m.nodes, 0);
      const worst = Math.max(...moves.map((m) => m.ms));
      console.log(
        `  ${r.threads} thread(s): ${(n / ms / 1000).toFixed(2)} M nodes/s, median ${(median(moves) / 1000).toFixed(2)} s a move (worst ${(worst / 1000).toFixed(2)}) over ${moves.length}`,
      );
    }
  }
  console.log(`\nthe solver in Node, FFO #${inNode.first}-#${inNode.last} (seconds; exact scores and best moves checked):`);
  const node = THREADS.map((n) => inNode.seconds.get(n));
  row("", "", ...THREADS.map((n) => `${n} thr`));
  row("total", "", ...node.map((t) => t.toFixed(2)));
  row("speedup", "", ...node.map((t) => (node[0] / t).toFixed(2) + "x"));
  if (wrong) {
    console.error(`${wrong} wrong scores`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  server.close();
}
