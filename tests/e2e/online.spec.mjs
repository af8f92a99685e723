// Online play through the Outflank server: the real server binary (cargo build -p
// outflank-server) on a free port of 127.0.0.1 with a temporary database, serving dist/.
// Two players in two browser contexts and a spectator in a third: register, create a
// Tic-Tac-Toe game, join it, play it to the end while the spectator watches, reload a player
// mid-game, and see the server's leader board change. No console error anywhere.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { test, expect } from "@playwright/test";
import { OUTPUT, REPO } from "./helpers.mjs";

const SERVER = process.env.OUTFLANK_SERVER ?? join(REPO, "target", "debug", "outflank-server");

let server;
let base;
let data;

test.beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), "outflank-online-"));
  server = spawn(SERVER, ["--listen", "127.0.0.1:0", "--data", data, "--site", join(REPO, "dist")], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  // The server's first line says where it listens.
  base = await new Promise((ok, fail) => {
    server.once("error", fail);
    server.once("exit", (code) => fail(new Error(`outflank-server exited with ${code}`)));
    createInterface({ input: server.stdout }).once("line", (line) => {
      const found = /listening on (http:\/\/\S+)/.exec(line);
      if (found) ok(`${found[1]}/`);
      else fail(new Error(`unexpected first line: ${line}`));
    });
  });
  server.stdout.resume();
});

test.afterAll(() => {
  server?.kill();
  if (data) rmSync(data, { recursive: true, force: true });
});

/**
 * The console guard, but for the one refusal the test asks for (a taken name: 409 on
 * api/accounts, which Chromium also logs as a failed resource).
 */
function guard409(page) {
  const problems = [];
  const expected = (text) => /status of 409/.test(text);
  page.on("console", (msg) => {
    if (msg.type() === "error" && !expected(msg.text())) problems.push(`console.error: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("requestfailed", (req) => {
    const error = req.failure()?.errorText;
    if (error !== "net::ERR_ABORTED") problems.push(`request failed: ${req.url()} ${error}`);
  });
  page.on("response", (res) => {
    const refused = res.status() === 409 && res.url().endsWith("/api/accounts");
    if (res.status() >= 400 && !refused) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return { check: () => expect(problems, "console errors, page errors or failed requests").toEqual([]) };
}

/** A browser context on the server, with animations off, its page guarded. */
async function open(browser) {
  const context = await browser.newContext({ baseURL: base });
  await context.addInitScript(() => {
    if (!localStorage.getItem("outflank:prefs")) {
      localStorage.setItem("outflank:prefs", JSON.stringify({ speed: "off" }));
    }
  });
  const page = await context.newPage();
  const guard = guard409(page);
  await page.goto("./");
  await page.getByTestId("online").click();
  await expect(page.getByTestId("online-panel")).toBeVisible();
  return { context, page, guard };
}

async function register(page, name) {
  await page.getByTestId("online-name").fill(name);
  await page.getByTestId("online-password").fill(`${name}-password-1`);
  await page.getByTestId("online-register").click();
  await expect(page.getByTestId("online-user")).toContainText(name);
}

/** The online game's square `sq`. */
const cell = (page, sq) => page.getByTestId("online-game").locator(`button[data-square="${sq}"]`);

/** `mover` plays `sq`; every page in `watchers` sees the mark. */
async function play(mover, sq, watchers) {
  await expect(cell(mover, sq)).toHaveAttribute("data-legal", "true");
  await cell(mover, sq).click();
  for (const page of [mover, ...watchers]) {
    await expect(cell(page, sq).locator("[data-disc]")).toHaveCount(1);
  }
}

async function boardRating(page, name) {
  await page.getByTestId("online-board").click();
  const row = page.getByTestId("online-leaderboard").locator(`[data-player="${name}"]`);
  await expect(row).toHaveCount(1);
  return Number(await row.getByTestId("online-board-rating").textContent());
}

test("two players play a game live with a spectator and the leader board counts it", async ({ browser }) => {
  const ann = await open(browser);
  const bob = await open(browser);
  const eve = await open(browser);

  // The leader board before any game.
  await eve.page.getByTestId("online-board").click();
  await expect(eve.page.getByTestId("online-leaderboard")).toBeVisible();
  await expect(eve.page.getByTestId("online-rule")).toContainText("1500");
  await expect(eve.page.getByTestId("online-board-table")).toHaveCount(0);

  await register(ann.page, "ann");
  await register(bob.page, "bob");
  // A taken name is refused with the server's words.
  await eve.page.getByTestId("online-lobby").click();
  await eve.page.getByTestId("online-name").fill("Ann");
  await eve.page.getByTestId("online-password").fill("whatever-123");
  await eve.page.getByTestId("online-register").click();
  await expect(eve.page.getByTestId("online-error")).toContainText("That name is taken");
  await expect(eve.page.getByTestId("online-user")).toHaveCount(0);

  // Ann creates a Tic-Tac-Toe game; it waits for an opponent.
  await ann.page.getByTestId("online-game-choice").selectOption("7");
  await ann.page.getByTestId("online-create").click();
  const annGame = ann.page.getByTestId("online-game");
  await expect(annGame).toBeVisible();
  await expect(ann.page.getByTestId("online-game-note")).toContainText("Waiting for someone");
  const id = await annGame.getAttribute("data-game-id");
  await expect(ann.page).toHaveURL(new RegExp(`#online=${id}$`));

  // Bob sees it in the lobby, live, and joins.
  const waiting = bob.page.getByTestId("lobby-waiting").locator(`[data-game-id="${id}"]`);
  await expect(waiting).toContainText("Tic-Tac-Toe");
  await expect(waiting).toContainText("ann");
  await OUTPUT_SHOT(bob.page, "online-lobby.png");
  await waiting.getByTestId("online-join").click();
  await expect(bob.page.getByTestId("online-game")).toBeVisible();
  await expect(bob.page.getByTestId("online-game-title")).toContainText("ann against bob");

  // Eve watches.
  const playing = eve.page.getByTestId("lobby-playing").locator(`[data-game-id="${id}"]`);
  await playing.getByTestId("online-watch").click();
  await expect(eve.page.getByTestId("online-game-note")).toContainText("watching");

  const everyone = (mover) => [ann.page, bob.page, eve.page].filter((p) => p !== mover);
  await play(ann.page, "a1", everyone(ann.page));
  await play(bob.page, "b1", everyone(bob.page));
  // The spectator has no move.
  await expect(eve.page.getByTestId("online-game").locator('button[data-legal="true"]')).toHaveCount(0);

  // Bob reloads mid-game: the same game, as it was.
  await bob.page.reload();
  await expect(bob.page.getByTestId("online-game")).toHaveAttribute("data-game-id", id);
  await expect(cell(bob.page, "a1").locator("[data-disc]")).toHaveCount(1);
  await expect(cell(bob.page, "b1").locator("[data-disc]")).toHaveCount(1);

  await play(ann.page, "a2", everyone(ann.page));
  await play(bob.page, "b2", everyone(bob.page));
  await play(ann.page, "a3", everyone(ann.page));
  for (const page of [ann.page, bob.page, eve.page]) {
    await expect(page.getByTestId("online-game").getByTestId("status")).toContainText(/wins|won/i);
  }
  await OUTPUT_SHOT(eve.page, "online-game.png");

  // The leader board counts the game.
  expect(await boardRating(eve.page, "ann")).toBe(1516);
  expect(await boardRating(eve.page, "bob")).toBe(1484);
  await OUTPUT_SHOT(eve.page, "online-leaderboard.png");

  // Back to the hot-seat game, intact.
  await ann.page.getByTestId("online-close").click();
  await expect(ann.page.getByTestId("online-panel")).toHaveCount(0);
  await expect(ann.page).not.toHaveURL(/#online=/);
  await expect(ann.page.locator(".hot-seat [data-outflank-viewer] button[data-square]")).toHaveCount(64);

  for (const { context, guard } of [ann, bob, eve]) {
    guard.check();
    await context.close();
  }
});

async function OUTPUT_SHOT(page, name) {
  mkdirSync(OUTPUT, { recursive: true });
  await page.screenshot({ path: join(OUTPUT, name), fullPage: true });
}
