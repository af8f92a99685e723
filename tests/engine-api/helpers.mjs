// Shared by the engine API tests: the package as a host imports it, the JSON round trip a
// host's database makes, and the native engine's expectations.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import engine from 'outflank-engine';

export { engine };

/** What a host stores and reads back between calls. */
export const roundTrip = (data) => JSON.parse(JSON.stringify(data));

/**
 * The native engine's answers for seeded random games: written by `cargo xtask test`
 * (OUTFLANK_EXPECTATIONS), or made here with cargo when the tests run on their own.
 */
export function expectations() {
  const file = process.env.OUTFLANK_EXPECTATIONS;
  if (file) return JSON.parse(readFileSync(file, 'utf8'));
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const text = execFileSync(
    'cargo',
    ['run', '--quiet', '--release', '-p', 'outflank-bgs', '--example', 'expectations', '--', '20261122', '3'],
    { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(text);
}

/** mulberry32: a seeded PRNG, so every random test can be repeated from its seed. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    below: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/** Plays a game to its end through the package, picking moves from availableMoves. */
export function playOut(data, random) {
  while (!engine.ended(data)) {
    const player = engine.currentPlayer(data);
    const { availableMoves } = engine.logSlice(data, { player, start: engine.logLength(data) });
    data = roundTrip(engine.move(data, random.pick(availableMoves), player));
  }
  return data;
}
