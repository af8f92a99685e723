// Full games of every game driven only through the package, the data going through a JSON
// round trip between every call, checked against the native engine's expectations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, roundTrip, expectations } from './helpers.mjs';

const expected = expectations();

/** Calls `f` and checks it threw the package's Error with `code`, leaving `data` as it was. */
function refuses(data, code, f) {
  const before = JSON.stringify(data);
  assert.throws(f, (e) => {
    assert.ok(e instanceof Error, `an Error, not ${e}`);
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `a trap: ${e}`);
    assert.equal(e.code, code, e.message);
    assert.ok(e.message.length > 0);
    return true;
  });
  assert.equal(JSON.stringify(data), before, 'the data passed in was changed');
}

expected.games.forEach((game, k) => {
  const label = `game ${k} ${JSON.stringify(game.options)}: ${game.steps.length} moves (expectations seed ${expected.seed})`;
  test(label, () => {
    let data = roundTrip(engine.init(2, [], game.options, `seed-${k}`));
    assert.equal(engine.logLength(data), 1);
    assert.equal(engine.currentPlayer(data), 0);
    game.steps.forEach((step, n) => {
      const where = `move ${n + 1} (${step.move} by ${step.player})`;
      // The other player may not play it, and nothing changes when refused.
      refuses(data, 'not-your-turn', () => engine.move(data, step.move, 1 - step.player));
      const before = JSON.stringify(data);
      const next = engine.move(data, step.move, step.player);
      assert.equal(JSON.stringify(data), before, `${where}: move changed its input`);
      data = roundTrip(next);
      const after = step.after;
      assert.equal(engine.currentPlayer(data), after.currentPlayer ?? undefined, where);
      assert.equal(engine.ended(data), after.ended, where);
      assert.deepEqual(engine.scores(data), after.scores, where);
      assert.equal(engine.logLength(data), after.logLength, where);
      for (const player of [0, 1]) {
        const slice = engine.logSlice(data, { player, start: after.logLength - 1 });
        assert.deepEqual(slice.availableMoves, after.availableMoves[player], `${where}: player ${player}'s moves`);
        assert.equal(slice.log.length, 1, where);
      }
      assert.deepEqual(engine.logSlice(data, { start: 0 }).availableMoves, [], `${where}: a spectator has no moves`);
    });
    const final = game.final;
    assert.ok(engine.ended(data));
    assert.equal(engine.currentPlayer(data), undefined);
    assert.deepEqual(engine.scores(data), final.scores);
    assert.deepEqual(engine.rankings(data), final.rankings);
    assert.deepEqual(engine.logSlice(data, { start: 0 }).log, final.log);
    assert.deepEqual(engine.logSlice(data, { start: 0, end: 1 }).log, final.log.slice(0, 2), 'end is included');
    assert.equal(engine.logLength(data), final.log.length);
    const stats = engine.stats(data);
    assert.equal(stats.game.record, final.record);
    for (const player of [0, 1]) {
      const row = stats.players[player];
      assert.equal(row.score, final.scores[player]);
      assert.equal(row.rank, final.rankings[player]);
      for (const [key, value] of Object.entries(final.stats[player])) {
        assert.equal(row[key], value, `stats of player ${player}: ${key}`);
      }
    }
    refuses(data, 'game-over', () => engine.move(data, game.steps[0].move, 0));
    // Replaying to any log item gives the game as it was then.
    const middle = Math.floor(game.steps.length / 2);
    const replayed = roundTrip(engine.replay(data, { to: middle + 1 }));
    assert.deepEqual(engine.scores(replayed), game.steps[middle].after.scores);
    assert.equal(engine.logLength(replayed), game.steps[middle].after.logLength);
    assert.deepEqual(engine.replay(data), data);
  });
});

test('a host author plays Reversi from init to the end', () => {
  let data = engine.init(2, [], { game: 'reversi' }, 'abc', 0);
  data = engine.setPlayerMetaData(data, 0, { name: 'Ada' });
  data = engine.setPlayerMetaData(data, 1, { name: 'Grace' });
  assert.deepEqual(engine.factions(data), ['dark', 'light']);
  assert.equal(engine.round(data), 1);
  // Both move forms, as a viewer or a host sends them.
  data = roundTrip(engine.move(data, 'f5', 0));
  data = roundTrip(engine.move(data, { x: 5, y: 5 }, 1));
  assert.deepEqual(engine.logSlice(data, { start: 1 }).log, [
    { kind: 'move', player: 0, move: 'f5', flipped: ['e5'] },
    { kind: 'move', player: 1, move: 'f6', flipped: ['e5'] },
  ]);
  assert.equal(engine.round(data), 2);
  assert.equal(engine.rankings(data), undefined);
  refuses(data, 'occupied', () => engine.move(data, 'f5', 0));
  refuses(data, 'not-legal', () => engine.move(data, 'a1', 0));
  refuses(data, 'off-board', () => engine.move(data, 'j9', 0));
  refuses(data, 'bad-move', () => engine.move(data, 'pass', 0));
  refuses(data, 'bad-argument', () => engine.move(data, 'e6', 5));
  refuses(data, 'cannot-concede', () => engine.move(data, 'concede', 0));
  // Dark drops out: light wins.
  const dropped = roundTrip(engine.dropPlayer(data, 0));
  assert.ok(engine.ended(dropped));
  assert.deepEqual(engine.rankings(dropped), [2, 1]);
  assert.equal(engine.cancelled(dropped), false);
  assert.equal(engine.scores(dropped)[0], 0, 'the player who left scores 0');
  assert.deepEqual(engine.messages(dropped).messages, ['Ada (Dark) left the game.', 'Grace (Light) wins by forfeit.']);
  const shown = roundTrip(engine.messages(dropped).data);
  assert.deepEqual(engine.messages(shown).messages, []);
  assert.deepEqual(engine.stripSecret(shown, 1), shown);
  assert.deepEqual(engine.toSave(shown), shown);
});

test('options pick the game; wrong values and expansions are errors (more in bgs.test.mjs)', () => {
  assert.equal(engine.init(2, [], {}, 's').state.game, 'reversi');
  assert.equal(engine.init(2, [], undefined, 's').board.length, 8);
  assert.equal(engine.init(2, [], { size: 10 }, 's').board.length, 10);
  assert.equal(engine.init(2, [], { variant: 'bombs', size: 6 }, 's').state.options.variant, 'bombs');
  assert.equal(engine.init(2, [], { game: 'gomoku' }, 's').board.length, 19);
  assert.equal(engine.init(2, [], { game: 'gomoku', size: 15, exactFive: true }, 's').state.options.exactFive, true);
  assert.equal(engine.init(2, [], { game: 'tictactoe' }, 's').board.length, 3);
  for (const options of [{ game: 'go' }, { size: 9 }, { game: 'gomoku', size: 8 }, { variant: 'bomb' }, 'reversi']) {
    assert.throws(() => engine.init(2, [], options, 's'), (e) => e.code === 'bad-option', JSON.stringify(options));
  }
  assert.throws(() => engine.init(2, ['x'], {}, 's'), (e) => e.code === 'bad-option');
  assert.throws(() => engine.init(4, [], {}, 's'), (e) => e.code === 'bad-argument');
});

test('settings are kept per player and merged', () => {
  let data = engine.init(2, [], { game: 'tictactoe' }, 's');
  data = engine.setPlayerSettings(data, 1, { confirm: true, theme: 'dark' });
  data = roundTrip(engine.setPlayerSettings(data, 1, { theme: 'light' }));
  assert.deepEqual(engine.playerSettings(data, 1), { confirm: true, theme: 'light' });
  assert.deepEqual(engine.playerSettings(data, 0), {});
});

test('the web build (for browsers, no bundler) answers like the Node build', async () => {
  const { readFileSync } = await import('node:fs');
  const web = await import('outflank-engine/web');
  const wasm = readFileSync(new URL('./node_modules/outflank-engine/web/outflank_engine_bg.wasm', import.meta.url));
  web.initSync({ module: wasm });
  const data = web.move(web.init(2, [], { game: 'tictactoe' }, 's'), 'b2', 0);
  assert.deepEqual(roundTrip(data), roundTrip(engine.move(engine.init(2, [], { game: 'tictactoe' }, 's'), 'b2', 0)));
  assert.throws(() => web.move(data, 'b2', 1), (e) => e instanceof Error && e.code === 'occupied');
});

test("the README's host example runs as written", async () => {
  const { readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## The BGS engine API'));
  const code = section.match(/```js\n([\s\S]*?)```/)?.[1];
  assert.ok(code, 'the README has a js example in "The BGS engine API"');
  const require = createRequire(import.meta.url);
  const run = new Function('require', `${code}\nreturn data;`);
  const data = run(require);
  assert.ok(engine.ended(data));
  assert.equal(data.players[0].name, 'Ada');
});

test('moveAI plays every game to its end, at the level of options.level', () => {
  for (const options of [{ game: 'reversi', level: 3 }, { game: 'reversi', size: 6, level: 5 }, { variant: 'bombs', level: 2 },
    { game: 'gomoku', size: 15, level: 6 }, { game: 'tictactoe', level: 10 }]) {
    let data = roundTrip(engine.init(2, [], options, 'bot'));
    assert.equal(data.level, options.level);
    let moves = 0;
    while (!engine.ended(data)) {
      const player = engine.currentPlayer(data);
      refuses(data, 'not-your-turn', () => engine.moveAI(data, 1 - player));
      const before = engine.logLength(data);
      data = roundTrip(engine.moveAI(data, player));
      const played = engine.logSlice(data, { start: before }).log[0];
      assert.equal(played.kind, 'move', JSON.stringify(options));
      assert.equal(played.player, player);
      moves += 1;
    }
    assert.ok(moves > 0);
    refuses(data, 'game-over', () => engine.moveAI(data, 0));
    if (options.game === 'tictactoe') {
      // Perfect play on both sides draws.
      assert.deepEqual(engine.rankings(data), [1, 1]);
    }
  }
  for (const level of [0, 12, 'high', 2.5]) {
    assert.throws(() => engine.init(2, [], { level }, 's'), (e) => e.code === 'bad-option', String(level));
  }
  // The same data gives the same move.
  const start = engine.init(2, [], { level: 7 }, 'same');
  assert.deepEqual(engine.moveAI(start, 0), engine.moveAI(roundTrip(start), 0));
});
