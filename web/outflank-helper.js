// One thread of the computer's search (ui/src/bin/worker.rs, built with WebAssembly threads by
// `cargo xtask worker-threads`): the worker that starts it posts its compiled module and its
// shared memory; this worker runs the same module on that memory and helps the worker's
// searches until the worker ends.
importScripts("./outflank-worker-mt.js");
self.onmessage = async (event) => {
  const [module, memory] = event.data;
  await wasm_bindgen({ module_or_path: module, memory });
  wasm_bindgen.outflank_help();
};
