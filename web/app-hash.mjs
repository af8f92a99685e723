#!/usr/bin/env node
// Trunk post-build hook step (web/post-build.mjs): names the page's wasm directory after its
// contents. `cargo xtask page` writes the page's split wasm into app/ of the build; trunk hashes
// the files it builds itself, but not these, so a browser holding an old app/ in its HTTP cache
// could pair an old loader with a new module. The directory becomes app-<hash>/ and index.html
// follows; the files inside keep their names, since the loader fetches them by name relative
// to itself. Trunk's placeholder for the skipped main binary (index.html) is dropped.
//
//   node web/app-hash.mjs [DIR]     DIR defaults to $TRUNK_STAGING_DIR (trunk sets it)
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildDir } from "./build-dir.mjs";

const dir = buildDir("app-hash");
const app = join(dir, "app");
if (!statSync(app, { throwIfNoEntry: false })?.isDirectory()) {
  console.error(`app-hash: ${app} is missing (trunk's pre-build hook, cargo xtask page, makes it)`);
  process.exit(1);
}
const hash = createHash("sha256");
for (const name of readdirSync(app).sort()) {
  hash.update(name).update("\0").update(readFileSync(join(app, name))).update("\0");
}
const named = `app-${hash.digest("hex").slice(0, 16)}`;
renameSync(app, join(dir, named));

const index = join(dir, "index.html");
const html = readFileSync(index, "utf8");
const references = html.split("./app/").length - 1;
if (references === 0) {
  console.error(`app-hash: ${index} never refers to ./app/`);
  process.exit(1);
}
const skipped = /<link\b[^>]*\bdata-trunk-skip\b[^>]*>/g;
writeFileSync(index, html.replaceAll("./app/", `./${named}/`).replace(skipped, ""));
console.log(`app-hash: app/ is ${named}/ (${references} references in index.html)`);
