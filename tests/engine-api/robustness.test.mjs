// Thousands of randomly mutated data objects, moves and arguments fed to every export: each
// call returns or throws the package's Error (never a wasm trap), never changes its input,
// and afterwards a normal game still plays. Set OUTFLANK_FUZZ_SEED to repeat a run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, roundTrip, rng, playOut } from './helpers.mjs';

const SEED = Number(process.env.OUTFLANK_FUZZ_SEED ?? 20261122);
const ROUNDS = Number(process.env.OUTFLANK_FUZZ_ROUNDS ?? 3000);
const random = rng(SEED);

/** Valid data in several states, to mutate. */
function samples() {
  const out = [];
  for (const options of [{}, { size: 6, variant: 'bombs' }, { size: 10 }, { game: 'gomoku', size: 15 }, { game: 'tictactoe' }]) {
    // Level 1 keeps moveAI on the mutated data quick.
    let data = roundTrip(engine.init(2, [], { ...options, level: 1 }, 'fuzz'));
    out.push(data);
    for (let k = 0; k < 6 && !engine.ended(data); k++) {
      const player = engine.currentPlayer(data);
      data = roundTrip(engine.move(data, random.pick(engine.logSlice(data, { player, start: 0 }).availableMoves), player));
    }
    out.push(data);
    out.push(roundTrip(engine.dropPlayer(data, 1)));
  }
  out.push(playOut(roundTrip(engine.init(2, [], { level: 1 }, 'fuzz')), random));
  return out;
}

const VALUES = [
  null, true, false, 0, 1, 2, -1, 0.5, 1e308, -1e308, 2 ** 53, NaN, Infinity, '', 'f5', 'pass', 'concede',
  'X', 'a1', 'z99', '\u0000', 'é'.repeat(300), [], {}, [0], [[[]]], { x: 1, y: 2 }, { x: -3, y: 1e9 },
  'reversi', 'gomoku', 'tictactoe', 'bombs', 'standard', '--------', 'XXXXXXXX', { kind: 'move' },
];

function randomValue(depth = 0) {
  const roll = random.below(10);
  if (roll < 7 || depth > 2) return structuredClone(random.pick(VALUES));
  if (roll < 9) return Array.from({ length: random.below(4) }, () => randomValue(depth + 1));
  return Object.fromEntries(Array.from({ length: random.below(3) }, (_, k) => [random.pick(['x', 'y', 'name', 'game', `k${k}`]), randomValue(depth + 1)]));
}

/** Every [container, key] in a JSON tree. */
function slots(value, out = []) {
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      out.push([value, key]);
      slots(value[key], out);
    }
  }
  return out;
}

function mutate(data) {
  const copy = structuredClone(data);
  const times = 1 + random.below(3);
  for (let k = 0; k < times; k++) {
    const all = slots(copy);
    if (all.length === 0) break;
    const [where, key] = random.pick(all);
    const old = where[key];
    switch (random.below(7)) {
      case 0: where[key] = randomValue(); break;
      case 1: if (Array.isArray(where)) where.splice(Number(key), 1); else delete where[key]; break;
      case 2: if (Array.isArray(where)) where.push(structuredClone(old)); else where[`extra${k}`] = randomValue(); break;
      case 3: if (typeof old === 'string' && old.length) {
        const i = random.below(old.length);
        where[key] = old.slice(0, i) + random.pick(['X', 'O', '-', '9', 'a', '']) + old.slice(i + 1);
      } else where[key] = randomValue(); break;
      case 4: if (typeof old === 'number') where[key] = old + random.pick([-1, 1, 100, -100, 0.5]); else where[key] = randomValue(); break;
      case 5: if (Array.isArray(old) && old.length > 1) old.reverse(); else where[key] = randomValue(); break;
      default: where[key] = Array.isArray(old) ? [] : null;
    }
  }
  return copy;
}

/** Each export with plausible and implausible arguments. */
const CALLS = [
  ['init', () => [random.pick([2, 2, 3, '2']), random.pick([[], ['x'], null]), random.pick([{}, { game: 'gomoku' }, randomValue()]), random.pick(['s', 1, {}])]],
  ['move', (d) => [d, random.pick(['f5', 'd3', 'c4', 'e6', 'b2', 'h8', 'concede', randomValue()]), random.pick([0, 1, 2, -1, '0', null])]],
  ['moveAI', (d) => [d, random.pick([0, 1, 2, null])]],
  ['ended', (d) => [d]],
  ['scores', (d) => [d]],
  ['dropPlayer', (d) => [d, random.pick([0, 1, 5, null])]],
  ['currentPlayer', (d) => [d]],
  ['logLength', (d) => [d]],
  ['logSlice', (d) => [d, random.pick([{ start: 0 }, { player: 0, start: 1, end: 3 }, { start: -1 }, randomValue()])]],
  ['rankings', (d) => [d]],
  ['replay', (d) => [d, random.pick([undefined, { to: 2 }, { to: -5 }, randomValue()])]],
  ['stats', (d) => [d]],
  ['setPlayerMetaData', (d) => [d, random.pick([0, 1, 9]), random.pick([{ name: 'Ada' }, { name: '' }, randomValue()])]],
  ['setPlayerSettings', (d) => [d, random.pick([0, 1]), randomValue()]],
  ['playerSettings', (d) => [d, random.pick([0, 1, 'x'])]],
  ['factions', (d) => [d]],
  ['round', (d) => [d]],
  ['cancelled', (d) => [d]],
  ['messages', (d) => [d]],
  ['stripSecret', (d) => [d, random.pick([undefined, 0, 1, 7])]],
  ['toSave', (d) => [d]],
];

function call(name, args, context) {
  const before = JSON.stringify(args);
  try {
    const result = engine[name](...args);
    if (result !== undefined) JSON.stringify(result);
  } catch (e) {
    const where = `${name}(${before?.slice(0, 300)}) with fuzz seed ${SEED}, ${context}`;
    assert.ok(e instanceof Error, `${where} threw ${e}, not an Error`);
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `${where} trapped: ${e.message}`);
    assert.equal(typeof e.code, 'string', `${where}: no code on ${e.message}`);
    assert.ok(e.message.length > 0, where);
  }
  assert.equal(JSON.stringify(args), before, `${name} changed its arguments (fuzz seed ${SEED}, ${context})`);
}

test(`${ROUNDS} mutated data objects through every export (fuzz seed ${SEED})`, () => {
  const valid = samples();
  for (let round = 0; round < ROUNDS; round++) {
    const data = mutate(random.pick(valid));
    for (const [name, args] of CALLS) call(name, args(data), `round ${round}`);
  }
});

test(`values JSON cannot hold, and values of the wrong type (fuzz seed ${SEED})`, () => {
  const cyclic = { engine: 'outflank' };
  cyclic.self = cyclic;
  let deep = [];
  for (let k = 0; k < 5000; k++) deep = [deep];
  const strange = [undefined, null, 1n, cyclic, deep, () => 1, Symbol('s'), new Map([[1, 2]]), new Date(0), 'x'.repeat(1 << 20), [1, 2, 3]];
  for (const value of strange) {
    for (const [name, args] of CALLS) {
      const list = args(value);
      list[0] = name === 'init' ? list[0] : value;
      try {
        engine[name](...list);
      } catch (e) {
        assert.ok(e instanceof Error && !(e instanceof WebAssembly.RuntimeError), `${name}: ${e}`);
        assert.equal(typeof e.code, 'string', `${name}: ${e.message}`);
      }
      for (let k = 1; k < list.length; k++) {
        const other = [...args(roundTrip(engine.init(2, [], {}, 's')))];
        other[k] = value;
        try {
          engine[name](...other);
        } catch (e) {
          assert.ok(e instanceof Error && !(e instanceof WebAssembly.RuntimeError), `${name} argument ${k}: ${e}`);
        }
      }
    }
  }
});

test('after all that, normal games still play to the end', () => {
  for (const options of [{}, { game: 'gomoku', size: 15 }, { game: 'tictactoe' }, { variant: 'bombs' }]) {
    const data = playOut(roundTrip(engine.init(2, [], options, 'after')), random);
    assert.ok(engine.ended(data));
    assert.notEqual(engine.rankings(data), undefined);
  }
});
