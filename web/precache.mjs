#!/usr/bin/env node
// Trunk post-build hook (Trunk.toml): builds the stylesheet for embedding
// (embed/outflank-viewer.css, from web/embed/outflank-viewer.scss with the `sass` on PATH), and
// writes sw.js into the build with the list of every file to precache and a build id (a hash
// of their contents), and stamps that id into index.html.
//
//   node web/precache.mjs [DIR]     DIR defaults to $TRUNK_STAGING_DIR (trunk sets it)
//
// Running it again on a changed build gives a new id: that is how a deploy is noticed.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { buildDir } from "./build-dir.mjs";

const dir = buildDir("precache");
const template = readFileSync(fileURLToPath(new URL("./sw.js", import.meta.url)), "utf8");

function walk(d) {
  return readdirSync(d).flatMap((name) => {
    const path = join(d, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

// The embeddable viewer's stylesheet under a stable name (the site's own is content-hashed):
// the viewer's partials only (web/style/), every rule under its root .outflank-viewer, so a
// host's page and several viewers coexist. Compiled with the sass that trunk uses (on PATH when
// trunk runs the hook; else the one tests/package.json installs).
if (statSync(join(dir, "embed"), { throwIfNoEntry: false })?.isDirectory()) {
  const repo = fileURLToPath(new URL("..", import.meta.url));
  const entry = join(repo, "web", "embed", "outflank-viewer.scss");
  const out = join(dir, "embed", "outflank-viewer.css");
  const args = ["--no-source-map", "--style=compressed", entry, out];
  const built = ["sass", join(repo, "tests", "node_modules", ".bin", "sass")].some((sass) => {
    try {
      execFileSync(sass, args, { stdio: ["ignore", "inherit", "inherit"] });
      return true;
    } catch (e) {
      if (e.code === "ENOENT") return false;
      console.error(`precache: ${sass} could not build ${entry}`);
      process.exit(1);
    }
  });
  if (!built) {
    console.error("precache: no sass on PATH or in tests/node_modules/.bin (cargo xtask setup installs it)");
    process.exit(1);
  }
}

// Trunk minifies the page: quotes may be gone and the attributes swapped.
const STAMP = /<meta\s+(?:name="?outflank-build"?\s+content="?[^"\s>]*"?|content="?[^"\s>]*"?\s+name="?outflank-build"?)\s*\/?>/;
const files = walk(dir)
  .map((p) => relative(dir, p).split(sep).join("/"))
  .filter((f) => f !== "sw.js" && !f.endsWith(".map"))
  .sort();
const hash = createHash("sha256");
for (const f of files) {
  let bytes = readFileSync(join(dir, f));
  // The stamp itself does not count, so running this twice on one build gives one id.
  if (f === "index.html") bytes = Buffer.from(bytes.toString("utf8").replace(STAMP, ""));
  hash.update(f).update("\0").update(bytes).update("\0");
}
const build = hash.digest("hex").slice(0, 16);

const index = join(dir, "index.html");
const html = readFileSync(index, "utf8");
if (!STAMP.test(html)) {
  console.error(`precache: ${index} has no <meta name="outflank-build" content="...">`);
  process.exit(1);
}
writeFileSync(index, html.replace(STAMP, `<meta name="outflank-build" content="${build}" />`));

const urls = ["./", ...files.map((f) => `./${f}`)];
const sw = template.replace("__OUTFLANK_BUILD__", build).replace("__OUTFLANK_FILES__", JSON.stringify(urls));
writeFileSync(join(dir, "sw.js"), sw);
console.log(`precache: build ${build}, ${urls.length} entries`);
