// Shared helpers for the browser tests: console-error guard, board reading, the engine oracle.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "@playwright/test";

export const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const OUTPUT = join(REPO, "tests", "output");

const COLOUR = ["Dark", "Light"];

/** Collects console errors and page errors; `check()` fails the test if there were any. */
export function guardConsole(page) {
  const problems = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console.error: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("requestfailed", (req) => {
    const error = req.failure()?.errorText;
    // A request still in flight when the test reloads or leaves the page (Chromium asks for
    // the icon late, after the load event) is aborted by the browser itself: not a fault of
    // the page. A missing or broken file still shows, as an HTTP status or another error.
    if (error === "net::ERR_ABORTED") return;
    problems.push(`request failed: ${req.url()} ${error}`);
  });
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return { check: () => expect(problems, "console errors, page errors or failed requests").toEqual([]) };
}

/** Holds the hot-seat page's toolbar's and side's code (their split module) until `release()`:
 * their painted twins stay in the page meanwhile. `asked` lists the requests held. */
export async function holdLaterParts(page) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const asked = [];
  await page.route(/\/split_later_part_view_[^/]*\.wasm$/, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  return { release, asked };
}

/**
 * Opens the hot-seat page and waits until the board is rendered and idle, and, unless `live`
 * is false (the later parts' code held back), until the page is whole: a press that spans the
 * swap of a painted part for its live twin (its mouse down on the one, up on the other) is a
 * press on neither. Animations are off unless `speed` says otherwise (the preference is set
 * before the page loads).
 */
export async function openViewer(page, { speed = "off", cells = 64, live = true } = {}) {
  if (speed !== null) {
    await page.addInitScript((speed) => {
      const prefs = JSON.parse(localStorage.getItem("outflank:prefs") || "{}");
      if (!sessionStorage.getItem("outflank-test-speed")) {
        sessionStorage.setItem("outflank-test-speed", "1");
        localStorage.setItem("outflank:prefs", JSON.stringify({ ...prefs, speed }));
      }
    }, speed);
  }
  await page.goto("./");
  const root = page.locator("[data-outflank-viewer]");
  await expect(root).toHaveCount(1);
  await expect(root).toHaveAttribute("data-busy", "false");
  if (cells) await expect(page.locator("button[data-square]")).toHaveCount(cells);
  if (live) await expect(page.locator("html")).toHaveAttribute("data-live", "");
  return root;
}

/** "f5" -> [row, col], for reading order. */
function readingKey(sq) {
  return [Number(sq.slice(1)) - 1, sq.charCodeAt(0) - 97];
}

export function readingOrder(squares) {
  return [...squares].sort((a, b) => {
    const [ra, ca] = readingKey(a);
    const [rb, cb] = readingKey(b);
    return ra - rb || ca - cb;
  });
}

/** The highlighted (legal) squares, in reading order. */
export async function legalSquares(page) {
  const squares = await page.$$eval('button[data-square][data-legal="true"]', (els) =>
    els.map((e) => e.dataset.square),
  );
  return readingOrder(squares);
}

/** Number of discs of each player on the board. */
export async function discCounts(page) {
  return page.$$eval("button[data-square] [data-disc]", (els) => {
    const n = [0, 0];
    for (const e of els) n[Number(e.dataset.disc)]++;
    return n;
  });
}

export async function shownScores(page) {
  return [
    Number(await page.getByTestId("score-0").textContent()),
    Number(await page.getByTestId("score-1").textContent()),
  ];
}

/** The player the status line says is to move, or null. */
export function statusToMove(status) {
  const m = /(Dark|Light) must play a disc/.exec(status);
  return m ? COLOUR.indexOf(m[1]) : null;
}

/**
 * Clicks `square` and waits until the move has been rendered: the disc is there, the
 * square is no longer highlighted, and the viewer is idle. No fixed sleeps.
 */
export async function playSquare(page, square) {
  const root = page.locator("[data-outflank-viewer]");
  const before = await discCounts(page);
  const cell = page.locator(`button[data-square="${square}"]`);
  await expect(cell).toHaveAttribute("data-legal", "true");
  await cell.click();
  await expect(cell.locator("[data-disc]")).toHaveCount(1);
  await expect(cell).not.toHaveAttribute("data-legal", "true");
  await expect.poll(async () => (await discCounts(page)).reduce((a, b) => a + b)).toBe(before[0] + before[1] + 1);
  await expect(root).toHaveAttribute("data-busy", "false");
}

/** The engine's account of a game record (engine/examples/replay.rs), as parsed JSON. */
export function engineReplay(record) {
  const out = execFileSync(
    "cargo",
    ["run", "--release", "-q", "-p", "outflank-engine", "--example", "replay", "--", record],
    { cwd: REPO, encoding: "utf8", timeout: 600_000, stdio: ["ignore", "pipe", "inherit"] },
  );
  const lines = out.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

/** For each placed disc (engine step), the player who passed right before it, or null. */
export function passesBeforeSteps(replay) {
  const passTurns = new Map(replay.passes.map((p) => [p.turn, p.player]));
  const result = [];
  let turn = 0;
  for (let i = 0; i < replay.steps.length; i++) {
    let passed = null;
    while (passTurns.has(turn)) passed = passTurns.get(turn++);
    result.push(passed);
    turn++;
  }
  let after = null;
  while (passTurns.has(turn)) after = passTurns.get(turn++);
  return { before: result, after };
}

/** The status line a finished game must show, from the engine's scores. */
export function resultText([dark, light]) {
  if (dark > light) return `Dark wins ${dark}-${light}`;
  if (light > dark) return `Light wins ${light}-${dark}`;
  return `Draw ${dark}-${light}`;
}

export function passText(player) {
  return `${COLOUR[player]} has no legal move and passes. ${COLOUR[1 - player]} must play a disc`;
}

export async function screenshot(page, name) {
  mkdirSync(OUTPUT, { recursive: true });
  const path = join(OUTPUT, name);
  await page.locator("[data-outflank-viewer]").screenshot({ path });
  return path;
}

/** A finished 8x8 game (Light wins 35-29), from a fixed pseudo-random play-through. */
export const FULL_GAME =
  "d3c3b3b2b1c5e6e3c2d2c4c1b5a6d1a3a2a1f3e1e2f4f5f1f2f6g1e7f7g3a5g8d7g7g2b4h3b6a4h1h7h4g5d8b7f8c6h6h2g6g4h5d6a8a7c7b8c8e8h8";

/** Starts a game through the New game dialog, as a person does. */
export async function newGame(page, { game, size, variant, names, second, record, clock, pauseHidden } = {}) {
  await page.getByTestId("new-game").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  if (game) await page.getByTestId("game-select").selectOption(game);
  if (size) await page.getByTestId("size-select").selectOption(String(size));
  if (variant) await page.getByTestId("variant-select").selectOption(variant);
  if (names) {
    await page.getByTestId("name-input-0").fill(names[0]);
    await page.getByTestId("name-input-1").fill(names[1]);
  }
  if (second) await page.getByTestId("starts-select").selectOption("second");
  if (record !== undefined) await page.getByTestId("record-input").fill(record);
  if (clock !== undefined) await page.getByTestId("clock-select").selectOption(clock);
  if (pauseHidden !== undefined) await page.getByTestId("pause-hidden").setChecked(pauseHidden);
  await page.getByTestId("new-game-start").click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator("[data-outflank-viewer]")).toHaveAttribute("data-busy", "false");
}

/** The board side from the cells on it. */
export async function boardSize(page) {
  return Math.round(Math.sqrt(await page.locator("button[data-square]").count()));
}

/** Runs axe-core on the page; returns the serious and critical violations. */
export async function axeViolations(page) {
  await page.addScriptTag({ path: join(REPO, "tests", "node_modules", "axe-core", "axe.min.js") });
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
  });
  return result.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/**
 * A small seeded generator (mulberry32), so a random game can be replayed from the seed
 * the test prints.
 */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The seed of a test's random choices: OUTFLANK_SEED if set, else a fixed one made from the
 * test's title (the same game every run); printed, so a failure can be replayed and other
 * games tried with OUTFLANK_SEED.
 */
export function testSeed(title) {
  let hash = 2166136261;
  for (const ch of title) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  const seed = process.env.OUTFLANK_SEED ? Number(process.env.OUTFLANK_SEED) : hash % 2 ** 31;
  console.log(`${title}: seed ${seed} (rerun with OUTFLANK_SEED=${seed})`);
  return seed;
}

export async function pageScreenshot(page, name) {
  mkdirSync(OUTPUT, { recursive: true });
  const path = join(OUTPUT, name);
  await page.screenshot({ path, fullPage: true });
  return path;
}
