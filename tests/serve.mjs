#!/usr/bin/env node
// A tiny static file server (node:http, no dependencies) for the built site.
//
//   node tests/serve.mjs [--dir DIR] [--port 8080] [--host 127.0.0.1] [--prefix /games/outflank/]
//
// Serves DIR (default: ../dist beside this script) at http://HOST:PORT/PREFIX, so a test
// can prove the site works from a sub-path. `/` redirects to the prefix; paths outside the
// prefix are 404. Used by `cargo xtask serve` and by the Playwright config.

import { createServer } from "node:http";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

function parseArgs(argv) {
  const here = fileURLToPath(new URL(".", import.meta.url));
  const opts = { dir: join(here, "..", "dist"), port: 8080, host: "127.0.0.1", prefix: "/" };
  for (let i = 0; i < argv.length; i++) {
    const [key, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    switch (key) {
      case "--dir": opts.dir = value(); break;
      case "--port": opts.port = Number(value()); break;
      case "--host": opts.host = value(); break;
      case "--prefix": opts.prefix = value(); break;
      default:
        console.error(`serve.mjs: unknown argument ${argv[i]}`);
        process.exit(2);
    }
  }
  if (!opts.prefix.startsWith("/")) opts.prefix = "/" + opts.prefix;
  if (!opts.prefix.endsWith("/")) opts.prefix += "/";
  opts.dir = resolve(opts.dir);
  return opts;
}

export function serve({ dir, port, host, prefix }) {
  const server = createServer(async (req, res) => {
    const send = (code, text, headers = {}) => {
      res.writeHead(code, { "content-type": "text/plain; charset=utf-8", ...headers });
      res.end(text);
    };
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "method not allowed\n");
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    } catch {
      return send(400, "bad request\n");
    }
    if (prefix !== "/" && (path === "/" || path === prefix.slice(0, -1))) {
      return send(302, "", { location: prefix });
    }
    if (!path.startsWith(prefix)) return send(404, "not found\n");
    let file = normalize(join(dir, path.slice(prefix.length)));
    if (file !== dir && !file.startsWith(dir + sep)) return send(403, "forbidden\n");
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        if (!path.endsWith("/")) return send(301, "", { location: path + "/" });
        file = join(file, "index.html");
        info = await stat(file);
      }
      res.writeHead(200, {
        "content-type": MIME[extname(file).toLowerCase()] ?? "application/octet-stream",
        "content-length": info.size,
        "cache-control": "no-cache",
      });
      if (req.method === "HEAD") return res.end();
      createReadStream(file).pipe(res);
    } catch {
      send(404, "not found\n");
    }
  });
  return new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => ok(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opts = parseArgs(process.argv.slice(2));
  try {
    await stat(join(opts.dir, "index.html"));
  } catch {
    console.error(`serve.mjs: ${opts.dir}/index.html not found: build the site first (trunk build --release)`);
    process.exit(1);
  }
  serve(opts).then(
    () => console.log(`Serving ${opts.dir} at http://${opts.host}:${opts.port}${opts.prefix}`),
    (e) => {
      console.error(`serve.mjs: cannot listen on ${opts.host}:${opts.port}: ${e.message}`);
      process.exit(1);
    },
  );
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => process.exit(0));
}
