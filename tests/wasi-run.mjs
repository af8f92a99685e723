#!/usr/bin/env node
// Runs a wasm32-wasip1 command module in Node (node:wasi, preview1), passing argv through.
//
//   node tests/wasi-run.mjs target/wasm32-wasip1/release/examples/perft.wasm 7
//   node tests/wasi-run.mjs target/wasm32-wasip1/release/examples/solve.wasm /abs/path/ffo-01-39.txt
//
// The host's file system is visible to the module at the same absolute paths (read-only use
// by the examples: the FFO file for `solve`).
// Exits with the module's exit code. Used by `cargo xtask test` for the engine's wasm perft figure.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import process from "node:process";

// node:wasi is "experimental" in Node 20 and says so on stderr: keep the output clean.
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) => {
  const text = typeof warning === "string" ? warning : warning?.message ?? "";
  if (/WASI/.test(text)) return;
  return emitWarning.call(process, warning, ...rest);
};
const { WASI } = await import("node:wasi");

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error("usage: node wasi-run.mjs MODULE.wasm [ARGS...]");
  process.exit(2);
}
const wasi = new WASI({
  version: "preview1",
  args: [basename(file), ...args],
  env: {},
  preopens: { "/": "/" },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(file));
const imports = wasi.getImportObject ? wasi.getImportObject() : { wasi_snapshot_preview1: wasi.wasiImport };
const instance = await WebAssembly.instantiate(module, imports);
process.exitCode = wasi.start(instance) ?? 0;
