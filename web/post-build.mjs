#!/usr/bin/env node
// Trunk's post-build hook (Trunk.toml), one process so the steps run in order (trunk starts
// the hooks of a stage side by side): the page's wasm directory named after its contents, the
// embeddable viewer as one script, then the offline precache list and build id over the
// finished build.
await import("./app-hash.mjs");
await import("./bundle-embed.mjs");
await import("./precache.mjs");
