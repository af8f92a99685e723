// Lighthouse on the release site, as the world measures a page (a benchmark command, not a
// test): the four category scores, FCP, LCP, TBT, TTI and the longest main-thread task, for
// Lighthouse's mobile preset (a 4x slower CPU and a slow 4G network, simulated) and its
// desktop preset, the median of 3 runs each.
//
//   cargo build --profile server -p outflank-server && trunk build --release
//   node tests/lighthouse.mjs [--runs 3] [--dist DIR] [--static]
//
// The site is served as `cargo xtask serve` serves it: the Outflank server
// (target/server/outflank-server) on DIR, with its compression, on a throwaway database.
// `--static` serves DIR with a small gzip static server instead (as a CDN serves a static
// host's files; no online part). Lighthouse 12.2.3 is pinned in tests/lighthouse/package.json
// and installed there (npm ci) on the first run; the browser is Debian's chromium
// (CHROME_PATH, /usr/bin/chromium by default). Take figures on a quiet machine: Lighthouse
// times the page's own CPU work.
import { execFileSync, spawn } from "node:child_process";
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createGzip } from "node:zlib";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const ROOT = resolve(HERE, "..");
const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const RUNS = Number(arg("--runs", 3)) || 3;
const DIST = resolve(arg("--dist", join(ROOT, "dist")));
const STATIC = process.argv.includes("--static");
const PORT = 8297;
const SITE = `http://127.0.0.1:${PORT}/`;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const LH = join(HERE, "lighthouse");
if (!existsSync(join(LH, "node_modules", "lighthouse"))) {
  console.log("lighthouse: installing tests/lighthouse/ (npm ci)");
  execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: LH, stdio: "inherit" });
}
const fromLh = (path) => import(pathToFileURL(join(LH, "node_modules", path)).href);
const { default: lighthouse } = await fromLh("lighthouse/core/index.js");
const { default: desktopConfig } = await fromLh("lighthouse/core/config/desktop-config.js");
const chromeLauncher = await fromLh("chrome-launcher/dist/index.js");

if (!existsSync(join(DIST, "index.html"))) {
  console.error(`lighthouse: no ${DIST}/index.html (trunk build --release makes it)`);
  process.exit(1);
}

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
  ".bin": "application/octet-stream",
};

/** A static server with gzip, as a CDN serves the files (`--static`). */
function staticServer() {
  const server = createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url, SITE).pathname);
    if (path.endsWith("/")) path += "index.html";
    const file = normalize(join(DIST, path));
    if (!file.startsWith(DIST + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const type = MIME[extname(file)] ?? "application/octet-stream";
    const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "") && type !== "application/octet-stream";
    res.writeHead(200, { "content-type": type, ...(gzip ? { "content-encoding": "gzip", vary: "accept-encoding" } : {}) });
    const body = createReadStream(file);
    (gzip ? body.pipe(createGzip()) : body).pipe(res);
  });
  return new Promise((ok) => server.listen(PORT, "127.0.0.1", () => ok({ stop: () => server.close(), what: "a node gzip static server" })));
}

/** The Outflank server on DIST with a throwaway database, as `cargo xtask serve` runs it. */
async function outflankServer() {
  const bin = join(ROOT, "target", "server", "outflank-server");
  if (!existsSync(bin)) {
    console.error(`lighthouse: ${bin} is missing (cargo build --profile server -p outflank-server), or pass --static`);
    process.exit(1);
  }
  const data = mkdtempSync(join(tmpdir(), "outflank-lighthouse-"));
  const child = spawn(bin, ["--listen", `127.0.0.1:${PORT}`, "--site", DIST, "--data", data], { stdio: "ignore" });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${SITE}api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (i > 100 || child.exitCode !== null) {
      console.error("lighthouse: the Outflank server did not start");
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    stop: () => {
      child.kill();
      rmSync(data, { recursive: true, force: true });
    },
    what: "the Outflank server (its compression)",
  };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  if (s.length === 0) return null;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One Lighthouse run: the scores (0-100) and the timings (ms). */
async function run(preset) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const flags = { port: chrome.port, output: "json", logLevel: "error" };
    const { lhr } = await lighthouse(SITE, flags, preset === "desktop" ? desktopConfig : undefined);
    const score = (c) => (lhr.categories[c]?.score ?? null) === null ? null : Math.round(lhr.categories[c].score * 100);
    const value = (a) => lhr.audits[a]?.numericValue ?? null;
    const tasks = lhr.audits["long-tasks"]?.details?.items ?? [];
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      tti: value("interactive"),
      longest: Math.max(0, ...tasks.map((t) => t.duration)),
      longestFrom: tasks[0]?.url?.split("/").pop() ?? "",
      // Why a score is missing: the run's error, or a metric's that the score needs.
      warnings: [
        ...(lhr.runWarnings ?? []),
        ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
        ...["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "interactive", "speed-index", "cumulative-layout-shift"]
          .filter((a) => lhr.audits[a]?.errorMessage)
          .map((a) => `${a}: ${lhr.audits[a].errorMessage}`),
      ],
    };
  } finally {
    await chrome.kill();
  }
}

const server = STATIC ? await staticServer() : await outflankServer();
const load = () => execFileSync("cat", ["/proc/loadavg"]).toString().split(" ")[0];
console.log(`lighthouse 12.2.3 on ${SITE} (${DIST}, served by ${server.what}), ${CHROME}; load average ${load()}`);
try {
  for (const preset of ["mobile", "desktop"]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // A run whose trace Lighthouse could not read has no score; as it advises, run again
      // (twice at most).
      let r;
      for (let attempt = 0; attempt < 3; attempt++) {
        r = await run(preset);
        for (const w of r.warnings) console.log(`  warning: ${w}`);
        if (r.performance !== null) break;
      }
      runs.push(r);
    }
    const m = (k) => median(runs.map((r) => r[k]));
    const ms = (k) => `${Math.round(m(k))} ms`;
    const longest = runs.reduce((a, r) => (r.longest > a.longest ? r : a));
    console.log(
      `${preset}, median of ${RUNS}: performance ${m("performance")} (runs: ${runs.map((r) => r.performance).join(", ")}),` +
        ` accessibility ${m("accessibility")}, best practices ${m("best-practices")}, SEO ${m("seo")};` +
        ` FCP ${ms("fcp")}, LCP ${ms("lcp")}, TBT ${ms("tbt")}, TTI ${ms("tti")},` +
        ` longest task ${ms("longest")} (worst ${Math.round(longest.longest)} ms${longest.longestFrom ? `, ${longest.longestFrom}` : ""})`,
    );
  }
} finally {
  server.stop();
}
console.log(`load average after: ${load()}`);
