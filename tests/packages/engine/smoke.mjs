// The installed outflank-engine as an ES module in Node loads it: import by name, named,
// default and namespace imports, one instance shared with require(), and the package's
// other entry points and files.
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as engine from "outflank-engine";
import engineDefault, { init, move } from "outflank-engine";

const require = createRequire(import.meta.url);
const play = require("./play.cjs");

assert.equal(typeof init, "function");
assert.equal(typeof move, "function");
// The ESM entry re-exports the CommonJS module: one wasm instance, whichever way it is loaded.
assert.equal(engineDefault, require("outflank-engine"));
assert.equal(engine.init, engineDefault.init);
const named = Object.keys(engine).filter((name) => name !== "default");
assert.deepEqual(named.sort(), Object.keys(engineDefault).sort(), "every export of the CommonJS build is a named ESM export");
play(engine, "ESM import");

// A browser without a bundler takes the web build; importing it in Node needs no wasm yet.
const web = await import("outflank-engine/web");
assert.equal(typeof web.default, "function", "outflank-engine/web exports init");
assert.equal(typeof web.initSync, "function");

// What the tarball holds: the three builds, their types, the README.
const root = dirname(require.resolve("outflank-engine/package.json"));
const manifest = require("outflank-engine/package.json");
for (const field of ["name", "version", "description", "license", "main", "module", "types", "exports", "files"]) {
  assert.ok(manifest[field], `package.json has ${field}`);
}
assert.ok(existsSync(join(root, "README.md")), "the package has a README");
for (const build of ["node", "bundler", "web"]) {
  const files = readdirSync(join(root, build));
  for (const file of ["outflank_engine.js", "outflank_engine.d.ts", "outflank_engine_bg.wasm"]) {
    assert.ok(files.includes(file), `${build}/${file} is in the package`);
  }
}
console.log(`outflank-engine@${manifest.version}: package.json, README and the three builds: ok`);
