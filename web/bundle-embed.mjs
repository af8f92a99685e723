#!/usr/bin/env node
// Trunk post-build hook (Trunk.toml), before precache.mjs: makes the embeddable viewer one
// classic script. Trunk builds the viewer's wasm (ui/src/bin/embed.rs) with wasm-bindgen's
// no-modules glue into embed/outflank-embed.js + embed/outflank-embed_bg.wasm; this puts the
// glue and the wasm (base64) into embed/outflank-viewer.js, at the markers of
// web/embed/outflank-viewer.js, and removes the two files. A platform that hosts only .js,
// .css and .map files (boardgamers.space's bundle upload) then takes the viewer as it is.
//
//   node web/bundle-embed.mjs [DIR]     DIR defaults to $TRUNK_STAGING_DIR (trunk sets it)
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildDir } from "./build-dir.mjs";

const dir = buildDir("bundle-embed");
const embed = join(dir, "embed");
const files = {
  viewer: join(embed, "outflank-viewer.js"),
  glue: join(embed, "outflank-embed.js"),
  wasm: join(embed, "outflank-embed_bg.wasm"),
};
for (const [what, path] of Object.entries(files)) {
  if (!existsSync(path)) {
    console.error(`bundle-embed: ${path} (the ${what}) is missing from the build`);
    process.exit(1);
  }
}

const GLUE = "/* @outflank-embed-glue */";
const WASM = '"@outflank-embed-wasm"';
const viewer = readFileSync(files.viewer, "utf8");
for (const marker of [GLUE, WASM]) {
  if (viewer.split(marker).length !== 2) {
    console.error(`bundle-embed: ${files.viewer} must hold ${marker} exactly once`);
    process.exit(1);
  }
}
const glue = readFileSync(files.glue, "utf8");
if (!/\blet wasm_bindgen\b/.test(glue)) {
  console.error(`bundle-embed: ${files.glue} is not wasm-bindgen's no-modules glue`);
  process.exit(1);
}
const wasm = readFileSync(files.wasm);
// Split and joined rather than String.replace: the glue may hold `$&` and the like.
const bundled = viewer
  .split(GLUE)
  .join(glue.replace(/\/\/# sourceMappingURL=.*$/m, ""))
  .split(WASM)
  .join(JSON.stringify(wasm.toString("base64")));
writeFileSync(files.viewer, bundled);
rmSync(files.glue);
rmSync(files.wasm);
console.log(`bundle-embed: embed/outflank-viewer.js, ${Math.round(bundled.length / 1024)} KB with a ${Math.round(wasm.length / 1024)} KB wasm`);
