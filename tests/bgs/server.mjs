// BGS's game server and API, as far as a game page needs them (facts §3, §5), written for
// these tests: games are created from the creation form's options, the engine package is
// called the way the platform calls it, and the data is stored as JSON (a
// `JSON.parse(JSON.stringify(...))` round trip on every store and every response).

import { createHash } from "node:crypto";
import { formOptions, storedOptions } from "./form.mjs";

const json = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

export class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export class BgsServer {
  /** `engine`: the engine package (its Node build); `info`: the game info. */
  constructor(engine, info) {
    this.engine = engine;
    this.info = info;
    this.games = new Map();
    this.listeners = [];
    /** What the platform swallows (try/catch) but a test wants to know about. */
    this.swallowed = [];
    /** Every engine call, as [name, args summary], for debugging a failure. */
    this.calls = [];
    this.clock = Date.parse("2025-01-01T00:00:00Z");
    this.preferences = [];
  }

  now() {
    // A strictly increasing clock: every update has a newer `updatedAt`.
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  call(name, ...args) {
    this.calls.push(name);
    return this.engine[name](...args);
  }

  /** The websocket: `listener({gameId, updatedAt})` after every change of a game. */
  onUpdate(listener) {
    this.listeners.push(listener);
  }

  /**
   * `POST /api/game/new-game` then the game server's start (`init`, `setPlayerMetaData` for
   * each seat): `choices` are the creation form's picks (strings for selects).
   */
  createGame({ id, players, choices = {}, seed, creator }) {
    const options = storedOptions(this.info, formOptions(this.info, choices));
    let gameSeed = seed || id;
    // An engine that exports stripSecret gets a seed the players cannot guess.
    if (this.engine.stripSecret) {
      gameSeed = createHash("sha256").update(gameSeed + "test-seed-key").digest("base64");
    }
    const creatorIndex = creator === undefined ? -1 : players.findIndex((p) => p._id === creator);
    let data = this.call("init", players.length, [], options || {}, gameSeed, creatorIndex === -1 ? undefined : creatorIndex);
    players.forEach((p, i) => {
      data = this.call("setPlayerMetaData", data, i, { name: p.name });
    });
    const game = {
      _id: id,
      game: { name: "outflank", version: 1, options, expansions: [] },
      players: players.map((p) => ({ _id: p._id, name: p.name, isBot: false, score: 0 })),
      status: "active",
      currentPlayers: [],
      updatedAt: this.now(),
      data: json(data),
    };
    this.#turn(game, game.data);
    this.games.set(id, game);
    return json(game);
  }

  game(id) {
    const game = this.games.get(id);
    if (!game) throw new HttpError(404, `no game ${id}`);
    return game;
  }

  seat(game, userId) {
    return game.players.findIndex((p) => p._id === userId);
  }

  /** `GET /api/gameplay/:id`: the game with its data (as the player may see it). */
  load(id, userId) {
    const game = this.game(id);
    const index = this.seat(game, userId);
    let data = game.data;
    if (game.status === "active" && this.engine.stripSecret) {
      data = this.call("stripSecret", json(data), index === -1 ? undefined : index);
    }
    return json({ ...game, data });
  }

  /** `POST /api/gameplay/:id/move` with `{move}`. */
  move(id, userId, move) {
    const game = this.game(id);
    const player = this.seat(game, userId);
    if (game.status !== "active" || player === -1 || !game.currentPlayers.some((p) => p._id === userId)) {
      throw new HttpError(403, "It's not your turn");
    }
    const logLengthBefore = this.call("logLength", json(game.data));
    let moved;
    try {
      // The platform runs `move` in a worker thread: the data crosses by structured clone.
      moved = this.call("move", structuredClone(game.data), move, player);
    } catch (e) {
      throw new HttpError(422, e.message);
    }
    const toSave = this.engine.toSave ? this.call("toSave", moved) : moved;
    if (toSave) this.#afterMove(game, toSave, logLengthBefore);
    const { data: _omitted, ...rest } = game;
    return json({
      game: rest,
      log: { start: logLengthBefore, data: this.call("logSlice", moved, { start: logLengthBefore, player }) },
    });
  }

  /** `GET /api/gameplay/:id/log?start=&end=`: `{start, end, data: logSlice(...)}`. */
  log(id, userId, query) {
    const game = this.game(id);
    const player = this.seat(game, userId);
    const start = query.get("start") ? +query.get("start") : undefined;
    const end = query.get("end") ? +query.get("end") : undefined;
    return json({ start, end, data: this.call("logSlice", json(game.data), { start, end, player }) });
  }

  /** The viewer's preference saved to the account. */
  savePreference(userId, game, version, { name, value }) {
    this.preferences.push({ userId, game, version, name, value });
    return {};
  }

  #turn(game, data) {
    const ended = this.call("ended", data);
    const current = ended ? undefined : this.call("currentPlayer", data);
    const indexes = current === undefined ? [] : [].concat(current);
    for (const i of indexes) if (!game.players[i]) throw new Error(`currentPlayer ${i} is not a seat`);
    game.currentPlayers = indexes.map((i) => ({ _id: game.players[i]._id }));
    return ended;
  }

  #afterMove(game, saved, logLengthBefore) {
    let data = saved;
    if (this.engine.messages) {
      const ret = this.call("messages", data);
      data = ret.data;
      game.chat = [...(game.chat ?? []), ...ret.messages];
    }
    if (this.engine.round) {
      const round = this.call("round", data);
      if (round !== undefined) game.round = round;
    }
    const cancelled = this.engine.cancelled ? this.call("cancelled", data) : false;
    const ended = cancelled || this.#turn(game, data);
    const scores = this.call("scores", data);
    if (scores.length !== game.players.length) throw new Error("scores() must give one score per player");
    scores.forEach((s, i) => (game.players[i].score = s));
    if (ended) {
      const ranks = this.engine.rankings ? this.call("rankings", data) : undefined;
      game.players.forEach((p, i) => (p.ranking = ranks?.[i]));
      game.status = "ended";
      game.currentPlayers = [];
    }
    if (this.engine.factions) {
      const factions = this.call("factions", data);
      if (factions.length !== game.players.length) throw new Error("factions() must give one per player");
      factions.forEach((f, i) => (game.players[i].faction = f));
    }
    game.data = json(data);
    // The last move's summary for notifications (the platform swallows its failures).
    try {
      const slice = this.call("logSlice", game.data, { start: logLengthBefore });
      const items = Array.isArray(slice) ? slice : slice.log;
      game.lastMove = items.filter((i) => i.type !== "event" && i.type !== "phase").length;
    } catch (e) {
      this.swallowed.push(`lastMoveText: logSlice(data, {start: ${logLengthBefore}}): ${e.message}`);
    }
    game.updatedAt = this.now();
    const push = { gameId: game._id, updatedAt: game.updatedAt };
    for (const l of this.listeners) l(push);
  }
}
