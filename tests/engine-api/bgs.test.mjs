// The engine as boardgamers.space (BGS) really calls it: init with what its creation form
// sends for the package README's options declaration, dropPlayer, logSlice for spectators (-1) and
// from query strings, replay to a log index across a pass, stats for its CSV files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { engine, roundTrip } from './helpers.mjs';

/** The options declaration of the npm package's README, "Game options on boardgamers.space". */
function declaration() {
  const readme = readFileSync(new URL('../../engine/bgs/npm/README.md', import.meta.url), 'utf8');
  const from = readme.indexOf('## Game options on boardgamers.space');
  assert.ok(from > 0, 'the package README declares the game options');
  const section = readme;
  const json = section.slice(from).match(/```json\n([\s\S]*?)```/)?.[1];
  assert.ok(json, 'the declaration is a json block');
  return JSON.parse(json);
}

/**
 * What BGS's form and its new-game route make of `choices` (option name -> picked item name,
 * or true/false for a checkbox): every select is sent, as its item's name (the default when
 * it names an item, else the first item); a checkbox only when checked, as true.
 */
function formOptions(options, choices = {}) {
  const sent = {};
  for (const option of options) {
    if (option.type === 'select') {
      const names = option.items.map((item) => item.name);
      const value = choices[option.name] ?? (names.includes(option.default) ? option.default : names[0]);
      assert.ok(names.includes(value), `${option.name}: ${value} is not an item`);
      sent[option.name] = value;
    } else if (option.type === 'checkbox') {
      if (choices[option.name] ?? option.default === true) sent[option.name] = true;
    }
  }
  return sent;
}

/** Every combination of choices the form offers. */
function everyChoice(options) {
  let all = [{}];
  for (const option of options) {
    const values = option.type === 'select' ? option.items.map((item) => item.name) : option.type === 'checkbox' ? [false, true] : [];
    if (values.length === 0) continue;
    all = all.flatMap((choice) => values.map((value) => ({ ...choice, [option.name]: value })));
  }
  return all;
}

/** What the game should be for `sent`: the engine's options and the computer's level. */
function expectedGame(sent) {
  const game = sent.game;
  if (game === 'reversi') return { game, options: { size: Number(sent.reversiSize), variant: sent.variant }, level: Number(sent.level) };
  if (game === 'gomoku') return { game, options: { size: Number(sent.gomokuSize), exactFive: sent.exactFive === true }, level: Number(sent.level) };
  return { game, options: {}, level: Number(sent.level) };
}

/** Plays `count` moves, the first legal one each time, through a JSON round trip. */
function playSome(data, count) {
  for (let k = 0; k < count && !engine.ended(data); k++) {
    const player = engine.currentPlayer(data);
    const before = engine.logLength(data);
    const { availableMoves } = engine.logSlice(data, { player, start: before });
    assert.ok(availableMoves.length > 0);
    data = roundTrip(engine.move(data, availableMoves[k % availableMoves.length], player));
    const played = engine.logSlice(data, { player: -1, start: before, end: before }).log[0];
    assert.equal(played.kind, 'move');
    assert.equal(played.player, player);
  }
  return data;
}

test("the declaration: the form's defaults make 8x8 standard Reversi at level 5", () => {
  const options = declaration();
  assert.deepEqual(options.map((o) => o.name), ['game', 'variant', 'reversiSize', 'gomokuSize', 'exactFive', 'level']);
  const sent = formOptions(options);
  assert.deepEqual(sent, { game: 'reversi', variant: 'standard', reversiSize: '8', gomokuSize: '19', level: '5' });
  // As BGS starts a game: its options, the seed (the game's id), the creator's seat.
  let data = roundTrip(engine.init(2, [], sent, '6650f1c2a9e4b3d2c1f0e9d8', 0));
  assert.deepEqual(data.state.options, { size: 8, variant: 'standard' });
  assert.equal(data.level, 5);
  assert.equal(engine.currentPlayer(data), 0);
  data = playSome(data, 4);
  assert.equal(engine.logLength(data), 5);
});

test("the declaration is the one the browser tests' platform double uses", async (t) => {
  const file = new URL('../bgs/game-info.mjs', import.meta.url);
  const { existsSync } = await import('node:fs');
  if (!existsSync(file)) return t.skip('no tests/bgs/game-info.mjs');
  const { gameInfo } = await import(file);
  assert.deepEqual(gameInfo('https://example.invalid/').options, declaration());
});

test('a form whose selects lost their defaults still makes the usual boards', () => {
  const options = declaration().map(({ default: _, ...option }) => option);
  const sent = formOptions(options, { game: 'gomoku' });
  assert.deepEqual(sent, { game: 'gomoku', variant: 'standard', reversiSize: '8', gomokuSize: '19', level: '1' });
  assert.deepEqual(roundTrip(engine.init(2, [], sent, 's')).state.options, { size: 19, exactFive: false });
  assert.deepEqual(roundTrip(engine.init(2, [], formOptions(options), 's')).state.options, { size: 8, variant: 'standard' });
});

test('every combination the form can send makes the game it says, and plays', () => {
  const options = declaration();
  const choices = everyChoice(options);
  // 3 games x 2 variants x 3 Reversi boards x 2 Gomoku boards x exactFive x 11 levels.
  assert.equal(choices.length, 3 * 2 * 3 * 2 * 2 * 11);
  const seen = new Set();
  for (const choice of choices) {
    const sent = formOptions(options, choice);
    const where = JSON.stringify(sent);
    let data = roundTrip(engine.init(2, [], sent, `game-${seen.size}`, undefined));
    const expected = expectedGame(sent);
    assert.equal(data.state.game, expected.game, where);
    assert.deepEqual(data.state.options, expected.options, where);
    assert.equal(data.level, expected.level, where);
    for (const player of [0, 1]) data = roundTrip(engine.setPlayerMetaData(data, player, { name: `p${player}` }));
    data = playSome(data, 3);
    assert.equal(engine.logLength(data), 4, where);
    seen.add(JSON.stringify(expected));
  }
  // Reversi 6/8/10 x standard/bombs, Gomoku 15/19 x exactFive, Tic-Tac-Toe; x 11 levels.
  assert.equal(seen.size, (6 + 4 + 1) * 11);
});

test('the computer plays a bot seat of each game the form makes', () => {
  const options = declaration();
  for (const choice of [{ game: 'reversi', variant: 'bombs', reversiSize: '6' }, { game: 'gomoku', gomokuSize: '15', exactFive: true }, { game: 'tictactoe' }]) {
    let data = roundTrip(engine.init(2, [], formOptions(options, { ...choice, level: '1' }), 'bots'));
    for (let k = 0; k < 3; k++) data = roundTrip(engine.moveAI(data, engine.currentPlayer(data)));
    assert.equal(engine.logLength(data), 4, JSON.stringify(choice));
  }
});

test('init: strings, numbers and booleans; options of other games and unknown keys are ignored', () => {
  const options = (o) => roundTrip(engine.init(2, [], o, 's')).state.options;
  assert.deepEqual(options({ variant: 'standard', size: '8' }), { size: 8, variant: 'standard' });
  assert.deepEqual(options({ size: 10, variant: 'bombs' }), { size: 10, variant: 'bombs' });
  assert.deepEqual(options({ game: 'gomoku', variant: 'standard' }), { size: 19, exactFive: false });
  assert.deepEqual(options({ game: 'gomoku', size: '15', exactFive: 'true' }), { size: 15, exactFive: true });
  assert.deepEqual(options({ game: 'gomoku', exactFive: false }), { size: 19, exactFive: false });
  assert.deepEqual(options({ game: 'tictactoe', size: '8', variant: 'bombs', exactFive: true }), {});
  assert.deepEqual(options({ game: 'reversi', exactFive: true, gomokuSize: '99', speed: 3, join: true }), { size: 8, variant: 'standard' });
  assert.deepEqual(options({ game: '$none', size: undefined, variant: '$none' }), { size: 8, variant: 'standard' });
  assert.equal(roundTrip(engine.init(2, [], { level: '7' }, 's')).level, 7);
  assert.equal(roundTrip(engine.init(2, [], { level: 3 }, 's')).level, 3);
  assert.equal(engine.init(2, [], {}, 's').state.game, 'reversi');
  assert.equal(engine.init(2, [], undefined, 's').board.length, 8);
});

test('init: a wrong value of an option that applies is an error naming it and what it allows', () => {
  const cases = [
    [{ game: 'reversi', size: '7' }, 'bad option: size: Reversi is played on 6x6, 8x8 or 10x10, not "7"'],
    [{ game: 'reversi', reversiSize: '12' }, 'bad option: reversiSize: Reversi is played on 6x6, 8x8 or 10x10, not "12"'],
    [{ game: 'gomoku', size: '8' }, 'bad option: size: Gomoku is played on 15x15 or 19x19, not "8"'],
    [{ level: '12' }, 'bad option: level: the computer\'s level is 1 to 11, not "12"'],
    [{ level: 0 }, 'bad option: level: the computer\'s level is 1 to 11, not 0'],
    [{ game: 'chess' }, 'bad option: game: the games are "reversi", "gomoku" or "tictactoe", not "chess"'],
    [{ variant: 'nope' }, 'bad option: variant: Reversi\'s variants are "standard" or "bombs", not "nope"'],
    [{ game: 'gomoku', exactFive: 'maybe' }, 'bad option: exactFive: true or false, not "maybe"'],
    [{ size: '8', reversiSize: '10' }, 'bad option: reversiSize: "10" disagrees with size: "8"'],
  ];
  for (const [options, message] of cases) {
    assert.throws(() => engine.init(2, [], options, 's'), (e) => e.code === 'bad-option' && e.message === message, JSON.stringify(options));
  }
  assert.throws(() => engine.init(2, [], 'reversi', 's'), (e) => e.code === 'bad-option');
  assert.throws(() => engine.init(2, ['x'], {}, 's'), (e) => e.code === 'bad-option');
  assert.throws(() => engine.init(4, [], {}, 's'), (e) => e.code === 'bad-argument');
});

test('dropPlayer: the leaver loses and scores 0, the scores agree with the rankings, and an ended game is unchanged', () => {
  let data = roundTrip(engine.init(2, [], { game: 'reversi' }, 's'));
  data = roundTrip(engine.setPlayerMetaData(data, 0, { name: 'Ada' }));
  data = roundTrip(engine.setPlayerMetaData(data, 1, { name: 'Grace' }));
  for (const [move, player] of [['f5', 0], ['d6', 1], ['c3', 0]]) data = roundTrip(engine.move(data, move, player));
  const [dark, light] = engine.scores(data);
  assert.ok(dark > light, 'dark is ahead on the board');
  const left = roundTrip(engine.dropPlayer(data, 0));
  assert.ok(engine.ended(left));
  assert.equal(engine.currentPlayer(left), undefined);
  assert.deepEqual(engine.scores(left), [0, light]);
  assert.deepEqual(engine.rankings(left), [2, 1]);
  assert.deepEqual(left.board, data.board, 'the board stays as it was');
  const end = engine.logSlice(left, { start: engine.logLength(left) - 1 }).log[0];
  assert.deepEqual(end, { kind: 'event', event: 'end', winner: 1, scores: [0, light] });
  assert.deepEqual(engine.messages(left).messages, ['Ada (Dark) left the game.', 'Grace (Light) wins by forfeit.']);
  const stats = engine.stats(left);
  assert.deepEqual([stats.players[0].score, stats.players[0].rank, stats.players[1].score, stats.players[1].rank], [0, 2, light, 1]);
  // BGS never drops from an ended game; if it did, nothing changes.
  for (const player of [0, 1]) assert.deepEqual(roundTrip(engine.dropPlayer(left, player)), left);
  const finished = roundTrip(engine.move(roundTrip(engine.move(roundTrip(engine.init(2, [], { game: 'tictactoe' }, 's')), 'a1', 0)), 'concede', 1));
  assert.deepEqual(roundTrip(engine.dropPlayer(finished, 0)), finished);
  // Every game, at every point: the higher score is the winner's.
  for (const options of [{ variant: 'bombs', size: '6' }, { game: 'gomoku', size: '15' }, { game: 'tictactoe' }]) {
    let game = roundTrip(engine.init(2, [], options, 's'));
    while (!engine.ended(game)) {
      for (const leaver of [0, 1]) {
        const gone = roundTrip(engine.dropPlayer(game, leaver));
        const scores = engine.scores(gone);
        assert.equal(scores[leaver], 0);
        assert.ok(scores[1 - leaver] > 0);
        assert.equal(engine.rankings(gone)[leaver], 2);
      }
      const player = engine.currentPlayer(game);
      const { availableMoves } = engine.logSlice(game, { player });
      game = roundTrip(engine.move(game, availableMoves[availableMoves.length >> 1], player));
    }
  }
});

test('logSlice: spectators (-1, undefined, null, no player) get the log and no moves; start and end may be absent or text', () => {
  let data = roundTrip(engine.init(2, [], {}, 's'));
  for (const [move, player] of [['f5', 0], ['d6', 1], ['c3', 0]]) data = roundTrip(engine.move(data, move, player));
  const all = engine.logSlice(data, { player: 1, start: 0 });
  assert.equal(all.log.length, 4);
  assert.ok(all.availableMoves.length > 0);
  for (const spectator of [{ player: -1 }, { player: undefined }, { player: null }, {}, undefined]) {
    for (const range of [{}, { start: undefined, end: undefined }, { start: 0 }, { start: '0' }]) {
      const slice = engine.logSlice(data, spectator === undefined ? undefined : { ...spectator, ...range });
      assert.deepEqual(slice, { log: all.log, availableMoves: [] }, JSON.stringify([spectator, range]));
    }
  }
  // BGS's GET /log: query strings, -1 for a visitor; end is included.
  assert.deepEqual(engine.logSlice(data, { player: -1, start: '1', end: '2' }).log, all.log.slice(1, 3));
  assert.deepEqual(engine.logSlice(data, { player: 1, start: 2, end: undefined }).log, all.log.slice(2));
  assert.deepEqual(engine.logSlice(data, { player: 1, start: 3 }).availableMoves, all.availableMoves);
  for (const bad of [{ player: -2 }, { player: 2 }, { start: -1 }, { end: 'two' }, { start: 1.5 }]) {
    assert.throws(() => engine.logSlice(data, bad), (e) => e.code === 'bad-argument', JSON.stringify(bad));
  }
  assert.deepEqual(engine.stripSecret(data, -1), data);
  assert.deepEqual(engine.stripSecret(data, undefined), data);
});

test('replay to k: the log as logSlice counted it up to item k, across a forced pass', () => {
  // Light's c1 (log item 8) leaves dark without a move: item 9 is dark's pass.
  let data = roundTrip(engine.init(2, [], {}, 's'));
  const moves = [['d3', 0], ['c3', 1], ['b3', 0], ['b2', 1], ['f5', 0], ['a3', 1], ['a1', 0], ['c1', 1], ['e3', 1], ['e2', 0]];
  for (const [move, player] of moves) data = roundTrip(engine.move(data, move, player));
  const log = engine.logSlice(data, { start: 0 }).log;
  assert.deepEqual(log[9], { kind: 'event', event: 'pass', player: 0 });
  assert.equal(log.length, engine.logLength(data));
  for (let k = 0; k < log.length; k++) {
    const replayed = roundTrip(engine.replay(data, { to: k }));
    // A move that forces a pass brings the pass along: no position lies between them.
    const upto = k === 8 ? 9 : k;
    assert.deepEqual(engine.logSlice(replayed, { start: 0 }).log, log.slice(0, upto + 1), `to ${k}`);
    assert.equal(engine.logLength(replayed), upto + 1);
  }
  // {to: 1} only redoes the first move; past the end, or without to, the whole game.
  assert.equal(roundTrip(engine.replay(data, { to: 1 })).state.turns.join(), 'd3');
  assert.deepEqual(roundTrip(engine.replay(data, { to: 99 })), data);
  assert.deepEqual(roundTrip(engine.replay(data, {})), data);
  assert.deepEqual(roundTrip(engine.replay(data)), data);
  // An ended game: the last move brings the end event along.
  const ended = roundTrip(engine.dropPlayer(data, 1));
  const endedLog = ended.log;
  assert.deepEqual(roundTrip(engine.replay(ended, { to: endedLog.length - 2 })), ended);
  assert.deepEqual(roundTrip(engine.replay(ended, { to: endedLog.length - 3 })), data);
});

test('stats: numbers and strings only, in the shape BGS turns into CSV files', () => {
  const games = [];
  for (const options of [{}, { variant: 'bombs', size: 6 }, { game: 'gomoku', exactFive: true }, { game: 'tictactoe' }]) {
    let data = roundTrip(engine.init(2, [], options, 's'));
    games.push(data);
    data = playSome(data, 4);
    games.push(data, roundTrip(engine.dropPlayer(data, 0)));
  }
  let draw = roundTrip(engine.init(2, [], { game: 'tictactoe' }, 's'));
  for (const [k, move] of ['a1', 'b2', 'c3', 'b1', 'b3', 'a3', 'c1', 'c2', 'a2'].entries()) draw = roundTrip(engine.move(draw, move, k % 2));
  games.push(draw);
  for (const data of games) {
    const stats = engine.stats(data);
    assert.deepEqual(Object.keys(stats), ['game', 'players']);
    assert.ok(Array.isArray(stats.players) && stats.players.length === 2);
    for (const record of [stats.game, ...stats.players]) {
      assert.equal(Object.getPrototypeOf(record), Object.prototype);
      for (const [key, value] of Object.entries(record)) {
        const ok = typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
        assert.ok(ok, `${key}: ${JSON.stringify(value)} in ${JSON.stringify(stats)}`);
      }
    }
    assert.equal(stats.game.ended, engine.ended(data) ? 1 : 0);
    const ranks = engine.rankings(data);
    const winner = ranks === undefined ? 'none' : ranks[0] === ranks[1] ? 'draw' : ranks.indexOf(1);
    assert.equal(stats.game.winner, winner);
  }
  assert.equal(engine.stats(games[6]).game.exactFive, 1);
});
