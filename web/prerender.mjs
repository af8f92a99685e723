#!/usr/bin/env node
// Trunk post-build hook step (web/post-build.mjs), after app-hash.mjs: puts the page as a first
// visit finds it into index.html, so the browser paints the board, the panels and the toolbar
// before the page's code has loaded. `cargo xtask page` renders it natively with the page's own
// components (ui/src/bin/prerender.rs) into prerender.html of the build; this step moves it to
// the start of <body> and removes the file. The page's code builds the live page beside it and
// then swaps it in (ui/src/components/start.rs).
//
// Leptos marks the places of its dynamic parts with comments for hydration; the page mounts
// afresh rather than hydrating, so they go. A short script after it hides the painted start
// from a returning player with a saved game (the code shows that game; the start position
// would only flash before it, and laying it out would delay the code), and gives it the dark
// theme when the page will show it (the theme preference, else the browser's), so that a dark
// page does not flash light first; keep it in step with `Ctx::dark` (ui/src/components/ctx.rs).
//
//   node web/prerender.mjs [DIR]     DIR defaults to $TRUNK_STAGING_DIR (trunk sets it)
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildDir } from "./build-dir.mjs";

const dir = buildDir("prerender");
const file = join(dir, "prerender.html");
if (!existsSync(file)) {
  console.error(`prerender: ${file} is missing (trunk's pre-build hook, cargo xtask page, makes it)`);
  process.exit(1);
}
const page = readFileSync(file, "utf8").replace(/<!--[\s\S]*?-->|<!>/g, "");
if (!/^<main\b/.test(page) || !page.includes("data-outflank-viewer")) {
  console.error(`prerender: ${file} is not the page (a <main> with the viewer)`);
  process.exit(1);
}
const beforePaint = `<script>try{const m=document.querySelector("body>main");if(localStorage.getItem("outflank:hotseat")!==null)m.style.display="none";const t=JSON.parse(localStorage.getItem("outflank:prefs")||"{}").theme;if(t==="dark"||(t!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches))m.querySelector("[data-outflank-viewer]").classList.add("theme-dark")}catch(e){}</script>`;

const index = join(dir, "index.html");
const html = readFileSync(index, "utf8");
const body = /<body\b[^>]*>/;
if (!body.test(html)) {
  console.error(`prerender: ${index} has no <body>`);
  process.exit(1);
}
writeFileSync(index, html.replace(body, (tag) => tag + page + beforePaint));
rmSync(file);
console.log(`prerender: the page's start in index.html (${Math.round(page.length / 1024)} KB)`);
