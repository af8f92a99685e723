#!/usr/bin/env node
// Runs a WASI preview1 command module in Node (node:wasi), passing argv through: a
// wasm32-wasip1 build, or a wasm32-wasip1-threads build, whose threads run in Node's worker
// threads on the module's shared memory (the wasi-threads `thread-spawn` import).
//
//   node tests/wasi-run.mjs target/wasm32-wasip1/release/examples/perft.wasm 7
//   node tests/wasi-run.mjs target/wasm32-wasip1/release/examples/solve.wasm /abs/path/ffo-01-39.txt
//   node tests/wasi-run.mjs target/wasm32-wasip1-threads/release/examples/solve.wasm /abs/path/ffo-01-39.txt --threads 4
//
// The host's file system is visible to the module at the same absolute paths (read-only use
// by the examples: the FFO file for `solve`).
// Exits with the module's exit code. Used by `cargo xtask test` for the engine's wasm perft figure.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import process from "node:process";
import { Worker, isMainThread, workerData } from "node:worker_threads";

// node:wasi is "experimental" in Node 20 and says so on stderr: keep the output clean.
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) => {
  const text = typeof warning === "string" ? warning : warning?.message ?? "";
  if (/WASI/.test(text)) return;
  return emitWarning.call(process, warning, ...rest);
};
const { WASI } = await import("node:wasi");

/** The limits (in 64 KiB pages) of the memory a module imports, or null if it imports none. */
function importedMemory(bytes) {
  let at = 8; // past the magic number and the version
  const u32 = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  const name = () => {
    const length = u32();
    const text = Buffer.from(bytes.subarray(at, at + length)).toString();
    at += length;
    return text;
  };
  const limits = () => {
    const flags = bytes[at++];
    const initial = u32();
    const maximum = flags & 1 ? u32() : undefined;
    return { initial, maximum, shared: (flags & 2) !== 0 };
  };
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = u32();
    const end = at + size;
    if (id === 2) {
      for (let count = u32(); count > 0; count--) {
        name();
        name();
        const kind = bytes[at++];
        if (kind === 0) u32(); // a function: its type
        else if (kind === 1) (at++, limits()); // a table: its element type and limits
        else if (kind === 2) return limits();
        else if (kind === 3) at += 2; // a global: its type and mutability
        else if (kind === 4) (at++, u32()); // a tag: its attribute and type
      }
    }
    at = end;
  }
  return null;
}

/** The imports of one instance (the main thread's or a spawned thread's) of `module`. */
function imports(wasi, module, memory) {
  const spawn = (startArg) => {
    const tid = nextThread++;
    new Worker(new URL(import.meta.url), { workerData: { module, memory, args, tid, startArg } });
    return tid;
  };
  return {
    wasi_snapshot_preview1: wasi.wasiImport,
    ...(memory && { env: { memory }, wasi: { "thread-spawn": spawn } }),
  };
}

const wasiOptions = (args) => ({ version: "preview1", args, env: process.env.RUST_MIN_STACK ? { RUST_MIN_STACK: process.env.RUST_MIN_STACK } : {}, preopens: { "/": "/" }, returnOnExit: true });
// Thread ids: the main thread's is 0; only the main thread spawns (a spawned thread's own
// spawns go through a thread id handed out here too, as wasi-libc starts every thread from
// its parent's `thread-spawn`; the examples start their threads from the main thread).
let nextThread = 1;
let args;

if (isMainThread) {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node wasi-run.mjs MODULE.wasm [ARGS...]");
    process.exit(2);
  }
  args = [basename(file), ...rest];
  const bytes = await readFile(file);
  const module = await WebAssembly.compile(bytes);
  const limits = importedMemory(bytes);
  const memory = limits && new WebAssembly.Memory(limits);
  const wasi = new WASI(wasiOptions(args));
  const instance = await WebAssembly.instantiate(module, imports(wasi, module, memory));
  process.exitCode = wasi.start(instance) ?? 0;
  // The threads the module left running (it has returned) end with the process.
  process.exit();
} else {
  const { module, memory, tid, startArg } = workerData;
  args = workerData.args;
  const wasi = new WASI(wasiOptions(args));
  const instance = await WebAssembly.instantiate(module, imports(wasi, module, memory));
  // WASI's calls read and write the shared memory; the module's own start has run already.
  wasi.initialize({ exports: { memory } });
  instance.exports.wasi_thread_start(tid, startArg);
}
