// The online tests' shared parts: the real Outflank server (target/debug/outflank-server,
// or OUTFLANK_SERVER) on 127.0.0.1 with a temporary data directory, serving dist/; browser
// contexts on it with a console guard; and the steps a person takes (register, create, join,
// play a square the viewer marks legal).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import { createInterface } from "node:readline";
import { expect } from "@playwright/test";
import { REPO } from "./helpers.mjs";

const SERVER = process.env.OUTFLANK_SERVER ?? joinPath(REPO, "target", "debug", "outflank-server");

/**
 * A running server. `start()` takes a free port the first time and the same port (and data
 * directory) after `stop()`, as a restarted server would; `remove()` stops it and deletes
 * its data.
 */
export class Server {
  constructor() {
    this.data = mkdtempSync(joinPath(tmpdir(), "outflank-online-"));
    this.listen = "127.0.0.1:0";
    this.child = null;
    this.base = null;
  }

  async start() {
    const child = spawn(SERVER, ["--listen", this.listen, "--data", this.data, "--site", joinPath(REPO, "dist")], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    this.child = child;
    // The server's first line says where it listens.
    const address = await new Promise((ok, fail) => {
      child.once("error", fail);
      child.once("exit", (code) => fail(new Error(`outflank-server exited with ${code}`)));
      createInterface({ input: child.stdout }).once("line", (line) => {
        const found = /listening on http:\/\/(\S+)/.exec(line);
        if (found) ok(found[1]);
        else fail(new Error(`unexpected first line: ${line}`));
      });
    });
    child.stdout.resume();
    this.listen = address;
    this.base = `http://${address}/`;
    return this.base;
  }

  /** Stops the server (SIGTERM: it closes every socket with 1001) and waits for it to exit. */
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    // The start's listener calls an exit a failure: not this one.
    child.removeAllListeners("exit");
    const exited = new Promise((ok) => child.once("exit", ok));
    child.kill("SIGTERM");
    await exited;
    this.child = null;
  }

  async remove() {
    await this.stop();
    rmSync(this.data, { recursive: true, force: true });
  }
}

/** The browser's line for a WebSocket that could not connect (the server is down). */
export const SOCKET_FAILED = /WebSocket connection to .* failed/;

/**
 * Collects console errors, page errors, failed requests and HTTP errors. `allow(status,
 * path)` lets through one kind of refusal the test asks for (and Chromium's console line
 * for it); console lines for sockets that could not connect are counted in `socketErrors`,
 * and fail the check unless the test said they may come (`socketsMayFail`).
 */
export function guard(page) {
  const problems = [];
  const allowed = [];
  const state = { socketErrors: 0, socketsMayFail: false };
  const isAllowed = (status, url) => allowed.some(([s, path]) => s === status && url.endsWith(path));
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const text = msg.text();
    if (SOCKET_FAILED.test(text)) {
      state.socketErrors++;
      if (!state.socketsMayFail) problems.push(`console.error: ${text}`);
      return;
    }
    const status = /status of (\d+)/.exec(text);
    const url = msg.location()?.url ?? "";
    if (status && isAllowed(Number(status[1]), url)) return;
    problems.push(`console.error: ${text}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("requestfailed", (req) => {
    const error = req.failure()?.errorText;
    if (error !== "net::ERR_ABORTED") problems.push(`request failed: ${req.url()} ${error}`);
  });
  page.on("response", (res) => {
    if (res.status() >= 400 && !isAllowed(res.status(), res.url())) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return {
    state,
    allow: (status, path) => allowed.push([status, path]),
    check: () => expect(problems, "console errors, page errors or failed requests").toEqual([]),
  };
}

/**
 * A browser context on the server (in `locale`), animations off, its page guarded and
 * showing the online part.
 */
export async function open(browser, base, { locale = "en-US" } = {}) {
  const context = await browser.newContext({ baseURL: base, locale });
  await context.addInitScript(() => {
    if (!localStorage.getItem("outflank:prefs")) {
      localStorage.setItem("outflank:prefs", JSON.stringify({ speed: "off" }));
    }
  });
  const page = await context.newPage();
  const guarded = guard(page);
  await page.goto("./");
  await page.getByTestId("online").click();
  await expect(page.getByTestId("online-panel")).toBeVisible();
  return { context, page, guard: guarded };
}

export async function register(page, name) {
  await page.getByTestId("online-name").fill(name);
  await page.getByTestId("online-password").fill(`${name}-password-1`);
  await page.getByTestId("online-register").click();
  await expect(page.getByTestId("online-user")).toContainText(name);
}

/** The online game's view on `page`. */
export const game = (page) => page.getByTestId("online-game");

/** `page` creates a game (the form's choice and clock indices); returns its id. */
export async function create(page, { choice = "0", clock = "0" } = {}) {
  await page.getByTestId("online-lobby").click();
  await page.getByTestId("online-game-choice").selectOption(choice);
  await page.getByTestId("online-clock-choice").selectOption(clock);
  await page.getByTestId("online-create").click();
  await expect(game(page)).toBeVisible();
  const id = await game(page).getAttribute("data-game-id");
  await expect(page).toHaveURL(new RegExp(`#online=${id}$`));
  return id;
}

/** `page` joins game `id` from the lobby's waiting list. */
export async function join(page, id) {
  await page.getByTestId("online-lobby").click();
  const waiting = page.getByTestId("lobby-waiting").locator(`[data-game-id="${id}"]`);
  await waiting.getByTestId("online-join").click();
  await expect(game(page)).toHaveAttribute("data-game-id", id);
  await expect(game(page)).toHaveAttribute("data-status", "playing");
}

/** `page` watches game `id` from the lobby's list of games being played. */
export async function watch(page, id) {
  await page.getByTestId("online-lobby").click();
  await page.getByTestId("lobby-playing").locator(`[data-game-id="${id}"]`).getByTestId("online-watch").click();
  await expect(game(page)).toHaveAttribute("data-game-id", id);
}

/** The online game's square `sq` on `page`. */
export const cell = (page, sq) => game(page).locator(`button[data-square="${sq}"]`);

/** The squares the viewer on `page` marks legal, in the DOM's order. */
export const legalSquares = (page) =>
  game(page)
    .locator('button[data-square][data-legal="true"]')
    .evaluateAll((els) => els.map((e) => e.dataset.square));

/** Pieces on the online board of `page`. */
export const pieces = (page) => game(page).locator("button[data-square] [data-disc]");

/** Waits until the online viewer on each page shows `count` pieces and is idle. */
export async function settled(pages, count) {
  for (const page of pages) {
    await expect(pieces(page)).toHaveCount(count);
    await expect(game(page).locator("[data-outflank-viewer]")).toHaveAttribute("data-busy", "false");
  }
}

/** `mover` plays `sq` (a square it marks legal); every page in `watchers` sees the piece. */
export async function play(mover, sq, watchers) {
  await expect(cell(mover, sq)).toHaveAttribute("data-legal", "true");
  await cell(mover, sq).click();
  for (const page of [mover, ...watchers]) {
    await expect(cell(page, sq).locator("[data-disc]")).toHaveCount(1);
  }
}

/** The rating the leader board shows for `name` (read afresh). */
export async function boardRating(page, name) {
  await page.getByTestId("online-board").click();
  const row = page.getByTestId("online-leaderboard").locator(`tr[data-player="${name}"]`);
  await expect(row).toHaveCount(1);
  return Number(await row.getByTestId("online-board-rating").textContent());
}
