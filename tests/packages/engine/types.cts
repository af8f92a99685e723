// The package's types as a CommonJS module sees them (its "require" types).
import engine = require("outflank-engine");

const data: engine.GameData = engine.init(2, [], { game: "gomoku", gomokuSize: 15 }, "smoke");
const next: engine.GameData = engine.move(data, { x: 7, y: 7 }, 0);
const count: number = engine.logLength(next);
console.log(count);
// @ts-expect-error logLength returns a number
const wrong: string = engine.logLength(next);
console.log(wrong);
