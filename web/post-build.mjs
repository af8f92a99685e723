#!/usr/bin/env node
// Trunk's post-build hook (Trunk.toml), one process so the steps run in order (trunk starts
// the hooks of a stage side by side): the page's wasm directory named after its contents, the
// page's start (rendered at build time) into index.html, the embeddable viewer as one script
// and as the npm package outflank-viewer, then the offline precache list and build id over the
// finished build.
await import("./app-hash.mjs");
await import("./prerender.mjs");
await import("./bundle-embed.mjs");
await import("./embed-package.mjs");
await import("./precache.mjs");
