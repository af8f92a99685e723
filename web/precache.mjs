#!/usr/bin/env node
// Trunk post-build hook (Trunk.toml): copies the stylesheet for embedding
// (embed/outflank-viewer.css), and writes sw.js into the build with the list of every file
// to precache and a build id (a hash of their contents), and stamps that id into index.html.
//
//   node web/precache.mjs [DIR]     DIR defaults to $TRUNK_STAGING_DIR (trunk sets it)
//
// Running it again on a changed build gives a new id: that is how a deploy is noticed.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("precache: no build directory (pass one, or run as a trunk hook)");
  process.exit(2);
}
const template = readFileSync(fileURLToPath(new URL("./sw.js", import.meta.url)), "utf8");

function walk(d) {
  return readdirSync(d).flatMap((name) => {
    const path = join(d, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

// Trunk minifies the page: quotes may be gone and the attributes swapped.
// The embeddable viewer's stylesheet under a stable name (the build's own is content-hashed),
// without the page-level rules of the hot-seat page: a host's <html> and <body> are its own,
// and the box-sizing reset applies inside the viewer only.
{
  const css = readdirSync(dir).find((f) => /^style-.*\.css$/.test(f));
  if (css && statSync(join(dir, "embed"), { throwIfNoEntry: false })?.isDirectory()) {
    const embedded = readFileSync(join(dir, css), "utf8")
      .replace(/(?<=^\uFEFF?|\})\s*(?:html\s*,\s*body|body|body:has\([^)]*\))\s*\{[^}]*\}/g, "")
      .replace(/\*\s*,\s*\*::before\s*,\s*\*::after\s*\{/, ".outflank-viewer,.outflank-viewer *,.outflank-viewer *::before,.outflank-viewer *::after{");
    writeFileSync(join(dir, "embed", "outflank-viewer.css"), embedded);
  }
}

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
