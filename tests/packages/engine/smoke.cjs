// The installed outflank-engine as a CommonJS program loads it: require() by name.
"use strict";
const assert = require("node:assert/strict");
const engine = require("outflank-engine");
const play = require("./play.cjs");

assert.match(require.resolve("outflank-engine"), /node[\\/]outflank_engine\.js$/);
assert.equal(require("outflank-engine/package.json").name, "outflank-engine");
play(engine, "CommonJS require");
