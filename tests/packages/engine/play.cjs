// What every smoke script checks of an engine module, however it was loaded: a Reversi game
// from options, a legal move played, an illegal one refused with the package's typed error.
"use strict";
const assert = require("node:assert/strict");

module.exports = function play(engine, how) {
  const data = engine.init(2, [], { game: "reversi" }, "smoke");
  assert.equal(data.engine, "outflank", how);
  assert.equal(engine.currentPlayer(data), 0, how);
  const opening = engine.logSlice(data, { player: 0, start: 0 }).availableMoves;
  assert.deepEqual([...opening].sort(), ["c4", "d3", "e6", "f5"], how);

  const before = JSON.stringify(data);
  const next = JSON.parse(JSON.stringify(engine.move(data, "f5", 0)));
  assert.equal(JSON.stringify(data), before, `${how}: move changed its input`);
  assert.equal(engine.currentPlayer(next), 1, how);
  assert.deepEqual(engine.scores(next), [4, 1], how);
  assert.equal(engine.logLength(next), 2, how);

  assert.throws(
    () => engine.move(next, "a1", 1),
    (e) => e instanceof Error && e.code === "not-legal" && e.message.length > 0,
    `${how}: an illegal move is an Error with code "not-legal"`,
  );
  assert.throws(
    () => engine.move(next, "d6", 0),
    (e) => e instanceof Error && e.code === "not-your-turn",
    `${how}: a move out of turn is an Error with code "not-your-turn"`,
  );
  console.log(`outflank-engine (${how}): a game, a move, the errors: ok`);
};
