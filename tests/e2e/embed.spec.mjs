// Embedding: the viewer as a host platform loads it (a classic script, launch('#app'), the
// BGS events both ways), driven message by message by a scripted host that keeps the game
// with the engine package; and the demo host page with its iframes.
import { test, expect } from "@playwright/test";
import { createRequire } from "node:module";
import { join } from "node:path";
import { guardConsole, REPO, seededRandom } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const engine = require(join(REPO, "engine", "bgs", "pkg", "node", "outflank_engine.js"));

const VIEWER_EVENTS = ["ready", "move", "fetchState", "fetchLog", "addLog", "replaceLog", "replay:info", "update:preference", "player:clicked"];

/**
 * Opens the smallest host page with the viewer's wasm held back until `release()`: the wasm
 * is inside outflank-viewer.js, so the page's WebAssembly.instantiate waits for the test.
 */
async function hostPage(page) {
  await page.addInitScript(() => {
    const instantiate = WebAssembly.instantiate;
    const held = new Promise((resolve) => (window.releaseWasm = resolve));
    WebAssembly.instantiate = function (...args) {
      return held.then(() => instantiate.apply(this, args));
    };
  });
  await page.goto("./embed/example.html");
  await page.evaluate((names) => {
    window.seen = [];
    for (const n of names) window.emitter.on(n, (p) => window.seen.push([n, p === undefined ? null : p]));
  }, VIEWER_EVENTS);
  return () => page.evaluate(() => window.releaseWasm());
}

const seen = (page, name) => page.evaluate((n) => window.seen.filter(([e]) => e === n).map(([, p]) => p), name);
const emit = (page, name, payload) => page.evaluate(([n, p]) => window.emitter.emit(n, p), [name, payload]);
const discs = (page) => page.locator("button[data-square] [data-disc]");

test("a scripted host: buffered start, ready once, moves, both gamelog shapes, a spectator, garbage", async ({ page }) => {
  const guard = guardConsole(page);
  const warnings = [];
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
  const release = await hostPage(page);
  // launch() returned at once: the emitter exists before the wasm.
  expect(await page.evaluate(() => typeof window.emitter.on)).toBe("function");
  let data = engine.init(2, [], { game: "reversi" }, "harness");
  data = engine.setPlayerMetaData(data, 0, { name: "Ada" });
  data = engine.setPlayerMetaData(data, 1, { name: "<b>Grace</b>" });
  await emit(page, "preferences", { speed: "off" });
  await emit(page, "player", { index: 0 });
  await emit(page, "state", data);
  // Nothing is shown before the wasm is ready, and nothing sent meanwhile is lost.
  await expect(page.locator("[data-outflank-viewer]")).toHaveCount(0);
  expect(await seen(page, "ready")).toEqual([]);
  await release();
  await expect(page.locator("button[data-square]")).toHaveCount(64);
  await expect(discs(page)).toHaveCount(4);
  await expect.poll(() => seen(page, "ready")).toEqual([null]);
  // Names are text, never HTML.
  await expect(page.getByTestId("player-1")).toContainText("<b>Grace</b>");
  await expect(page.locator("#app b")).toHaveCount(0);

  // A legal click emits the move in the engine API's format and waits for the host.
  await page.locator('button[data-square="f5"]').click();
  await expect.poll(() => seen(page, "move")).toEqual(["f5"]);
  await expect(page.locator("[data-outflank-viewer]")).toHaveAttribute("data-busy", "true");
  data = engine.move(data, "f5", 0);
  // The host says a newer state exists; the viewer asks for it (state or log).
  await emit(page, "state:updated");
  await expect.poll(async () => (await seen(page, "fetchState")).length + (await seen(page, "fetchLog")).length).toBeGreaterThan(0);
  if ((await seen(page, "fetchLog")).length) {
    const { start } = (await seen(page, "fetchLog"))[0];
    await emit(page, "gamelog", { start, data: engine.logSlice(data, { player: 0, start }).log });
  } else {
    await emit(page, "state", data);
  }
  await expect(discs(page)).toHaveCount(5);
  await expect(page.locator("[data-outflank-viewer]")).toHaveAttribute("data-busy", "false");
  // Not our turn: no square is offered and nothing is emitted.
  await expect(page.locator('button[data-square][data-legal="true"]')).toHaveCount(0);

  // The other player's move arrives as a bare logSlice result (the other gamelog shape): the
  // viewer takes it as news and asks for the state.
  data = engine.move(data, "d6", 1);
  const asked = (await seen(page, "fetchState")).length;
  await emit(page, "gamelog", engine.logSlice(data, { player: 0, start: 2 }));
  await expect.poll(async () => (await seen(page, "fetchState")).length).toBe(asked + 1);
  await emit(page, "state", data);
  await expect(discs(page)).toHaveCount(6);
  await expect(page.locator('button[data-square][data-legal="true"]').first()).toBeVisible();

  // Garbage: warnings, no crash, the position stays.
  await emit(page, "state", 42);
  await emit(page, "gamelog", { start: "x" });
  await emit(page, "player", "nobody");
  await emit(page, "bogus-event", {});
  await emit(page, "state", { game: "chess" });
  // An older state arriving late (out of order): the newer position stays.
  await emit(page, "state", engine.move(engine.init(2, [], { game: "reversi" }, "harness"), "f5", 0));
  await expect(discs(page)).toHaveCount(6);
  expect(warnings.some((w) => w.includes("older than the one shown"))).toBe(true);
  expect(warnings.length).toBeGreaterThan(0);

  // A spectator never emits a move.
  await emit(page, "player", { index: undefined });
  await expect(page.locator('button[data-square][data-legal="true"]')).toHaveCount(0);
  await page.locator('button[data-square="c3"]').click();
  expect(await seen(page, "move")).toEqual(["f5"]);

  // Unmount: the viewer leaves the page cleanly.
  await page.evaluate(() => window.emitter.unmount());
  await expect(page.locator("[data-outflank-viewer]")).toHaveCount(0);
  guard.check();
});

test("several viewers on one page are independent", async ({ page }) => {
  const guard = guardConsole(page);
  await page.goto("./embed/example.html");
  await page.evaluate(() => {
    const second = document.createElement("div");
    second.id = "second";
    document.body.append(second);
    window.other = outflank.launch("#second");
  });
  const data = engine.init(2, [], { game: "tictactoe" }, "two");
  const moved = engine.move(engine.init(2, [], { game: "gomoku", size: 15 }, "two"), "h8", 0);
  await page.evaluate(([a, b]) => {
    window.emitter.emit("player", { index: 0 });
    window.emitter.emit("state", a);
    window.other.emit("player", { index: 1 });
    window.other.emit("state", b);
  }, [data, moved]);
  await expect(page.locator("#app button[data-square]")).toHaveCount(9);
  await expect(page.locator("#second button[data-square]")).toHaveCount(225);
  await expect(page.locator("#second [data-disc]")).toHaveCount(1);

  // History keys act on the viewer that has the focus only.
  const position = (root) => page.locator(`${root} [data-testid="history-position"]`);
  await expect(position("#app")).toHaveText("0/0");
  await expect(position("#second")).toHaveText("1/1");
  await page.locator('#second [data-testid="history-prev"]').focus();
  await page.keyboard.press("Home");
  await expect(position("#second")).toHaveText("0/1");
  await expect(page.locator("#second [data-disc]")).toHaveCount(0);
  await expect(position("#app")).toHaveText("0/0");
  await page.locator('#second [data-testid="history-next"]').focus();
  await page.keyboard.press("End");
  await expect(position("#second")).toHaveText("1/1");
  await expect(page.locator("#second [data-disc]")).toHaveCount(1);
  // With two viewers, a key on the page itself (nothing focused) moves neither.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowLeft");
  // The keys' handlers and the DOM updates they cause have run once a macrotask has passed.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(await position("#second").textContent()).toBe("1/1");
  expect(await page.locator("#second [data-disc]").count()).toBe(1);

  // The script leaves no globals but its own: no wasm-bindgen loader, no viewer internals.
  expect(await page.evaluate(() => [typeof wasm_bindgen, typeof window.wasm_bindgen])).toEqual(["undefined", "undefined"]);
  expect(await page.evaluate(() => Object.keys(window.outflank).sort())).toEqual(["Emitter", "launch"]);
  guard.check();
});

test("the demo host: two iframes play a whole game, the spectator follows; theme, player click, height, askReady; a foreign origin is ignored", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const guard = guardConsole(page);
  await page.goto("./host.html");
  const frame = (seat) => page.frameLocator(`iframe[data-seat="${seat}"]`);
  for (const seat of ["0", "1", "spectator"]) await expect(frame(seat).locator("button[data-square]")).toHaveCount(64);
  const random = seededRandom(5);
  const total = () => frame("spectator").locator("button[data-square] [data-disc]").count();
  // Whose turn: the frame that offers squares (and is not animating), or nobody at the end.
  const next = async () => {
    if (/wins|draw/i.test(await frame("spectator").getByTestId("status").textContent())) return "over";
    for (const seat of ["0", "1"]) {
      const f = frame(seat);
      if ((await f.locator("[data-outflank-viewer]").getAttribute("data-busy")) !== "false") continue;
      if (await f.locator('button[data-square][data-legal="true"]').count()) return seat;
    }
    return "waiting";
  };
  for (let turn = 0; turn < 70; turn++) {
    await expect.poll(next, { timeout: 20_000 }).not.toBe("waiting");
    const seat = await next();
    if (seat === "over") break;
    const f = frame(seat);
    const legal = await f.locator('button[data-square][data-legal="true"]').evaluateAll((els) => els.map((e) => e.dataset.square));
    const before = await total();
    await f.locator(`button[data-square="${legal[Math.floor(random() * legal.length)]}"]`).click();
    await expect.poll(total, { timeout: 15_000 }).toBe(before + 1);
  }
  const boardOf = (seat) =>
    frame(seat).locator("button[data-square]").evaluateAll((els) => els.map((e) => e.querySelector("[data-disc]")?.dataset.disc ?? "-").join(""));
  await expect(frame("spectator").getByTestId("status")).toHaveText(/wins|draw/i);
  // Every frame shows the host's final board once its last animation is over.
  const final = await page.evaluate(() => window.demoHost.data.board.join("").replace(/X/g, "0").replace(/O/g, "1"));
  const settled = async (seat) =>
    (await frame(seat).locator("[data-outflank-viewer]").getAttribute("data-busy")) === "false" ? boardOf(seat) : "busy";
  for (const seat of ["spectator", "0", "1"]) await expect.poll(() => settled(seat)).toBe(final);

  // The platform's other messages: theme (html.dark in each frame, which the viewer follows),
  // a player click ({player: {index, name}}), the frame's height, askReady -> gameReady.
  await page.getByTestId("host-dark").check();
  for (const seat of ["0", "1", "spectator"]) {
    await expect(frame(seat).locator("html")).toHaveClass(/\bdark\b/);
    await expect(frame(seat).locator("[data-outflank-viewer]")).toHaveClass(/theme-dark/);
  }
  await expect(frame("spectator").getByTestId("name-1"), "Grace's name, beside her avatar").toBeVisible();
  await frame("spectator").getByTestId("name-1").click();
  await expect(page.getByTestId("host-log")).toContainText("viewer spectator clicked Grace");
  for (const seat of ["0", "1", "spectator"]) {
    const iframe = page.locator(`iframe[data-seat="${seat}"]`);
    await expect(iframe).toBeVisible();
    await expect.poll(() => iframe.getAttribute("height")).not.toBeNull();
  }
  const answered = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const iframe = document.querySelector('iframe[data-seat="0"]');
        window.addEventListener("message", (e) => e.source === iframe.contentWindow && e.data.type === "gameReady" && resolve(true));
        iframe.contentWindow.postMessage({ type: "askReady" }, location.origin);
      }),
  );
  expect(answered).toBe(true);
  guard.check();

  // A frame obeys its parent only: the same viewer page, put in a page of another origin,
  // ignores that page's messages.
  const foreign = baseURL.replace("127.0.0.1", "localhost");
  await page.goto(`${foreign}embed/example.html`);
  const seenWarning = page.waitForEvent("console", (m) => m.text().includes("ignored a message from http://localhost"));
  await page.evaluate((src) => {
    const iframe = document.createElement("iframe");
    iframe.src = src;
    iframe.onload = () => iframe.contentWindow.postMessage({ type: "state", state: null }, "*");
    document.body.append(iframe);
  }, `${baseURL}embed/frame.html?origin=${encodeURIComponent(new URL(baseURL).origin)}`);
  await seenWarning;
  await expect(page.frameLocator("iframe").locator("button[data-square]")).toHaveCount(0);
});

test("a scripted host: replay, preferences, theme, player clicks", async ({ page }) => {
  const guard = guardConsole(page);
  await page.goto("./embed/example.html");
  await page.evaluate((names) => {
    window.seen = [];
    for (const n of names) window.emitter.on(n, (p) => window.seen.push([n, p === undefined ? null : p]));
  }, VIEWER_EVENTS);
  let data = engine.init(2, [], { game: "reversi" }, "replay");
  for (const [mv, p] of [["f5", 0], ["d6", 1], ["c3", 0]]) data = engine.move(data, mv, p);
  await emit(page, "preferences", { speed: "off" });
  await emit(page, "player", { index: 1 });
  await emit(page, "state", data);
  await expect(discs(page)).toHaveCount(7);

  // Replay: the host steps through the log; the viewer reports where it is.
  await emit(page, "replay:start");
  await expect(discs(page)).toHaveCount(4);
  await expect.poll(async () => (await seen(page, "replay:info")).length).toBeGreaterThan(0);
  await emit(page, "replay:to", 2);
  await expect(discs(page)).toHaveCount(6);
  const info = (await seen(page, "replay:info")).at(-1);
  expect(info).toMatchObject({ current: 2 });
  // No move during a replay.
  await expect(page.locator('button[data-square][data-legal="true"]')).toHaveCount(0);
  await emit(page, "replay:end");
  await expect(discs(page)).toHaveCount(7);
  await expect(page.locator('button[data-square][data-legal="true"]').first()).toBeVisible();

  // Preferences and theme apply at once.
  const root = page.locator("[data-outflank-viewer]");
  await emit(page, "preferences", { skin: "wooden" });
  await expect(root).toHaveClass(/skin-wooden/);
  await emit(page, "theme", { dark: true });
  await expect(root).toHaveClass(/theme-dark/);
  // Clicking a player's panel tells the host who it was.
  await page.getByTestId("name-0").click();
  await expect.poll(() => seen(page, "player:clicked")).toEqual([{ index: 0, name: "Player 1" }]);
  guard.check();
});

test("the emitter has Node's EventEmitter semantics", async ({ page }) => {
  await page.goto("./embed/example.html");
  const result = await page.evaluate(() => {
    const e = new outflank.Emitter();
    const log = [];
    const a = (x) => log.push(`a${x}`);
    const b = (x) => log.push(`b${x}`);
    e.on("x", a).once("x", b);
    const first = e.emit("x", 1);
    e.emit("x", 2);
    e.off("x", a);
    const none = e.emit("x", 3);
    // A listener removed while an event is being emitted still runs this time (a copy).
    const c = () => {
      log.push("c");
      e.off("y", d);
    };
    const d = () => log.push("d");
    e.on("y", c).on("y", d);
    e.emit("y");
    e.emit("y");
    const count = e.listenerCount("y");
    e.removeAllListeners();
    return { log, first, none, count, after: e.listenerCount("y"), chained: e.on("z", a) === e };
  });
  expect(result).toEqual({ log: ["a1", "b1", "a2", "c", "d", "c"], first: true, none: false, count: 1, after: 0, chained: true });
  // Launching on nothing is a clear error.
  const error = await page.evaluate(() => {
    try {
      outflank.launch("#nowhere");
      return null;
    } catch (e) {
      return e.message;
    }
  });
  expect(error).toContain("no element matches #nowhere");
  expect(await page.evaluate(() => window.viewer === window.outflank)).toBe(true);
});
