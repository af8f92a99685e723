#!/usr/bin/env node
// Trunk post-build hook step (web/post-build.mjs), after bundle-embed.mjs and before
// precache.mjs: makes embed/ of the build the npm package `outflank-viewer`, so that
// `npm pack dist/embed` packs it. Its package.json, README.md and outflank-viewer.d.ts are kept
// in web/embed/ and copied as they are; the script comes from bundle-embed.mjs and the
// stylesheet from precache.mjs (which also lists these files for the offline cache).
//
//   node web/embed-package.mjs [DIR]     DIR defaults to $TRUNK_STAGING_DIR (trunk sets it)
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildDir } from "./build-dir.mjs";

const PACKAGE_FILES = ["package.json", "README.md", "outflank-viewer.d.ts"];

const embed = join(buildDir("embed-package"), "embed");
const source = fileURLToPath(new URL("./embed/", import.meta.url));
if (!existsSync(join(embed, "outflank-viewer.js"))) {
  console.error(`embed-package: ${embed}/outflank-viewer.js is missing from the build`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(join(source, "package.json"), "utf8"));
for (const entry of [manifest.main, manifest.types, manifest.style]) {
  const name = entry.replace(/^\.\//, "");
  if (!manifest.files.includes(name)) {
    console.error(`embed-package: web/embed/package.json names ${entry} but its "files" leave it out`);
    process.exit(1);
  }
}
for (const name of PACKAGE_FILES) copyFileSync(join(source, name), join(embed, name));
console.log(`embed-package: embed/ is the npm package ${manifest.name}@${manifest.version}`);
