// The package's types as an ES module sees them (its "import" types).
import * as engine from "outflank-engine";
import type { EngineError, GameData, GameOptions, LogSlice, Move, Player } from "outflank-engine";
import init, { initSync } from "outflank-engine/web";

const options: GameOptions = { game: "reversi", reversiSize: 8, level: 3 };
const data: GameData = engine.init(2, [], options, "smoke");
const move: Move = "f5";
const next: GameData = engine.move(data, move, 0);
const player: Player | undefined = engine.currentPlayer(next);
const scores: [number, number] = engine.scores(next);
const slice: LogSlice = engine.logSlice(next, { player: 1, start: 1 });
const moves: string[] = slice.availableMoves;
try {
  engine.move(next, "a1", 1);
} catch (e) {
  const code: string = (e as EngineError).code;
  console.log(code, player, scores, moves);
}
const ended: boolean = engine.ended(next);
const loaded: Promise<unknown> = init();
console.log(ended, loaded, initSync);

// The types are real, not `any`: each line below must be an error.
// @ts-expect-error a player is 0 or 1
engine.move(next, "d6", 2);
// @ts-expect-error Outflank plays three games, not chess
engine.init(2, [], { game: "chess" }, "smoke");
// @ts-expect-error the scores are two numbers
const wrong: string = engine.scores(next);
console.log(wrong);
