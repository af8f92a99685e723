// The viewer on a boardgamers.space (BGS) game page, message by message: a double of the
// platform's game page and iframe page (tests/bgs/), on two origins of their own, with the
// engine package as the game server (every stored or sent datum through JSON). Two players
// and a spectator each have their viewer in a cross-origin iframe that stays display:none
// until the viewer says it is ready.
import { test, expect } from "@playwright/test";
import { createRequire } from "node:module";
import { join } from "node:path";
import { guardConsole, REPO, readingOrder, seededRandom } from "./helpers.mjs";
import { gameInfo } from "../bgs/game-info.mjs";
import { BgsServer } from "../bgs/server.mjs";
import { routeBgs, connectSocket, cdnBase, SITE, RESOURCES } from "../bgs/routes.mjs";

const require = createRequire(import.meta.url);
const engine = require(join(REPO, "engine", "bgs", "pkg", "node", "outflank_engine.js"));

const ADA = { _id: "u-ada", name: "Ada" };
const GRACE = { _id: "u-grace", name: "Grace" };
const EVE = { _id: "u-eve", name: "Eve" };
const ALL = [ADA, GRACE, EVE];

/** A seed whose random 8x8 game has passes it goes on after (log items 54, 56, 62; findPassSeed finds others). */
const PASS_SEED = 46;

const json = (v) => JSON.parse(JSON.stringify(v));

/**
 * A random game of `choices` played by the engine package from `seed`: the moves, who made
 * them, and the log indexes of the passes that the game went on after.
 */
function randomGame(seed, choices = {}) {
  const info = gameInfo("http://x/");
  const server = new BgsServer(engine, info);
  server.createGame({ id: "probe", players: [ADA, GRACE], choices });
  let data = server.games.get("probe").data;
  const random = seededRandom(seed);
  const moves = [];
  while (!engine.ended(data)) {
    const player = engine.currentPlayer(data);
    const { availableMoves } = engine.logSlice(data, { player, start: engine.logLength(data) });
    const move = availableMoves[Math.floor(random() * availableMoves.length)];
    moves.push({ move, player });
    data = json(engine.move(data, move, player));
  }
  const log = data.log;
  const passes = log.flatMap((item, i) => (item.kind === "event" && item.event === "pass" && i < log.length - 2 ? [i] : []));
  return { moves, passes, log };
}

/** The first seed from `from` whose game has a pass it goes on after (run by hand). */
export function findPassSeed(from = 0) {
  for (let seed = from; ; seed++) if (randomGame(seed).passes.length) return seed;
}

/** The engine's board as rows of "0", "1" and "-" (row 1 first). */
const engineBoard = (data) => data.board.map((row) => row.replace(/X/g, "0").replace(/O/g, "1")).join("/");

/** A frame's board as the same rows, read from the test hooks. */
async function frameBoard(frame) {
  const cells = await frame.locator("button[data-square]").evaluateAll((els) =>
    els.map((e) => [e.dataset.square, e.querySelector("[data-disc]")?.dataset.disc ?? "-"]),
  );
  if (!cells.length) return "";
  const at = new Map(cells);
  const n = Math.round(Math.sqrt(cells.length));
  const rows = [];
  for (let r = 1; r <= n; r++) {
    let row = "";
    for (let c = 0; c < n; c++) row += at.get(`${String.fromCharCode(97 + c)}${r}`) ?? "?";
    rows.push(row);
  }
  return rows.join("/");
}

/** The test's BGS: the server and the routes; the websocket to `page`. */
async function bgs(page, { doctype = false } = {}) {
  const baseURL = test.info().project.use.baseURL;
  const info = gameInfo(cdnBase(baseURL));
  const server = new BgsServer(engine, info);
  const iframeRequests = await routeBgs(page.context(), { server, info, baseURL, doctype });
  connectSocket(page, server);
  return { info, server, iframeRequests };
}

/** Opens the game page for `users` (null: a logged-out visitor). */
async function openGame(page, gameId, users, { live = "newer", fetchLog = "current", resources = "cross", prefs = { speed: "off" } } = {}) {
  const list = users.map((u) => (u ? `${u._id}:${u.name}` : "-")).join(",");
  const query = new URLSearchParams({ users: list, live, fetchLog, resources, prefs: JSON.stringify(prefs) });
  await page.goto(`${SITE}/game/${gameId}?${query}`);
  await page.waitForFunction(() => window.bgsPage?.mounted === true);
}

const label = (user) => (user ? user._id : "anonymous");
const frameOf = (page, user) => page.frameLocator(`iframe[data-user="${label(user)}"]`);
const iframeOf = (page, user) => page.locator(`iframe[data-user="${label(user)}"]`);
const sidebar = (page, user) => page.locator(`section[data-user="${label(user)}"]`);
const instance = (page, user, fn, arg) =>
  page.evaluate(([l, src, a]) => new Function("g", "a", `return (${src})(g, a)`)(window.bgsPage.instances.find((g) => g.label === l), a), [label(user), fn.toString(), arg]);
/** The messages a started game exchanged with its iframe: [direction, message]. */
const messagesOf = (page, user) => instance(page, user, (g) => g.messages);

/** Waits until the viewer in `user`'s iframe shows `data` (and is idle). */
async function expectShows(page, user, data, what) {
  const frame = frameOf(page, user);
  await expect.poll(() => frameBoard(frame), { message: `${label(user)}'s board ${what}` }).toBe(engineBoard(data));
  await expect(frame.locator("[data-outflank-viewer]")).toHaveAttribute("data-busy", "false");
}

/** Waits until every started game's viewer is shown (it said displayReady). */
async function expectReady(page, users) {
  for (const user of users) {
    await expect(iframeOf(page, user)).toBeVisible();
    await expect(frameOf(page, user).locator("[data-outflank-viewer]")).toHaveCount(1);
  }
}

function failureNote(text) {
  test.info().annotations.push({ type: "note", description: text });
  console.log(text);
}

test("a whole Reversi game with a pass, played by clicks on a BGS game page; replay across the pass", async ({ page }) => {
  test.setTimeout(300_000);
  const seed = process.env.OUTFLANK_SEED ? Number(process.env.OUTFLANK_SEED) : PASS_SEED;
  const game = randomGame(seed, { game: "reversi", reversiSize: "8" });
  failureNote(`seed ${seed} (rerun with OUTFLANK_SEED=${seed}): ${game.moves.map((m) => m.move).join("")}, passes at log ${game.passes}`);
  expect(game.passes.length, `seed ${seed}'s game has no pass in it: pick another`).toBeGreaterThan(0);

  const guard = guardConsole(page);
  const { server, iframeRequests } = await bgs(page);
  server.createGame({ id: "g1", players: [ADA, GRACE], choices: { game: "reversi", reversiSize: "8" }, creator: ADA._id });
  await openGame(page, "g1", ALL);
  await expectReady(page, ALL);
  // The iframe pages came from the resources origin, the page from the site's.
  expect(iframeRequests.every((u) => u.startsWith(`${RESOURCES}/game/outflank/1/iframe?alternate=0&customViewerUrl=`))).toBe(true);
  for (const user of ALL) await expectShows(page, user, server.games.get("g1").data, "at the start");

  const seatOf = [ADA, GRACE];
  for (const [k, { move, player }] of game.moves.entries()) {
    const before = json(server.games.get("g1").data);
    expect(engine.currentPlayer(before), `move ${k}: the game's turn`).toBe(player);
    // The mover's viewer offers exactly the engine's moves; the others offer none.
    const { availableMoves } = engine.logSlice(before, { player, start: engine.logLength(before) });
    const mover = frameOf(page, seatOf[player]);
    await expect
      .poll(() => mover.locator('button[data-square][data-legal="true"]').evaluateAll((els) => els.map((e) => e.dataset.square)).then(readingOrder), {
        message: `move ${k}: ${seatOf[player].name}'s legal squares`,
      })
      .toEqual(readingOrder(availableMoves));
    await expect(frameOf(page, seatOf[1 - player]).locator('button[data-square][data-legal="true"]')).toHaveCount(0);
    await expect(frameOf(page, EVE).locator('button[data-square][data-legal="true"]')).toHaveCount(0);
    await mover.locator(`button[data-square="${move}"]`).click();
    await expect.poll(() => server.games.get("g1").data.log.length, { message: `move ${k} (${move}) reached the server` }).toBeGreaterThan(before.log.length);
    const after = server.games.get("g1").data;
    for (const user of ALL) await expectShows(page, user, after, `after move ${k} (${move})`);
  }
  const final = json(server.games.get("g1").data);
  expect(engine.ended(final)).toBe(true);
  expect(server.games.get("g1").status).toBe("ended");
  for (const user of ALL) {
    await expect(frameOf(page, user).getByTestId("status")).toHaveText(/wins|draw/i);
    const [dark, light] = engine.scores(final);
    await expect(frameOf(page, user).getByTestId("score-0")).toHaveText(String(dark));
    await expect(frameOf(page, user).getByTestId("score-1")).toHaveText(String(light));
  }

  // Each click sent one move; the mover got it back as gameLog {start, data: logSlice} (its
  // move first); the others were told state:updated and asked for the state.
  for (const [seat, user] of seatOf.entries()) {
    const messages = await messagesOf(page, user);
    const mine = game.moves.filter((m) => m.player === seat);
    const sent = messages.flatMap(([dir, m], i) => (dir === "from" && m.type === "gameMove" ? [i] : []));
    expect(sent.map((i) => messages[i][1].move), `${user.name}'s gameMove messages`).toEqual(mine.map((m) => m.move));
    for (const i of sent) {
      const reply = messages.slice(i).find(([dir, m]) => dir === "to" && m.type === "gameLog")?.[1];
      expect(Object.keys(reply?.data ?? {}).sort(), `the page's answer to ${messages[i][1].move}`).toEqual(["data", "start"]);
      expect(reply.data.data.log[0]).toMatchObject({ kind: "move", player: seat, move: messages[i][1].move });
    }
  }
  // A viewer asks for the state only when told the game changed elsewhere (state:updated):
  // its own move's gameLog (with a pass in it, at times) is enough to show the result.
  for (const user of ALL) {
    let allowance = 0;
    let lastLog = null;
    for (const [i, [dir, m]] of (await messagesOf(page, user)).entries()) {
      if (dir === "to" && m.type === "state:updated") allowance++;
      if (dir === "to" && m.type === "gameLog") lastLog = `${i}: ${JSON.stringify(m.data).slice(0, 200)}`;
      if (dir === "from" && m.type === "fetchState") {
        expect(allowance, `${user.name}'s viewer asked for the state (message ${i}) after gameLog ${lastLog}`).toBeGreaterThan(0);
        allowance--;
      }
    }
  }
  const eveMessages = await messagesOf(page, EVE);
  expect(eveMessages.filter(([dir, m]) => dir === "from" && m.type === "gameMove")).toEqual([]);
  expect(eveMessages.filter(([dir, m]) => dir === "to" && m.type === "state:updated").length).toBe(game.moves.length);
  expect(eveMessages.filter(([dir, m]) => dir === "from" && m.type === "fetchState").length).toBeGreaterThanOrEqual(game.moves.length);

  // Replay from the game page's sidebar (Ada's): the platform only echoes the viewer's
  // replay:info, in log indexes; replay:to(k) shows the position after log item k.
  const replayInfo = () => instance(page, ADA, (g) => g.replayData);
  const lastIndex = final.log.length - 1;
  const expectReplayAt = async (k, what) => {
    await expect.poll(async () => (await replayInfo())?.current, { message: `replay: ${what}` }).toBe(k);
    const at = json(engine.replay(json(final), { to: k }));
    await expectShows(page, ADA, at, `in the replay at log item ${k} (${what})`);
    await expect(frameOf(page, ADA).locator('button[data-square][data-legal="true"]')).toHaveCount(0);
  };
  await sidebar(page, ADA).getByTestId("replay-start").click();
  await expect.poll(replayInfo, { message: "replay:info after replay:start" }).not.toBeNull();
  const info = await replayInfo();
  expect(info.end, "replay:info end is the last log index").toBe(lastIndex);
  expect(info.start).toBeGreaterThanOrEqual(0);
  expect(info.start).toBeLessThan(game.passes[0]);
  await sidebar(page, ADA).getByTestId("replay-first").click();
  await expectReplayAt(info.start, "first");
  const visited = [];
  for (let k = info.start + 1; k <= lastIndex; k++) {
    await sidebar(page, ADA).getByTestId("replay-next").click();
    await expectReplayAt(k, `next to ${k}`);
    visited.push(k);
  }
  for (const p of game.passes) expect(visited, `the replay stepped over the pass at log ${p}`).toContain(p);
  await sidebar(page, ADA).getByTestId("replay-first").click();
  await expectReplayAt(info.start, "first again");
  await sidebar(page, ADA).getByTestId("replay-last").click();
  await expectReplayAt(lastIndex, "last");
  await sidebar(page, ADA).getByTestId("replay-prev").click();
  await expectReplayAt(lastIndex - 1, "previous");
  // The other viewers stayed on the final position all along.
  for (const user of [GRACE, EVE]) expect(await frameBoard(frameOf(page, user))).toBe(engineBoard(final));
  await sidebar(page, ADA).getByTestId("replay-stop").click();
  await expectShows(page, ADA, final, "after the replay");

  expect(server.swallowed).toEqual([]);
  expect(await page.evaluate(() => window.bgsPage.errors)).toEqual([]);
  guard.check();
});

for (const doctype of [false, true]) {
  const mode = doctype ? "standards mode (doctype)" : "quirks mode (no doctype, as the readable source)";
  test(`hidden cross-origin iframes get ready; theme, avatars, player clicks, preferences, heights (${mode})`, async ({ page }) => {
    const guard = guardConsole(page);
    const { server } = await bgs(page, { doctype });
    server.createGame({ id: "g2", players: [ADA, GRACE] });
    await openGame(page, "g2", [ADA, GRACE, EVE, null]);
    const users = [ADA, GRACE, EVE, null];
    await expectReady(page, users);
    for (const user of users) {
      // Cross-origin, and it got ready while display:none (the page shows it only then).
      const frame = await (await iframeOf(page, user).elementHandle()).contentFrame();
      expect(new URL(frame.url()).origin).toBe(RESOURCES);
      expect(await frame.evaluate(() => document.compatMode)).toBe(doctype ? "CSS1Compat" : "BackCompat");
      const messages = await messagesOf(page, user);
      const ready = messages.findIndex(([dir, m]) => dir === "from" && m.type === "displayReady");
      expect(ready, `${label(user)}: displayReady`).toBeGreaterThan(-1);
      expect(messages.filter(([dir, m]) => dir === "from" && m.type === "displayReady").length).toBe(1);
      expect(ready, `${label(user)}: displayReady after the state`).toBeGreaterThan(messages.findIndex(([dir, m]) => dir === "to" && m.type === "state"));
      // Ready came after the state was posted (the handshake: gameReady -> theme, player,
      // preferences, avatars, state, in that order).
      const handshake = messages.findIndex(([dir, m]) => dir === "from" && m.type === "gameReady");
      const posted = messages.slice(handshake + 1, handshake + 6).map(([dir, m]) => `${dir} ${m.type}`);
      expect(posted).toEqual(["to theme", "to player", "to preferences", "to avatars", "to state"]);
      // Visible now, and laid out at its real size (measured after it was shown).
      const cell = frameOf(page, user).locator('button[data-square="d4"]');
      await expect.poll(async () => (await cell.boundingBox())?.width ?? 0).toBeGreaterThan(20);
      await expectShows(page, user, server.games.get("g2").data, "at the start");
    }
    // Seats: Ada plays, the spectator and the visitor cannot.
    await expect(frameOf(page, ADA).locator('button[data-square][data-legal="true"]')).toHaveCount(4);
    for (const user of [GRACE, EVE, null]) await expect(frameOf(page, user).locator('button[data-square][data-legal="true"]')).toHaveCount(0);

    // Avatars: the platform's URLs, shown in the player panels.
    for (const user of users) {
      for (const [i, p] of [ADA, GRACE].entries()) {
        const img = frameOf(page, user).locator(`img[data-testid="avatar-${i}"]`);
        await expect(img).toHaveAttribute("src", `${SITE}/api/user/${p._id}/avatar`);
        await expect.poll(() => img.evaluate((e) => e.complete && e.naturalWidth)).toBeGreaterThan(0);
      }
    }

    // Theme: the page's dark mode reaches every frame as html.dark (the wrapper's listener);
    // the viewer follows it.
    await page.getByTestId("theme-toggle").click();
    for (const user of users) {
      await expect(frameOf(page, user).locator("html")).toHaveClass(/\bdark\b/);
      await expect(frameOf(page, user).locator("[data-outflank-viewer]")).toHaveClass(/theme-dark/);
    }
    await page.getByTestId("theme-toggle").click();
    for (const user of users) {
      await expect(frameOf(page, user).locator("html")).not.toHaveClass(/\bdark\b/);
      await expect(frameOf(page, user).locator("[data-outflank-viewer]")).not.toHaveClass(/theme-dark/);
    }

    // A preference changed in Ada's viewer: the page stores it and posts the preferences back.
    const adaFrame = frameOf(page, ADA);
    await adaFrame.getByTestId("preferences").click();
    await adaFrame.getByTestId("pref-skin").selectOption("wooden");
    await expect(adaFrame.locator("[data-outflank-viewer]")).toHaveClass(/skin-wooden/);
    await expect.poll(() => server.preferences).toEqual([{ userId: ADA._id, game: "outflank", version: 1, name: "skin", value: "wooden" }]);
    await expect(frameOf(page, EVE).locator("[data-outflank-viewer]")).not.toHaveClass(/skin-wooden/);

    // A click on a player's name: the page goes to that user's profile.
    await expect(frameOf(page, EVE).getByTestId("name-1"), "Grace's name, beside her avatar").toBeVisible();
    await frameOf(page, EVE).getByTestId("name-1").click();
    await expect.poll(() => page.evaluate(() => window.bgsPage.visited)).toEqual([`/user/${GRACE.name}`]);
    expect(new URL(page.url()).pathname).toBe(`/user/${GRACE.name}`);

    // Heights: each frame reported its body's height; the iframe took max(min-height, it);
    // and it settles: a few ticks of the wrapper's timer post nothing new. (A frame out of
    // view has its timers slowed down, so each is brought into view first.)
    for (const user of users) {
      await iframeOf(page, user).scrollIntoViewIfNeeded();
      const frame = await (await iframeOf(page, user).elementHandle()).contentFrame();
      const ticks = () => frame.evaluate(() => window.__bgsHeightTicks);
      let heights = await instance(page, user, (g) => g.heights);
      expect(heights.length, `${label(user)}: gameHeight posted`).toBeGreaterThan(0);
      for (let round = 0; ; round++) {
        const from = await ticks();
        await expect.poll(ticks, { message: "the wrapper's height timer" }).toBeGreaterThanOrEqual(from + 3);
        const later = await instance(page, user, (g) => g.heights);
        if (later.length === heights.length) break;
        heights = later;
        expect(round, `${label(user)}: the height keeps changing: ${heights.join(", ")}`).toBeLessThan(5);
      }
      const min = await iframeOf(page, user).evaluate((e) => parseFloat(getComputedStyle(e).minHeight));
      await expect(iframeOf(page, user)).toHaveAttribute("height", String(Math.max(min, heights.at(-1))));
      expect(heights.length, `${label(user)}: heights ${heights.join(", ")}`).toBeLessThan(8);
    }
    expect(await page.evaluate(() => window.bgsPage.errors)).toEqual([]);
    guard.check();
  });
}

// The creation form's options, as strings: each game is made, shown and played in its
// viewers; the other player moves from elsewhere (the server), the page hears of it by the
// websocket. The readable source's live updates (state:updated and an unprompted state).
const FORMS = [
  { choices: { game: "reversi", reversiSize: "6" }, cells: 36 },
  { choices: { game: "reversi", reversiSize: "8" }, cells: 64 },
  { choices: { game: "reversi", reversiSize: "10" }, cells: 100 },
  { choices: { game: "reversi", variant: "bombs" }, cells: 64 },
  { choices: { game: "gomoku", gomokuSize: "15", variant: "bombs" }, cells: 225 },
  { choices: { game: "gomoku" }, cells: 361 },
  { choices: { game: "tictactoe", reversiSize: "10", gomokuSize: "15" }, cells: 9 },
];

test("games made by the creation form's string options, shown and played (readable live updates, fetchLog both ways)", async ({ context }) => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL;
  const info = gameInfo(cdnBase(baseURL));
  const server = new BgsServer(engine, info);
  await routeBgs(context, { server, info, baseURL });
  for (const [n, { choices, cells }] of FORMS.entries()) {
    // A page of its own for each game (nothing of the last one still loading).
    const page = await context.newPage();
    const guard = guardConsole(page);
    connectSocket(page, server);
    const id = `form-${n}`;
    const what = JSON.stringify(choices);
    server.createGame({ id, players: [ADA, GRACE], choices });
    const stored = server.games.get(id);
    expect(Object.values(stored.game.options).every((v) => typeof v === "string" || v === true), `${what}: options as the form sends them`).toBe(true);
    await openGame(page, id, [ADA, EVE], { live: "readable", fetchLog: n % 2 ? "intended" : "current" });
    await expectReady(page, [ADA, EVE]);
    await expect(frameOf(page, ADA).locator("button[data-square]"), what).toHaveCount(cells);
    for (const user of [ADA, EVE]) await expectShows(page, user, stored.data, `${what} at the start`);

    // Ada plays by a click; Grace (on her own page) answers through the server.
    for (let turn = 0; turn < 2; turn++) {
      const data = json(server.games.get(id).data);
      const { availableMoves } = engine.logSlice(data, { player: 0, start: engine.logLength(data) });
      await frameOf(page, ADA).locator(`button[data-square="${availableMoves[0]}"]`).click();
      await expect.poll(() => server.games.get(id).data.log.length, { message: `${what}: Ada's move` }).toBeGreaterThan(data.log.length);
      for (const user of [ADA, EVE]) await expectShows(page, user, server.games.get(id).data, `${what}: after Ada's ${availableMoves[0]}`);
      const now = json(server.games.get(id).data);
      if (engine.ended(now) || engine.currentPlayer(now) !== 1) break;
      const reply = engine.logSlice(now, { player: 1, start: engine.logLength(now) }).availableMoves.at(-1);
      server.move(id, GRACE._id, reply);
      for (const user of [ADA, EVE]) await expectShows(page, user, server.games.get(id).data, `${what}: after Grace's ${reply}`);
    }

    // fetchLog as the viewer would send it (through the wrapper), by a player and by the
    // spectator (the server's logSlice gets player -1): the page answers with a gameLog in
    // the current client's shape (a bare logSlice result) or the intended one ({start, end,
    // data}); the viewer takes either and stays on the position.
    for (const user of [ADA, EVE]) {
      const frame = await (await iframeOf(page, user).elementHandle()).contentFrame();
      const before = (await messagesOf(page, user)).length;
      await frame.evaluate(() => window.gameObj.emit("fetchLog", { start: 1 }));
      await expect.poll(async () => (await messagesOf(page, user)).slice(before).filter(([dir, m]) => dir === "to" && m.type === "gameLog").length).toBe(1);
      const [, sent] = (await messagesOf(page, user)).slice(before).find(([dir, m]) => dir === "to" && m.type === "gameLog");
      if (n % 2) expect(sent.data).toMatchObject({ start: 1, data: { log: expect.any(Array) } });
      else expect(Object.keys(sent.data).sort()).toEqual(["availableMoves", "log"]);
      await expectShows(page, user, server.games.get(id).data, `${what}: after a fetchLog`);
    }
    expect(await page.evaluate(() => window.bgsPage.errors)).toEqual([]);
    guard.check();
    await page.close();
  }
  expect(server.swallowed).toEqual([]);
});

test("a player's language preference, stored on the platform, is the viewer's language; without one the browser's", async ({ page }) => {
  const guard = guardConsole(page);
  const { server } = await bgs(page);
  server.createGame({ id: "g-lang", players: [ADA, GRACE] });
  // The page posts every user's stored preferences (here each has French stored).
  await openGame(page, "g-lang", [ADA], { prefs: { speed: "off", language: "fr" } });
  await expectReady(page, [ADA]);
  const frame = frameOf(page, ADA);
  await expect(frame.getByTestId("status")).toHaveText("Vous devez jouer un pion");
  // The viewer says which language it speaks (screen readers pronounce by it).
  await expect(frame.locator("[data-outflank-viewer]")).toHaveAttribute("lang", "fr");
  // Without the preference, the browser's language (en-US here).
  await openGame(page, "g-lang", [ADA], { prefs: { speed: "off" } });
  await expectReady(page, [ADA]);
  await expect(frameOf(page, ADA).getByTestId("status")).toHaveText("You must play a disc");
  expect(await page.evaluate(() => window.bgsPage.errors)).toEqual([]);
  guard.check();
});

test("the same-origin iframe (under /resources, as the platform serves it now)", async ({ page }) => {
  const guard = guardConsole(page);
  const { server, iframeRequests } = await bgs(page);
  server.createGame({ id: "g3", players: [ADA, GRACE] });
  await openGame(page, "g3", [ADA, GRACE], { resources: "same" });
  await expectReady(page, [ADA, GRACE]);
  expect(iframeRequests.every((u) => u.startsWith(`${SITE}/resources/game/outflank/1/iframe?`))).toBe(true);
  await frameOf(page, ADA).locator('button[data-square="f5"]').click();
  await expect.poll(() => server.games.get("g3").data.log.length).toBe(2);
  for (const user of [ADA, GRACE]) await expectShows(page, user, server.games.get("g3").data, "after f5");
  await frameOf(page, GRACE).locator('button[data-square="f6"]').click();
  await expect.poll(() => server.games.get("g3").data.log.length).toBe(3);
  for (const user of [ADA, GRACE]) await expectShows(page, user, server.games.get("g3").data, "after f6");
  guard.check();
});
